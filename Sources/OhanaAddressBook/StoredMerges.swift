import Foundation
import Ohana
import OhanaDuplicates
import OhanaStore

/// Merges the user decided on, kept in the contact store: the import that keeps them merged.
public enum StoredMerges {
    /// The merged contact of one group the user merged: the library's duplicate merging with no
    /// rules and the group kept together. It keeps the first member's id and loses nothing.
    public static func mergedContact(of members: [Contact]) -> Contact {
        guard members.count > 1 else { return members[0] }
        let merging = DuplicateMerging(
            rules: DuplicateRules(rules: []), overrides: DuplicateOverrides(keptTogether: [members.map(\.id)]))
        return merging.merge(members).contacts[0]
    }

    /// Imports contacts into a store on either backend, updating the ones imported before from the
    /// same source records, and keeps the user's merges: a contact from a source of a merged contact
    /// updates that merged contact, which is rebuilt from its members' latest versions, instead of
    /// coming back on its own.
    @discardableResult
    public static func importContacts(_ contacts: [Contact], into storage: any ContactStorage) async throws -> ContactSaveSummary {
        try await storage.upsert(contacts, remerging: { mergedContact(of: $0) })
    }
}
