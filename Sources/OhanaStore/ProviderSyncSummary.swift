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

    /// A summary of what a backend applied.
    package init(saved: ContactSaveSummary, removed: Int, changes: ProviderChanges) {
        self.saved = saved
        self.removed = removed
        self.changes = changes
    }
}

extension ProviderChanges {
    /// The stored contacts applying this change set removes, each once, decided the same for every
    /// backend: the contacts of each removed record (`removedRecordContacts`, one list per record of
    /// ``removed`` that has a record id, in that order), then, after a full listing
    /// (``presentRecordIDs``), every contact of the provider `providerID` (`providerContacts`, in
    /// storage order) whose first source record of that provider is no longer listed.
    package func removals(providerID: String, removedRecordContacts: [[ContactID]],
                          providerContacts: [Contact]) -> [ContactID] {
        var gone = removedRecordContacts.flatMap { $0 }
        if let present = presentRecordIDs {
            for contact in providerContacts {
                guard let recordID = contact.provenance.first(where: { $0.providerID == providerID })?.recordID,
                      !present.contains(recordID) else { continue }
                gone.append(contact.id)
            }
        }
        var seen = Set<ContactID>()
        return gone.filter { seen.insert($0).inserted }
    }
}
