import Foundation
import OhanaTestSupport
import Testing

/// `ohana review --delete/--keep KIND` and `--write-international` on the sample store.
@Suite struct ReviewActionsTests {
    static func counts(_ store: String) async throws -> [String: Int] {
        let json = try await CLI.run(["review", "--store", store, "--region", "US", "--output", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        return try ReviewCommandTests.parse(json.stdoutData).counts
    }

    @Test func aJunkNumberIsDeletedUndoneThenKeptAndNoLongerListed() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("review.sqlite").path
        #expect(try await CLI.run(["import", "Samples/addressbook.vcf", "--store", store, "--region", "US"]).status == 0)
        await #expect(try Self.counts(store)["junk-number"] == 1)

        let deleted = try await CLI.run(["review", "--store", store, "--region", "US", "--delete", "junk-number",
                                   "--contact", "sample-invalid-phone", "--value", "ask reception"])
        #expect(deleted.status == 0 && deleted.stderr.contains("deleted 1 junk-number item(s); undo with: ohana undo 1"), "\(deleted.stderr)")
        await #expect(try Self.counts(store)["junk-number"] == 0)
        #expect(!(try await CLI.run(["show", "sample-invalid-phone", "--store", store]).stdout.contains("ask reception")))
        #expect(try await CLI.run(["undo", "1", "--store", store]).status == 0)
        await #expect(try Self.counts(store)["junk-number"] == 1)

        let kept = try await CLI.run(["review", "--store", store, "--region", "US", "--keep", "junk-number"])
        #expect(kept.status == 0 && kept.stderr.contains("kept 1 junk-number item(s)"), "\(kept.stderr)")
        await #expect(try Self.counts(store)["junk-number"] == 0)
        #expect(try await CLI.run(["show", "sample-invalid-phone", "--store", store]).stdout.contains("ask reception"))

        let wrong = try await CLI.run(["review", "--store", store, "--delete", "unresolved-number"])
        #expect(wrong.status != 0 && wrong.stderr.contains("decided by choosing a country"), "\(wrong.stderr)")
    }

    @Test func resolvedNumbersAreWrittenInInternationalFormAndTheOthersStayAsWritten() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("international.sqlite").path
        #expect(try await CLI.run(["import", "Samples/addressbook.vcf", "--store", store, "--region", "US"]).status == 0)
        let before = try await Self.counts(store)
        let wrote = try await CLI.run(["review", "--store", store, "--region", "US", "--write-international"])
        #expect(wrote.status == 0 && wrote.stderr.contains("in international form"), "\(wrote.stderr)")
        let dental = try await CLI.run(["show", "sample-golden-gate-dental", "--store", store])
        #expect(dental.stdout.contains("phone (main): +1 415-555-0188"), "\(dental.stdout)")
        // What no evidence decides is left as written, and still listed.
        await #expect(try Self.counts(store) == before)
        let unresolved = try await CLI.run(["review", "--store", store, "--region", "US"])
        #expect(unresolved.stdout.contains("\"07950660690\""))
        let again = try await CLI.run(["review", "--store", store, "--region", "US", "--write-international"])
        #expect(again.stderr.contains("wrote 0 number(s)"), "\(again.stderr)")
    }
}
