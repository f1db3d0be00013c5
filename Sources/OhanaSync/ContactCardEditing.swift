import Foundation
import Ohana
import OhanaVCard

/// A contact edited as a vCard in a text editor (`ohana edit ID` without flags, as `git commit` and
/// khard do): the card to show, and the contact the saved text makes.
///
/// The saved card is read back and merged field by field into the stored contact
/// (``ContactThreeWayMerge``, with the card as first shown as the base), so what the card cannot
/// show (resolved phone details, values' provenance, typed properties) stays as it was, and only
/// what the person changed in the text changes.
public struct ContactCardEditing: Sendable {
    /// The vCard flavour the card is shown in.
    public var target: VCardTarget

    /// Creates an editing session writing cards for `target` (default vCard 4.0).
    public init(target: VCardTarget = .rfc6350) {
        self.target = target
    }

    /// Why an edited card cannot be stored; the text is offered again with the reason on top.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reasons, one per line (with the card's line number when the reader gave one).
        public var lines: [String]

        /// The reasons in one line each.
        public var description: String { lines.joined(separator: "\n") }
    }

    /// The text to edit: the contact's card, after `problems` as `#` comment lines (which reading ignores).
    public func text(for contact: Contact, problems: [String] = []) -> String {
        Self.text(card: VCardWriter(target: target).string(for: contact), problems: problems)
    }

    /// A card's text offered again after `problems` as `#` comment lines (none: the card alone).
    public static func text(card: String, problems: [String]) -> String {
        guard !problems.isEmpty else { return card }
        return problems.map { "# \($0)" }.joined(separator: "\n")
            + "\n# Fix the card below and save, or delete everything to give up.\n" + card
    }

    /// The card in a saved text: its lines without the `#` comment lines.
    public static func card(in text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }.joined(separator: "\n")
    }

    /// The contact the saved `text` makes from `original` (the stored contact the text was shown
    /// for): `nil` when the card is unchanged or the text is empty (nothing to store). Throws
    /// ``Problem`` when the text is not exactly one readable card.
    public func edited(_ text: String, from original: Contact) throws(Problem) -> Contact? {
        let card = Self.card(in: text)
        guard !card.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        let reader = VCardReader()
        let loaded = reader.read(Data(card.utf8), source: "edited card")
        let shown = reader.read(Data(VCardWriter(target: target).string(for: original).utf8), source: "card shown")
        // Stricter than reading a file: a repair the reader would make silently (a card without
        // END:VCARD, a line it skips) is asked about, unless the card as shown needed it too.
        let known = Set(shown.diagnostics.map(\.message))
        let problems = loaded.diagnostics.filter { !known.contains($0.message) }
        guard problems.isEmpty else {
            throw Problem(lines: problems.map { diagnostic in
                (diagnostic.line.map { "line \($0): " } ?? "") + diagnostic.message
            })
        }
        guard loaded.contacts.count == 1, var remote = loaded.contacts.first else {
            throw Problem(lines: ["the text holds \(loaded.contacts.count) cards; keep exactly one (BEGIN:VCARD … END:VCARD)"])
        }
        guard var base = shown.contacts.first else { return nil }
        base.id = original.id
        remote.id = original.id
        remote.provenance = base.provenance
        if remote == base { return nil }
        let merged = ContactThreeWayMerge(preference: .remote).merge(base: base, local: original, remote: remote).contact
        return merged == original ? nil : merged
    }
}
