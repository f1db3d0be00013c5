import Foundation
import Ohana
import OhanaStore
import OhanaStoreSQLite
import Testing

/// `ohana dedupe --undo ID [--remove-member ID]` on a real store file.
@Suite("ohana dedupe --undo")
struct DedupeUndoCommandTests {
    static func members() -> [Contact] {
        [
            Contact(id: "a", givenName: "Robert", familyName: "Smith", fields: [.phone("(415) 555-0134", label: .work)],
                    provenance: [Provenance(providerID: "vcard:a.vcf", recordID: "a-1")]),
            Contact(id: "b", givenName: "Bob", familyName: "Smith", fields: [.phone("+1 415 555 0134", label: .mobile), .email("bob@example.com")],
                    provenance: [Provenance(providerID: "csv:b.csv", recordID: nil)]),
            Contact(id: "c", givenName: "Rob", familyName: "Smith", fields: [.email("rob.smith@example.org")],
                    provenance: [Provenance(providerID: "json:c.json", recordID: "c")]),
        ]
    }

    static func encoded(_ contacts: [Contact]) throws -> [Data] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try contacts.sorted { $0.id < $1.id }.map { try encoder.encode($0) }
    }

    /// A store file holding the three members merged into one contact `a`, and the bytes of the members before.
    static func mergedStore(in directory: URL) throws -> (path: String, before: [Data]) {
        let url = directory.appendingPathComponent("contacts.sqlite")
        let store = try SQLiteContactStore(fileURL: url)
        try store.save(members(), mode: .upsertBySourceRecord)
        let before = try encoded(store.allContacts())
        var merged = members()[0]
        for other in members().dropFirst() { merged.fields += other.fields; merged.provenance += other.provenance }
        try store.write { try $0.saveMerged(merged, members: members()) }
        return (url.path, before)
    }

    @Test("undo restores the members byte for byte")
    func undoRestoresMembers() async throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (path, before) = try Self.mergedStore(in: directory)
        #expect(try SQLiteContactStore(fileURL: URL(fileURLWithPath: path)).allContacts().count == 1)

        let result = try await CLI.run(["dedupe", "--undo", "a", "--store", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("restored 3 contact(s)"), "\(result.stdout)")
        let after = try SQLiteContactStore(fileURL: URL(fileURLWithPath: path)).allContacts()
        #expect(try Self.encoded(after) == before)

        let again = try await CLI.run(["dedupe", "--undo", "a", "--store", path])
        #expect(again.status != 0)
        #expect(again.stderr.contains("not a merged contact"), "\(again.stderr)")
    }

    @Test("--remove-member takes one member out and keeps the others merged")
    func removeOneMember() async throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (path, _) = try Self.mergedStore(in: directory)
        let result = try await CLI.run(["dedupe", "--undo", "a", "--remove-member", "c", "--store", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("still merged"), "\(result.stdout)")
        let store = try SQLiteContactStore(fileURL: URL(fileURLWithPath: path))
        let contacts = try store.allContacts()
        #expect(contacts.count == 2)
        let restored = try #require(contacts.first { $0.id == "c" })
        #expect(restored == Self.members()[2])
        await #expect(try store.read { try $0.mergedMembers(of: "a") }.map(\.id).sorted() == ["a", "b"])
    }

    @Test("--undo with an input, or --remove-member alone, is refused")
    func refusedCombinations() async throws {
        #expect(try await CLI.run(["dedupe", "Samples/addressbook.json", "--undo", "a"]).status != 0)
        #expect(try await CLI.run(["dedupe", "--remove-member", "c"]).status != 0)
        #expect(try await CLI.run(["dedupe"]).status != 0)
    }
}
