import Foundation

/// Lowercase ASCII letters and digits of a Latin-script text: `Łukasz Żółć` → `lukaszzolc`.
func asciiFold(_ text: String) -> String {
    asciiFoldKeepingCase(text).lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
}

/// A Latin-script text without diacritics, case kept: `José Müller` → `Jose Muller`.
func asciiFoldKeepingCase(_ text: String) -> String {
    let special: [Character: String] = [
        "ł": "l", "Ł": "L", "ß": "ss", "ı": "i", "İ": "I", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE",
        "œ": "oe", "Œ": "OE", "đ": "d", "Đ": "D", "ð": "d", "þ": "th",
    ]
    var out = ""
    for ch in text {
        if let replacement = special[ch] { out += replacement; continue }
        if ch.isASCII { out.append(ch); continue }
        let decomposed = String(ch).decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { !(0x300...0x36F).contains($0.value) }
        out += String(String.UnicodeScalarView(decomposed))
    }
    return out
}
