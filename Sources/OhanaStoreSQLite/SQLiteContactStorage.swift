import Foundation
import Ohana
import OhanaStore

/// The SQLite backend: a ``SQLiteContactStore`` (file or in-memory) served through ``ContactStorage``.
public final class SQLiteContactStorage: ContactStorage {
    /// The store it serves.
    public let store: SQLiteContactStore

    /// Serves `store`.
    public init(_ store: SQLiteContactStore) { self.store = store }

    /// The store's file path, or `:memory:`.
    public var locationDescription: String { store.fileURL?.path ?? ":memory:" }

    /// Stores a batch of contacts in one transaction.
    public func save(_ contacts: [Contact], mode: ContactSaveMode) async throws -> ContactSaveSummary {
        try await trackingSave(backend: "sqlite") { try await store.save(contacts, mode: mode) }
    }

    /// Removes the contacts with these ids in one transaction; returns how many were stored.
    public func remove(ids: [ContactID]) async throws -> Int {
        try await store.write { transaction in try ids.reduce(0) { $0 + (try transaction.remove(id: $1) ? 1 : 0) } }
    }

    /// The contact with this id, if stored.
    public func contact(withID id: ContactID) async throws -> Contact? {
        try await store.read { try $0.contact(withID: id) }
    }

    /// Every stored contact, in the given order, without blocking the caller's thread.
    public func allContacts(order: ContactOrder) async throws -> [Contact] {
        try await store.read { try $0.allContacts(order: order) }
    }

    /// The number of stored contacts.
    public func contactCount() async throws -> Int {
        try await store.read { try $0.contactCount() }
    }

    /// The contacts loaded from one source record of one provider, in the order they were stored.
    public func contacts(providerID: String, recordID: String) async throws -> [Contact] {
        try await store.read { try $0.contacts(providerID: providerID, recordID: recordID) }
    }

    /// The contacts carrying a tag, ignoring case and diacritics, ordered by name.
    public func contacts(taggedWith tag: String) async throws -> [Contact] {
        try await store.read { try $0.contacts(taggedWith: tag) }
    }

    /// The contacts with a name part starting with `prefix` (at a word start), ordered by name.
    public func contacts(withNamePrefix prefix: String) async throws -> [Contact] {
        try await store.read { try $0.contacts(withNamePrefix: prefix) }
    }

    /// The contacts whose names or field values contain every word of `query` as a word prefix, best first.
    public func search(_ query: String, limit: Int?) async throws -> [Contact] {
        try await store.read { try $0.search(query, limit: limit) }
    }

    /// The token for the store's current state, without blocking the caller's thread.
    public func currentChangeToken() async throws -> ChangeToken {
        try await store.read { try $0.currentChangeToken() }
    }

    /// What changed since `token`, without blocking the caller's thread.
    public func changes(since token: ChangeToken) async throws -> ContactChanges {
        try await store.read { try $0.changes(since: token) }
    }

    /// Closes the store.
    public func shutDown() async throws {
        try store.close()
    }
}
