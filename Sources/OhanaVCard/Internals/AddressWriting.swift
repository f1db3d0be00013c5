import Ohana

extension CardOutput {
    /// `ADR`: with `JSCOMPS` when the address has ordered components, else its seven fields (and
    /// RFC 9554's after the country), the street and extended address combining those for older readers.
    mutating func write(_ address: PostalAddress, to out: inout [UInt8]) {
        var a = address
        if let cc = a.isoCountryCode { a.parameters.append(PropertyParameter(name: "CC", values: [cc])) }
        // The default separator the reader kept (a JSCOMPS of one entry) goes back into the JSCOMPS written.
        let separator = a.parameters.first { $0.name == "JSCOMPS" }?.values.first.flatMap(JSComps.defaultSeparator)
        a.parameters.removeAll { $0.name == "JSCOMPS" }
        let parts = [a.poBox ?? "", a.extendedAddress ?? "", a.street.joined(separator: "\n"), a.city ?? "", a.region ?? "",
                     a.postalCode ?? "", a.country ?? ""]
        // The street lines: in 4.0 a list, as its reader takes them (RFC 6350 section 6.3.1); before, one text with line breaks.
        var street = version == .v4_0 ? a.street.map { text($0) }.joined(separator: ",") : text(parts[2])
        var extended = text(parts[1])
        if version == .v4_0 {
            // RFC 9554's components combined for older readers where the address has no street or extended
            // address of its own (the street number and name an app shows are no street of its own).
            let all = AddressCompatibility.parts(of: a)
            // A street that is only the number and name shown is written as shown (RFC 9554's example).
            let shown = AddressCompatibility.displayStreet(of: all)
            let combined = AddressCompatibility.combined(AddressCompatibility.streetPositions, of: all)
            if a.street.isEmpty || (a.street == shown && shown != [combined.joined(separator: " ")]) {
                street = combined.map { text($0) }.joined(separator: ",")
            }
            if a.extendedAddress == nil {
                extended = AddressCompatibility.combined(AddressCompatibility.extendedPositions, of: all).map { text($0) }.joined(separator: ",")
            }
        }
        if let ordered = orderedAddress(a, defaultSeparator: separator) {
            writeLabeled(
                name: "ADR", value: ordered.value, plain: ordered.plain, label: a.label, preferred: a.isPreferred,
                kept: a.parameters + [ordered.parameter], group: a.group, isPhone: false, to: &out)
            return
        }
        writeLabeled(
            name: "ADR", value: ([text(parts[0]), extended, street] + parts[3...5].map { text($0) } + [components(parts[6])]).joined(separator: ";"),
            plain: parts.joined(), label: a.label,
            preferred: a.isPreferred, kept: a.parameters, group: a.group, isPhone: false, to: &out)
    }
}
