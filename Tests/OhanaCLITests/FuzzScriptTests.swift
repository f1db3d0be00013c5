import Foundation
import OhanaTestSupport
import Testing

/// `scripts/fuzz.sh` compiles a list of library files as one module with the fuzz target: a helper
/// moved into a file the list does not name breaks the fuzzer without any build noticing.
@Suite("The fuzz target")
struct FuzzScriptTests {
    #if os(Linux)
    @Test("the files scripts/fuzz.sh compiles type-check as one module (fuzz.sh --check)")
    func fuzzTargetTypeChecks() async throws {
        let scratch = try TemporaryDirectory(prefix: "ohana-fuzz-check")
        let result = try await CLI.run(
            executable: URL(fileURLWithPath: "/bin/bash"),
            [CLI.repositoryRoot.appendingPathComponent("scripts/fuzz.sh").path, "--check"],
            environment: ["FUZZ_OUT": scratch.url.path])
        #expect(result.status == 0, "fuzz.sh --check: \(result.stderr.prefix(2_000))")
    }
    #endif
}
