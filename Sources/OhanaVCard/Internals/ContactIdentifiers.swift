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
    private let providerID: String
    /// The line of the first card with each UID, by a 128-bit hash of the UID (not the text, so
    /// that streaming millions of cards holds 24 bytes a card here).
    private var seenUIDs: [StableHashWords: Int] = [:]
    private var position = 0

    init(source: String, providerID: String) {
        self.source = source
        self.stableIDs = StableContactIDs(source: source)
        self.providerID = providerID
    }

    /// The card's contact with its identifier and provenance; a repeated UID adds a warning.
    mutating func identify(_ card: ReadCard, diagnostics: inout [Diagnostic]) -> Contact {
        var contact = card.contact
        defer { position += 1 }
        if let uid = card.uid {
            var hash = StableHash128()
            hash.add(uid.utf8)
            let key = hash.words
            if let first = seenUIDs[key] {
                diagnostics.append(Diagnostic(.warning, source: source, line: card.startLine,
                    message: "UID \(uid.prefix(60)) repeats the card at line \(first); given a new identifier"))
                contact.id = stableIDs.id(at: position)
            } else {
                seenUIDs[key] = card.startLine
                contact.id = ContactID(rawValue: uid)
            }
        } else {
            contact.id = stableIDs.id(at: position)
        }
        contact.provenance = [Provenance(providerID: providerID, recordID: card.uid)]
        return contact
    }
}
