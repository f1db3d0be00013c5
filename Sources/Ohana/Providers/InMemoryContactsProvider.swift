/// A provider that serves a fixed list of contacts, for apps that already hold them and for tests.
public struct InMemoryContactsProvider: ContactsDataProvider {
    /// The provider's identifier.
    public let identifier: String
    /// The contacts it serves.
    public let contacts: [Contact]

    /// Creates a provider serving `contacts`.
    public init(identifier: String = "memory", contacts: [Contact]) {
        self.identifier = identifier
        self.contacts = contacts
    }

    /// Returns the contacts, each marked with this provider's provenance when it has none.
    public func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        LoadedContacts(contacts: contacts.map { $0.markingProvenance(providerID: identifier) })
    }
}
