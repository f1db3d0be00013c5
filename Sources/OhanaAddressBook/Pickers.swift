import Foundation
import Ohana

/// A picker of the web page, configured from the library's post processors and selection
/// filters (the pickers of Ohana's example app).
public struct Picker: Sendable {
    /// The picker's id in the API.
    public let id: String
    /// Its title.
    public let title: String
    /// What it is for.
    public let summary: String
    /// The post processors that shape its rows.
    public let postProcessors: [any ContactsPostProcessor]
    /// Its selection filters, with a summary of each.
    public let filters: [(filter: any ContactsSelectionFilter, summary: String)]

    /// Any number of contacts.
    public static let multiple = Picker(
        id: "multiple", title: "Contacts", summary: "Pick any number of contacts.", postProcessors: [], filters: [])

    /// At most three contacts (``MaximumSelectedCount``).
    public static let atMostThree = Picker(
        id: "atMostThree", title: "At most three", summary: "Pick up to three contacts.", postProcessors: [],
        filters: [(MaximumSelectedCount(3), "at most 3 contacts can be selected")])

    /// One row per phone number (``SplitOnFieldType``); only rows with a number (``RequiredFieldSelection``).
    public static let phoneNumbers = Picker(
        id: "phoneNumbers", title: "Phone numbers", summary: "Pick phone numbers, one row per number.",
        postProcessors: [SplitOnFieldType(.phoneNumber)],
        filters: [(RequiredFieldSelection(.phoneNumber), "only rows with a phone number")])

    /// Contacts with a phone number or an email address (``SelectionPredicate``).
    public static let phoneOrEmail = Picker(
        id: "phoneOrEmail", title: "Phone or email", summary: "Pick contacts that can be reached by phone or email.",
        postProcessors: [],
        filters: [(
            SelectionPredicate(name: "PhoneOrEmail", reason: "has neither a phone number nor an email address") { contact in
                contact.fields.contains { ($0.type == .phoneNumber || $0.type == .emailAddress) && !$0.value.allSatisfy(\.isWhitespace) }
            },
            "only contacts with a phone number or an email address"
        )])

    /// Text message recipients: mobile numbers only, one row per number, at most ten.
    public static let textRecipients = Picker(
        id: "textRecipients", title: "Text recipients", summary: "Pick up to ten mobile numbers for a text message.",
        postProcessors: [SplitOnFieldType(.phoneNumber)],
        filters: [
            (SelectionPredicate(name: "MobileNumber", reason: "is not a mobile number") { contact in
                contact.phoneNumbers.contains { $0.label?.isMobile ?? false }
            }, "only numbers labeled mobile"),
            (MaximumSelectedCount(10), "at most 10 numbers can be selected"),
        ])

    /// Every picker the page offers, in order.
    public static let all: [Picker] = [multiple, atMostThree, phoneNumbers, phoneOrEmail, textRecipients]

    /// The picker as the API describes it.
    public var descriptor: PickerDescription {
        PickerDescription(
            id: id, title: title, summary: summary,
            filters: filters.map { FilterDescription(name: $0.filter.name, summary: $0.summary) },
            postProcessors: postProcessors.map(\.name))
    }
}

/// One picker in use: a data source over the address book's contacts with the picker's post
/// processors and filters, holding the selection.
struct PickerSession: Sendable {
    let id: String
    let picker: Picker
    let dataSource: ContactsDataSource
    let rows: [Contact]
    let sections: [String]
    let rowsByID: [String: Contact]

    init(picker: Picker, contacts: [Contact], sectionOf: (Contact) -> String) async throws(AddressBookError) {
        self.id = UUID().uuidString.lowercased()
        self.picker = picker
        dataSource = ContactsDataSource(
            providers: [InMemoryContactsProvider(identifier: "addressbook", contacts: contacts)],
            postProcessors: picker.postProcessors,
            selectionFilters: picker.filters.map(\.filter))
        do {
            try await dataSource.load()
        } catch {
            throw AddressBookError(.internalError, "cannot prepare the picker: \(error)")
        }
        rows = dataSource.contacts
        sections = rows.map(sectionOf)
        rowsByID = Dictionary(rows.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func state(changed: [Contact], refusals: [SelectionRefusal]) -> SessionState {
        SessionState(
            session: id, picker: picker.descriptor,
            selected: dataSource.selectedContacts.map { AddressBook.row($0, section: SectionKey(name: $0.fullName).title, selected: true) },
            changed: changed.map(\.id.rawValue),
            refusals: refusals.map {
                RefusalReport(
                    id: $0.contact.id.rawValue, name: $0.contact.fullName, filter: $0.filterName, reason: $0.reason,
                    message: $0.description)
            })
    }

    func page(query: String, offset: Int, limit: Int) -> SessionPage {
        let selected = Set(dataSource.selectedContacts.map(\.id))
        var highlights: [String: [TextSegment]] = [:]
        var indices: [Int]
        if query.allSatisfy(\.isWhitespace) {
            indices = Array(rows.indices)
        } else {
            // The address book's one meaning of a query (``QueryMatcher``), over the rows in their order.
            var matcher = QueryMatcher(query)
            let matches = rows.indices.compactMap { index in matcher.matchAnywhere(rows[index]).map { (index, $0) } }
            indices = matches.map(\.0)
            for (_, match) in matches.dropFirst(min(offset, matches.count)).prefix(limit) {
                highlights[match.contact.id.rawValue] = AddressBook.segments(match.text, match.matchedOffsets)
            }
        }
        let start = min(offset, indices.count)
        let end = min(start + limit, indices.count)
        let page = indices[start..<end].map { AddressBook.row(rows[$0], section: sections[$0], selected: selected.contains(rows[$0].id)) }
        return SessionPage(session: id, offset: start, total: indices.count, rows: page, highlights: highlights)
    }

    func change(_ ids: [String], selecting: Bool) throws(AddressBookError) -> SessionState {
        var requested: [Contact] = []
        for id in ids {
            guard let row = rowsByID[id] else {
                throw AddressBookError(.notFound, "picker session '\(self.id)' has no row with id '\(id)'")
            }
            requested.append(row)
        }
        let change = selecting ? dataSource.select(requested) : dataSource.deselect(requested)
        return state(changed: change.changed, refusals: change.refusals)
    }
}
