import Foundation
import OhanaTestSupport
import Testing

/// `scripts/fuzz.sh` compiles a list of library files as one module with the fuzz target: a helper
/// moved into a file the list does not name breaks the fuzzer without any build noticing.
@Suite("The fuzz target")
struct FuzzScriptTests {
    #if os(Linux)
    @Test("the files scripts/fuzz.sh compiles type-check as one module (fuzz.sh --check)")
    func fuzzTargetTypeChecks() throws {
        let scratch = try TemporaryDirectory(prefix: "ohana-fuzz-check")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLI.repositoryRoot.appendingPathComponent("scripts/fuzz.sh").path, "--check"]
        var environment = ProcessInfo.processInfo.environment
        environment["FUZZ_OUT"] = scratch.url.path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "fuzz.sh --check: \(String(decoding: output, as: UTF8.self).prefix(2_000))")
    }
    #endif
}
