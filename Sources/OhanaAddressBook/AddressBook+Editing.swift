import Foundation
import Ohana
import OhanaStore

/// Creating, editing, deleting and undoing one contact for the server's routes: each is one call to
/// ``ContactStoreService`` (one checked store transaction, journaled and in the change log), after
/// which the address book catches up with the store (``catchUp()``) and answers with the contact's
/// detail and new version.
///
/// A write refused because the contact changed since the version it was made on throws
/// ``ContactEditConflict`` with both versions; other failures throw ``AddressBookError``
/// (400 for an edit that does not apply, 404, 409 for an id already taken).
extension AddressBook {
    /// The most changes ``catchUp()`` applies to the loaded lists; beyond, it reloads everything.
    static let maximumCatchUpChanges = 1_000

    private var service: ContactStoreService { ContactStoreService(store: store) }

    /// The stored contact's version (what `ETag` gives and `If-Match` names).
    public func version(of id: String) async throws(AddressBookError) -> Int64 {
        try await service.versionedContact(ContactID(rawValue: id)).version
    }

    /// Creates a contact from an edit of an empty one (names, values, addresses, tags) and returns
    /// its detail; 400 when the edit gives it neither a name, an organization nor a value.
    public func createContact(_ edit: ContactEdit) async throws -> ContactDetail {
        let result = try await service.createContact(edit)
        try await catchUp()
        return try detail(of: result)
    }

    /// Applies a field-level edit to the stored contact and returns its new detail.
    ///
    /// With `version` (an `If-Match`), the stored contact must still be at that version
    /// (``ContactStoreService/editContact(_:applying:expecting:)`` checks it before applying the
    /// edit, so an edit of a value changed meanwhile is answered with both versions).
    public func editContact(id: String, applying edit: ContactEdit, expecting version: Int64?) async throws -> ContactDetail {
        let result: ContactWriteResult
        do {
            result = try await service.editContact(ContactID(rawValue: id), applying: edit, expecting: version)
        } catch {
            throw conflict(error, versionWasNamed: version != nil)
        }
        if result.revision != nil { try await catchUp() }
        return try detail(of: result)
    }

    /// Deletes the stored contact (checked against `version` when given) and names the revision
    /// that undoes the delete. A contact with cards in several accounts is deleted as `linked`
    /// says (one account or all); without it the deletion is refused with a conflict naming them.
    public func deleteContact(id: String, expecting version: Int64?,
                              linked: LinkedDeletion? = nil) async throws -> ContactDeletion {
        let result: ContactWriteResult
        do {
            result = try await service.deleteContact(ContactID(rawValue: id), expecting: version, linked: linked)
        } catch {
            throw conflict(error, versionWasNamed: version != nil)
        }
        try await catchUp()
        guard let revision = result.revision else {
            throw AddressBookError(.internalError, "the store recorded no revision for deleting contact '\(id)'")
        }
        var deletion = ContactDeletion(id: id, revision: revision.number)
        deletion.otherRevisions = result.otherRevisions.map(\.number)
        return deletion
    }

    /// Undoes revision `number`: the contact goes back to how it was before it, when it is still as
    /// that revision left it (or, with `version`, at that version).
    public func undoRevision(_ number: Int64, expecting version: Int64?) async throws -> RevisionUndo {
        let result: ContactWriteResult
        do {
            result = try await service.undoRevision(number, expecting: version)
        } catch {
            throw conflict(error, versionWasNamed: version != nil)
        }
        if result.revision != nil { try await catchUp() }
        let contactID = result.revision?.contactID ?? result.stored?.contact.id
        return RevisionUndo(undid: number, revision: result.revision?.number, contactID: contactID?.rawValue ?? "",
                            contact: result.stored.map(detail(of:)))
    }

    /// A contact's latest revisions, newest first (also of a deleted contact); 404 when the store
    /// has neither the contact nor any revision of it.
    public func revisions(of id: String, limit: Int) async throws(AddressBookError) -> RevisionList {
        let contactID = ContactID(rawValue: id)
        let revisions = try await service.revisions(of: contactID, limit: limit)
        if revisions.isEmpty { _ = try await service.versionedContact(contactID) }
        return RevisionList(contactID: id, revisions: revisions.map { revision in
            let name = (revision.after ?? revision.before)?.fullName ?? ""
            return RevisionSummary(
                number: revision.number, action: revision.action.rawValue, date: revision.date.formatted(.iso8601),
                version: revision.version, undoes: revision.undoes, name: name.isEmpty ? "(no name)" : name)
        })
    }

    // MARK: Details

    /// A stored contact's detail: its phone numbers formatted as the list's are, with its version.
    func detail(of stored: VersionedContact) -> ContactDetail {
        detail(of: stored.contact, version: stored.version)
    }

    private func detail(of contact: Contact, version: Int64?) -> ContactDetail {
        var formatted = contact
        phoneFormatting.format(&formatted)
        var detail = ContactDetail(formatted)
        detail.mergedMembers = memberRows(of: contact.id)
        detail.version = version
        return detail
    }

    private func detail(of result: ContactWriteResult) throws(AddressBookError) -> ContactDetail {
        guard let stored = result.stored else {
            throw AddressBookError(.internalError, "the store did not answer with the contact it wrote")
        }
        return detail(of: stored)
    }

    /// A refused write's error: a version conflict as ``ContactEditConflict`` with both versions, anything else as it is.
    private func conflict(_ error: AddressBookError, versionWasNamed: Bool) -> any Error {
        guard error.kind == .preconditionFailed, let conflict = error.conflict else { return error }
        return self.conflict(conflict, versionWasNamed: versionWasNamed)
    }

    private func conflict(_ conflict: ContactVersionConflict, versionWasNamed: Bool) -> ContactEditConflict {
        // An undo of a delete expects no stored contact (the store says version -1).
        ContactEditConflict(
            message: ContactStoreError.versionConflict(conflict).description, contactID: conflict.contactID.rawValue,
            versionWasNamed: versionWasNamed, expectedVersion: conflict.expectedVersion < 0 ? nil : conflict.expectedVersion,
            current: conflict.current.map(detail(of:)), yours: conflict.attempted.map { detail(of: $0, version: nil) })
    }

    // MARK: Catching up

    /// Brings the loaded contacts up to date after a write, without reading every contact again:
    /// the store's changes since the contacts were loaded (``OhanaStore/ContactStorage/changes(since:)``,
    /// normally the one write just made) replace, add or drop those contacts in the loaded list
    /// (their numbers formatted as at load), the name orders are sorted again when next asked for
    /// and the duplicate analysis runs again on the new list; the recorded members of merged
    /// contacts are read again when a contact went or a merged one changed. Picker sessions keep
    /// the contacts they started with.
    ///
    /// Falls back to ``reload()`` when the store cannot say what changed (an expired token),
    /// when more than ``maximumCatchUpChanges`` changed, and when the address book was reloaded
    /// while the changes were being read.
    func catchUp() async throws {
        guard let since = loadedToken, !linksLoaded else { return try await reload() }
        let changes: ContactChanges
        var members: [ContactID: [Contact]]?
        do {
            changes = try await store.changes(since: since)
            guard changes.added.count + changes.updated.count + changes.removed.count <= Self.maximumCatchUpChanges else {
                return try await reload()
            }
            let changed = changes.added + changes.updated
            if !changes.removed.isEmpty || changed.contains(where: { !$0.mergedContactIDs.isEmpty }) {
                members = try await store.allMergedMembers()
            }
        } catch {
            return try await reload()
        }
        guard loadedToken == since else { return try await refreshIfChanged() }
        var changed = changes.added + changes.updated
        for index in changed.indices { phoneFormatting.format(&changed[index]) }
        let removed = Set(changes.removed)
        var replacing = Dictionary(changed.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        var updated: [Contact] = []
        updated.reserveCapacity(contacts.count + changed.count)
        for contact in contacts where !removed.contains(contact.id) {
            updated.append(replacing.removeValue(forKey: contact.id) ?? contact)
        }
        // What was not loaded yet is new: appended in the store's order, as a reload would list it.
        for contact in changed {
            if let new = replacing.removeValue(forKey: contact.id) { updated.append(new) }
        }
        var review = self.review
        try await review.analyze(updated)
        guard loadedToken == since else { return try await refreshIfChanged() }
        contacts = updated
        for id in removed { byID[id] = nil }
        for contact in changed { byID[contact.id] = contact }
        lists = [:]
        if let members { mergedMembers = members }
        self.review = review
        loadedToken = changes.token
        logger.debug("caught up", metadata: [
            "changed": "\(changed.count)", "removed": "\(removed.count)", "contacts": "\(updated.count)",
        ])
    }
}
