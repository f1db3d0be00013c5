import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// The real-world corpus in ../shared/corpus/vcards: every file loads, broken files are reported,
/// and reading what was written gives the same contacts.
@Suite struct CorpusTests {
    /// Files their source project treats as unreadable: nothing or only part of them loads.
    static let brokenFiles: Set<String> = [
        "l0b0-vcard/dot_at_line_start.vcf", "l0b0-vcard/invalid_begin.vcf", "l0b0-vcard/missing_start.vcf",
        "l0b0-vcard/missing_end.vcf", "l0b0-vcard/missing_n_value.vcf", "l0b0-vcard/missing_fn.vcf",
        "l0b0-vcard/missing_n.vcf", "l0b0-vcard/missing_version.vcf", "l0b0-vcard/missing_properties.vcf",
        "l0b0-vcard/continuation_at_start.vcf", "khard/vcards/unparsable.vcf", "radicale/broken-vcard.vcf",
        "radicale/broken-vcards.vcf", "radicale/broken-vcards2.vcf", "radicale/broken-vcards2-no_uid.vcf",
        "ical4j-vcard/invalid/vcard-dirk-whitespaceafterbegin.vcf", "ical4j-vcard/invalid/vcard-incompletenproperty.vcf",
    ]

    static func relative(_ url: URL) -> String {
        String(url.path.dropFirst(Corpus.root.path.count + 1))
    }

    @Test func corpusIsThere() {
        #expect(Corpus.files.count >= 160, "expected the corpus at \(Corpus.root.path)")
    }

    @Test(arguments: Corpus.files.map(relative))
    func everyValidFileLoadsWithContent(_ file: String) throws {
        let loaded = try Corpus.read(file)
        if Self.brokenFiles.contains(file) { return }
        #expect(!loaded.contacts.isEmpty, "\(file): no contact loaded")
        for contact in loaded.contacts {
            let hasSomething = !contact.fullName.isEmpty || !contact.fields.isEmpty || !contact.postalAddresses.isEmpty || contact.photo != nil
                || !contact.unmappedProperties.isEmpty
            #expect(hasSomething, "\(file): an empty contact")
        }
        #expect(!loaded.diagnostics.contains { $0.severity == .error && $0.line == nil }, "\(file): error without a line")
    }

    @Test(arguments: Array(brokenFiles).sorted())
    func brokenFileIsReportedWithFileAndLine(_ file: String) throws {
        let loaded = try Corpus.read(file)
        #expect(!loaded.diagnostics.isEmpty, "\(file): no diagnostic")
        for d in loaded.diagnostics {
            #expect(d.source.hasSuffix(file))
            #expect(d.line != nil)
            #expect(d.description.contains("\(file):\(d.line ?? 0): "))
        }
    }

    @Test(arguments: Corpus.files.map(relative))
    func roundTripLosesNothing(_ file: String) throws {
        let first = try Corpus.read(file).contacts
        for target in VCardTarget.allCases {
            let written = VCardWriter(target: target).write(first)
            let second = VCardReader().read(written, source: "\(file) as \(target)")
            #expect(second.contacts.count == first.count, "\(file) → \(target): card count")
            #expect(!second.diagnostics.contains { $0.severity == .error }, "\(file) → \(target): \(second.diagnostics)")
            for (a, b) in zip(first, second.contacts) where !a.hasSameContent(as: b) {
                Issue.record("\(file) → \(target): contact differs\n\(describeDifference(a, b))\n--- written:\n\(String(decoding: written, as: UTF8.self).prefix(3000))")
            }
        }
    }
}

/// The properties two contacts differ in, for failure messages.
func describeDifference(_ a: Contact, _ b: Contact) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var x = a, y = b
    x.id = ""; y.id = ""; x.provenance = []; y.provenance = []
    let left = (try? encoder.encode(x)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let right = (try? encoder.encode(y)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let l = left.split(separator: "\n"), r = right.split(separator: "\n")
    var out: [String] = []
    for i in 0..<max(l.count, r.count) {
        let p = i < l.count ? String(l[i]) : "", q = i < r.count ? String(r[i]) : ""
        if p != q { out.append("- \(p)\n+ \(q)") }
        if out.count > 12 { break }
    }
    return out.joined(separator: "\n")
}
