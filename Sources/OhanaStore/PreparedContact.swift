import Foundation
import Ohana

/// The parts of a stored contact row that tell whether a new version differs from it: its content
/// hash, or (a row stored before hashes were kept) its bytes.
package struct StoredVersion: Sendable {
    package var rowid: Int64
    package var contentHash: Int64?
    /// The JSON, photo and photo type; read only for a row without a content hash.
    package var json: Data?
    package var photo: Data?
    package var photoType: String?

    /// A stored version: its rowid and hash, and its bytes when it has no hash.
    package init(rowid: Int64, contentHash: Int64?, json: Data? = nil, photo: Data? = nil, photoType: String? = nil) {
        self.rowid = rowid
        self.contentHash = contentHash
        self.json = json
        self.photo = photo
        self.photoType = photoType
    }
}

/// A contact made ready for writing, apart from the database: its content hash, and for a new or
/// changed contact its JSON, sort key and lookup values.
package struct PreparedContact: Sendable {
    /// The rowid of the stored version, if any.
    package var storedRowid: Int64?
    package var contentHash: Int64
    /// Whether the stored version is the same but has no content hash yet (one is written, nothing else).
    package var needsHashOnly = false
    /// `nil` when the stored version is the same: nothing to write.
    package var changes: (json: Data, sortKey: String, entries: ContactIndex.Entries)?

    package init(_ contact: Contact, stored: StoredVersion?, codec: ContactCodec) throws {
        let json = try codec.encodeJSON(contact)
        contentHash = ContentHash.of(json: json, photo: contact.photo?.data, photoType: contact.photo?.mediaType)
        storedRowid = stored?.rowid
        if let stored, stored.contentHash == contentHash { return }
        if let stored, stored.contentHash == nil, stored.json == json, stored.photo == contact.photo?.data,
           stored.photoType == contact.photo?.mediaType {
            needsHashOnly = true
            return
        }
        changes = (json, TextFolding.fold(contact.fullName), ContactIndex.Entries(contact))
    }
}

/// Helpers for the batches a backend saves.
package enum ContactBatch {
    /// The batch with an id used again later in it replaced by a new id, so nothing is overwritten.
    package static func withDistinctIDs(_ contacts: [Contact]) -> [Contact] {
        var seen = Set<ContactID>()
        return contacts.map { contact in
            var contact = contact
            if !seen.insert(contact.id).inserted {
                contact.id = ContactID()
                seen.insert(contact.id)
            }
            return contact
        }
    }
}
