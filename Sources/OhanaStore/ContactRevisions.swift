import Foundation
import Ohana

/// A stored contact with its version: the number of its last change in the store's change history.
/// Edits name the version they were made on, so that a change made meanwhile (by another window,
/// another `ohana serve`, a sync) is found instead of overwritten.
public struct VersionedContact: Hashable, Sendable {
    /// The contact as stored.
    public var contact: Contact
    /// Its version: the change number of its last change (0 for a contact stored before changes were numbered).
    public var version: Int64

    /// Creates a versioned contact.
    public init(contact: Contact, version: Int64) {
        self.contact = contact
        self.version = version
    }
}

/// One edit of one contact as the store's revision journal keeps it: the versions before and
/// after, so that it can be shown and undone (``ContactStorage/undoRevision(_:expecting:)``).
public struct ContactRevision: Hashable, Sendable, Codable {
    /// What the edit did.
    public enum Action: String, Hashable, Sendable, Codable {
        /// The contact was created.
        case created
        /// The contact was changed.
        case updated
        /// The contact was deleted.
        case deleted
        /// An earlier revision was undone: the contact is back as it was before it.
        case undone
    }

    /// The revision's number in the store's journal (ascending; assigned when it is recorded).
    public var number: Int64
    /// The contact edited.
    public var contactID: ContactID
    /// What the edit did.
    public var action: Action
    /// The contact before the edit; `nil` when it was created.
    public var before: Contact?
    /// The contact after the edit; `nil` when it was deleted.
    public var after: Contact?
    /// The contact's version after the edit (its change number); `nil` when it was deleted.
    public var version: Int64?
    /// When the edit was made.
    public var date: Date
    /// For an ``Action/undone`` revision: the number of the revision it undid.
    public var undoes: Int64?

    /// Creates a revision.
    public init(number: Int64 = 0, contactID: ContactID, action: Action, before: Contact?, after: Contact?,
                version: Int64?, date: Date = Date(), undoes: Int64? = nil) {
        self.number = number
        self.contactID = contactID
        self.action = action
        self.before = before
        self.after = after
        self.version = version
        self.date = date
        self.undoes = undoes
    }
}

/// A write to one contact, checked against the version it was made on.
public enum ContactWrite: Hashable, Sendable {
    /// Stores a new contact; its id must not be stored yet.
    case create(Contact)
    /// Replaces the stored contact with the same id, when its version is still `expecting`.
    case update(Contact, expecting: Int64)
    /// Removes the stored contact, when its version is still `expecting`.
    case delete(ContactID, expecting: Int64)
}

/// A write refused because the contact changed since the version it was made on: both versions,
/// so that the person can see what changed and decide.
public struct ContactVersionConflict: Hashable, Sendable {
    /// The contact written.
    public var contactID: ContactID
    /// The version the write was made on.
    public var expectedVersion: Int64
    /// The contact as stored now; `nil` when it was deleted meanwhile.
    public var current: VersionedContact?
    /// The version the write would have stored; `nil` for a delete.
    public var attempted: Contact?

    /// Creates a conflict.
    public init(contactID: ContactID, expectedVersion: Int64, current: VersionedContact?, attempted: Contact?) {
        self.contactID = contactID
        self.expectedVersion = expectedVersion
        self.current = current
        self.attempted = attempted
    }
}

/// What a checked write did: the contact as now stored (`nil` after a delete) and the revision
/// recorded (`nil` when the write changed nothing).
public struct ContactWriteResult: Hashable, Sendable {
    /// The contact as stored after the write, with its new version; `nil` when it was deleted.
    public var stored: VersionedContact?
    /// The revision the write recorded; `nil` when the contact was already so.
    public var revision: ContactRevision?
    /// The revisions the same change recorded on other stored contacts, oldest first: an edit of a
    /// contact whose cards are in several accounts writes each card that holds the value.
    public var otherRevisions: [ContactRevision] = []

    /// Creates a result.
    public init(stored: VersionedContact?, revision: ContactRevision?) {
        self.stored = stored
        self.revision = revision
    }
}

/// Contacts created in a store (by `ohana add`, the page's new-contact form, `POST /api/contacts`)
/// carry a provenance record of this provider, so that a two-way sync knows to create their card.
public enum StoreCreatedContacts {
    /// The provider id of contacts created in the store.
    public static let providerID = "ohana.store"

    /// Whether the contact was created in a store and has no card of any other source yet.
    public static func isCreatedInStore(_ contact: Contact) -> Bool {
        !contact.provenance.isEmpty && contact.provenance.allSatisfy { $0.providerID == providerID }
    }
}
