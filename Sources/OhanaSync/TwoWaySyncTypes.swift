import Foundation
import Ohana
import OhanaCardDAV

/// Options of a two-way sync.
public struct TwoWaySyncOptions: Hashable, Sendable {
    /// How a field changed on both sides to different values is resolved.
    public var preference: ConflictPreference
    /// Whether contacts that have no card on this server (from files or other servers) are created there.
    public var pushNew: Bool
    /// The address book new cards go to (default: the first one found).
    public var newCardsAddressBook: URL?
    /// Whether to only report what would be pulled and pushed, changing nothing.
    public var dryRun: Bool
    /// How often a write refused with 412 is re-fetched, re-merged and tried again.
    public var maximumAttempts: Int
    /// Whether contacts created in the store (``OhanaStore/StoreCreatedContacts``) get a card on
    /// this server; when a store syncs several accounts, only its first account's does.
    public var pushesStoreCreatedContacts = true

    /// Creates options.
    public init(preference: ConflictPreference = .keepBoth, pushNew: Bool = false, newCardsAddressBook: URL? = nil,
                dryRun: Bool = false, maximumAttempts: Int = 3) {
        self.preference = preference
        self.pushNew = pushNew
        self.newCardsAddressBook = newCardsAddressBook
        self.dryRun = dryRun
        self.maximumAttempts = maximumAttempts
    }
}

/// One card's part in a two-way sync: what was (or, in a dry run, would be) pulled or pushed.
public struct CardSyncAction: Hashable, Sendable, CustomStringConvertible {
    /// What happens to the card.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A card new on the server becomes a stored contact.
        case pullAdd = "pull add"
        /// A card changed on the server updates its stored contact.
        case pullUpdate = "pull update"
        /// A card removed on the server removes its stored contact.
        case pullRemove = "pull remove"
        /// A stored contact becomes a new card (`PUT` with `If-None-Match: *`).
        case pushCreate = "push create"
        /// A changed stored contact updates its card (`PUT` with `If-Match`).
        case pushUpdate = "push update"
        /// A card whose contact was removed or merged into another is deleted (`DELETE` with `If-Match`).
        case pushDelete = "push delete"
    }

    /// What happens.
    public var kind: Kind
    /// The card's href.
    public var href: String
    /// The contact's name.
    public var name: String
    /// Field-level changes, from the side's old version to the new one.
    public var changes: [FieldChange]
    /// Fields both sides changed to different values, with the values kept.
    public var conflicts: [FieldConflict]
    /// A note, such as the contact a deleted card was merged into.
    public var note: String?

    /// Creates an action.
    public init(kind: Kind, href: String, name: String, changes: [FieldChange] = [], conflicts: [FieldConflict] = [],
                note: String? = nil) {
        self.kind = kind
        self.href = href
        self.name = name
        self.changes = changes
        self.conflicts = conflicts
        self.note = note
    }

    /// The action in one line, then one indented line per field change and conflict.
    public var description: String {
        var lines = ["\(kind.rawValue) \(href) \(name)" + (note.map { " (\($0))" } ?? "")]
        lines += changes.map { "    \($0)" }
        lines += conflicts.map { "    conflict \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// What a two-way sync did (or, in a dry run, would do).
public struct TwoWaySyncReport: Sendable {
    /// Every card pulled or pushed, in the order handled.
    public var actions: [CardSyncAction] = []
    /// Problems met (unreadable cards, writes given up after repeated conflicts); the rest still synced.
    public var diagnostics: [Diagnostic] = []
    /// Whether nothing was changed (a dry run).
    public var isDryRun = false
    /// Interrupted writes of an earlier sync that were found and settled first.
    public var resumedWrites = 0
    /// How many cards were transferred from the server (only those changed since the last sync).
    public var cardsTransferred = 0
    /// How many writes met a card changed on the server since it was read (a 412), and were merged
    /// with the server's version and sent again.
    public var conflictRetries = 0
    /// The cards that could not be written (refused by the server, or changing there on every try),
    /// by href; each has an error in ``diagnostics``.
    public var unwrittenCards: [String] = []

    /// How many actions of one kind.
    public func count(_ kind: CardSyncAction.Kind) -> Int { actions.count { $0.kind == kind } }

    /// Every conflict, with the card's name and href.
    public var conflicts: [(action: CardSyncAction, conflict: FieldConflict)] {
        actions.flatMap { action in action.conflicts.map { (action, $0) } }
    }

    /// The run as a tracked event, `sync.finished`: cards pulled and pushed by kind, conflicts, cards
    /// not written, writes of a stopped sync settled, cards transferred, and the time it took.
    public func trackedEvent(duration: Duration) -> TrackedEvent {
        TrackedEvent("sync.finished", [
            "outcome": .text(isDryRun ? "dry_run" : unwrittenCards.isEmpty ? "synced" : "cards_not_written"),
            "pulled_added": .integer(count(.pullAdd)), "pulled_changed": .integer(count(.pullUpdate)),
            "pulled_removed": .integer(count(.pullRemove)), "pushed_created": .integer(count(.pushCreate)),
            "pushed_updated": .integer(count(.pushUpdate)), "pushed_deleted": .integer(count(.pushDelete)),
            "conflicts": .integer(conflicts.count), "unwritten_cards": .integer(unwrittenCards.count),
            "resumed_writes": .integer(resumedWrites), "cards_transferred": .integer(cardsTransferred),
            "conflict_retries": .integer(conflictRetries),
            "seconds": .number(duration.inSeconds),
        ])
    }

    /// Counts in one line.
    public var summary: String {
        "pulled \(count(.pullAdd)) added, \(count(.pullUpdate)) changed, \(count(.pullRemove)) removed; "
            + "pushed \(count(.pushCreate)) created, \(count(.pushUpdate)) updated, \(count(.pushDelete)) deleted; "
            + "\(conflicts.count) conflicts"
    }
}
