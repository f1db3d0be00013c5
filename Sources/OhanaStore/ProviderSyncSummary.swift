import Foundation
import Ohana

/// What applying one provider's change set did to the store, and what the provider reported.
public struct ProviderSyncSummary: Sendable {
    /// Contacts added, updated and left unchanged by the records added and changed.
    public var saved: ContactSaveSummary
    /// Contacts removed: records removed at the source, and records gone since a full listing.
    public var removed: Int
    /// The change set applied (its diagnostics, full reloads, transfer count, completeness).
    public var changes: ProviderChanges
}
