import Ohana

/// Gives each card read its identifier, in input order.
///
/// A card's `UID` is its identifier the first time the input holds it. A card without one, and a
/// card whose `UID` an earlier card of the input already has, gets an identifier derived from the
/// source and the card's place in it (``ContactID/init(stableFor:position:salt:)``): reading the
/// same file again gives the same identifiers.
struct ContactIdentifiers {
    private let source: String
    private let stableIDs: StableContactIDs
    /// The line of the first card with each UID, by a hash of the UID (not the text, so that
    /// streaming millions of cards holds about 20 bytes a card here).
    private var seenUIDs = FirstLinesByUID()
    private var position = 0

    init(source: String) {
        self.source = source
        self.stableIDs = StableContactIDs(source: source)
    }

    /// The hash under which a UID is remembered (computed where the card is read, on any core).
    static func key(of uid: String) -> StableHashWords {
        var hash = StableHash128()
        // Through a pointer, in one call: the core's generic `add(_:)` is not specialized here (5 %
        // of reading in perf), and the string's UTF-8 view cost 30 instructions a byte.
        var uid = uid
        uid.withUTF8 { hash.add($0) }
        return hash.words
    }

    /// Gives the card's contact its identifier (its provenance was set where it was read); a repeated
    /// UID adds a warning.
    mutating func identify(_ card: inout ReadCard, diagnostics: inout [Diagnostic]) {
        defer { position += 1 }
        if let uid = card.uid, let key = card.uidKey {
            if let first = seenUIDs.firstLine(of: key, orRecord: card.startLine) {
                diagnostics.append(Diagnostic(.warning, source: source, line: card.startLine,
                    message: "UID \(uid.prefix(60)) repeats the card at line \(first); given a new identifier"))
                card.contact.id = stableIDs.id(at: position)
            } else {
                card.contact.id = ContactID(rawValue: uid)
            }
        } else {
            card.contact.id = stableIDs.id(at: position)
        }
    }
}
