import Foundation
import Ohana
import OhanaStore

/// The review of cards linked across accounts, for the server's routes: each is one call to
/// ``ContactStoreService``, after which the address book reloads (a link decided changes which
/// contacts are shown).
extension AddressBook {
    /// Every link between accounts with its cards, sources and reasons.
    public func links() async throws(AddressBookError) -> [LinkSummary] {
        do {
            return try await ContactStoreService(store: store).links()
        } catch {
            throw AddressBookError(.internalError, "cannot read the links between accounts: \(error)")
        }
    }

    /// Records a decision on the link holding `id` (accept, keep apart), then reloads.
    public func decideLink(_ id: String, _ decision: LinkDecision) async throws -> [LinkSummary] {
        try await ContactStoreService(store: store).decide(link: ContactID(rawValue: id), decision)
        try await reload()
        return try await links()
    }

    /// Makes the card from the account named `account` the primary card of the linked contact `id`.
    public func setPrimaryCard(of id: String, account: String) async throws -> [LinkSummary] {
        try await ContactStoreService(store: store).setPrimary(of: ContactID(rawValue: id), source: account)
        return try await links()
    }
}
