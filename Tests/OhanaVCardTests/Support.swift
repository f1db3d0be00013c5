import Foundation
import Ohana
@testable import OhanaVCard

/// The real-world corpus: ../shared/corpus/vcards beside the repository.
enum Corpus {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/vcards")

    /// Every .vcf file, sorted by path.
    static var files: [URL] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var result: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension.lowercased() == "vcf" { result.append(url) }
        }
        return result.sorted { $0.path < $1.path }
    }

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func read(_ relative: String) throws -> LoadedContacts {
        try VCardReader().read(contentsOf: url(relative))
    }
}

/// Reads vCard text given inline.
func readCards(_ text: String, options: VCardReadingOptions = .init()) -> LoadedContacts {
    VCardReader(options: options).read(Data(text.utf8), source: "test.vcf")
}

/// Reads raw bytes.
func readCards(bytes: [UInt8], options: VCardReadingOptions = .init()) -> LoadedContacts {
    VCardReader(options: options).read(Data(bytes), source: "test.vcf")
}
