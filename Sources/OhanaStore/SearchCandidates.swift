import Foundation
import Ohana

/// A store that serves a search its candidates light: every contact the full-text index or the
/// name keys find, read with only what ranking and list order look at, so that a broad query on a
/// million contacts decodes no more than the few contacts it shows
/// (`ContactFinder` in OhanaAddressBook). Both backends serve it, written once over their rows
/// (``StoreRowBackend/rowSearchCandidates(fullText:namePrefix:)``).
package protocol SearchCandidateStorage: ContactStorage {
    /// Every stored contact that the full-text index finds for any of `fullText` (as
    /// ``ContactStorage/search(_:limit:)`` finds them) or with a name part starting with
    /// `namePrefix` (as ``ContactStorage/contacts(withNamePrefix:)`` finds them: every contact
    /// when the folded prefix is empty), each once, in no particular order, as a
    /// ``SearchCandidates/lightContact(_:)``.
    func searchCandidates(fullText: [String], namePrefix: String) async throws -> [Contact]
    /// The same candidates as ``searchCandidates(fullText:namePrefix:)``, in the same order, as
    /// their search rows (``SearchRowList``), for ranking on the bytes.
    func searchCandidateRows(fullText: [String], namePrefix: String) async throws -> SearchRowList
    /// The stored contacts among `ids`, whole, in the order of `ids` (those not stored left out).
    func contacts(ids: [ContactID]) async throws -> [Contact]
}

extension SearchCandidateStorage {
    /// The rows of ``searchCandidates(fullText:namePrefix:)``'s light contacts (for a store that
    /// keeps no search rows).
    package func searchCandidateRows(fullText: [String], namePrefix: String) async throws -> SearchRowList {
        var list = SearchRowList()
        list.append(try await searchCandidates(fullText: fullText, namePrefix: namePrefix).map(SearchRow.encode))
        return list
    }
}

extension StoreRowBackend {
    /// ``SearchCandidateStorage/searchCandidates(fullText:namePrefix:)`` over a backend's rows,
    /// in one read transaction.
    package func rowSearchCandidates(fullText: [String], namePrefix: String) async throws -> [Contact] {
        try await readRows { rows in
            // Each chunk is decoded on other threads while the backend reads the next.
            var contacts: [Contact] = []
            var pending: BackgroundWork<[Contact]>?
            try rows.searchCandidateRows(fullText: fullText, namePrefix: namePrefix) { chunk in
                if let pending { contacts += try pending.result() }
                pending = BackgroundWork { try SearchCandidates.decodeAll(chunk) }
            }
            if let pending { contacts += try pending.result() }
            return contacts
        }
    }

    /// ``SearchCandidateStorage/contacts(ids:)`` over a backend's rows, in one read transaction.
    package func rowContacts(ids: [ContactID]) async throws -> [Contact] {
        let found = try await readRows { try $0.contacts(ids: ids) }
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }
}

/// Reading search candidates from search rows or stored JSON: the names and field values only.
package enum SearchCandidates {
    /// About how many contacts a backend hands over at a time (``StoreRowReading/searchCandidateRows(fullText:namePrefix:receive:)``).
    package static let chunkSize = 8_192

    /// A contact holding only what a search ranks and lists by: its id, the name parts and
    /// formatted name (so ``Contact/fullName`` is the stored contact's), and each field's type and
    /// value (without label, phone number details or anything else); the rest left empty.
    package static func lightContact(_ contact: Contact) -> Contact {
        lightContact(texts: lightTexts(of: contact), fields: contact.fields.map { ContactField(type: $0.type, value: $0.value) })!
    }

    /// How many texts a light contact has (``lightTexts(of:)``).
    package static let lightTextCount = 12

    /// The texts of a light contact, in the order search rows (``SearchRow``) and stored JSON
    /// parts (``StoredJSONParts``) read them: id, name prefix, given, middle and family name,
    /// suffix, nickname, the three phonetic parts, formatted name, organization.
    package static func lightTexts(of contact: Contact) -> [String?] {
        [contact.id.rawValue, contact.namePrefix, contact.givenName, contact.middleName, contact.familyName,
         contact.nameSuffix, contact.nickname, contact.phoneticGivenName, contact.phoneticMiddleName,
         contact.phoneticFamilyName, contact.formattedName, contact.organization]
    }

    /// The light contact of `texts` (``lightTexts(of:)``'s order) and `fields`; `nil` without an id.
    package static func lightContact(texts: [String?], fields: [ContactField]) -> Contact? {
        guard texts.count == lightTextCount, let id = texts[0] else { return nil }
        var contact = Contact(blankWithID: ContactID(rawValue: id))
        contact.namePrefix = texts[1]
        contact.givenName = texts[2]
        contact.middleName = texts[3]
        contact.familyName = texts[4]
        contact.nameSuffix = texts[5]
        contact.nickname = texts[6]
        // The phonetic parts live in a box of rare parts, made only for a contact that has one.
        if let name = texts[7] { contact.phoneticGivenName = name }
        if let name = texts[8] { contact.phoneticMiddleName = name }
        if let name = texts[9] { contact.phoneticFamilyName = name }
        contact.formattedName = texts[10]
        contact.organization = texts[11]
        contact.fields = fields
        return contact
    }

    /// The light contacts of a chunk of search rows or stored JSON, in order, on every core when there are many:
    /// the parts read straight from the bytes (``StoredJSONParts``), and a contact those do not
    /// read plainly decoded whole (``ContactCodec/decode(_:)``), so the result is always the stored
    /// contact's parts.
    package static func decodeAll(_ chunk: StoredJSONChunk) throws -> [Contact] {
        let results = parallelMap(Array(0..<chunk.count), minimumPerWorker: 512, state: { ContactCodec() }) { codec, index in
            Result { try SearchCandidates.decode(chunk, at: index, codec: codec) }
        }
        return try results.map { try $0.get() }
    }

    /// One contact's light contact: from its search row (``SearchRow``) when the entry is one (it
    /// then starts with the row's version byte, never with JSON's `{`), else from its stored JSON.
    static func decode(_ chunk: StoredJSONChunk, at index: Int, codec: ContactCodec) throws -> Contact {
        let range = chunk.range(at: index)
        let light = chunk.bytes.withUnsafeBytes { all -> Contact? in
            let bytes = UnsafeRawBufferPointer(rebasing: all[range])
            if bytes.first == SearchRow.version { return SearchRow.lightContact(bytes) }
            return StoredJSONParts.lightContact(bytes)
        }
        if let light { return light }
        guard chunk.bytes[range].first != SearchRow.version else { throw SearchRow.Unreadable() }
        let record = StoredRecord(id: nil, json: Data(chunk.bytes[range]), photo: nil, photoType: nil)
        return lightContact(try codec.decode(record))
    }
}
