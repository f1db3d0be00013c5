import Foundation
import Ohana
import OhanaJSON
import Testing

@Suite("ohana process")
struct ProcessCommandTests {
    let sample = "Samples/addressbook.json"

    func sampleContacts() throws -> [Contact] {
        try ContactsJSON.decode(Data(contentsOf: CLI.repositoryRoot.appendingPathComponent(sample)), source: sample)
    }

    @Test func printsTheSampleAsATable() async throws {
        let result = try await CLI.run(["process", sample])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("NAME") == true)
        #expect(lines.last == "\(try sampleContacts().count) contacts")
    }

    @Test("- and /dev/stdin read standard input in every format; - without --input-format is refused",
          arguments: [("json", "-"), ("json", "/dev/stdin"), ("vcard", "-"), ("csv", "/dev/stdin"), ("csv", "-")])
    func readsStandardInput(_ format: String, _ argument: String) async throws {
        let count = try sampleContacts().count
        let converted = try await CLI.run(["process", sample, "--output", format == "vcard" ? "vcard" : format])
        #expect(converted.status == 0, "\(converted.stderr)")
        let result = try await CLI.run(["process", argument, "--input-format", format], input: converted.stdoutData)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").last == "\(count) contacts")
        let unnamed = try await CLI.run(["process", "-"], input: converted.stdoutData)
        #expect(unnamed.status != 0)
        #expect(unnamed.stderr.contains("--input-format"))
    }

    @Test func jsonOutputMatchesTheLibrarysPipeline() async throws {
        let result = try await CLI.run(["process", sample, "--require", "phone", "--sort", "last-name", "--locale", "en_US", "--output", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let printed = try ContactsJSON.decode(result.stdoutData, source: "stdout")
        var expected = try await RequiredField(.phoneNumber).process(try sampleContacts())
        expected = AlphabeticalSort(.lastName, locale: Locale(identifier: "en_US")).sorted(expected)
        #expect(!printed.isEmpty)
        #expect(printed.map(\.id) == expected.map(\.id))
        #expect(printed.allSatisfy { !$0.phoneNumbers.isEmpty })
    }

    @Test func formatsPhonesWithTheGivenRegion() async throws {
        let result = try await CLI.run(["process", sample, "--require", "phone", "--format-phones", "e164,national", "--region", "US", "--output", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let printed = try ContactsJSON.decode(result.stdoutData, source: "stdout")
        let details = printed.flatMap(\.phoneNumbers).compactMap(\.phoneNumber)
        #expect(details.count == printed.flatMap(\.phoneNumbers).count, "every phone field carries its formatting result")
        #expect(details.contains { $0.isParsed && $0.e164?.hasPrefix("+") == true && $0.national != nil })
        #expect(details.allSatisfy { $0.isParsed || $0.problem != nil }, "unparseable numbers are marked with a reason")
    }

    @Test func splitReverseAndSearch() async throws {
        let all = try sampleContacts()
        let query = String(all.first { !$0.fullName.isEmpty }!.fullName.prefix(3))
        let result = try await CLI.run(["process", sample, "--search", query, "--split", "phone", "--reverse", "--output", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let printed = try ContactsJSON.decode(result.stdoutData, source: "stdout")
        let expected = ContactSearch().contacts(in: all, matching: query)
        #expect(printed.allSatisfy { $0.phoneNumbers.count == 1 && $0.fields.count == 1 })
        #expect(printed.count == expected.reduce(0) { $0 + $1.phoneNumbers.count })
    }

    @Test func traceReportsEachStepOnStandardError() async throws {
        let result = try await CLI.run(["process", sample, "--require", "email", "--sort", "full-name", "--trace", "--output", "json"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("post processor RequiredField(emailAddress): "))
        #expect(result.stderr.contains("post processor AlphabeticalSort(fullName): "))
        #expect(!result.stderr.contains("\r"), "no progress bar when standard error is not a terminal")
    }

    @Test func aMissingFileIsOneClearLineAndAFailure() async throws {
        let result = try await CLI.run(["process", "/nonexistent/book.json"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("/nonexistent/book.json: no such file"))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test func badJSONNamesTheFileLineAndReasonAndTheRestLoads() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.json")
        try Data("[\n{\"givenName\": \"Ada\", \"familyName\": \"Lovelace\"},\n{\"givenName\": 3}\n]".utf8).write(to: file)
        let result = try await CLI.run(["process", file.path])
        #expect(result.stderr.contains("bad.json:3: error:"), "\(result.stderr)")
        #expect(result.stderr.contains("givenName"))
        #expect(result.stdout.contains("Ada Lovelace"))
        #expect(result.stdout.contains("1 contact"))
    }

    @Test func unknownFlagValuesAreRejected() async throws {
        let sort = try await CLI.run(["process", sample, "--sort", "shoe-size"])
        #expect(sort.status != 0)
        #expect(sort.stderr.contains("shoe-size"))
        let formats = try await CLI.run(["process", sample, "--format-phones", "e164,morse"])
        #expect(formats.status != 0)
        #expect(formats.stderr.contains("unknown phone format 'morse'"))
        let region = try await CLI.run(["process", sample, "--format-phones", "e164", "--region", "USA"])
        #expect(region.status != 0)
        #expect(region.stderr.contains("two-letter ISO region code"))
    }

    @Test func anUnknownFileTypeAsksForTheFormat() async throws {
        let result = try await CLI.run(["process", "README.md"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("README.md: unknown file type"))
    }

    @Test func helpListsTheCommands() async throws {
        let result = try await CLI.run(["--help"])
        #expect(result.status == 0)
        for command in ["process", "generate"] {
            #expect(result.stdout.contains("  \(command) "), "help lists \(command)")
        }
    }
}

@Suite("README example")
struct ExampleTests {
    @Test func theREADMEShowsTheCompiledExampleAndWhatItPrints() async throws {
        let readme = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("Examples/GettingStarted/main.swift"), encoding: .utf8)
        let code = example.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") }.joined(separator: "\n")
        #expect(readme.contains(code.trimmingCharacters(in: .whitespacesAndNewlines)), "README's snippet is Examples/GettingStarted/main.swift")

        let result = try await CLI.run([], product: "GettingStarted")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Gomez Addams [\"+49 30 1234567\"]")
        #expect(lines.dropFirst().first == "Marge Simpson [\"+1 939-555-0113\"]")
        #expect(lines.last == "Marge Simpson: refused by MaximumSelectedCount: at most 1 contact can be selected")
        for line in [lines[0], lines[1], lines.last!] { #expect(readme.contains(line)) }
    }
}
