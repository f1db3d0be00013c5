import Foundation
import Ohana
import OhanaStore

/// Which cards of an aggregated contact a deletion removes.
public enum LinkedDeletion: Sendable, Hashable {
    /// Only the card from the source with this name (an account's name); the others stay.
    case card(source: String)
    /// Every card, in every account.
    case everywhere
}

/// An aggregated contact read whole: its link, its cards (stored contacts) with their versions and
/// the contact the address book shows.
public struct LinkedContact: Sendable {
    /// The link.
    public var link: ContactLink
    /// The linked stored contacts, in link order, with their versions.
    public var members: [VersionedContact]
    /// The aggregated contact; its version is the newest of its members' (any member's write moves it).
    public var aggregated: VersionedContact
    /// Where each of its values comes from.
    public var sources: ValueSources
}

/// Edits of an aggregated contact, routed to its cards: a value changed or removed changes on
/// every card holding it, a value added goes to the primary card only, a deletion names one
/// source or all. Each card's write is an ordinary checked, journaled store write, which the
/// next `ohana sync` pushes to its account like any local change.
extension ContactStoreService {
    /// The aggregated contact holding `id` (its id or a member's); `nil` when `id` is not linked.
    public func linkedContact(_ id: ContactID) async throws(AddressBookError) -> LinkedContact? {
        do {
            let links = try await ContactLinks.load(from: store)
            guard let link = links.link(containing: id) else { return nil }
            var members: [VersionedContact] = []
            for member in link.members {
                if let found = try await store.versionedContact(withID: member) { members.append(found) }
            }
            let kept = links.keeping(only: Set(members.map(\.contact.id)))
            guard let current = kept.link(containing: id) else { return nil }
            members = current.members.compactMap { member in members.first { $0.contact.id == member } }
            let contact = AggregatedContacts.aggregate(members.map(\.contact))
            return LinkedContact(
                link: current, members: members,
                aggregated: VersionedContact(contact: contact, version: members.map(\.version).max() ?? 0),
                sources: ValueSources(contact, members: members.map(\.contact), links: kept))
        } catch {
            throw Self.editError(error, id: id)
        }
    }

    /// The contact with this id as `ohana show` shows it: aggregated when its card is linked to cards
    /// in other accounts, with where each value comes from (no sources otherwise).
    public func contactWithSources(_ id: ContactID) async throws(AddressBookError) -> (contact: VersionedContact, sources: ValueSources) {
        if let linked = try await linkedContact(id) { return (linked.aggregated, linked.sources) }
        return (try await storedContact(id), ValueSources())
    }

    /// Applies `edit` to the aggregated contact's cards (``route(_:members:primary:)``), checked
    /// against `version` (the aggregated version the edit was made on), one checked write per card changed.
    func editLinked(_ linked: LinkedContact, applying edit: ContactEdit,
                    expecting version: Int64?) async throws(AddressBookError) -> ContactWriteResult {
        try check(linked, expecting: version, attempted: try? linked.aggregated.contact.applying(edit))
        do {
            _ = try linked.aggregated.contact.applying(edit)
        } catch {
            throw Self.editError(error, id: linked.aggregated.contact.id)
        }
        let plans = Self.route(edit, members: linked.members.map(\.contact), primary: linked.link.primary)
        var revisions: [ContactRevision] = []
        for (member, plan) in zip(linked.members, plans) where !plan.isEmpty {
            let changed: Contact
            do {
                changed = try member.contact.applying(plan)
            } catch {
                throw Self.editError(error, id: member.contact.id)
            }
            if let revision = try await writeChecked(.update(changed, expecting: member.version), id: member.contact.id).revision {
                revisions.append(revision)
            }
        }
        return Self.result(stored: try await linkedContact(linked.aggregated.contact.id)?.aggregated, revisions: revisions)
    }

    /// Deletes the aggregated contact's card from one source, or every card.
    func deleteLinked(_ linked: LinkedContact, expecting version: Int64?,
                      _ deletion: LinkedDeletion?) async throws(AddressBookError) -> ContactWriteResult {
        let names = linked.sources.cards.map(\.source)
        guard let deletion else {
            throw AddressBookError(.conflict, "\(linked.aggregated.contact.fullName) has cards in \(names.joined(separator: ", ")): "
                + "say which one to delete it from, or delete it from all")
        }
        try check(linked, expecting: version, attempted: nil)
        let targets: [VersionedContact]
        switch deletion {
        case .everywhere:
            targets = linked.members
        case .card(let source):
            targets = zip(linked.members, names).filter { $0.1 == source }.map(\.0)
            guard !targets.isEmpty else {
                throw AddressBookError(.badRequest, "\(linked.aggregated.contact.fullName) has no card from '\(source)' "
                    + "(its cards come from \(names.joined(separator: ", ")))")
            }
        }
        var revisions: [ContactRevision] = []
        for member in targets {
            if let revision = try await writeChecked(.delete(member.contact.id, expecting: member.version), id: member.contact.id).revision {
                revisions.append(revision)
            }
        }
        let left = linked.members.filter { member in !targets.contains { $0.contact.id == member.contact.id } }
        let stored: VersionedContact? = if left.count > 1 {
            try await linkedContact(left[0].contact.id)?.aggregated
        } else {
            left.first
        }
        return Self.result(stored: stored, revisions: revisions)
    }

    /// One result for the writes of one change on several cards: the last revision, the others before it.
    private static func result(stored: VersionedContact?, revisions: [ContactRevision]) -> ContactWriteResult {
        var result = ContactWriteResult(stored: stored, revision: revisions.last)
        result.otherRevisions = Array(revisions.dropLast())
        return result
    }

    /// A stale version is a conflict with both versions of the aggregated contact.
    private func check(_ linked: LinkedContact, expecting version: Int64?, attempted: Contact?) throws(AddressBookError) {
        guard let version, version != linked.aggregated.version else { return }
        throw Self.editError(ContactStoreError.versionConflict(ContactVersionConflict(
            contactID: linked.aggregated.contact.id, expectedVersion: version, current: linked.aggregated,
            attempted: attempted)), id: linked.aggregated.contact.id)
    }

    /// `edit` split over the cards of an aggregated contact, one edit per member: a part set on
    /// every card that has it (the primary card when none has), a value replaced or removed on
    /// every card holding it (as written there: `(212) 555-0199` for `+1 212 555 0199`, as
    /// ``ValueSources`` tells them the same), values, addresses and tags added on the primary card
    /// only, tags removed from every card.
    static func route(_ edit: ContactEdit, members: [Contact], primary: ContactID) -> [ContactEdit] {
        var plans = members.map { _ in ContactEdit() }
        let first = members.firstIndex { $0.id == primary } ?? 0
        func holders(_ holds: (Contact) -> Bool) -> [Int] { members.indices.filter { holds(members[$0]) } }
        for (part, text) in edit.parts {
            let holding = holders { !($0[editing: part] ?? "").allSatisfy(\.isWhitespace) }
            for index in holding.isEmpty ? [first] : holding { plans[index].parts[part] = text }
        }
        // A card holds a value when it has it as written, or the same value written otherwise (a
        // number with or without its country code, an address in other case): its own writing is changed.
        func written(_ type: ContactFieldType, _ value: String, on card: Contact) -> String? {
            if (try? card.applying(ContactEdit(removals: [.init(type: type, value: value)]))) != nil { return value }
            let wanted = ContactField(type: type, value: value)
            return card.fields.first { $0.type == type && ValueSources.same($0, wanted) }?.value
        }
        for replacement in edit.replacements {
            for index in members.indices {
                guard let own = written(replacement.type, replacement.old, on: members[index]) else { continue }
                var routed = replacement
                routed.old = own
                plans[index].replacements.append(routed)
            }
        }
        for removal in edit.removals {
            for index in members.indices {
                guard let own = written(removal.type, removal.value, on: members[index]) else { continue }
                plans[index].removals.append(.init(type: removal.type, value: own))
            }
        }
        for address in edit.removedAddresses {
            for index in holders({ (try? $0.applying(ContactEdit(removedAddresses: [address]))) != nil }) {
                plans[index].removedAddresses.append(address)
            }
        }
        for tag in edit.removedTags {
            for index in holders({ $0.tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } }) {
                plans[index].removedTags.append(tag)
            }
        }
        plans[first].additions = edit.additions
        plans[first].addedAddresses = edit.addedAddresses
        plans[first].addedTags = edit.addedTags
        return plans
    }
}
