import Foundation
import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import OhanaTestSupport
import Testing

/// Edits made with `ohana add`, `ohana edit` and `ohana delete` in a store pulled from Radicale,
/// then pushed by `ohana sync` like any local change.
@Suite("ohana add, edit and delete pushed by ohana sync (Radicale)")
struct EditSyncCommandTests {
    @Test("a new card, an edited card with its other properties kept, a deleted card; a second sync does nothing")
    func addEditDeleteThenSync() async throws {
        let ohana = try #require(TwoWaySyncKillTests.executable("ohana"), "ohana was not built next to the test bundle")
        let account = try await TestAccount.make("user3")
        for i in 0..<3 { try await account.put(sampleCard(uid: "ed-\(i)", name: "Person \(i)"), named: "ed\(i).vcf") }
        let host = try #require(account.bookURL.host)
        let port = try #require(account.bookURL.port)
        let url = "carddav://\(account.user)@\(host):\(port)\(account.bookURL.path)/"
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("contacts.sqlite").path
        let sync = SyncCommandStateTests()

        let pulled = try sync.run(ohana, ["sync", url, "--store", store], password: account.password)
        #expect(pulled.status == 0, "\(pulled.errors)")
        let listed = try sync.run(ohana, ["list", "--store", store, "--output", "json"], password: account.password)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        let ids = Dictionary(uniqueKeysWithValues: rows.compactMap { row in
            (row["formattedName"] as? String ?? row["familyName"] as? String).flatMap { name in (row["id"] as? String).map { (name, $0) } }
        })
        let edited = try #require(ids["Person 1"], "\(rows)")
        let deleted = try #require(ids["Person 2"], "\(rows)")

        let added = try sync.run(ohana, ["add", "--given-name", "Grace", "--family-name", "Hopper",
                                         "--add-phone", "+1 212 555 0199:work", "--store", store], password: account.password)
        #expect(added.status == 0 && added.output.hasPrefix("added "), "\(added.errors)")
        let edit = try sync.run(ohana, ["edit", edited, "--add-email", "x@y.org", "--store", store], password: account.password)
        #expect(edit.status == 0 && edit.output.hasPrefix("updated "), "\(edit.errors)")
        let delete = try sync.run(ohana, ["delete", deleted, "--store", store], password: account.password)
        #expect(delete.status == 0 && delete.output.hasPrefix("deleted "), "\(delete.errors)")

        let pushed = try sync.run(ohana, ["sync", url, "--store", store], password: account.password)
        #expect(pushed.status == 0, "\(pushed.errors)")
        #expect(pushed.output.contains("pushed 1 created, 1 updated, 1 deleted"), "\(pushed.output)")
        let server = try await SyncFixtures.serverContacts(account)
        #expect(server.values.map(\.fullName).sorted() == ["Grace Hopper", "Person 0", "Person 1"])
        let grace = try #require(server.values.first { $0.fullName == "Grace Hopper" })
        #expect(grace.phoneNumbers.map(\.value) == ["+1 212 555 0199"] && grace.phoneNumbers.first?.label == .work)
        let person = try #require(server.values.first { $0.fullName == "Person 1" })
        #expect(person.emailAddresses.map(\.value) == ["x@y.org"])
        // Its other properties as they were: the phone with its type, the unknown property.
        #expect(person.phoneNumbers.map(\.value) == ["+1 555 0100"] && person.phoneNumbers.first?.label == .mobile)
        #expect(person.unmappedProperties.contains { $0.name == "X-OHANA-TEST" && $0.value == "kept" })

        let again = try sync.run(ohana, ["sync", url, "--store", store], password: account.password)
        #expect(again.output.contains("pulled 0 added, 0 changed, 0 removed; pushed 0 created, 0 updated, 0 deleted"), "\(again.output)")
    }

    @Test("review decisions are pushed: a junk number deleted, a national number written in international form")
    func reviewDecisionsThenSync() async throws {
        let ohana = try #require(TwoWaySyncKillTests.executable("ohana"), "ohana was not built next to the test bundle")
        let account = try await TestAccount.make("user3")
        try await account.put(sampleCard(uid: "rv-0", name: "Berlin Office", phone: "030 1234567"), named: "rv0.vcf")
        try await account.put(sampleCard(uid: "rv-1", name: "Front Desk", phone: "ask reception"), named: "rv1.vcf")
        let host = try #require(account.bookURL.host)
        let port = try #require(account.bookURL.port)
        let url = "carddav://\(account.user)@\(host):\(port)\(account.bookURL.path)/"
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("contacts.sqlite").path
        let sync = SyncCommandStateTests()
        #expect(try sync.run(ohana, ["sync", url, "--store", store], password: account.password).status == 0)

        let junk = try sync.run(ohana, ["review", "--store", store, "--region", "DE", "--delete", "junk-number"], password: account.password)
        #expect(junk.status == 0 && junk.errors.contains("deleted 1 junk-number item(s)"), "\(junk.errors)")
        let international = try sync.run(ohana, ["review", "--store", store, "--region", "DE", "--write-international"],
                                         password: account.password)
        #expect(international.status == 0 && international.errors.contains("wrote 1 number(s)"), "\(international.errors)")

        let pushed = try sync.run(ohana, ["sync", url, "--store", store], password: account.password)
        #expect(pushed.output.contains("pushed 0 created, 2 updated, 0 deleted"), "\(pushed.output)")
        let server = try await SyncFixtures.serverContacts(account)
        #expect(server.values.first { $0.fullName == "Berlin Office" }?.phoneNumbers.map(\.value) == ["+49 30 1234567"])
        let desk = try #require(server.values.first { $0.fullName == "Front Desk" })
        #expect(desk.phoneNumbers.isEmpty && desk.unmappedProperties.contains { $0.name == "X-OHANA-TEST" })
        let again = try sync.run(ohana, ["sync", url, "--store", store], password: account.password)
        #expect(again.output.contains("pushed 0 created, 0 updated, 0 deleted"), "\(again.output)")
    }
}
