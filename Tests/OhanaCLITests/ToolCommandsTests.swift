import Foundation
import Ohana
import OhanaJSON
import Testing

/// End-to-end checks of the other `ohana` commands, through the built binary.
@Suite("ohana commands")
struct ToolCommandsTests {
    static let corpus = CLI.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/vcards")

    /// The tool runs on mimalloc (it must take `malloc` over for the whole process, not just be
    /// linked): `ohana` names its allocator in its debug log.
    @Test func theToolRunsOnMimalloc() async throws {
        let ohana = try await CLI.run(["--version"], environment: ["OHANA_LOG_LEVEL": "debug"])
        #expect(ohana.status == 0)
        #expect(ohana.stderr.contains("allocator: mimalloc "), "\(ohana.stderr)")
    }

    @Test func validateNamesTheLineOfEachProblemAndFailsOnErrors() async throws {
        let broken = Self.corpus.appendingPathComponent("l0b0-vcard/missing_start.vcf").path
        let result = try await CLI.run(["validate", broken])
        #expect(result.status != 0)
        #expect(result.stdout.contains("\(broken):4: error: END:VCARD without BEGIN:VCARD"), "\(result.stdout)\(result.stderr)")
        let fine = try await CLI.run(["validate", Self.corpus.appendingPathComponent("l0b0-vcard/minimal.vcf").path])
        #expect(fine.status == 0, "\(fine.stdout)\(fine.stderr)")
    }

    @Test func convertRoundTripsThroughJSONAndCSV() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sample = "Samples/addressbook.json"
        for (format, file) in [("vcard", "book.vcf"), ("csv", "book.csv")] {
            let out = dir.appendingPathComponent(file).path
            let toFile = try await CLI.run(["convert", sample, "--to", format, "-o", out])
            #expect(toFile.status == 0, "\(toFile.stderr)")
            let back = try await CLI.run(["process", out, "--output", "json"])
            #expect(back.status == 0, "\(back.stderr)")
            let original = try ContactsJSON.decode(Data(contentsOf: CLI.repositoryRoot.appendingPathComponent(sample)), source: sample)
            let read = try ContactsJSON.decode(back.stdoutData, source: out)
            #expect(read.count == original.count, "\(format)")
            #expect(Set(read.map(\.fullName)) == Set(original.map(\.fullName)), "\(format)")
            #expect(read.flatMap(\.emailAddresses).map(\.value).sorted() == original.flatMap(\.emailAddresses).map(\.value).sorted(), "\(format)")
        }
    }

    @Test func processReadsVCardAndWritesEveryTarget() async throws {
        let file = Self.corpus.appendingPathComponent("ez-vcard/John_Doe_IPHONE.vcf").path
        for target in ["ios", "android", "outlook", "rfc6350"] {
            let result = try await CLI.run(["process", file, "--output", "vcard", "--vcard-target", target])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("BEGIN:VCARD"))
            #expect(result.stdout.contains("Doe"))
        }
    }

    @Test func generateIsDeterministicAndDedupeExplains() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.json").path, b = dir.appendingPathComponent("b.json").path
        #expect(try await CLI.run(["generate", "--count", "500", "--seed", "7", "-o", a]).status == 0)
        #expect(try await CLI.run(["generate", "--count", "500", "--seed", "7", "-o", b]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        let dedupe = try await CLI.run(["dedupe", a, "--explain", "--dry-run"])
        #expect(dedupe.status == 0, "\(dedupe.stderr)")
        #expect(dedupe.stdout.contains("500 contacts in"))
        #expect(dedupe.stdout.contains("phone +") || dedupe.stdout.contains("email "), "explanations name the matched values")
        let merged = try await CLI.run(["process", a, "--dedupe", "--output", "json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let contacts = try ContactsJSON.decode(merged.stdoutData, source: "stdout")
        #expect(contacts.count < 500)
        #expect(contacts.contains { !$0.mergedContactIDs.isEmpty })
    }

    @Test func storeImportListSearchChangesAndExport() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("contacts.sqlite").path
        let imported = try await CLI.run(["import", "Samples/addressbook.json", "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        let sample = try ContactsJSON.decode(Data(contentsOf: CLI.repositoryRoot.appendingPathComponent("Samples/addressbook.json")), source: "sample")
        let exported = try await CLI.run(["export", "--to", "json", "--store", store])
        #expect(exported.status == 0, "\(exported.stderr)")
        let back = try ContactsJSON.decode(exported.stdoutData, source: "export")
        #expect(Set(back.map(\.id)) == Set(sample.map(\.id)))
        let someone = sample.first { ($0.familyName ?? "").count > 3 && $0.familyName!.allSatisfy(\.isLetter) }!
        let search = try await CLI.run(["search", someone.familyName!, "--store", store])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains(someone.familyName!))
        let changes = try await CLI.run(["changes", "--store", store])
        #expect(changes.status == 0, "\(changes.stderr)")
        let again = try await CLI.run(["import", "Samples/addressbook.json", "--store", store])
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 added") || again.stderr.contains("0 added"), "re-importing adds nothing: \(again.stdout)\(again.stderr)")
        let badToken = try await CLI.run(["changes", "--since", "nonsense", "--store", store])
        #expect(badToken.status != 0)
    }

    /// `export` and `generate` take the same output options as `process` and `convert`.
    @Test func exportAndGenerateShareTheOutputFileOptions() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("book.csv").path
        let generated = try await CLI.run(["generate", "--count", "20", "--format", "csv", "--csv-dialect", "outlook", "-o", csv])
        #expect(generated.status == 0, "\(generated.stderr)")
        let header = try String(contentsOfFile: csv, encoding: .utf8).prefix { $0 != "\n" && $0 != "\r" }
        #expect(header.contains("First Name") && header.contains("E-mail Address"), "an Outlook header: \(header)")
        let store = dir.appendingPathComponent("contacts.sqlite").path
        let imported = try await CLI.run(["import", csv, "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        let vcf = dir.appendingPathComponent("out.vcf").path
        let exported = try await CLI.run(["export", "--to", "vcard", "--vcard-target", "ios", "--output-file", vcf, "--store", store])
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOfFile: vcf, encoding: .utf8)
        #expect(text.components(separatedBy: "BEGIN:VCARD").count - 1 == 20)
        #expect(text.contains("VERSION:3.0"), "the iOS target writes vCard 3.0")
        let legacy = try await CLI.run(["export", "--to", "json", "--output", dir.appendingPathComponent("old.json").path, "--store", store])
        #expect(legacy.status == 0, "the old --output spelling still works: \(legacy.stderr)")
        #expect(try await CLI.run(["export", "--to", "table", "--store", store]).status != 0)
    }
}
