import Ohana

// Text and parameter helpers of the card mapper that need nothing of the card being mapped.

/// Windows-1252, its five undefined bytes read as ISO-8859-1 does (``TextDecoding/windows1252(_:)``).
func legacyText(_ bytes: ArraySlice<UInt8>) -> String {
    TextDecoding.windows1252(bytes)
}

/// CRLF and lone CR as LF.
func normalizeNewlines(_ s: String) -> String {
    guard s.utf8.contains(0x0D) else { return s }
    return s.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
}

/// The `i`th component when it is there and not empty.
func part(_ parts: [String], _ i: Int) -> String? { i < parts.count ? nonEmpty(parts[i]) : nil }

/// The last standard component `i`, with the components after it joined on by `;` when any of
/// them has text (RFC 9554's extra `N` and `ADR` components, kept so they are written back).
/// Extra components that are all empty (`N:Holmes;Sherlock;;Mr;;`, a trailing `;` after the
/// country) are dropped: they are not part of the value.
func partWithExtras(_ parts: [String], _ i: Int) -> String? {
    parts.count > i + 1 && parts[(i + 1)...].contains(where: { !$0.isEmpty })
        ? nonEmpty(parts[i...].joined(separator: ";")) : part(parts, i)
}

/// The text unless it is empty.
func nonEmpty(_ s: String?) -> String? {
    guard let s, !s.isEmpty else { return nil }
    return s
}

/// Parameters kept for writing back: everything but CHARSET and decoded transfer encodings.
/// Base64 is kept as `ENCODING=b` whatever the spelling (the writer spells it per version).
func cleaned(_ parameters: [PropertyParameter], dropping: Set<String> = []) -> [PropertyParameter] {
    // Most lists have nothing to drop or respell: they are kept as they are, not copied.
    guard parameters.contains(where: { $0.name == "CHARSET" || $0.name == "ENCODING" || (!dropping.isEmpty && dropping.contains($0.name)) })
    else { return parameters }
    return parameters.compactMap { p in
        if p.name == "CHARSET" || dropping.contains(p.name) { return nil }
        if p.name == "ENCODING" {
            let v = p.values.first?.uppercased() ?? ""
            if v == "QUOTED-PRINTABLE" || v == "8BIT" || v == "7BIT" { return nil }
            if v == "BASE64" || v == "B" { return PropertyParameter(name: "ENCODING", values: ["b"]) }
        }
        return p
    }
}
