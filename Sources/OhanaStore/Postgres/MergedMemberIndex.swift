import Foundation
import Ohana

/// The recorded members of the merged contacts in a store, held in memory for one import: which
/// member an imported contact is the new version of, and which merged contact holds one of its
/// source records. The SQLite store answers these with one indexed query per contact; the
/// PostgreSQL store, which would pay a round trip per query, loads this once per batch.
///
/// The matching rules are ``ContactWriteTransaction/upsert(_:remerging:)``'s: by source record
/// (members ordered by merged contact, then merge position), then by id (not a snapshot), then,
/// for a contact without a source record, by same content among members with the same folded name.
struct MergedMemberIndex {
    /// One recorded member version.
    struct Member {
        var id: ContactID
        var survivor: ContactID
        var position: Int
        var isSnapshot: Bool
        var sortKey: String
        var record: StoredRecord
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
    private var nextPosition: [ContactID: Int] = [:]

    /// Indexes `members` (in any order) with their source records, and the source records of the
    /// stored merged contacts (`survivorSources`, in storage order). Source keys are `[providerID, recordID]`.
    init(survivors: Set<ContactID>, members: [Member], memberSources: [(member: ContactID, key: [String])],
         survivorSources: [(survivor: ContactID, key: [String])]) {
        self.survivors = survivors
        self.members = members.sorted { ($0.survivor.rawValue, $0.position) < ($1.survivor.rawValue, $1.position) }
        memberIDs = Set(members.map(\.id))
        for (index, member) in self.members.enumerated() {
            byID[member.id] = index
            if !member.isSnapshot { bySortKey[member.sortKey, default: []].append(index) }
            nextPosition[member.survivor] = max(nextPosition[member.survivor] ?? 0, member.position + 1)
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

    /// The member (and its merged contact) `contact` is the new version of, skipping `claimed` members.
    func memberMatch(for contact: Contact, excluding claimed: Set<ContactID>,
                     codec: ContactCodec) throws -> (member: ContactID, survivor: ContactID)? {
        func usable(_ index: Int) -> (ContactID, ContactID)? {
            let member = members[index]
            return survivors.contains(member.survivor) && !claimed.contains(member.id) ? (member.id, member.survivor) : nil
        }
        for key in Self.sourceKeys(of: contact) {
            if let match = (bySource[key] ?? []).lazy.compactMap(usable).first { return match }
        }
        if let index = byID[contact.id], !members[index].isSnapshot, let match = usable(index) { return match }
        guard !contact.provenance.contains(where: { $0.recordID != nil }) else { return nil }
        for index in bySortKey[TextFolding.fold(contact.fullName)] ?? [] {
            guard let match = usable(index), try codec.decode(members[index].record).hasSameContent(as: contact) else { continue }
            return match
        }
        return nil
    }

    /// The merged contact holding one of `contact`'s source records, if any.
    func survivorMatch(for contact: Contact) -> ContactID? {
        for key in Self.sourceKeys(of: contact) {
            if let survivor = survivorsBySource[key]?.first { return survivor }
        }
        return nil
    }

    /// The stored version of a member, if recorded.
    func member(_ id: ContactID) -> Member? { byID[id].map { members[$0] } }

    /// The merge position a new member of `survivor` takes; each call takes the next one.
    mutating func takePosition(in survivor: ContactID) -> Int {
        let position = nextPosition[survivor] ?? 0
        nextPosition[survivor] = position + 1
        return position
    }

    /// The `[providerID, recordID]` keys of a contact's source records, in order.
    static func sourceKeys(of contact: Contact) -> [[String]] {
        contact.provenance.compactMap { provenance in
            provenance.recordID.map { [PostgresText.clean(provenance.providerID), PostgresText.clean($0)] }
        }
    }
}
