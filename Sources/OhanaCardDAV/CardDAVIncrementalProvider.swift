import Foundation
import Ohana

extension CardDAVContactsProvider: IncrementalContactsProvider {
    /// What changed on the server since `state` (a ``CardDAVSyncState`` in JSON; `nil` or an
    /// unreadable state loads everything and lists every card present).
    ///
    /// A removal of a card that is still present in another address book is not reported.
    public func changes(since state: ProviderSyncState?) async throws(ContactsProviderError) -> ProviderChanges {
        var previous: CardDAVSyncState?
        var diagnostics: [Diagnostic] = []
        if let state {
            do {
                previous = try JSONDecoder().decode(CardDAVSyncState.self, from: state.data)
            } catch {
                diagnostics.append(Diagnostic(.warning, source: client.serverURL.absoluteString,
                                              message: "the saved sync state is unreadable; every card is loaded again"))
            }
        }
        let result: CardDAVSyncResult
        do throws(CardDAVError) {
            result = try await synchronize(from: previous ?? CardDAVSyncState())
        } catch {
            throw providerError(error)
        }
        let present = Set(result.state.addressBooks.values.flatMap(\.etags.keys))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(result.state)
        } catch {
            throw ContactsProviderError.invalidData(providerID: identifier, source: client.serverURL.absoluteString, line: nil,
                               reason: "the sync state cannot be encoded: \(error)")
        }
        return ProviderChanges(
            added: result.added, changed: result.changed,
            removed: result.removed.filter { $0.recordID.map { !present.contains($0) } ?? false },
            state: ProviderSyncState(data: data),
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
