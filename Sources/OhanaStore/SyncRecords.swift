import Foundation
import Ohana

/// The last synced version of one server card: the base of the next three-way merge.
public struct SyncedCard: Hashable, Sendable, Codable {
    /// The provider the card belongs to.
    public var providerID: String
    /// The card's href on the server.
    public var href: String
    /// The card's ETag when it was last synced (`nil` when the server gave none).
    public var etag: String?
    /// The card's text as last synced.
    public var vCard: String
    /// The stored contact the card was synced with.
    public var contactID: ContactID

    /// Creates a synced card record.
    public init(providerID: String, href: String, etag: String?, vCard: String, contactID: ContactID) {
        self.providerID = providerID
        self.href = href
        self.etag = etag
        self.vCard = vCard
        self.contactID = contactID
    }
}

/// A server write recorded before it is sent and removed once its outcome is stored, so that a sync
/// stopped at any point knows on the next run which writes may have reached the server.
public struct SyncJournalEntry: Hashable, Sendable {
    /// The kind of write.
    public enum Operation: String, Hashable, Sendable, Codable {
        /// A new card (`PUT` with `If-None-Match: *`).
        case create
        /// A changed card (`PUT` with `If-Match`).
        case update
        /// A removed card (`DELETE` with `If-Match`).
        case delete
    }

    /// The entry's number, in the order writes were begun (0 before it is recorded).
    public var id: Int64
    /// The provider written to.
    public var providerID: String
    /// The card's href.
    public var href: String
    /// The kind of write.
    public var operation: Operation
    /// The stored contact the write is for.
    public var contactID: ContactID?
    /// The ETag the write was conditional on (`nil` for a create).
    public var expectedETag: String?
    /// The card text sent (`nil` for a delete).
    public var vCard: String?
    /// The stored contact's content the card was made from, as a card (so that a write that arrived
    /// can be reconciled with edits made after it).
    public var localVCard: String?

    /// Creates a journal entry.
    public init(id: Int64 = 0, providerID: String, href: String, operation: Operation, contactID: ContactID?,
                expectedETag: String?, vCard: String?, localVCard: String? = nil) {
        self.id = id
        self.providerID = providerID
        self.href = href
        self.operation = operation
        self.contactID = contactID
        self.expectedETag = expectedETag
        self.vCard = vCard
        self.localVCard = localVCard
    }
}
