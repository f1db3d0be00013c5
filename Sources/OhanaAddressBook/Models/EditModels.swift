import Foundation
import Ohana

/// A write refused because the contact changed since the version it was made on: both versions,
/// as the detail view shows them, so that the person can compare and decide (the body of the
/// server's 412 and 409 answers).
public struct ContactEditConflict: Error, Codable, Sendable, CustomStringConvertible {
    /// What happened, in one line.
    public var message: String
    /// The contact written.
    public var contactID: String
    /// Whether the request named the version it was made on (HTTP `If-Match`: 412); otherwise
    /// the contact changed while the write was being made (409).
    public var versionWasNamed: Bool
    /// The version the write was made on; `nil` when it was made on a deleted contact (an undo).
    public var expectedVersion: Int64?
    /// The contact as stored now, with its version; `nil` when it was deleted meanwhile.
    public var current: ContactDetail?
    /// The contact as the write would have stored it (the edit applied to the stored contact);
    /// `nil` for a delete, or when the edit no longer applies to the stored contact.
    public var yours: ContactDetail?

    /// The message.
    public var description: String { message }
}

/// What deleting a contact did.
public struct ContactDeletion: Codable, Sendable {
    /// The deleted contact's id.
    public var id: String
    /// The revision that records the delete: undoing it (`POST /api/revisions/N/undo`) stores the contact again.
    public var revision: Int64
    /// For a contact with cards in several accounts deleted from more than one: the revisions of the
    /// other cards' deletes, to undo (before ``revision``) to bring every card back.
    public var otherRevisions: [Int64] = []
}

/// What undoing a revision did.
public struct RevisionUndo: Codable, Sendable {
    /// The revision undone.
    public var undid: Int64
    /// The revision that records the undo (it can be undone in turn); `nil` when nothing changed.
    public var revision: Int64?
    /// The contact the revisions are about.
    public var contactID: String
    /// The contact as stored now, with its version; `nil` when the undo removed it (an undone create).
    public var contact: ContactDetail?
}

/// One revision of a contact, as a history list shows it.
public struct RevisionSummary: Codable, Sendable {
    /// The revision's number (what undoing it names).
    public var number: Int64
    /// `created`, `updated`, `deleted` or `undone`.
    public var action: String
    /// When it was made, ISO 8601 in UTC.
    public var date: String
    /// The contact's version after it; `nil` when it deleted the contact.
    public var version: Int64?
    /// For an undo: the revision it undid.
    public var undoes: Int64?
    /// The contact's name after the revision (before it, for a delete).
    public var name: String
}

/// A contact's latest revisions, newest first.
public struct RevisionList: Codable, Sendable {
    /// The contact.
    public var contactID: String
    /// Its revisions, newest first.
    public var revisions: [RevisionSummary]
}
