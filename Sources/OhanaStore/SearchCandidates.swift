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
    /// The stored contacts among `ids`, whole, in the order of `ids` (those not stored left out).
    func contacts(ids: [ContactID]) async throws -> [Contact]
}

extension StoreRowBackend {
    /// ``SearchCandidateStorage/searchCandidates(fullText:namePrefix:)`` over a backend's rows,
    /// in one read transaction.
    package func rowSearchCandidates(fullText: [String], namePrefix: String) async throws -> [Contact] {
        try await readRows { rows in
            // Each chunk is decoded on other threads while the backend reads the next.
            var contacts: [Contact] = []
            var pending: BackgroundWork<[Contact]>?
            try rows.searchCandidateRecords(fullText: fullText, namePrefix: namePrefix) { records in
                if let pending { contacts += try pending.result() }
                pending = BackgroundWork { try SearchCandidates.decodeAll(records) }
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

/// Reading search candidates from stored JSON: the names and field values only.
package enum SearchCandidates {
    /// How many records a backend hands over at a time (``StoreRowReading/searchCandidateRecords(fullText:namePrefix:receive:)``).
    package static let chunkSize = 8_192

    /// A contact holding only what a search ranks and lists by: its id, the name parts and
    /// formatted name (so ``Contact/fullName`` is the stored contact's), and each field's type and
    /// value (without label, phone number details or anything else); the rest left empty.
    package static func lightContact(_ contact: Contact) -> Contact {
        var light = Contact(blankWithID: contact.id)
        light.namePrefix = contact.namePrefix
        light.givenName = contact.givenName
        light.middleName = contact.middleName
        light.familyName = contact.familyName
        light.nameSuffix = contact.nameSuffix
        light.nickname = contact.nickname
        // The phonetic parts live in a box of rare parts, made only for a contact that has one.
        if let name = contact.phoneticGivenName { light.phoneticGivenName = name }
        if let name = contact.phoneticMiddleName { light.phoneticMiddleName = name }
        if let name = contact.phoneticFamilyName { light.phoneticFamilyName = name }
        light.formattedName = contact.formattedName
        light.organization = contact.organization
        light.fields = contact.fields.map { ContactField(type: $0.type, value: $0.value) }
        return light
    }

    /// The light contacts of stored records (their JSON read for those parts only), in order, on
    /// every core when there are many. A record the light reading does not accept is decoded
    /// whole (``ContactCodec/decode(_:)``), so the result is always the stored contact's parts.
    package static func decodeAll(_ records: [StoredRecord]) throws -> [Contact] {
        let results = parallelMap(records, minimumPerWorker: 512, state: { ContactCodec() }) { codec, record in
            Result { try SearchCandidates.decode(record, codec: codec) }
        }
        return try results.map { try $0.get() }
    }

    /// One record's light contact.
    static func decode(_ record: StoredRecord, codec: ContactCodec) throws -> Contact {
        if let parts = try? ContactCodec.bytesDecoder.decode(StoredParts.self, from: record.json) {
            return parts.contact
        }
        return lightContact(try codec.decode(record))
    }

    /// The members of a stored contact's JSON that a search reads, with the keys and meaning of
    /// `Contact.init(from:)`; every other member is skipped.
    private struct StoredParts: Decodable {
        let contact: Contact

        private enum CodingKeys: String, CodingKey {
            case id, namePrefix, givenName, middleName, familyName, nameSuffix, nickname
            case phoneticGivenName, phoneticMiddleName, phoneticFamilyName, formattedName, organization, fields
        }

        /// A field's type and value, both required as `ContactField.init(from:)` requires them.
        private struct Field: Decodable {
            let type: ContactFieldType
            let value: String
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            // A contact stored without an id would get a new one on every read: decoded whole instead.
            var contact = Contact(blankWithID: try c.decode(ContactID.self, forKey: .id))
            contact.namePrefix = try c.decodeIfPresent(String.self, forKey: .namePrefix)
            contact.givenName = try c.decodeIfPresent(String.self, forKey: .givenName)
            contact.middleName = try c.decodeIfPresent(String.self, forKey: .middleName)
            contact.familyName = try c.decodeIfPresent(String.self, forKey: .familyName)
            contact.nameSuffix = try c.decodeIfPresent(String.self, forKey: .nameSuffix)
            contact.nickname = try c.decodeIfPresent(String.self, forKey: .nickname)
            if let name = try c.decodeIfPresent(String.self, forKey: .phoneticGivenName) { contact.phoneticGivenName = name }
            if let name = try c.decodeIfPresent(String.self, forKey: .phoneticMiddleName) { contact.phoneticMiddleName = name }
            if let name = try c.decodeIfPresent(String.self, forKey: .phoneticFamilyName) { contact.phoneticFamilyName = name }
            contact.formattedName = try c.decodeIfPresent(String.self, forKey: .formattedName)
            contact.organization = try c.decodeIfPresent(String.self, forKey: .organization)
            contact.fields = (try c.decodeIfPresent([Field].self, forKey: .fields) ?? [])
                .map { ContactField(type: $0.type, value: $0.value) }
            self.contact = contact
        }
    }
}
