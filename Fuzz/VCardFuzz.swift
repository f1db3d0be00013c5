// libFuzzer entry point for the vCard reader (built by scripts/fuzz.sh together with the Ohana model
// and OhanaVCard sources as one module).
import Foundation

/// Reads the input as a vCard file with small limits, writes what was read for every target and reads
/// it back: nothing may crash, and reading what was written must give as many cards without errors.
@_cdecl("LLVMFuzzerTestOneInput")
public func vCardFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    let options = VCardReadingOptions(maxLineLength: 4096, maxPropertySize: 8192, maxPropertiesPerCard: 200,
                                      maxNestingDepth: 3, maxCards: 50)
    let loaded = VCardReader(options: options).read(data, source: "fuzz.vcf")
    for target in VCardTarget.allCases {
        let written = VCardWriter(target: target).write(loaded.contacts)
        let again = VCardReader().read(written, source: "fuzz-\(target).vcf")
        if again.contacts.count != loaded.contacts.count {
            fatalError("\(target): \(loaded.contacts.count) cards read, \(again.contacts.count) read back")
        }
        if let error = again.diagnostics.first(where: { $0.severity == .error }) {
            fatalError("\(target): writing produced an unreadable card: \(error)")
        }
    }
    return 0
}
