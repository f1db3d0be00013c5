import Foundation
import GRDB
import Ohana

/// The store's schema: every migration, in order. A migration, once shipped, never changes.
enum StoreSchema {
    /// The first schema: contacts as JSON plus the lookup tables for ids, sources, tags and names.
    static let v1 = "v1-contacts"
    /// Adds full-text search (FTS5) over names and field values, and rebuilds every index.
    static let v2 = "v2-full-text-search"
    /// Adds change tracking: one row per contact that ever changed, with sequence numbers.
    static let v3 = "v3-change-tracking"
    /// Adds merge decisions (groups kept together or apart) and the member versions of merged contacts.
    static let v4 = "v4-merge-decisions"
    /// Adds each contact's content hash (``ContentHash``), so a re-import recognises an unchanged
    /// contact without encoding it; rows stored before get theirs when next saved.
    static let v6 = "v6-content-hash"
    /// Content hashes become hashes of the stored JSON (cheaper than of the `Codable` form): the old
    /// ones are cleared, and each contact gets its new hash when next saved.
    static let v7 = "v7-content-hash-of-json"

    /// The migrations this version knows, oldest first.
    static let identifiers = [v1, v2, v3, v4, v5, v6, v7, v8]

    /// The migrator that brings a database to the current schema.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(v1) { db in
            try db.execute(sql: """
                CREATE TABLE storeInfo (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    storeID TEXT NOT NULL
                );
                CREATE TABLE contact (
                    rowid INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    json BLOB NOT NULL,
                    photo BLOB,
                    photoType TEXT,
                    sortKey TEXT NOT NULL
                );
                CREATE INDEX contact_sortKey ON contact(sortKey);
                CREATE TABLE contactSource (
                    contactRowid INTEGER NOT NULL REFERENCES contact(rowid) ON DELETE CASCADE,
                    providerID TEXT NOT NULL,
                    recordID TEXT NOT NULL
                );
                CREATE INDEX contactSource_record ON contactSource(providerID, recordID);
                CREATE INDEX contactSource_contact ON contactSource(contactRowid);
                CREATE TABLE contactTag (
                    contactRowid INTEGER NOT NULL REFERENCES contact(rowid) ON DELETE CASCADE,
                    tag TEXT NOT NULL
                );
                CREATE INDEX contactTag_tag ON contactTag(tag);
                CREATE INDEX contactTag_contact ON contactTag(contactRowid);
                CREATE TABLE contactNameKey (
                    contactRowid INTEGER NOT NULL REFERENCES contact(rowid) ON DELETE CASCADE,
                    key TEXT NOT NULL
                );
                CREATE INDEX contactNameKey_key ON contactNameKey(key);
                CREATE INDEX contactNameKey_contact ON contactNameKey(contactRowid);
                """)
            try db.execute(sql: "INSERT INTO storeInfo (id, storeID) VALUES (1, ?)",
                           arguments: [UUID().uuidString.lowercased()])
        }
        migrator.registerMigration(v2) { db in
            try db.execute(sql: """
                CREATE VIRTUAL TABLE contactSearch USING fts5(
                    names, fieldValues, tokenize = 'unicode61 remove_diacritics 2'
                )
                """)
            // Rebuild every lookup table from the JSON, which is the truth.
            try db.execute(sql: "DELETE FROM contactSource; DELETE FROM contactTag; DELETE FROM contactNameKey")
            let rows = try Row.fetchCursor(db, sql: "SELECT rowid, json, photo, photoType FROM contact")
            let codec = ContactCodec()
            var pending: [(Int64, Contact)] = []
            while let row = try rows.next() {
                pending.append((row["rowid"], try codec.decode(row)))
            }
            for (rowid, contact) in pending {
                try ContactIndex.write(contact, rowid: rowid, in: db, replacing: false)
            }
        }
        migrator.registerMigration(v3) { db in
            try db.execute(sql: """
                ALTER TABLE storeInfo ADD COLUMN changeSequence INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE storeInfo ADD COLUMN prunedThrough INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE contactChange (
                    contactID TEXT PRIMARY KEY,
                    sequence INTEGER NOT NULL,
                    isRemoved BOOLEAN NOT NULL,
                    addedSequence INTEGER NOT NULL
                );
                CREATE INDEX contactChange_sequence ON contactChange(sequence);
                """)
            // Contacts stored before change tracking count as added by change 1.
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM contact)") == true {
                try db.execute(sql: """
                    UPDATE storeInfo SET changeSequence = 1;
                    INSERT INTO contactChange (contactID, sequence, isRemoved, addedSequence)
                        SELECT id, 1, 0, 1 FROM contact;
                    """)
            }
        }
        migrator.registerMigration(v4) { db in
            try db.execute(sql: """
                CREATE TABLE mergeDecision (
                    id INTEGER PRIMARY KEY,
                    isKeptTogether BOOLEAN NOT NULL,
                    contactIDs TEXT NOT NULL
                );
                CREATE TABLE mergedMember (
                    memberID TEXT PRIMARY KEY,
                    survivorID TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    isSnapshot BOOLEAN NOT NULL,
                    json BLOB NOT NULL,
                    photo BLOB,
                    photoType TEXT,
                    sortKey TEXT NOT NULL
                );
                CREATE INDEX mergedMember_survivor ON mergedMember(survivorID, position);
                CREATE INDEX mergedMember_sortKey ON mergedMember(sortKey);
                CREATE TABLE mergedMemberSource (
                    memberID TEXT NOT NULL,
                    providerID TEXT NOT NULL,
                    recordID TEXT NOT NULL
                );
                CREATE INDEX mergedMemberSource_record ON mergedMemberSource(providerID, recordID);
                CREATE INDEX mergedMemberSource_member ON mergedMemberSource(memberID);
                """)
        }
        migrator.registerMigration(v5, migrate: createProviderSyncStateTable)
        migrator.registerMigration(v6) { db in
            try db.execute(sql: "ALTER TABLE contact ADD COLUMN contentHash INTEGER")
        }
        // Content hashes are now of the stored JSON: older ones are cleared, and the next save of
        // each contact recognises it by its bytes and writes the new hash.
        migrator.registerMigration(v7) { db in
            try db.execute(sql: "UPDATE contact SET contentHash = NULL")
        }
        migrator.registerMigration(v8, migrate: createSyncTables)
        return migrator
    }
}

/// Encodes contacts to their stored form (JSON without the photo, the photo apart) and back.
struct ContactCodec {
    let encoder: JSONEncoder
    let decoder: JSONDecoder

    init() {
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    }

    /// The streaming encoder, set up as `encoder`: it writes the same bytes, faster.
    static let bytesEncoder: JSONBytesEncoder = {
        var encoder = JSONBytesEncoder()
        encoder.escapesSlashes = false
        encoder.nonConformingFloatStrings = ("+Infinity", "-Infinity", "NaN")
        return encoder
    }()

    /// The streaming decoder, set up as `decoder`; what it does not accept goes to `decoder`.
    static let bytesDecoder: JSONBytesDecoder = {
        var decoder = JSONBytesDecoder()
        decoder.nonConformingFloatStrings = ("+Infinity", "-Infinity", "NaN")
        return decoder
    }()

    /// The JSON of a contact without its photo.
    func encodeJSON(_ contact: Contact) throws -> Data {
        var bare = contact
        bare.photo = nil
        do {
            return try Self.bytesEncoder.encodeData(bare)
        } catch is JSONBytesEncoder.Unsupported {
            return try encoder.encode(bare)
        }
    }

    /// Decodes a `contact` row (columns `json`, `photo`, `photoType`).
    func decode(_ row: Row) throws -> Contact {
        try decode(StoredRecord(row))
    }

    /// Decodes a stored record.
    func decode(_ record: StoredRecord) throws -> Contact {
        var contact: Contact
        do {
            contact = try (try? Self.bytesDecoder.decode(Contact.self, from: record.json))
                ?? decoder.decode(Contact.self, from: record.json)
        } catch {
            throw ContactStoreError.corruptRecord(id: record.id.map(ContactID.init(rawValue:)), reason: "\(error)")
        }
        if let data = record.photo {
            contact.photo = Photo(data: data, mediaType: record.photoType)
        }
        return contact
    }

    /// Decodes records in order, on every core when there are many.
    static func decodeAll(_ records: [StoredRecord]) throws -> [Contact] {
        let results = parallelMap(records, minimumPerWorker: 512, state: { ContactCodec() }) { codec, record in
            Result { try codec.decode(record) }
        }
        return try results.map { try $0.get() }
    }
}

/// The stored form of one contact, as read from a row (columns `id`, `json`, `photo`, `photoType`).
struct StoredRecord: Sendable {
    var id: String?
    var json: Data
    var photo: Data?
    var photoType: String?

    init(id: String?, json: Data, photo: Data?, photoType: String?) {
        self.id = id
        self.json = json
        self.photo = photo
        self.photoType = photoType
    }

    init(_ row: Row) {
        self.init(id: row["id"], json: row["json"], photo: row["photo"], photoType: row["photoType"])
    }
}

/// Folds text for lookups: case, diacritics and width are ignored, white space is collapsed.
enum TextFolding {
    /// The folded form of `text`.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    /// The exclusive upper bound of every string starting with `prefix` (binary collation).
    static func upperBound(ofPrefix prefix: String) -> String { prefix + "\u{10FFFF}" }
}

/// Writes and removes the lookup rows of one contact: sources, tags, name keys, full-text row.
enum ContactIndex {
    /// The most name keys one contact gets (one per word start of each name part).
    static let maximumNameKeys = 64

    /// The folded name keys: every word-start suffix of each name part, so "ann j" finds "Mary Ann Jones".
    static func nameKeys(of contact: Contact) -> [String] {
        let parts = [
            contact.fullName, contact.givenName, contact.middleName, contact.familyName, contact.nickname,
            contact.organization, contact.phoneticGivenName, contact.phoneticFamilyName,
        ]
        var keys: [String] = []
        var seen = Set<String>()
        for part in parts {
            guard let part else { continue }
            let words = TextFolding.fold(part).split(separator: " ")
            for start in words.indices {
                let key = words[start...].joined(separator: " ")
                if seen.insert(key).inserted { keys.append(key) }
                if keys.count == maximumNameKeys { return keys }
            }
        }
        return keys
    }

    /// The text of the `names` full-text column.
    static func namesText(of contact: Contact) -> String {
        [
            contact.fullName, contact.composedName, contact.namePrefix, contact.givenName, contact.middleName,
            contact.familyName, contact.nameSuffix, contact.nickname, contact.phoneticGivenName,
            contact.phoneticMiddleName, contact.phoneticFamilyName, contact.organization, contact.department,
            contact.jobTitle,
        ]
        .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " \n ")
    }

    /// The text of the `fieldValues` full-text column: fields (phones also as bare digits), addresses, tags, note.
    static func fieldValuesText(of contact: Contact) -> String {
        var parts: [String] = []
        for field in contact.fields {
            parts.append(field.value)
            if field.type == .phoneNumber {
                let digits = field.value.filter(\.isNumber)
                if !digits.isEmpty { parts.append(digits) }
                if let e164 = field.phoneNumber?.e164 { parts.append(e164.filter(\.isNumber)) }
            }
        }
        for address in contact.postalAddresses {
            parts += address.street
            parts += [address.poBox, address.extendedAddress, address.city, address.region, address.postalCode,
                      address.country].compactMap { $0 }
        }
        parts += contact.tags
        if let note = contact.note { parts.append(note) }
        return parts.filter { !$0.isEmpty }.joined(separator: " \n ")
    }

    /// The lookup values of one contact, worked out apart from the database (on any thread).
    struct Entries: Sendable {
        var tags: [String]
        var nameKeys: [String]
        var namesText: String
        var fieldValuesText: String

        init(_ contact: Contact) {
            tags = Set(contact.tags.map(TextFolding.fold)).filter { !$0.isEmpty }.sorted()
            nameKeys = ContactIndex.nameKeys(of: contact)
            namesText = ContactIndex.namesText(of: contact)
            fieldValuesText = ContactIndex.fieldValuesText(of: contact)
        }
    }

    /// Writes the lookup rows of a contact stored at `rowid`, first removing old ones when `replacing`.
    static func write(_ contact: Contact, rowid: Int64, in db: Database, replacing: Bool) throws {
        try write(contact, entries: Entries(contact), rowid: rowid, in: db, replacing: replacing)
    }

    /// Writes the lookup rows of a contact whose lookup values are already worked out.
    static func write(_ contact: Contact, entries: Entries, rowid: Int64, in db: Database, replacing: Bool) throws {
        if replacing { try remove(rowid: rowid, in: db) }
        var seenSources = Set<[String]>()
        for provenance in contact.provenance {
            guard let recordID = provenance.recordID,
                  seenSources.insert([provenance.providerID, recordID]).inserted else { continue }
            try db.cachedStatement(sql: "INSERT INTO contactSource (contactRowid, providerID, recordID) VALUES (?, ?, ?)")
                .execute(arguments: [rowid, provenance.providerID, recordID])
        }
        for tag in entries.tags {
            try db.cachedStatement(sql: "INSERT INTO contactTag (contactRowid, tag) VALUES (?, ?)")
                .execute(arguments: [rowid, tag])
        }
        for key in entries.nameKeys {
            try db.cachedStatement(sql: "INSERT INTO contactNameKey (contactRowid, key) VALUES (?, ?)")
                .execute(arguments: [rowid, key])
        }
        try db.cachedStatement(sql: "INSERT INTO contactSearch (rowid, names, fieldValues) VALUES (?, ?, ?)")
            .execute(arguments: [rowid, entries.namesText, entries.fieldValuesText])
    }

    /// Removes the lookup rows of the contact stored at `rowid`.
    static func remove(rowid: Int64, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM contactSource WHERE contactRowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM contactTag WHERE contactRowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM contactNameKey WHERE contactRowid = ?").execute(arguments: [rowid])
        try db.cachedStatement(sql: "DELETE FROM contactSearch WHERE rowid = ?").execute(arguments: [rowid])
    }

    /// An FTS5 query that matches every word of `query` as a prefix, with FTS5 syntax escaped; `nil` when empty.
    static func fullTextPattern(for query: String) -> String? {
        let words = query.split { !($0.isLetter || $0.isNumber) }
        guard !words.isEmpty else { return nil }
        return words.prefix(32).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
            .joined(separator: " ")
    }
}

extension StoreSchema {
    /// Creates (or brings) the database file at `path` to the schema of `identifier` only, as an
    /// older version of Ohana left it. For tests of migrations.
    static func migrateFile(at path: String, upTo identifier: String) throws {
        let queue = try DatabaseQueue(path: path)
        try migrator.migrate(queue, upTo: identifier)
        try queue.close()
    }

    /// Runs raw SQL with text arguments on the database file at `path`, creating it when missing.
    /// For tests that build older, newer and foreign files.
    static func execute(_ sql: String, arguments: [String] = [], inFileAt path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql, arguments: StatementArguments(arguments)) }
        try queue.close()
    }

    /// The names of the tables in the database file at `path`. For tests of migrations.
    static func tableNames(inFileAt path: String) throws -> Set<String> {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try String.fetchSet($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
    }
}
