import Foundation
import Testing

/// The help text of `ohana` and each subcommand, compared in full with the files in HelpSnapshots/.
///
/// After a deliberate change to an option or its help, run the tests once with
/// `OHANA_UPDATE_HELP_SNAPSHOTS=1` to rewrite the files, and review the diff.
@Suite("Help text snapshots")
struct HelpSnapshotTests {
    static let folder = CLI.repositoryRoot.appendingPathComponent("Tests/OhanaCLITests/HelpSnapshots")

    /// The subcommands `ohana --help` lists.
    static func listedSubcommands() async throws -> [String] {
        let help = try await CLI.run(["--help"], environment: ["COLUMNS": "100"]).stdout
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        // The section runs to the first empty line.
        let section = help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return section.compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first else { return nil }
            return String(word)
        }.filter { $0 != "help" }
    }

    /// Compares (or, when asked, rewrites) one snapshot.
    static func check(_ arguments: [String], snapshot name: String) async throws {
        let result = try await CLI.run(arguments, environment: ["COLUMNS": "100"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let file = folder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["OHANA_UPDATE_HELP_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try result.stdout.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(result.stdout == expected, "ohana \(arguments.joined(separator: " ")) differs from \(file.lastPathComponent)")
    }

    @Test("ohana --help matches its snapshot")
    func rootHelp() async throws {
        try await Self.check(["--help"], snapshot: "ohana")
    }

    @Test("every subcommand has a help snapshot, and its help matches it")
    func subcommandHelp() async throws {
        let subcommands = try await Self.listedSubcommands()
        #expect(subcommands.count >= 12, "subcommands found: \(subcommands)")
        for subcommand in subcommands {
            try await Self.check([subcommand, "--help"], snapshot: subcommand)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }
        #expect(Set(files) == Set(subcommands + ["ohana"]), "snapshots without a subcommand, or the reverse")
    }
}
