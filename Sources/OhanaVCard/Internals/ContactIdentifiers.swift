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
    /// Equal UIDs have equal keys: a UID has one form (``IdentifierText``), and a UUID's key is its
    /// bits and how it was written.
    static func key(of uid: IdentifierText) -> StableHashWords {
        var hash = StableHash128()
        switch uid {
        case .text(var text):
            // Through a pointer, in one call: the core's generic `add(_:)` is not specialized here (5 %
            // of reading in perf), and the string's UTF-8 view cost 30 instructions a byte.
            text.withUTF8 { hash.add($0) }
        case .uuid(let high, let low, let form):
            // 0xFF first: no UTF-8 text begins with it, so no text's key is a UUID's.
            hash.add(0xFF)
            hash.add(form.rawValue)
            withUnsafeBytes(of: (high.littleEndian, low.littleEndian)) { hash.add($0.bindMemory(to: UInt8.self)) }
        }
        return hash.words
    }

    /// Gives the card's contact its identifier (its provenance was set where it was read); a repeated
    /// UID adds a warning.
    mutating func identify(_ card: inout ReadCard, diagnostics: inout [Diagnostic]) {
        defer { position += 1 }
        if let uid = card.uid, let key = card.uidKey {
            if let first = seenUIDs.firstLine(of: key, orRecord: card.startLine) {
                diagnostics.append(Diagnostic(.warning, source: source, line: card.startLine,
                    message: "UID \(uid.string.prefix(60)) repeats the card at line \(first); given a new identifier"))
                card.contact.id = stableIDs.id(at: position)
            } else {
                card.contact.id = ContactID(text: uid)
            }
        } else {
            card.contact.id = stableIDs.id(at: position)
        }
    }
}
