import Foundation
import Ohana
import OhanaStore

/// The recorded members of the merged contacts in a PostgreSQL store, held in memory for one
/// remerging upsert (``MergedUpsert``, which decides with them): the SQLite store answers each
/// lookup with an indexed query; the PostgreSQL store, which would pay a round trip per query,
/// loads these rows once per batch.
struct MergedMemberIndex: MergedMemberRows {
    /// One recorded member version.
    struct Member {
        var id: ContactID
        var survivor: ContactID
        var position: Int
        var isSnapshot: Bool
        var sortKey: String
        var record: StoredRecord

        var row: MergedMemberRow {
            MergedMemberRow(id: id, survivor: survivor, position: position, isSnapshot: isSnapshot, record: record)
        }
    }

    /// The merged contacts that are stored and have members.
    let survivors: Set<ContactID>
    /// Every recorded member's id.
    let memberIDs: Set<ContactID>
    private var members: [Member]
    private var byID: [ContactID: Int] = [:]
    private var bySource: [[String]: [Int]] = [:]
    private var bySortKey: [String: [Int]] = [:]
    private var survivorsBySource: [[String]: [ContactID]] = [:]
    private var nextPositions: [ContactID: Int] = [:]
    /// The stored contacts among those asked about when loading.
    private let stored: Set<ContactID>

    /// Indexes `members` (in any order) with their source records, and the source records of the
    /// stored merged contacts (`survivorSources`, in storage order). Source keys are `[providerID, recordID]`.
    /// `stored` holds the contacts of the batch that are stored.
    init(survivors: Set<ContactID>, members: [Member], memberSources: [(member: ContactID, key: [String])],
         survivorSources: [(survivor: ContactID, key: [String])], stored: Set<ContactID>) {
        self.survivors = survivors
        self.stored = stored
        self.members = members.sorted { ($0.survivor.rawValue, $0.position) < ($1.survivor.rawValue, $1.position) }
        memberIDs = Set(members.map(\.id))
        for (index, member) in self.members.enumerated() {
            byID[member.id] = index
            if !member.isSnapshot { bySortKey[member.sortKey, default: []].append(index) }
            nextPositions[member.survivor] = max(nextPositions[member.survivor] ?? 0, member.position + 1)
        }
        for (member, key) in memberSources {
            guard let index = byID[member] else { continue }
            bySource[key, default: []].append(index)
        }
        for key in bySource.keys { bySource[key]?.sort() }
        for (survivor, key) in survivorSources where survivors.contains(survivor) {
            survivorsBySource[key, default: []].append(survivor)
        }
    }

    func members(providerID: String, recordID: String) -> [(member: ContactID, survivor: ContactID)] {
        (bySource[Self.key(providerID, recordID)] ?? []).map { (members[$0].id, members[$0].survivor) }
    }

    func member(_ id: ContactID) -> MergedMemberRow? { byID[id].map { members[$0].row } }

    func liveMembers(named fullName: String) -> [MergedMemberRow] {
        (bySortKey[PostgresText.clean(TextFolding.fold(fullName))] ?? []).map { members[$0].row }
    }

    func contacts(providerID: String, recordID: String) -> [ContactID] {
        survivorsBySource[Self.key(providerID, recordID)] ?? []
    }

    func isStored(_ id: ContactID) -> Bool { stored.contains(id) }

    func nextPosition(in survivor: ContactID) -> Int { nextPositions[survivor] ?? 0 }

    /// The `[providerID, recordID]` key of a source record, as the database holds it.
    static func key(_ providerID: String, _ recordID: String) -> [String] {
        [PostgresText.clean(providerID), PostgresText.clean(recordID)]
    }

    /// The `[providerID, recordID]` keys of a contact's source records, in order.
    static func sourceKeys(of contact: Contact) -> [[String]] {
        contact.provenance.compactMap { provenance in provenance.recordID.map { key(provenance.providerID, $0) } }
    }
}
