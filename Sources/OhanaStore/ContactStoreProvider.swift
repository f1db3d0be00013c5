import Foundation
import Ohana

/// A provider that loads every contact of a store (on either backend), for a ``ContactsDataSource`` pipeline.
public struct ContactStoreProvider: ContactsDataProvider {
    /// The provider's identifier.
    public let identifier: String
    /// The store it loads from.
    public let store: any ContactStorage
    /// The order contacts are loaded in.
    public let order: ContactOrder

    /// Creates a provider for `store`.
    public init(store: any ContactStorage, identifier: String = "store", order: ContactOrder = .insertion) {
        self.store = store
        self.identifier = identifier
        self.order = order
    }

    /// Loads every stored contact; a contact without provenance is marked as coming from this provider.
    public func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        let order = self.order
        let contacts: [Contact]
        do {
            contacts = try await store.allContacts(order: order)
        } catch {
            throw .unavailable(providerID: identifier, source: store.locationDescription, reason: "\(error)")
        }
        return LoadedContacts(contacts: contacts.map { contact in
            guard contact.provenance.isEmpty else { return contact }
            var marked = contact
            marked.provenance = [Provenance(providerID: identifier, recordID: contact.id.rawValue)]
            return marked
        })
    }
}
