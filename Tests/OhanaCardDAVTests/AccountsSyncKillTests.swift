import Foundation
import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import OhanaStore
import OhanaStorePostgres
import OhanaStoreSQLite
import OhanaTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ohana sync --store S` of two accounts (Radicale and Xandikos, 200 cards each, 60 people on
/// both) killed with SIGKILL during its pushes, ten times, with edits, removals and new contacts
/// pending in both accounts: one more sync leaves each server and the store agreeing.
@Suite("Two-account sync killed mid-push (Radicale and Xandikos)", .serialized)
struct AccountsSyncKillTests {
    static let kills = 10

    /// One account of the store, its server and what the test expects on it.
    struct Side {
        let name: String
        let account: TestAccount
        let providerID: String
        /// Notes and added phones of edited contacts, by name; removed and added names.
        var notes: [String: String] = [:]
        var phones: [String: [String]] = [:]
        var removed: Set<String> = []
        var added: Set<String> = []
        /// Kills while its push was under way (a write journaled, or its server behind the store).
        var killsMidPush = 0

        init(name: String, account: TestAccount) throws {
            self.name = name
            self.account = account
            providerID = try CardDAVContactsProvider(url: try #require(URL(string: Self.url(account))), credential: nil).identifier
        }

        /// The account's URL as `ohana account add` takes it.
        static func url(_ account: TestAccount) -> String {
            "carddav://\(account.user)@\(account.bookURL.host ?? ""):\(account.bookURL.port ?? 0)\(account.bookURL.path)"
        }

        /// The store's contacts holding a card of this account.
        func contacts(in store: any ContactStorage) async throws -> [Contact] {
            try await store.allContacts(order: .name).filter { $0.provenance.contains { $0.providerID == providerID } }
        }
    }

    @Test("10 SIGKILLs during a two-account sync with pushes pending; a full sync leaves each server and the store equal",
          arguments: [false, true])
    func survivesKills(postgres: Bool) async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let worker = try #require(TwoWaySyncKillTests.executable("ohana-sync-worker"), "ohana-sync-worker was not built next to the test bundle")
        let fixture = TwoAccountFixture()
        let (a, b) = (try await TestAccount.make("user3"), try await TestAccount.make("user3", on: .xandikos))
        // The two servers take their cards at the same time (each writes one card at a time anyway).
        async let putA: Void = a.put(fixture.cardsA)
        try await b.put(fixture.cardsB)
        try await putA
        let uploaded = clock.now - started
        var sides = [try Side(name: "work", account: a), try Side(name: "home", account: b)]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-accounts-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let location = postgres ? try await PostgresTestServer.shared.newDatabase().url
            : folder.appendingPathComponent("contacts.sqlite").path
        let store = try await ContactStorageBackends([.postgres(childStores: .sqliteInMemory), .sqlite]).open(location)
        try await CardDAVAccounts.update(in: store) { accounts throws(CardDAVAccountError) in
            for side in sides { try accounts.add(CardDAVAccount(name: side.name, url: Side.url(side.account))) }
        }
        let passwords = sides.map { "\($0.name)=\($0.account.password)" }
        let credentials = CardDAVCredentials(environment: Dictionary(uniqueKeysWithValues: sides.map {
            (CardDAVCredentials.variable(for: $0.name), $0.account.password)
        }), netrcText: "")
        let credential: (CardDAVAccount) throws -> ProviderCredential? = { account in
            credentials.password(for: account).map { .password(user: account.user ?? "", password: $0.password) }
        }
        let first = try await AccountsTwoWaySync(store: store).run(credential: credential)
        #expect(first.map { $0.report?.count(.pullAdd) } == [200, 200], "\(first.map(\.failure))")
        let fixtureNames = Set(fixture.cardsA.map(\.fullName) + fixture.cardsB.map(\.fullName))
        let setUp = clock.now - started

        var random = SystemRandomNumberGenerator()
        var killed = 0
        var round = -1
        var interrupted = 0
        var phoneNumber = 0
        var log: [String] = []
        // Rounds go on until 10 kills came during a push (a worker that finished first, or was killed
        // just after its target's last write, does not count).
        while sides.map(\.killsMidPush).reduce(0, +) < Self.kills && round < 3 * Self.kills {
            round += 1
            // Local changes in both accounts: four edits (a note, an added phone), one removal.
            for s in sides.indices {
                let mine = try await sides[s].contacts(in: store).shuffled(using: &random)
                var edits: [Contact] = []
                for (k, contact) in mine.prefix(4).enumerated() {
                    var edited = contact
                    if k % 2 == 0 {
                        edited.note = "edited in round \(round) in \(sides[s].name)"
                        sides[s].notes[contact.fullName] = edited.note
                    } else {
                        phoneNumber += 1
                        let phone = String(format: "+1 404 555 %04d", phoneNumber)
                        edited.fields.append(.phone(phone))
                        sides[s].phones[contact.fullName, default: []].append(phone)
                    }
                    edits.append(edited)
                }
                try await store.save(edits, mode: .upsertByID)
                let gone = try #require(mine.dropFirst(4).first { fixtureNames.contains($0.fullName) })
                _ = try await store.remove(ids: [gone.id])
                sides[s].removed.insert(gone.fullName)
                sides[s].notes[gone.fullName] = nil
                sides[s].phones[gone.fullName] = nil
            }
            // Two contacts created in the store: their cards go to the first account only.
            var new: [Contact] = []
            for k in 0..<2 {
                let id = ContactID()
                let contact = Contact(id: id, givenName: ["Aino", "Bodhi", "Cyrus", "Dalia"][(round + k) % 4],
                                      familyName: "Newcomer-\(round)-\(k)", fields: [.email("newcomer.\(round).\(k)@example.org")],
                                      provenance: [Provenance(providerID: StoreCreatedContacts.providerID, recordID: id.rawValue)])
                new.append(contact)
                sides[0].added.insert(contact.fullName)
            }
            try await store.save(new, mode: .upsertByID)

            // The kill: after a random number of the target account's writes (its cards whose content
            // differs from the store's, updated or deleted, and new contacts to create) show on its server.
            let target = round % 2
            let (differing, _) = SyncFixtures.difference(Array(try await SyncFixtures.serverContacts(sides[target].account).values),
                                                         try await sides[target].contacts(in: store))
            let writes = differing.count + (target == 0 ? try await Self.storeCreated(in: store) : 0)
            let wanted = Int.random(in: 1...max(1, writes - 1), using: &random)
            let before = try await Self.listing(sides[target].account)
            let process = try ChildProcess(worker, arguments: ["accounts", location] + passwords)
            let deadline = clock.now + .seconds(30)
            var pushing = false
            while process.isRunning && clock.now < deadline {
                // The probe races the worker's writes (Radicale may answer it with 500 then): it polls on.
                if let now = try? await Self.listing(sides[target].account),
                   Set(now.keys).union(before.keys).count(where: { now[$0] != before[$0] }) >= wanted {
                    pushing = true
                    break
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            if pushing { try await Task.sleep(for: .milliseconds(Int.random(in: 0...15, using: &random))) }
            guard process.isRunning else {
                if case .exited(let status) = await process.exitStatus(), status != 0 {
                    Issue.record("round \(round): the worker failed: \(process.errors)")
                }
                continue
            }
            process.send(SIGKILL)
            _ = await process.exitStatus()
            killed += 1
            #expect(pushing, "round \(round): \(sides[target].name)'s server never changed within 30 s")
            // Whether the kill came during that account's push: a write journaled, or its server behind the store.
            let pending = try await store.pendingSyncWrites(providerID: sides[target].providerID).map(\.operation.rawValue)
            interrupted += pending.count
            let server = try await SyncFixtures.serverContacts(sides[target].account)
            let (onlyServer, onlyStore) = SyncFixtures.difference(Array(server.values), try await sides[target].contacts(in: store))
            let unpushed = target == 0 ? try await Self.storeCreated(in: store) : 0
            let midPush = !pending.isEmpty || !onlyServer.isEmpty || !onlyStore.isEmpty || unpushed > 0
            if midPush { sides[target].killsMidPush += 1 }
            log.append("kill \(killed) (round \(round), \(sides[target].name)'s push, after \(wanted) of \(writes) writes): "
                       + "journal [\(pending.joined(separator: ", "))], \(onlyStore.count) edited and \(unpushed) new contacts not yet on its server" + (midPush ? "" : " (push had ended)"))
        }

        let outcomes = try await AccountsTwoWaySync(store: store).run(credential: credential)
        for outcome in outcomes {
            #expect(outcome.failure == nil, "\(outcome.account.name): \(outcome.failure ?? "")")
            #expect(outcome.report?.diagnostics.isEmpty == true, "\(outcome.account.name): \(outcome.report?.diagnostics ?? [])")
            // Writes that arrived before a kill are settled from the journal, not reported as conflicts with ourselves.
            #expect(outcome.report?.conflicts.isEmpty == true, "\(outcome.account.name): \(outcome.report?.conflicts.map(\.conflict) ?? [])")
        }
        let all = try await store.allContacts(order: .insertion)
        var cards = 0
        for side in sides {
            let server = Array(try await SyncFixtures.serverContacts(side.account).values)
            let local = try await side.contacts(in: store)
            cards += server.count
            let names = server.map(\.fullName)
            let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(side.name): names on more than one card: \(repeated)")
            #expect(Set(server.map(\.id)).count == server.count, "\(side.name): two cards with one UID")
            #expect(server.count == 200 - side.removed.count + side.added.count, "\(side.name): \(server.count) cards")
            #expect(local.count == server.count, "\(side.name): \(local.count) contacts, \(server.count) cards")
            let (onlyServer, onlyStore) = SyncFixtures.difference(server, local)
            #expect(onlyServer.isEmpty && onlyStore.isEmpty, "\(side.name): server only: \(onlyServer)\nstore only: \(onlyStore)")
            let byName = Dictionary(server.map { ($0.fullName, $0) }, uniquingKeysWith: { first, _ in first })
            for (name, note) in side.notes { #expect(byName[name]?.note == note, "\(side.name): \(name)'s note") }
            for (name, phones) in side.phones {
                let digits = Set(byName[name]?.phoneNumbers.map { $0.value.filter(\.isNumber) } ?? [])
                for phone in phones { #expect(digits.contains(phone.filter(\.isNumber)), "\(side.name): \(name) lacks \(phone)") }
            }
            for name in side.removed { #expect(byName[name] == nil, "\(side.name): \(name) still on the server") }
            for name in sides[0].added where side.name == sides[0].name { #expect(byName[name] != nil, "\(name) lost") }
            if side.name != sides[0].name { #expect(Set(names).isDisjoint(with: sides[0].added), "a new contact went to \(side.name)") }
            #expect(try await store.pendingSyncWrites(providerID: side.providerID).isEmpty, "\(side.name): journal not empty")
        }
        // Every contact holds the card of exactly one account.
        #expect(all.count == cards)
        #expect(all.allSatisfy { contact in sides.count { side in contact.provenance.contains { $0.providerID == side.providerID } } == 1 })
        let again = try await AccountsTwoWaySync(store: store).run(credential: credential)
        for outcome in again { #expect(outcome.report?.actions.isEmpty == true, "\(outcome.account.name): \(outcome.report?.actions ?? [])") }
        print("accounts kill test (\(postgres ? "postgres" : "sqlite")): \(killed) kills in \(round + 1) rounds, during the push of "
              + sides.map { "\($0.name) \($0.killsMidPush)" }.joined(separator: ", ")
              + "; \(interrupted) interrupted writes left in the journal; last sync: "
              + outcomes.map { "\($0.account.name): \($0.report?.summary ?? "-")" }.joined(separator: " / ")
              + "; cards put in \(uploaded), first sync done at \(setUp), total \(clock.now - started)\n  "
              + log.joined(separator: "\n  "))
        #expect(sides.map(\.killsMidPush).reduce(0, +) == Self.kills)
        #expect(sides.allSatisfy { $0.killsMidPush > 0 }, "no kill during one account's push")
        try await store.shutDown()
    }

    /// How many contacts created in the store have no card yet.
    static func storeCreated(in store: any ContactStorage) async throws -> Int {
        try await store.allContacts(order: .insertion).count(where: StoreCreatedContacts.isCreatedInStore)
    }

    /// The cards of an account's address book and their ETags.
    static func listing(_ account: TestAccount) async throws -> [String: String] {
        Dictionary(try await account.client.cardReferences(in: account.bookURL).map { ($0.href, $0.etag ?? "") },
                   uniquingKeysWith: { first, _ in first })
    }
}
