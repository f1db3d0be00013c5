// libFuzzer entry point for the vCard reader (built by scripts/fuzz.sh together with the Ohana model
// and OhanaVCard sources as one module).
import Foundation

/// Reads the input as a vCard file with small limits, writes what was read for every target and reads
/// it back: nothing may crash, and reading what was written must give as many cards without errors.
/// The input is also read in tiny blocks on every core (many runs, each block's cards given their
/// identifiers while the next is parsed), which must give exactly what one sequential pass gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func vCardFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    checkBlocksReadAsOnePass(data)
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

/// Fails when reading `data` in 1 KiB blocks, fed in uneven chunks, differs from one sequential pass.
func checkBlocksReadAsOnePass(_ data: Data) {
    func options(maxCards: Int?) -> VCardReadingOptions {
        VCardReadingOptions(maxLineLength: 4096, maxPropertySize: 8192, maxPropertiesPerCard: 200, maxNestingDepth: 3, maxCards: maxCards)
    }
    var reader = CardBlockReader(options: options(maxCards: nil), source: "fuzz.vcf", blockSize: 1024, minimumRun: 128)
    data.withUnsafeBytes { raw in
        let all = raw.bindMemory(to: UInt8.self)
        var start = 0, size = 333
        while start < all.count {
            let end = min(all.count, start + size)
            reader.feed(UnsafeBufferPointer(rebasing: all[start..<end]))
            start = end
            size = size * 7 % 1531 + 1
        }
    }
    reader.finish()
    let blocks = reader.takeAll()
    // A card limit makes the reader go card by card on one core: the reference.
    let onePass = VCardReader(options: options(maxCards: .max)).read(data, source: "fuzz.vcf")
    if blocks.contacts != onePass.contacts {
        fatalError("read in blocks: \(blocks.contacts.count) contacts differ from one pass's \(onePass.contacts.count)")
    }
    if blocks.diagnostics != onePass.diagnostics {
        fatalError("read in blocks: diagnostics differ from one pass's: \(blocks.diagnostics) vs \(onePass.diagnostics)")
    }
}
