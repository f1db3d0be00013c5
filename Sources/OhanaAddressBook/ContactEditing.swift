import Foundation
import Ohana
import OhanaStore

/// Creating, editing, deleting and undoing one contact: `ohana add/edit/delete/show`, the page's
/// forms and `POST/PATCH/DELETE /api/contacts` are each one call here, on either store backend.
///
/// Every write is one transaction checked against the contact's version (the one read, or the
/// one the caller names, such as an HTTP `If-Match`): a contact changed meanwhile is not
/// overwritten, the write fails with ``AddressBookError/Kind/preconditionFailed`` carrying both
/// versions (``AddressBookError/conflict``). Writes are recorded in the change log, so the change
/// feed and `ohana sync` push them like any local change, and journaled, so each can be undone.
extension ContactStoreService {
    /// The contact with this id and its version; ``AddressBookError/Kind/notFound`` when none.
    /// A card linked to cards in other accounts is read as its aggregated contact (``linkedContact(_:)``).
    public func versionedContact(_ id: ContactID) async throws(AddressBookError) -> VersionedContact {
        if let linked = try await linkedContact(id) { return linked.aggregated }
        return try await storedContact(id)
    }

    /// The stored contact with this id and its version, linked or not.
    func storedContact(_ id: ContactID) async throws(AddressBookError) -> VersionedContact {
        let found: VersionedContact?
        do {
            found = try await store.versionedContact(withID: id)
        } catch {
            throw Self.editError(error, id: id)
        }
        guard let found else { throw AddressBookError(.notFound, "no contact with id '\(id.rawValue)'") }
        return found
    }

    /// Creates a contact from an edit of an empty one (names, values, addresses, tags); it is
    /// marked as created in the store (``OhanaStore/StoreCreatedContacts``), so that `ohana sync`
    /// creates its card. A contact without a name, organization or any value is refused (400).
    public func createContact(_ edit: ContactEdit, id: ContactID = ContactID()) async throws(AddressBookError) -> ContactWriteResult {
        var contact = Contact(id: id)
        do {
            try contact.apply(edit)
        } catch {
            throw Self.editError(error, id: id)
        }
        return try await createContact(contact)
    }

    /// Creates `contact` as a new contact (its id kept when it has one not stored yet), marked as
    /// created in the store; the `$EDITOR` path of `ohana add`. Refused (400) without a name, an
    /// organization or any value.
    public func createContact(_ contact: Contact) async throws(AddressBookError) -> ContactWriteResult {
        var created = contact
        created.provenance = [Provenance(providerID: StoreCreatedContacts.providerID, recordID: contact.id.rawValue)]
        guard !created.fullName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || !created.fields.isEmpty
            || !created.postalAddresses.isEmpty
        else {
            throw AddressBookError(.badRequest, "a new contact needs a name, an organization or a value")
        }
        return try await writeChecked(.create(created), id: created.id)
    }

    /// Applies a field-level edit to the stored contact, checked against `version` (the version
    /// the edit was made on; `nil`: the version read now, so only a change racing this call fails).
    /// An aggregated contact's edit is routed to its cards (``route(_:members:primary:)``).
    public func editContact(_ id: ContactID, applying edit: ContactEdit,
                            expecting version: Int64? = nil) async throws(AddressBookError) -> ContactWriteResult {
        if let linked = try await linkedContact(id) { return try await editLinked(linked, applying: edit, expecting: version) }
        return try await editCard(id, applying: edit, expecting: version)
    }

    /// Applies a field-level edit to the stored contact `id` itself, linked or not: an edit of one
    /// card's own values (the review's deletions, numbers written internationally).
    func editCard(_ id: ContactID, applying edit: ContactEdit,
                  expecting version: Int64? = nil) async throws(AddressBookError) -> ContactWriteResult {
        let current = try await storedContact(id)
        // A stale edit is a conflict with both versions, not an edit error about a value changed meanwhile.
        if let version, version != current.version {
            throw Self.editError(ContactStoreError.versionConflict(ContactVersionConflict(
                contactID: id, expectedVersion: version, current: current, attempted: try? current.contact.applying(edit))), id: id)
        }
        let changed: Contact
        do {
            changed = try current.contact.applying(edit)
        } catch {
            throw Self.editError(error, id: id)
        }
        return try await writeChecked(.update(changed, expecting: version ?? current.version), id: id)
    }

    /// Replaces the stored contact with a new version of it as a whole (the `$EDITOR` path), checked
    /// against `version`. Its id, where it came from (provenance) and the contacts merged into it
    /// are kept from the stored contact whatever the new version says. An aggregated contact's new
    /// version is read as the edit between the two (``OhanaAddressBook/ContactEdit/init(changing:to:)``) and routed to its cards.
    public func replaceContact(_ id: ContactID, with contact: Contact,
                               expecting version: Int64) async throws(AddressBookError) -> ContactWriteResult {
        if let linked = try await linkedContact(id) {
            return try await editLinked(linked, applying: ContactEdit(changing: linked.aggregated.contact, to: contact),
                                        expecting: version)
        }
        let current = try await storedContact(id)
        var replacement = contact
        replacement.id = id
        replacement.provenance = current.contact.provenance
        replacement.mergedContactIDs = current.contact.mergedContactIDs
        return try await writeChecked(.update(replacement, expecting: version), id: id)
    }

    /// Deletes the stored contact, checked against `version` (`nil`: the version read now). An
    /// aggregated contact's cards are deleted as `linked` says: from one source or everywhere;
    /// without it, the deletion is refused (``AddressBookError/Kind/conflict``) naming the sources, so the front end asks.
    public func deleteContact(_ id: ContactID, expecting version: Int64? = nil,
                              linked deletion: LinkedDeletion? = nil) async throws(AddressBookError) -> ContactWriteResult {
        if let linked = try await linkedContact(id) { return try await deleteLinked(linked, expecting: version, deletion) }
        return try await deleteCard(id, expecting: version)
    }

    /// Deletes the stored contact `id` itself, linked or not (the review's nameless cards).
    func deleteCard(_ id: ContactID, expecting version: Int64? = nil) async throws(AddressBookError) -> ContactWriteResult {
        let expected: Int64
        if let version { expected = version } else { expected = try await storedContact(id).version }
        return try await writeChecked(.delete(id, expecting: expected), id: id)
    }

    /// Undoes the revision numbered `number` (a create, an edit, a delete or an undo): the contact
    /// goes back to how it was before it, when it has not changed since (409 with both versions otherwise).
    public func undoRevision(_ number: Int64, expecting version: Int64? = nil) async throws(AddressBookError) -> ContactWriteResult {
        do {
            return try await store.undoRevision(number, expecting: version)
        } catch {
            throw Self.editError(error, id: nil)
        }
    }

    /// The latest revisions, newest first, of one contact or (with `nil`) of all. A contact with
    /// cards in several accounts lists the revisions of every card.
    public func revisions(of id: ContactID?, limit: Int = 50) async throws(AddressBookError) -> [ContactRevision] {
        var cards: [ContactID]?
        if let id { cards = try await linkedContact(id)?.link.members }
        do {
            guard let cards else { return try await store.revisions(of: id, limit: max(0, limit)) }
            var all: [ContactRevision] = []
            for card in cards { all += try await store.revisions(of: card, limit: max(0, limit)) }
            return Array(all.sorted { $0.number > $1.number }.prefix(max(0, limit)))
        } catch {
            throw Self.editError(error, id: id)
        }
    }

    func writeChecked(_ write: ContactWrite, id: ContactID) async throws(AddressBookError) -> ContactWriteResult {
        do {
            return try await store.write(write)
        } catch {
            throw Self.editError(error, id: id)
        }
    }

    /// An edit's error in the address book's words, with the HTTP-like kind the front ends map.
    static func editError(_ error: any Error, id: ContactID?) -> AddressBookError {
        switch error {
        case let error as AddressBookError:
            return error
        case let error as ContactEditError:
            return AddressBookError(.badRequest, error.description)
        case ContactStoreError.versionConflict(let conflict):
            var failure = AddressBookError(.preconditionFailed, ContactStoreError.versionConflict(conflict).description)
            failure.conflict = conflict
            return failure
        case ContactStoreError.contactNotFound(let missing):
            return AddressBookError(.notFound, "no contact with id '\(missing.rawValue)'")
        case ContactStoreError.duplicateID(let taken):
            return AddressBookError(.conflict, "a contact with id '\(taken.rawValue)' already exists")
        case ContactStoreError.noSuchRevision:
            return AddressBookError(.notFound, "\(error)")
        default:
            let what = id.map { "contact '\($0.rawValue)'" } ?? "the contact"
            return AddressBookError(.internalError, "cannot write \(what) in the contact store: \(error)")
        }
    }
}
