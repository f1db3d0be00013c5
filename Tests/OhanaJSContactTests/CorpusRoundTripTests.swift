import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// Every file of the real-world corpus: vCard → contacts → JSContact (valid) → contacts → vCard →
/// contacts, with nothing lost (the same check as the vCard corpus round trip).
@Suite struct CorpusRoundTripTests {
    @Test func corpusIsThere() {
        #expect(Fixtures.corpusFiles.count >= 160, "expected the corpus at \(Fixtures.corpus.path)")
    }

    @Test(arguments: Fixtures.corpusFiles)
    func vCardToJSContactAndBackLosesNothing(_ file: String) throws {
        let first = try VCardReader().read(contentsOf: Fixtures.corpus.appendingPathComponent(file)).contacts
        let data = try JSContactDocument.write(first)
        let read = try JSContactDocument.read(data, source: file)
        #expect(read.diagnostics == [], "\(file): \(read.diagnostics)")
        #expect(read.contacts.count == first.count)
        for (a, b) in zip(first, read.contacts) where !a.hasSameContent(as: b) {
            Issue.record("\(file): contact differs after JSContact")
        }
        let vcard = VCardWriter(target: .rfc6350).write(read.contacts)
        let again = VCardReader().read(vcard, source: file).contacts
        #expect(again.count == first.count)
        // As the vCard round trip alone gives them (a written card keeps RFC 6350's cardinalities).
        let direct = VCardReader().read(VCardWriter(target: .rfc6350).write(first), source: file).contacts
        for (a, b) in zip(direct, again) where !a.hasSameContent(as: b) {
            Issue.record("\(file): contact differs after JSContact → vCard")
        }
    }
}
