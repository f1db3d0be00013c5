import Ohana

/// The parts of a card's fingerprint (``KeyExtractor/fingerprint(of:_:)``) both ways of making it
/// share: two cards are identical only when every part they have is equal.
extension KeyExtractor {
    /// An address's part of a card's fingerprint: city, street lines, postal code, country,
    /// region, extended address (an apartment) and post office box, in order.
    static func fingerprint(of address: PostalAddress) -> UInt64 {
        var hash = stableHash(address.city ?? "", seed: 7)
        for line in address.street { hash = stableHash(line, seed: hash) }
        hash = stableHash(address.postalCode ?? "", seed: hash)
        hash = stableHash(address.isoCountryCode ?? address.country ?? "", seed: hash)
        guard address.region != nil || address.extendedAddress != nil || address.poBox != nil else { return hash }
        hash = stableHash(address.region ?? "", seed: hash)
        hash = stableHash(address.extendedAddress ?? "", seed: hash)
        return stableHash(address.poBox ?? "", seed: hash)
    }

    /// The less common parts of a card's fingerprint, continued from `seed`: the name's
    /// `generation` (``NameGeneration/of(_:)``, also read from the formatted name: `Sr.` and `Jr.`
    /// are two people), its prefix and suffix, nickname, department and note; `seed` itself when
    /// the card has none. Read in place: most cards have none, and are not copied to find out.
    static func fingerprint(ofDetailsOf contact: UnsafePointer<Contact>, generation: UInt8, seed: UInt64) -> UInt64 {
        var hash = seed
        if generation != 0 { hash = stableHash(numbers: [Int(generation)], seed: stableHash("generation", seed: hash)) }
        let c = contact
        guard c.pointee.namePrefix != nil || c.pointee.nameSuffix != nil || c.pointee.nickname != nil || c.pointee.department != nil
            || c.pointee.note != nil else { return hash }
        let parts = [c.pointee.namePrefix, c.pointee.nameSuffix, c.pointee.nickname, c.pointee.department, c.pointee.note]
        return parts.reduce(stableHash("details", seed: hash)) { stableHash($1 ?? "", seed: $0) }
    }
}
