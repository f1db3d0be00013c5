import Foundation
import Ohana
import OhanaPhoneNumbers
import OhanaStore

/// The values the person looked at in the review and chose to keep as they are: they are not
/// listed again. Kept in the store (``ContactStoreService/reviewKeptSetting``).
public struct ReviewKeptValues: Codable, Hashable, Sendable {
    /// One kept item: a value of a contact (or, for a contact without a name, the contact).
    public struct Entry: Codable, Hashable, Sendable {
        /// The kind of item.
        public var kind: AttentionReport.Kind
        /// The contact.
        public var contactID: String
        /// The value kept as written; `nil` for the contact itself.
        public var value: String?

        /// Creates an entry.
        public init(kind: AttentionReport.Kind, contactID: String, value: String?) {
            self.kind = kind
            self.contactID = contactID
            self.value = value
        }
    }

    /// The kept items.
    public var entries: Set<Entry>

    /// Creates the kept values.
    public init(entries: Set<Entry> = []) {
        self.entries = entries
    }

    /// Whether the person kept this item.
    public func contains(_ item: AttentionReport.Item) -> Bool {
        entries.contains(Entry(kind: item.kind, contactID: item.contactID, value: item.kind == .noName ? nil : item.value))
    }
}

/// What to do with review items: delete them (a junk number or email value from its contact; a
/// contact without a name whole), or keep them as they are and stop listing them.
public enum ReviewAction: String, Codable, Sendable, CaseIterable {
    /// Remove the value (or the nameless contact): an edit of its own, journaled and undoable.
    case delete
    /// Keep it as it is; the review no longer lists it.
    case keep
}

/// What acting on review items did.
public struct ReviewActionResult: Codable, Hashable, Sendable {
    /// How many items were acted on.
    public var items: Int
    /// The revisions the deletions recorded (one per contact changed), to undo them with.
    public var revisions: [Int64]

    /// Creates a result.
    public init(items: Int, revisions: [Int64]) {
        self.items = items
        self.revisions = revisions
    }
}

extension AttentionReport {
    /// The report without the items the person kept.
    public func omitting(_ kept: ReviewKeptValues) -> AttentionReport {
        guard !kept.entries.isEmpty else { return self }
        var report = self
        report.items = items.filter { !kept.contains($0) }
        report.counts = counts.map { Count(kind: $0.kind, count: report.items(of: $0.kind).count) }
        return report
    }
}

extension ContactStoreService {
    /// The store setting that keeps the values the person kept in the review.
    public static let reviewKeptSetting = "ohana.reviewKept"

    /// The values the person kept in the review (none when never).
    public func reviewKeptValues() async throws -> ReviewKeptValues {
        guard let data = try await store.setting(Self.reviewKeptSetting) else { return ReviewKeptValues() }
        return try JSONDecoder().decode(ReviewKeptValues.self, from: data)
    }

    /// Deletes or keeps review items of one kind (``AttentionReport/Kind/junkNumber``,
    /// ``AttentionReport/Kind/invalidEmail`` or ``AttentionReport/Kind/noName``): every item of
    /// that kind in `report`, or only those of `contactID` (and with `value`, that value).
    /// Deleting is one checked edit per contact (undoable with ``undoRevision(_:expecting:)``);
    /// keeping is remembered in the store. Throws ``AddressBookError/Kind/badRequest`` for a kind
    /// without these actions, ``AddressBookError/Kind/notFound`` when nothing matches.
    public func act(_ action: ReviewAction, on kind: AttentionReport.Kind, in report: AttentionReport,
                    contactID: String? = nil, value: String? = nil) async throws -> ReviewActionResult {
        guard [.junkNumber, .invalidEmail, .noName].contains(kind) else {
            throw AddressBookError(.badRequest, "\(kind.rawValue) is decided by choosing a country, not deleted or kept")
        }
        let chosen = report.items(of: kind).filter { item in
            (contactID.map { $0 == item.contactID } ?? true) && (value.map { $0 == item.value } ?? true)
        }
        guard !chosen.isEmpty else {
            throw AddressBookError(.notFound, "no \(kind.rawValue) item" + (contactID.map { " of contact '\($0)'" } ?? "")
                + (value.map { " with the value \"\($0)\"" } ?? "") + " in the review")
        }
        switch action {
        case .keep:
            var kept = try await reviewKeptValues()
            for item in chosen {
                kept.entries.insert(.init(kind: kind, contactID: item.contactID, value: kind == .noName ? nil : item.value))
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try await store.setSetting(try encoder.encode(kept), for: Self.reviewKeptSetting)
            return ReviewActionResult(items: chosen.count, revisions: [])
        case .delete:
            var revisions: [Int64] = []
            var byContact: [(id: String, values: [String])] = []
            for item in chosen {
                if let last = byContact.last, last.id == item.contactID {
                    byContact[byContact.count - 1].values.append(item.value ?? "")
                } else {
                    byContact.append((item.contactID, [item.value ?? ""]))
                }
            }
            for (id, values) in byContact {
                let result: ContactWriteResult
                if kind == .noName {
                    result = try await deleteCard(ContactID(rawValue: id))
                } else {
                    let type: ContactFieldType = kind == .junkNumber ? .phoneNumber : .emailAddress
                    let removals = Array(Set(values)).sorted().map { ContactEdit.Removal(type: type, value: $0) }
                    result = try await editCard(ContactID(rawValue: id), applying: ContactEdit(removals: removals))
                }
                if let number = result.revision?.number { revisions.append(number) }
            }
            return ReviewActionResult(items: chosen.count, revisions: revisions)
        }
    }

    /// Writes every resolved phone number in international form (`030 1234567` becomes
    /// `+49 30 1234567` when its country is known), so that a sync pushes numbers that read the
    /// same anywhere. Numbers no evidence places, ambiguous or junk ones stay as written. One
    /// checked edit per contact changed (undoable), keeping each number's label, group and place.
    /// Explicit: nothing calls it on its own.
    public func writeResolvedNumbersInternationally(region: String? = nil) async throws -> ReviewActionResult {
        let region = region?.uppercased() ?? RegionCodes.defaultRegion
        let formatting = PhoneNumberFormatting(formats: [.international], defaultRegion: region, regionChoices: try await regionChoices())
        var resolver = PhoneNumberResolver(formats: [.international])
        var numbers = 0
        var revisions: [Int64] = []
        for stored in try await store.allContacts(order: .insertion) {
            var formatted = stored
            formatting.format(&formatted, resolver: &resolver)
            var seen: Set<String> = []
            let replacements = formatted.phoneNumbers.compactMap { field -> ContactEdit.Replacement? in
                guard let details = field.phoneNumber, details.isResolved, let international = details.international,
                      international != field.value, seen.insert(field.value).inserted else { return nil }
                return ContactEdit.Replacement(type: .phoneNumber, old: field.value, new: international)
            }
            guard !replacements.isEmpty else { continue }
            let result = try await editCard(stored.id, applying: ContactEdit(replacements: replacements))
            numbers += replacements.count
            if let number = result.revision?.number { revisions.append(number) }
        }
        return ReviewActionResult(items: numbers, revisions: revisions)
    }
}
