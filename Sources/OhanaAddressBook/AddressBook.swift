import Foundation
import Logging
import Ohana
import OhanaPhoneNumbers
import OhanaStore

/// What went wrong with a request to the address book; the server maps each kind to an HTTP status.
public struct AddressBookError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable {
        /// The request was malformed or asked for something impossible (400).
        case badRequest
        /// What the request named does not exist (404).
        case notFound
        /// The request conflicts with the current state (409).
        case conflict
        /// The contact changed since the version the request was made on (412): ``AddressBookError/conflict`` has both versions.
        case preconditionFailed
        /// The server failed (500).
        case internalError
    }

    /// The kind of failure.
    public var kind: Kind
    /// What went wrong, in one line.
    public var message: String
    /// For ``Kind/preconditionFailed``: the version the request was made on and the contact as stored now.
    public var conflict: ContactVersionConflict?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// A list in one name order with its section index, built once per load.
struct SortedList: Sendable {
    var contacts: [Contact]
    var sections: [SectionEntry]
    var sectionOfRow: [String]

    /// Orders the contacts the one list order (``ContactOrdering``), then notes where each index
    /// section starts. Complexity: O(n log n).
    init(_ contacts: [Contact], ordering: ContactOrdering) {
        let grouped = ordering.sortedWithSections(contacts)
        self.contacts = grouped.map(\.contact)
        self.sectionOfRow = grouped.map(\.section)
        var sections: [SectionEntry] = []
        for (offset, title) in sectionOfRow.enumerated() {
            if let last = sections.last, last.title == title {
                sections[sections.count - 1].count += 1
            } else {
                sections.append(SectionEntry(title: title, offset: offset, count: 1))
            }
        }
        self.sections = sections
    }
}

/// The web address book's state: the store's contacts (phone numbers formatted), lists in each
/// name order, picker sessions and merge review. One per server; safe to use from any task.
public actor AddressBook {
    /// The contact store the address book shows and writes merges to (SQLite or PostgreSQL).
    public let store: any ContactStorage
    /// The locale whose collation orders names.
    public let locale: Locale
    /// The region assumed for phone numbers written without a country code, by the page's phone
    /// formatting and by the merge review alike.
    public let region: String
    /// The most picker sessions kept at once; the least recently used is dropped beyond it.
    public let maximumSessionCount: Int

    let logger: Logger
    var contacts: [Contact] = []
    var byID: [ContactID: Contact] = [:]
    /// The recorded members of each merged contact the store can split, by merged contact.
    var mergedMembers: [ContactID: [Contact]] = [:]
    var lists: [AlphabeticalSort.Mode: SortedList] = [:]
    private var sessions: [String: PickerSession] = [:]
    private var sessionUse: [String: UInt64] = [:]
    private var useCounter: UInt64 = 0
    /// The store's change token when the contacts were last loaded.
    var loadedToken: ChangeToken?
    /// The links between accounts as loaded (with any, changes are caught up by reloading).
    var loadedLinks = ContactLinks()
    var linksLoaded: Bool { !loadedLinks.links.isEmpty }
    /// The review items the person kept as they are (not listed again).
    var reviewKept = ReviewKeptValues()
    var review: MergeReview
    /// How the loaded contacts' phone numbers were formatted (the region choices as last read).
    var phoneFormatting: PhoneNumberFormatting

    /// Creates the address book on a store; call ``reload()`` before serving.
    ///
    /// - Parameters:
    ///   - store: The contact store.
    ///   - locale: The collation locale for sorting names.
    ///   - region: The default region for phone numbers (``RegionCodes/defaultRegion`` when `nil`).
    ///   - maximumSessionCount: The most picker sessions kept at once.
    public init(
        store: any ContactStorage, locale: Locale = ContactOrdering.defaultLocale, region: String? = nil,
        maximumSessionCount: Int = 64, logger: Logger = Logger(label: "ohana.serve")
    ) {
        self.store = store
        self.locale = locale
        self.region = (region?.uppercased()).flatMap { $0.isEmpty ? nil : $0 } ?? RegionCodes.defaultRegion
        self.maximumSessionCount = max(1, maximumSessionCount)
        self.logger = logger
        self.review = MergeReview(store: store, region: self.region)
        self.phoneFormatting = Self.formatting(region: self.region, choices: PhoneRegionChoices())
    }

    /// The phone formatting of the page and the merge review: every form, `region` by default,
    /// the person's region choices applied.
    static func formatting(region: String, choices: PhoneRegionChoices) -> PhoneNumberFormatting {
        PhoneNumberFormatting(formats: [.e164, .international, .national], defaultRegion: region, regionChoices: choices)
    }

    // MARK: Loading

    /// Loads the contacts from the store (formatting phone numbers) and rebuilds lists and the
    /// merge analysis; picker sessions are dropped.
    public func reload() async throws {
        let stored: [Contact]
        let members: [ContactID: [Contact]]
        let token: ChangeToken
        let choices: PhoneRegionChoices
        let links: ContactLinks
        do {
            token = try await store.currentChangeToken()
            stored = try await store.allContacts(order: .insertion)
            links = try await ContactLinks.load(from: store)
            members = try await store.allMergedMembers()
            choices = try await ContactStoreService(store: store).regionChoices()
            reviewKept = try await ContactStoreService(store: store).reviewKeptValues()
        } catch {
            throw AddressBookError(.internalError, "cannot read the contact store: \(error)")
        }
        // Cards linked across accounts are shown as one aggregated contact.
        var formatted = AggregatedContacts(stored, links: links).contacts
        loadedLinks = links
        let formatting = Self.formatting(region: region, choices: choices)
        for index in formatted.indices { formatting.format(&formatted[index]) }
        contacts = formatted
        phoneFormatting = formatting
        mergedMembers = members
        byID = Dictionary(formatted.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        lists = [:]
        sessions = [:]
        sessionUse = [:]
        var review = MergeReview(store: store, region: region)
        try await review.load()
        try await review.analyze(formatted)
        self.review = review
        loadedToken = token
        logger.info("loaded", metadata: ["contacts": "\(formatted.count)"])
    }

    /// Brings the address book up to date with what other processes wrote to the store since it
    /// was loaded (another `ohana serve` on the same PostgreSQL database, an import, a sync): when
    /// the store's change token moved or the links between accounts changed, everything is reloaded
    /// (``reload()``); when only the merge decisions changed, the clusters show the new ones. A few
    /// cheap queries when nothing changed.
    public func refreshIfChanged() async throws {
        let token: ChangeToken
        let decisions: ContactMergeDecisions
        do {
            token = try await store.currentChangeToken()
            if token != loadedToken { return try await reload() }
            // Links decided by another process (`ohana links`) change which contacts are shown.
            if try await ContactLinks.load(from: store) != loadedLinks { return try await reload() }
            decisions = try await store.mergeDecisions()
        } catch let error as AddressBookError {
            throw error
        } catch {
            throw AddressBookError(.internalError, "cannot read the contact store: \(error)")
        }
        if decisions != review.decisions { review.adopt(decisions) }
    }

    /// The number of contacts loaded.
    public var contactCount: Int { contacts.count }

    func list(_ order: AlphabeticalSort.Mode) -> SortedList {
        if let list = lists[order] { return list }
        let list = SortedList(contacts, ordering: ContactOrdering(order, locale: locale))
        lists[order] = list
        return list
    }

    func contactIfPresent(_ id: ContactID) -> Contact? { byID[id] }

    func contact(withID id: String) throws(AddressBookError) -> Contact {
        guard let contact = byID[ContactID(rawValue: id)] else {
            throw AddressBookError(.notFound, "no contact with id '\(id)'")
        }
        return contact
    }

    // MARK: Browse and search

    /// A page of the list in a name order, with the whole list's section index.
    public func page(order: AlphabeticalSort.Mode, offset: Int, limit: Int) -> ContactPage {
        let list = list(order)
        let start = min(offset, list.contacts.count)
        let end = min(start + limit, list.contacts.count)
        let rows = (start..<end).map { Self.row(list.contacts[$0], section: list.sectionOfRow[$0]) }
        return ContactPage(
            order: order.rawValue, offset: start, limit: limit, total: list.contacts.count,
            sections: list.sections, contacts: rows)
    }

    /// The contacts matching a query through the library's one search (``ContactFinder``, on the
    /// store's indexes), best first, with the matched text cut into highlighted pieces.
    public func search(_ query: String, order: AlphabeticalSort.Mode, limit: Int) async throws(AddressBookError) -> SearchResults {
        let finder = ContactFinder(ordering: ContactOrdering(order, locale: locale), region: region)
        let found: ContactFinder.Results
        do {
            found = try await finder.search(query, in: store, limit: limit)
        } catch {
            throw AddressBookError(.internalError, "cannot search the contact store: \(error)")
        }
        let hits = found.matches.map { match in
            // The row shows the loaded contact (its numbers formatted) when it is loaded.
            let shown = byID[match.contact.id] ?? match.contact
            return Self.hit(match, row: Self.row(shown, section: SectionKey(name: order.sortName(of: shown)).title))
        }
        return SearchResults(query: query, total: found.total, results: hits)
    }

    /// Everything about one contact as stored now, with its version (what an edit names in `If-Match`).
    /// A contact with cards in several accounts is shown aggregated, with where each value comes from.
    public func detail(id: String) async throws(AddressBookError) -> ContactDetail {
        let service = ContactStoreService(store: store)
        guard let linked = try await service.linkedContact(ContactID(rawValue: id)) else {
            return detail(of: try await service.versionedContact(ContactID(rawValue: id)))
        }
        var detail = detail(of: linked.aggregated)
        detail.valueSources = linked.sources
        return detail
    }

    /// A contact's photo and its media type.
    public func photo(id: String) throws(AddressBookError) -> Photo {
        guard let photo = try contact(withID: id).photo else {
            throw AddressBookError(.notFound, "contact '\(id)' has no photo")
        }
        return photo
    }

    /// Counts for the statistics chart.
    public func statistics() -> StatisticsReport {
        let summary = AddressBookSummary(contacts)
        let pending = review.pendingClusters
        let plural: [ContactFieldType: String] = [
            .phoneNumber: "phone numbers", .emailAddress: "email addresses", .url: "URLs",
            .instantMessage: "messaging addresses", .other: "other fields",
        ]
        let fieldBars = ContactFieldType.allCases.map {
            ChartBar(label: plural[$0] ?? $0.rawValue, count: summary.fieldCounts[$0] ?? 0)
        }
        let duplicates = pending.reduce(0) { $0 + $1.memberIDs.count }
        let chart = [ChartBar(label: "contacts", count: summary.contactCount)] + fieldBars + [
            ChartBar(label: "without phone or email", count: summary.contactsWithoutPhoneOrEmail),
            ChartBar(label: "invalid phone numbers", count: summary.invalidPhoneNumbers),
            ChartBar(label: "duplicates found", count: duplicates),
            ChartBar(label: "with postal address", count: summary.contactsWithPostalAddress),
            ChartBar(label: "with photo", count: summary.contactsWithPhoto),
        ]
        return StatisticsReport(
            contactCount: summary.contactCount, fieldCounts: fieldBars,
            contactsWithoutPhoneOrEmail: summary.contactsWithoutPhoneOrEmail,
            contactsWithPostalAddress: summary.contactsWithPostalAddress,
            contactsWithPhoto: summary.contactsWithPhoto, invalidPhoneNumbers: summary.invalidPhoneNumbers,
            duplicateContacts: duplicates, duplicateClusters: pending.count, chart: chart)
    }

    // MARK: Picker sessions

    /// Starts a picker session: its own data source over the loaded contacts with the picker's
    /// post processors and selection filters.
    public func startSession(picker id: String, order: AlphabeticalSort.Mode) async throws(AddressBookError) -> SessionState {
        guard let picker = Picker.all.first(where: { $0.id == id }) else {
            throw AddressBookError(.badRequest, "unknown picker '\(id)'; known pickers: \(Picker.all.map(\.id).joined(separator: ", "))")
        }
        let list = list(order)
        let session = try await PickerSession(picker: picker, contacts: list.contacts, sectionOf: { SectionKey(name: order.sortName(of: $0)).title })
        if sessions.count >= maximumSessionCount, let oldest = sessionUse.min(by: { $0.value < $1.value })?.key {
            sessions[oldest] = nil
            sessionUse[oldest] = nil
        }
        sessions[session.id] = session
        touch(session.id)
        return session.state(changed: [], refusals: [])
    }

    func session(_ id: String) throws(AddressBookError) -> PickerSession {
        guard let session = sessions[id] else {
            throw AddressBookError(.notFound, "no picker session '\(id)' (it may have expired; start a new one)")
        }
        touch(id)
        return session
    }

    private func touch(_ id: String) {
        useCounter += 1
        sessionUse[id] = useCounter
    }

    /// A session's current selection.
    public func sessionState(_ id: String) throws(AddressBookError) -> SessionState {
        try session(id).state(changed: [], refusals: [])
    }

    /// A page of a session's rows, optionally only those matching a query.
    public func sessionRows(_ id: String, query: String, offset: Int, limit: Int) throws(AddressBookError) -> SessionPage {
        try session(id).page(query: query, offset: offset, limit: limit)
    }

    /// Selects rows in a session; refusals name the filter and the reason.
    public func select(_ ids: [String], inSession id: String) throws(AddressBookError) -> SessionState {
        try session(id).change(ids, selecting: true)
    }

    /// Deselects rows in a session; refusals name the filter and the reason.
    public func deselect(_ ids: [String], inSession id: String) throws(AddressBookError) -> SessionState {
        try session(id).change(ids, selecting: false)
    }

    /// Clears a session's selection.
    public func clearSelection(inSession id: String) throws(AddressBookError) -> SessionState {
        let session = try session(id)
        session.dataSource.clearSelection()
        return session.state(changed: [], refusals: [])
    }

    /// Ends a session.
    public func endSession(_ id: String) throws(AddressBookError) {
        guard sessions.removeValue(forKey: id) != nil else {
            throw AddressBookError(.notFound, "no picker session '\(id)'")
        }
        sessionUse[id] = nil
    }

    /// The selected contacts of a session, in selection order.
    public func selection(inSession id: String) throws(AddressBookError) -> [Contact] {
        try session(id).dataSource.selectedContacts
    }

    // MARK: Rows

    static func row(_ contact: Contact, section: String, selected: Bool? = nil) -> ContactRow {
        let source = contact.customProperties[SplitOnFieldType.sourceContactIDKey]?.stringValue ?? contact.id.rawValue
        let subtitle = contact.phoneNumbers.first.map(\.value) ?? contact.emailAddresses.first.map(\.value)
            ?? contact.organization.flatMap { $0 == contact.fullName ? nil : $0 }
        return ContactRow(
            id: contact.id.rawValue, contactID: source, name: contact.fullName.isEmpty ? "(no name)" : contact.fullName,
            subtitle: subtitle, hasPhoto: contact.photo != nil, section: section, selected: selected)
    }

    static func hit(_ match: ContactMatch, row: ContactRow) -> SearchHit {
        var matchedIn = "name"
        var label: String?
        if case .field(let index) = match.location, match.contact.fields.indices.contains(index) {
            matchedIn = match.contact.fields[index].type.rawValue
            label = match.contact.fields[index].label?.rawValue
        }
        return SearchHit(contact: row, matchedIn: matchedIn, label: label, segments: segments(match.text, match.matchedOffsets))
    }

    /// Cuts text into runs of matched and unmatched characters.
    static func segments(_ text: String, _ offsets: [Int]) -> [TextSegment] {
        let matched = Set(offsets)
        var result: [TextSegment] = []
        for (offset, character) in text.enumerated() {
            let isMatch = matched.contains(offset)
            if let last = result.last, last.match == isMatch {
                result[result.count - 1].text.append(character)
            } else {
                result.append(TextSegment(text: String(character), match: isMatch))
            }
        }
        return result
    }
}
