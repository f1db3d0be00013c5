import Foundation
import Ohana

/// One row of a list: a contact, or for a phone-number picker one of its numbers.
public struct ContactRow: Codable, Sendable {
    /// The row's id (a contact id, or `<contact id>#<n>` for one number of a contact).
    public var id: String
    /// The id of the contact the row shows.
    public var contactID: String
    /// The name to show.
    public var name: String
    /// A second line: the row's number or address, else the first phone, email or organization.
    public var subtitle: String?
    /// Whether the contact has a photo (at `/api/contacts/<contactID>/photo`).
    public var hasPhoto: Bool
    /// The index section the row is in.
    public var section: String
    /// Whether the row is selected (picker sessions only).
    public var selected: Bool?
}

/// A section of the index: its title and where its rows start.
public struct SectionEntry: Codable, Sendable {
    /// The section's title, such as `A`, `Ω`, `ㄱ`, `漢` or `#`.
    public var title: String
    /// The offset of the section's first row in the whole list.
    public var offset: Int
    /// How many rows the section has.
    public var count: Int
}

/// A page of a list.
public struct ContactPage: Codable, Sendable {
    /// The name order of the list.
    public var order: String
    /// The offset of the first row of the page.
    public var offset: Int
    /// The most rows the page could hold.
    public var limit: Int
    /// The number of rows in the whole list.
    public var total: Int
    /// The index of the whole list.
    public var sections: [SectionEntry]
    /// The page's rows.
    public var contacts: [ContactRow]
}

/// A piece of matched text; the matched pieces are the ones to highlight.
public struct TextSegment: Codable, Sendable, Equatable {
    /// The text of the piece.
    public var text: String
    /// Whether the piece matched the query.
    public var match: Bool
}

/// One search result: the row and the highlighted text it matched in.
public struct SearchHit: Codable, Sendable {
    /// The matching row.
    public var contact: ContactRow
    /// Where it matched: `name`, or the field type (`phoneNumber`, `emailAddress`, ...).
    public var matchedIn: String
    /// The field's label, when it matched in a labeled field.
    public var label: String?
    /// The matched text, cut into matched and unmatched pieces.
    public var segments: [TextSegment]
}

/// The answer to a search.
public struct SearchResults: Codable, Sendable {
    /// The query, as received.
    public var query: String
    /// How many rows matched.
    public var total: Int
    /// The first matches, in list order.
    public var results: [SearchHit]
}

/// A phone number field's parse result, as the detail view shows it.
public struct PhoneInfo: Codable, Sendable {
    /// Whether libphonenumber could parse it.
    public var parsed: Bool
    /// Whether it is a valid number.
    public var valid: Bool
    /// The international form, when parsed.
    public var international: String?
    /// The E.164 form, when parsed.
    public var e164: String?
    /// The region, when known.
    public var region: String?
    /// Why it could not be parsed or is invalid.
    public var problem: String?
}

/// A field as the detail view shows it.
public struct FieldDetail: Codable, Sendable {
    /// The field type's raw value.
    public var type: String
    /// The field type in words.
    public var typeName: String
    /// The label, as written.
    public var label: String?
    /// The value, as written.
    public var value: String
    /// Whether the source marked it preferred.
    public var preferred: Bool
    /// The phone number details, for phone numbers.
    public var phone: PhoneInfo?
    /// The source's parameters, as `NAME=v1,v2`.
    public var parameters: [String]
}

/// A postal address as the detail view shows it.
public struct AddressDetail: Codable, Sendable {
    /// The label, as written.
    public var label: String?
    /// Whether the source marked it preferred.
    public var preferred: Bool
    /// The address as lines: street, extended address, PO box, "postal code city", region, country.
    public var lines: [String]
}

/// Everything about one contact, for the detail view.
public struct ContactDetail: Codable, Sendable {
    /// The contact's id.
    public var id: String
    /// The full name.
    public var name: String
    /// Name parts and other single values, as (label, value) pairs in display order.
    public var properties: [[String]]
    /// The fields, in order.
    public var fields: [FieldDetail]
    /// The postal addresses, in order.
    public var addresses: [AddressDetail]
    /// Tags.
    public var tags: [String]
    /// Whether there is a photo.
    public var hasPhoto: Bool
    /// Where the contact came from, as `provider` or `provider: record`.
    public var sources: [String]
    /// Properties from the source the model has no slot for, as (name, value) pairs.
    public var unmapped: [[String]]
    /// Ids of contacts merged into this one.
    public var mergedContactIDs: [String]
    /// The recorded members of a merged contact the store can split again; empty otherwise.
    public var mergedMembers: [ContactRow] = []
    /// The single-valued parts an edit sets (``Ohana/ContactEdit/Part`` raw values, such as
    /// `givenName` or `note`) as stored; a part the contact lacks is absent. The edit form starts from them.
    public var parts: [String: String] = [:]
    /// The contact's version in the store (the `ETag` of `GET /api/contacts/ID`, the `If-Match`
    /// an edit names); `nil` for a contact not read from the store, such as the one a refused edit would have stored.
    public var version: Int64?
    /// For a contact with cards in several accounts: its cards and where each field and address comes from.
    public var valueSources: ValueSources?
}

/// One count of the statistics chart.
public struct ChartBar: Codable, Sendable {
    /// What is counted.
    public var label: String
    /// The count.
    public var count: Int
}

/// Address book statistics for the chart.
public struct StatisticsReport: Codable, Sendable {
    /// The number of contacts.
    public var contactCount: Int
    /// The number of fields per field type.
    public var fieldCounts: [ChartBar]
    /// Contacts with neither a phone number nor an email address.
    public var contactsWithoutPhoneOrEmail: Int
    /// Contacts with a postal address.
    public var contactsWithPostalAddress: Int
    /// Contacts with a photo.
    public var contactsWithPhoto: Int
    /// Phone numbers that could not be parsed or are invalid.
    public var invalidPhoneNumbers: Int
    /// Contacts in duplicate clusters still waiting for a decision, and the clusters.
    public var duplicateContacts: Int
    /// Duplicate clusters found (pending a decision).
    public var duplicateClusters: Int
    /// All bars of the chart, in display order.
    public var chart: [ChartBar]
}

/// A selection rule of a picker.
public struct FilterDescription: Codable, Sendable {
    /// The filter's name, as refusals name it.
    public var name: String
    /// What it allows, in words.
    public var summary: String
}

/// A picker the page offers.
public struct PickerDescription: Codable, Sendable {
    /// The picker's id.
    public var id: String
    /// Its title.
    public var title: String
    /// What it is for.
    public var summary: String
    /// Its selection filters, in order.
    public var filters: [FilterDescription]
    /// The post processors shaping its rows, by name.
    public var postProcessors: [String]
}

/// The pickers the page offers.
public struct PickerList: Codable, Sendable {
    /// The pickers.
    public var pickers: [PickerDescription]

    /// Creates a list.
    public init(pickers: [PickerDescription]) {
        self.pickers = pickers
    }
}

/// A refused selection or deselection.
public struct RefusalReport: Codable, Sendable {
    /// The refused row's id.
    public var id: String
    /// The refused row's name.
    public var name: String
    /// The filter that refused.
    public var filter: String
    /// Why.
    public var reason: String
    /// "<name>: refused by <filter>: <reason>".
    public var message: String
}

/// The state of a picker session.
public struct SessionState: Codable, Sendable {
    /// The session's id.
    public var session: String
    /// The picker.
    public var picker: PickerDescription
    /// The selected rows, in selection order.
    public var selected: [ContactRow]
    /// What the last request changed (row ids), for select and deselect.
    public var changed: [String]
    /// What the last request's filters refused.
    public var refusals: [RefusalReport]
}

/// A page of a picker session's rows.
public struct SessionPage: Codable, Sendable {
    /// The session's id.
    public var session: String
    /// The offset of the first row.
    public var offset: Int
    /// The number of rows matching (all, or those matching the query).
    public var total: Int
    /// The rows.
    public var rows: [ContactRow]
    /// Highlighted text per row id, when a query was given.
    public var highlights: [String: [TextSegment]]
}

/// A request body naming rows by id.
public struct RowIDs: Codable, Sendable {
    /// The ids.
    public var ids: [String]

    /// Creates a body naming rows.
    public init(ids: [String]) { self.ids = ids }
}

/// A request body for creating a picker session.
public struct NewSession: Codable, Sendable {
    /// The picker's id.
    public var picker: String
    /// The name order of the rows (`fullName`, `firstName`, `lastName`); `fullName` when missing.
    public var order: String?

    /// Creates a body for a picker and an optional name order.
    public init(picker: String, order: String? = nil) {
        self.picker = picker
        self.order = order
    }
}

/// A duplicate cluster as the merge review shows it.
public struct ClusterReport: Codable, Sendable {
    /// The cluster's stable id.
    public var id: String
    /// The decision taken so far.
    public var decision: MergeDecision
    /// Why the contacts look like one person.
    public var reasons: [String]
    /// The contacts of the cluster.
    public var contacts: [ContactRow]
}

/// The merge review: every cluster found and the decisions.
public struct MergeReport: Codable, Sendable {
    /// The clusters, pending first.
    public var clusters: [ClusterReport]
    /// Clusters not decided yet.
    public var pending: Int
    /// Clusters accepted for merging.
    public var accepted: Int
    /// Clusters kept apart.
    public var keptApart: Int
    /// The merged contacts in the store that can be split again, by name.
    public var merged: [MergedContactReport]
    /// The file the decisions are kept in: the contact store itself.
    public var decisionsFile: String
}

/// What applying the accepted merges did.
public struct MergeApplyResult: Codable, Sendable {
    /// How many clusters were merged.
    public var mergedClusters: Int
    /// How many contacts the store held before.
    public var contactsBefore: Int
    /// How many it holds after.
    public var contactsAfter: Int
    /// The outcome in words.
    public var message: String
}
