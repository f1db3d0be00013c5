import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// Inputs the fuzzer (scripts/fuzz.sh) flagged, kept under Fixtures/fuzz: each must read, write for
/// every target and read back with the same number of cards and no errors.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func thereAreInputs() { #expect(!Self.inputs.isEmpty) }

    @Test(arguments: inputs)
    func readsWritesAndReadsBack(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let options = VCardReadingOptions(maxLineLength: 4096, maxPropertySize: 8192, maxPropertiesPerCard: 200,
                                          maxNestingDepth: 3, maxCards: 50)
        let loaded = VCardReader(options: options).read(data, source: name)
        for target in VCardTarget.allCases {
            let again = VCardReader().read(VCardWriter(target: target).write(loaded.contacts), source: "\(name) \(target)")
            #expect(again.contacts.count == loaded.contacts.count)
            #expect(!again.diagnostics.contains { $0.severity == .error })
        }
    }
}
