import Foundation
import Testing
import Ohana
@testable import OhanaVCard

@Test func dumpCorpus() throws {
    guard ProcessInfo.processInfo.environment["VCARD_DUMP"] != nil else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    for file in Corpus.files {
        let loaded = try VCardReader().read(contentsOf: file)
        print("=== \(file.path) contacts=\(loaded.contacts.count)")
        for d in loaded.diagnostics { print("  \(d)") }
        for c in loaded.contacts {
            var c = c
            if var p = c.photo { p.data = Data(p.data.prefix(4)); c.photo = p }
            print(String(decoding: try encoder.encode(c), as: UTF8.self))
        }
    }
}
