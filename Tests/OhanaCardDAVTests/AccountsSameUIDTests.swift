import Foundation
import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import OhanaStore
import OhanaStoreSQLite
import Testing

/// One card in two accounts under the same UID (imported into both from one file, or written to
/// both by a phone) stays two cards: syncing the accounts into one store changes neither server.
@Suite("Two accounts holding a card with the same UID")
struct AccountsSameUIDTests {
    @Test("each account's card is a contact of its own; neither server gets the other's values")
    func sameUIDInTwoAccounts() async throws {
        let work = try await TestAccount.make("user3")
        let home = try await TestAccount.make("user3", on: .xandikos)
        let workCard = sampleCard(uid: "same-uid-1", name: "Pat Doe", phone: "+1 555 0101", note: "work card")
        let homeCard = sampleCard(uid: "same-uid-1", name: "Pat Doe", phone: "+1 555 0202", note: "home card")
        try await work.put(workCard, named: "pat.vcf")
        try await home.put(homeCard, named: "pat.vcf")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-same-uid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try await ContactStorageBackends([.sqlite]).open(folder.appendingPathComponent("contacts.sqlite").path)
        let accounts = [("work", work), ("home", home)]
        try await CardDAVAccounts.update(in: store) { list throws(CardDAVAccountError) in
            for (name, account) in accounts {
                try list.add(CardDAVAccount(name: name, url: AccountsSyncKillTests.Side.url(account)))
            }
        }
        let credential: (CardDAVAccount) throws -> ProviderCredential? = { account in
            accounts.first { $0.0 == account.name }?.1.credential
        }
        let first = try await AccountsTwoWaySync(store: store).run(credential: credential)
        #expect(first.allSatisfy { $0.failure == nil && $0.report?.conflicts.isEmpty == true },
                "\(first.map { "\($0.account.name): \($0.report?.actions ?? []) \($0.failure ?? "")" })")
        let contacts = try await store.allContacts(order: .insertion)
        #expect(contacts.count == 2, "\(contacts.map { "\($0.fullName) \($0.phoneNumbers.map(\.value))" })")
        for (account, phone, other) in [(work, "0101", "0202"), (home, "0202", "0101")] {
            let cards = try await SyncFixtures.serverContacts(account).values
            let phones = cards.flatMap { $0.phoneNumbers.map(\.value) }
            #expect(cards.count == 1 && phones.contains { $0.hasSuffix(phone) } && !phones.contains { $0.hasSuffix(other) },
                    "\(phones)")
        }
        let again = try await AccountsTwoWaySync(store: store).run(credential: credential)
        #expect(again.allSatisfy { $0.report?.actions.isEmpty == true }, "\(again.map { $0.report?.actions ?? [] })")
        try await store.shutDown()
    }
}
