import Ohana

/// The `FN` written for a contact with no name and no organization (``Contact/fullName`` empty).
/// RFC 6350 section 6.2.1 requires one FN in every card (`1`), and RFC 2426 in 3.0; an empty one is
/// valid text but tells a reader nothing, so the writer does as address books show such a contact:
/// its nickname, else its first email address, else its first phone number (the text, not a name
/// made up from it). In 4.0 the FN says `DERIVED=TRUE` (RFC 9554 section 4.3), so that a JSContact
/// converter does not take it for a full name (RFC 9555 section 2.5.2). With none of those, FN stays
/// empty. The reader recognizes that FN and leaves it out of the contact again, so nothing reading
/// the card back gets it as a formatted name.
enum FormattedNameFallback {
    /// The FN for a contact whose ``Contact/fullName`` is empty, or nil when it has nothing to show.
    static func value(for c: Contact) -> String? {
        if let nickname = c.nickname, !nickname.isEmpty { return nickname }
        if let email = c.emailAddresses.first(where: { !$0.value.isEmpty }) { return email.value }
        if let phone = c.phoneNumbers.first(where: { !$0.value.isEmpty }) { return phone.value }
        return nil
    }

    /// The details the reader keeps for an FN that is only `DERIVED=TRUE`.
    static let derivedMarker: CustomValue = .strings(["", "DERIVED=TRUE"])

    /// Drops the kept `DERIVED=TRUE` of an FN that was the writer's fallback (it writes it again).
    static func forgetDerivedMarker(of contact: inout Contact) {
        let key = VCardKeys.details("FN")
        if contact.customProperties[key] == derivedMarker { contact.customProperties[key] = nil }
    }
}

extension CardOutput {
    /// `FN`: the contact's ``Contact/fullName``, or with no name and no organization the
    /// ``FormattedNameFallback`` (FN is required: RFC 6350 section 6.2.1).
    func writeFormattedName(to out: inout [UInt8]) {
        let fallback = contact.fullName.isEmpty ? FormattedNameFallback.value(for: contact) : nil
        let fn = fallback ?? contact.fullName
        let marked = details("FN").parameters.contains { $0.name.uppercased() == "DERIVED" }
        let derived = fallback != nil && version == .v4_0 && !marked ? [PropertyParameter(name: "DERIVED", values: ["TRUE"])] : []
        property("FN", value: text(fn), plain: fn, details: "FN", parameters: derived, to: &out)
    }
}
