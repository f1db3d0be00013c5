import Foundation
import Ohana

extension CardDAVContactsProvider: IncrementalContactsProvider {
    /// What changed on the server since `state` (a ``CardDAVSyncState`` in JSON; `nil` or an
    /// unreadable state loads everything and lists every card present).
    ///
    /// A removal of a card that is still present in another address book is not reported.
    public func changes(since state: ProviderSyncState?) async throws(ContactsProviderError) -> ProviderChanges {
        let (previous, diagnostics) = decodedSyncState(state)
        let result: CardDAVSyncResult
        do throws(CardDAVError) {
            result = try await synchronize(from: previous ?? CardDAVSyncState())
        } catch {
            throw providerError(error)
        }
        let present = Set(result.state.addressBooks.values.flatMap(\.etags.keys))
        let state = try encodedSyncState(result.state)
        return ProviderChanges(
            added: result.added, changed: result.changed,
            removed: result.removed.filter { $0.recordID.map { !present.contains($0) } ?? false },
            state: state,
            presentRecordIDs: previous == nil ? present : nil,
            fullReloads: result.fullLoads.map {
                ProviderChanges.FullReload(
                    source: $0.addressBook.absoluteString,
                    reason: $0.reason == .invalidSyncToken ? "sync token no longer valid" : "no sync-collection support")
            },
            diagnostics: diagnostics + result.diagnostics,
            recordsTransferred: result.cardsFetched,
            incompleteSources: result.incompleteAddressBooks.map(\.absoluteString))
    }
}

extension CardDAVContactsProvider {
    /// The CardDAV state inside a store's opaque provider state; `nil` (with a warning when there was
    /// one that cannot be read) means every card is loaded again.
    package nonisolated func decodedSyncState(_ state: ProviderSyncState?) -> (CardDAVSyncState?, [Diagnostic]) {
        guard let state else { return (nil, []) }
        do {
            return (try JSONDecoder().decode(CardDAVSyncState.self, from: state.data), [])
        } catch {
            return (nil, [Diagnostic(.warning, source: client.serverURL.absoluteString,
                                     message: "the saved sync state is unreadable; every card is loaded again")])
        }
    }

    /// A CardDAV state as the opaque provider state a store keeps (JSON, sorted keys).
    package nonisolated func encodedSyncState(_ state: CardDAVSyncState) throws(ContactsProviderError) -> ProviderSyncState {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return ProviderSyncState(data: try encoder.encode(state))
        } catch {
            throw ContactsProviderError.invalidData(providerID: identifier, source: client.serverURL.absoluteString, line: nil,
                                                    reason: "the sync state cannot be encoded: \(error)")
        }
    }
}
