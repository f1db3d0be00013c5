import Foundation
import Ohana
import OhanaJSContact
import OhanaVCard
import Testing

/// The test target's fixture folders and the real-world corpus.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/vcards")

    static func files(_ folder: String, ext: String) -> [String] {
        let dir = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted()
    }

    static func text(_ folder: String, _ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name), encoding: .utf8)
    }

    /// An RFC example as a JSON object: whole cards as they are, member fragments inside braces,
    /// with the RFC's `...` elision lines left out.
    static func object(_ text: String) throws -> [String: JSONValue] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.trimmingCharacters(in: .whitespaces) != "..." }
        var body = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        if !body.hasPrefix("{") { body = "{" + body + "}" }
        guard let object = try JSONValue(jsonText: body).object else { throw FixtureError.notAnObject }
        return object
    }

    static var corpusFiles: [String] {
        let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
        var result: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension.lowercased() == "vcf" { result.append(String(url.path.dropFirst(corpus.path.count + 1))) }
        }
        return result.sorted()
    }
}

enum FixtureError: Error { case notAnObject }

/// A card holding an example's members, completed with the members a card requires.
func exampleCard(_ members: [String: JSONValue]) -> Card {
    var all = members
    if all["@type"] == nil { all["@type"] = "Card" }
    if all["version"] == nil { all["version"] = "1.0" }
    if all["uid"] == nil { all["uid"] = "urn:uuid:11111111-2222-3333-4444-555555555555" }
    return Card(members: all)
}

/// Reads vCard text (one card's properties, or whole cards).
func readVCard(_ text: String) -> LoadedContacts {
    // The RFCs' examples indent folded lines by two spaces (their layout's and the fold's).
    var body = text.replacingOccurrences(of: "\n  ", with: "\n ")
    if !body.contains("BEGIN:VCARD") { body = "BEGIN:VCARD\r\nVERSION:4.0\r\n" + body + "\r\nEND:VCARD\r\n" }
    return VCardReader().read(Data(body.utf8), source: "test.vcf")
}

/// The members of two JSON values that differ, for failure messages.
func differences(_ a: JSONValue, _ b: JSONValue, path: String = "") -> [String] {
    if a == b { return [] }
    if let x = a.object, let y = b.object {
        return Set(x.keys).union(y.keys).sorted().flatMap { k in
            differences(x[k] ?? .null, y[k] ?? .null, path: path + "/" + k)
        }
    }
    return ["\(path): \(a.jsonText) ≠ \(b.jsonText)"]
}

/// The first contact of a vCard text, failing the test with the reader's diagnostics when there is none.
func contact(_ vcard: String) throws -> Contact {
    let loaded = readVCard(vcard)
    return try #require(loaded.contacts.first, "\(loaded.diagnostics)")
}

/// The vCard 4.0 lines (unfolded) a card is written as, through the contact it converts to.
func lines(_ card: Card) -> [String] {
    String(decoding: VCardWriter(target: .rfc6350).write([JSContactConverter().contact(from: card)]), as: UTF8.self)
        .replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
}
