import Foundation
import Ohana

/// Editing one contact, written once for every backend: each write is checked against the version
/// it was made on, stored (which records it in the change log, so the change feed and a two-way
/// sync see it) and journaled as a ``ContactRevision`` that can be undone.
extension StoreAlgorithms {
    /// The stored contact with this id and its version.
    package static func versionedContact(_ id: ContactID, in rows: some StoreRowReading) throws -> VersionedContact? {
        guard let contact = try rows.contacts(ids: [id]).first else { return nil }
        return VersionedContact(contact: contact, version: try rows.changeSequences(of: [id])[id] ?? 0)
    }

    /// Applies one checked write: throws ``ContactStoreError/versionConflict(_:)`` when the contact
    /// changed since the version the write was made on, ``ContactStoreError/duplicateID(_:)`` when
    /// a created contact's id is taken and ``ContactStoreError/contactNotFound(_:)`` when the
    /// contact to update or delete is not stored (nothing is written then).
    package static func write(_ write: ContactWrite, date: Date, in rows: some StoreRowTransaction) throws -> ContactWriteResult {
        switch write {
        case .create(let contact):
            if try versionedContact(contact.id, in: rows) != nil { throw ContactStoreError.duplicateID(contact.id) }
            try rows.saveContact(contact)
            return try recorded(.created, id: contact.id, before: nil, date: date, in: rows)
        case .update(let contact, let expected):
            let current = try checked(contact.id, expecting: expected, attempted: contact, in: rows)
            guard current.contact != contact else { return ContactWriteResult(stored: current, revision: nil) }
            try rows.saveContact(contact)
            return try recorded(.updated, id: contact.id, before: current.contact, date: date, in: rows)
        case .delete(let id, let expected):
            let current = try checked(id, expecting: expected, attempted: nil, in: rows)
            _ = try rows.removeContacts(ids: [id])
            return try recorded(.deleted, id: id, before: current.contact, date: date, in: rows)
        }
    }

    /// Undoes revision `number`: the contact is put back as it was before it (a created contact is
    /// removed, a deleted one stored again), when it is still as that revision left it (or, with
    /// `expecting`, at that version). The undoing is a revision of its own, so it can be undone too.
    package static func undoRevision(_ number: Int64, expecting: Int64?, date: Date,
                                     in rows: some StoreRowTransaction) throws -> ContactWriteResult {
        guard let revision = try rows.revision(number: number) else { throw ContactStoreError.noSuchRevision(number) }
        let current = try versionedContact(revision.contactID, in: rows)
        let expectedVersion = expecting ?? revision.version
        let unchanged = switch (current, expectedVersion) {
        case (nil, nil): true
        case (let current?, let expected?): current.version == expected
        default: false
        }
        guard unchanged else {
            throw ContactStoreError.versionConflict(ContactVersionConflict(
                contactID: revision.contactID, expectedVersion: expectedVersion ?? -1, current: current,
                attempted: revision.before))
        }
        if let before = revision.before {
            try rows.saveContact(before)
        } else {
            _ = try rows.removeContacts(ids: [revision.contactID])
        }
        return try recorded(.undone, id: revision.contactID, before: current?.contact, date: date, in: rows, undoes: number)
    }

    /// The stored contact, when its version is `expected`; throws a conflict or not-found otherwise.
    private static func checked(_ id: ContactID, expecting expected: Int64, attempted: Contact?,
                                in rows: some StoreRowTransaction) throws -> VersionedContact {
        let current = try versionedContact(id, in: rows)
        guard let current else {
            // Deleted since it was read (a version was known): a conflict, not a typo of the id.
            if expected > 0, try rows.changeSequences(of: [id])[id] != nil {
                throw ContactStoreError.versionConflict(ContactVersionConflict(
                    contactID: id, expectedVersion: expected, current: nil, attempted: attempted))
            }
            throw ContactStoreError.contactNotFound(id)
        }
        guard current.version == expected else {
            throw ContactStoreError.versionConflict(ContactVersionConflict(
                contactID: id, expectedVersion: expected, current: current, attempted: attempted))
        }
        return current
    }

    /// Journals the write just made and returns it with the contact's new version.
    private static func recorded(_ action: ContactRevision.Action, id: ContactID, before: Contact?, date: Date,
                                 in rows: some StoreRowTransaction, undoes: Int64? = nil) throws -> ContactWriteResult {
        let stored = try versionedContact(id, in: rows)
        let revision = try rows.recordRevision(ContactRevision(
            contactID: id, action: action, before: before, after: stored?.contact, version: stored?.version,
            date: date, undoes: undoes))
        return ContactWriteResult(stored: stored, revision: revision)
    }
}
