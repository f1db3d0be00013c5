import Foundation

/// What an incremental provider remembers between syncs: bytes only the provider reads.
///
/// A consumer keeps it (a store keeps one per provider) and hands it back on the next sync.
public struct ProviderSyncState: Hashable, Sendable, Codable {
    /// The provider's encoding of what it knew at the end of a sync.
    public var data: Data

    /// Creates a state from a provider's bytes.
    public init(data: Data) {
        self.data = data
    }
}

/// What changed in a provider's source since a sync state: records added, changed and removed,
/// and the state to hand back next time.
public struct ProviderChanges: Sendable {
    /// A source the provider loaded in full rather than incrementally, and why.
    public struct FullReload: Hashable, Sendable {
        /// The source (an address book URL, a file).
        public var source: String
        /// Why, in words a user understands.
        public var reason: String

        /// Creates a full-reload note.
        public init(source: String, reason: String) {
            self.source = source
            self.reason = reason
        }
    }

    /// Contacts of records new since the state.
    public var added: [Contact]
    /// Contacts of records that changed since the state (matched by provenance record ID).
    public var changed: [Contact]
    /// Records removed since the state: provider, record ID and last known revision.
    public var removed: [Provenance]
    /// The state to pass to the next sync.
    public var state: ProviderSyncState
    /// Every record ID the provider has, when this sync listed them all (a first sync); a
    /// consumer's records of this provider that are not among them are gone. `nil` otherwise.
    public var presentRecordIDs: Set<String>?
    /// Sources loaded in full instead of incrementally.
    public var fullReloads: [FullReload]
    /// Problems: unreadable records, sources whose sync stopped early.
    public var diagnostics: [Diagnostic]
    /// How many record bodies were transferred.
    public var recordsTransferred: Int
    /// Sources whose sync stopped early (the reason is in ``diagnostics``); the rest comes next time.
    public var incompleteSources: [String]

    /// Whether every source synced completely.
    public var isComplete: Bool { incompleteSources.isEmpty }

    /// Creates a change set.
    public init(added: [Contact] = [], changed: [Contact] = [], removed: [Provenance] = [], state: ProviderSyncState,
                presentRecordIDs: Set<String>? = nil, fullReloads: [FullReload] = [], diagnostics: [Diagnostic] = [],
                recordsTransferred: Int = 0, incompleteSources: [String] = []) {
        self.added = added
        self.changed = changed
        self.removed = removed
        self.state = state
        self.presentRecordIDs = presentRecordIDs
        self.fullReloads = fullReloads
        self.diagnostics = diagnostics
        self.recordsTransferred = recordsTransferred
        self.incompleteSources = incompleteSources
    }
}

/// A provider that can report what changed in its source since an opaque state, so that a
/// consumer (a store, an app's cache) transfers only the difference.
public protocol IncrementalContactsProvider: ContactsDataProvider {
    /// What changed since `state`; `nil` means nothing is known yet, and everything is added.
    ///
    /// Throws ``ContactsProviderError/authorizationRequired(_:)`` like ``loadContacts()``.
    func changes(since state: ProviderSyncState?) async throws(ContactsProviderError) -> ProviderChanges
}
