import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// The compact table of UIDs seen while reading.
@Suite struct FirstLinesByUIDTests {
    @Test func everyRepeatFindsTheFirstLineAndNoNewUIDIsTakenForARepeat() {
        var table = FirstLinesByUID()
        // Texts and UUIDs (held as bits) in every form.
        let uids = (0..<50_000).map { i -> String in
            let uuid = UUID().uuidString
            return switch i % 4 {
            case 0: "urn:uuid:\(i)-\(i * 7919)"
            case 1: uuid
            case 2: uuid.lowercased()
            default: "urn:uuid:" + uuid.lowercased()
            }
        }
        // First pass: all new (through many growths of every table).
        for (i, uid) in uids.enumerated() {
            #expect(table.firstLine(of: ContactIdentifiers.key(of: IdentifierText(uid)), orRecord: 10 * i + 1) == nil)
        }
        // Second pass: each one is a repeat of its own first line, not of another's.
        var wrong = 0
        for (i, uid) in uids.enumerated() where table.firstLine(of: ContactIdentifiers.key(of: IdentifierText(uid)), orRecord: 0) != 10 * i + 1 {
            wrong += 1
        }
        #expect(wrong == 0)
        #expect(table.firstLine(of: ContactIdentifiers.key(of: IdentifierText("urn:uuid:never-seen")), orRecord: 3) == nil)
        #expect(table.firstLine(of: ContactIdentifiers.key(of: IdentifierText("urn:uuid:never-seen")), orRecord: 9) == 3)
    }

    @Test func linesPastFourBillionAreKeptAsTheLargestLine() {
        var table = FirstLinesByUID()
        let key = ContactIdentifiers.key(of: IdentifierText("far"))
        _ = table.firstLine(of: key, orRecord: Int(UInt32.max) + 10)
        #expect(table.firstLine(of: key, orRecord: 1) == Int(UInt32.max))
    }
}
