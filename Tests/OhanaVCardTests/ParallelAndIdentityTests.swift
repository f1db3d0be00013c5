import Foundation
import Ohana
import OhanaSampleData
import Testing
@testable import OhanaVCard

/// Reading on every core gives exactly what one sequential pass gives; identifiers are stable.
@Suite struct ParallelReadingTests {
    /// Reads in small blocks (16 KiB, runs from 2 KiB), so that a few hundred cards make many runs.
    static func inSmallBlocks(_ data: Data, source: String = "big.vcf", expectedBytes: Int? = nil) -> (LoadedContacts, runs: Int) {
        var reader = CardBlockReader(options: .init(), source: source, blockSize: 1 << 14, minimumRun: 1 << 11)
        reader.expectedInputBytes = expectedBytes
        data.withUnsafeBytes { raw in
            // Fed in uneven chunks, as a file is read.
            var start = 0
            var size = 1000
            while start < raw.count {
                let end = min(raw.count, start + size)
                reader.feed(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[start..<end]))
                start = end
                size = size * 3 % 7919 + 1
            }
        }
        reader.finish()
        return (reader.takeAll(), reader.runsRead)
    }

    /// A card limit makes the reader go card by card on one core: the reference.
    static func sequential(_ data: Data, source: String = "big.vcf") -> LoadedContacts {
        VCardReader(options: .init(maxCards: .max)).read(data, source: source)
    }

    /// Generated contacts written for `target`, with every line break replaced by `lineBreak(i)`.
    static func book(count: Int, seed: UInt64, target: VCardTarget, lineBreak: (Int) -> String = { _ in "\r\n" }) -> String {
        let text = String(decoding: VCardWriter(target: target).write(ContactGenerator(seed: seed).generate(count: count)), as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        var out = ""
        for (i, line) in lines.enumerated() {
            out += line
            if i < lines.count - 1 { out += lineBreak(i) }
        }
        return out
    }

    @Test(arguments: VCardTarget.allCases)
    func manyCardsReadInParallelAsInOnePass(_ target: VCardTarget) {
        let data = Data(Self.book(count: 800, seed: 7, target: target).utf8)
        let (parallel, runs) = Self.inSmallBlocks(data)
        let reference = Self.sequential(data)
        #expect(runs > 20)
        #expect(parallel.contacts.count == 800)
        #expect(parallel.contacts == reference.contacts)
        #expect(parallel.diagnostics == reference.diagnostics)
    }

    @Test("the input's size, told right, too small or too large, changes nothing read")
    func sizeHintChangesNothing() {
        let data = Data(Self.book(count: 600, seed: 11, target: .rfc6350).utf8)
        let reference = Self.sequential(data)
        for expected in [data.count, 100, data.count * 50] {
            let (read, _) = Self.inSmallBlocks(data, expectedBytes: expected)
            #expect(read.contacts == reference.contacts, "size hint \(expected)")
            #expect(read.diagnostics == reference.diagnostics, "size hint \(expected)")
        }
    }

    @Test func mixedLineBreaksAndBrokenLinesKeepTheirLineNumbers() {
        // LF, CRLF, CR and CR CR LF in turn, and a broken line in every 500th card.
        let breaks = ["\n", "\r\n", "\r", "\r\r\n"]
        var text = Self.book(count: 900, seed: 3, target: .android) { breaks[$0 % 4] }
        text = text.replacingOccurrences(of: "END:VCARD", with: "no colon here\nEND:VCARD", options: [], range: nil)
        let data = Data(text.utf8)
        let (parallel, runs) = Self.inSmallBlocks(data)
        let reference = Self.sequential(data)
        #expect(runs > 20)
        #expect(parallel.contacts == reference.contacts)
        #expect(parallel.diagnostics == reference.diagnostics)
        #expect(parallel.diagnostics.filter { $0.severity == .error }.count == 900)
    }

    /// A run's lines are numbered from 1 and renumbered by the line breaks of the runs before it,
    /// as the line reader counted them: LF, CRLF and CR…CR LF once, every other CR once, lone CRs
    /// at the very end of the run included. Checked against a byte-by-byte count, fed whole and in
    /// two chunks.
    @Test func lineReaderCountsLineBreaksAsTheWholeInputDoes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x41, 0x20, 0x3A]
        var sawTrailingCRs = false
        for length in 0..<600 {
            var bytes = (0..<(length % 50)).map { _ in alphabet.randomElement(using: &generator)! }
            // A run ends where the next line begins: right after a line break.
            bytes += length.isMultiple(of: 3) ? [0x0D, 0x0D] : [length.isMultiple(of: 2) ? 0x0A : 0x0D]
            if bytes.suffix(2) == [0x0D, 0x0D] { sawTrailingCRs = true }
            let expected = Self.lineBreaksOneByOne(bytes)
            for cut in [bytes.count, bytes.count / 2] {
                var reader = LineReader(maxLineLength: 1000, maxPropertySize: 1000, firstLine: 1)
                reader.feed(Array(bytes[..<cut])) { _ in }
                reader.feed(Array(bytes[cut...])) { _ in }
                reader.finish { _ in }
                #expect(reader.nextLineNumber - 1 == expected, "\(bytes), fed cut at \(cut)")
            }
        }
        #expect(sawTrailingCRs)
    }

    /// The reference count: LF once, CR…CR LF once, every other CR once.
    static func lineBreaksOneByOne(_ run: [UInt8]) -> Int {
        var breaks = 0
        var i = 0
        while i < run.count {
            if run[i] == 0x0A {
                breaks += 1
                i += 1
            } else if run[i] == 0x0D {
                var j = i + 1
                while j < run.count, run[j] == 0x0D { j += 1 }
                if j < run.count, run[j] == 0x0A {
                    breaks += 1
                    i = j + 1
                } else {
                    breaks += j - i
                    i = j
                }
            } else {
                i += 1
            }
        }
        return breaks
    }

    @Test("a card begun inside another, deep in a long input, names the outer card's line as one pass does")
    func nestedCardWarningNamesTheLineOfTheWholeInput() throws {
        var text = Self.book(count: 700, seed: 5, target: .rfc6350)
        // In every 97th card a card begins before the outer one ends (each in a run of its own).
        var cards = text.components(separatedBy: "END:VCARD\r\n")
        for k in stride(from: 40, to: cards.count - 1, by: 97) {
            cards[k] = cards[k].replacingOccurrences(of: "\r\nFN:", with: "\r\nBEGIN:VCARD\r\nVERSION:4.0\r\nFN:Inner\r\nEND:VCARD\r\nFN:")
        }
        text = cards.joined(separator: "END:VCARD\r\n")
        let data = Data(text.utf8)
        let (parallel, runs) = Self.inSmallBlocks(data)
        let reference = Self.sequential(data)
        let nested = reference.diagnostics.filter { $0.message.hasPrefix("card begins inside the card begun at line") }
        #expect(runs > 20)
        #expect(nested.count == 7)
        #expect(try #require(nested.last?.line) > 4_000)
        #expect(parallel.contacts == reference.contacts)
        #expect(parallel.diagnostics == reference.diagnostics)
    }

    @Test("UIDs repeated blocks later get the identifiers and warnings one pass gives")
    func uidsRepeatedAcrossBlocks() {
        let text = Self.book(count: 400, seed: 13, target: .rfc6350)
        let data = Data((text + text).utf8)
        let (parallel, runs) = Self.inSmallBlocks(data)
        let reference = Self.sequential(data)
        #expect(runs > 20)
        #expect(Set(parallel.contacts.map(\.id)).count == 800)
        #expect(parallel.contacts.map(\.id) == reference.contacts.map(\.id))
        #expect(parallel.diagnostics == reference.diagnostics)
        #expect(parallel.diagnostics.filter { $0.message.contains("repeats the card at line") }.count == 400)
    }

    @Test("a block of one small run still counts its lines for the blocks after it")
    func smallBlockBeforeALargeCardKeepsLineNumbers() {
        // The only cut in the first 16 KiB is after the first card: its block is one run of 4 lines.
        var text = "BEGIN:VCARD\nVERSION:3.0\nFN:Small\nEND:VCARD\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Large\r\n"
        for i in 0..<400 { text += "NOTE:line \(i) of a card larger than a block, padded to be so\r\n" }
        text += "this line has no colon\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:After\r\nEND:VCARD\r\n"
        let data = Data(text.utf8)
        let (read, _) = Self.inSmallBlocks(data)
        let reference = Self.sequential(data)
        #expect(read.contacts == reference.contacts)
        #expect(read.diagnostics == reference.diagnostics)
        #expect(read.diagnostics.contains { $0.line == 408 && $0.message.contains("no ':'") }, "\(read.diagnostics)")
    }

    @Test("a last run of text outside cards is reported as one pass reports it")
    func lastRunWithoutCardsKnowsTheCardsBefore() {
        // Eight cards of 256 bytes, then a BEGIN:VCARD line folded into something else and text up
        // to an END:VCARD: text outside cards after cards (not "no BEGIN:VCARD line found"). The
        // text's length sweeps past 2 KiB, where the input (runs of at least 2 KiB) is cut in two
        // runs right where the text begins, so that the text is a run of its own, the input's last.
        var cards = ""
        for i in 0..<8 {
            let head = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person \(i)\r\nNOTE:"
            let tail = "\r\nEND:VCARD\r\n"
            cards += head + String(repeating: "x", count: 256 - head.utf8.count - tail.utf8.count) + tail
        }
        for padding in 1_800..<2_300 {
            let junk = "BEGIN:VCARD\r\n CardBook V105.3//DE\r\nNOTE:" + String(repeating: "y", count: padding) + "\r\nEND:VCARD\r\n"
            let data = Data((cards + junk).utf8)
            let (read, _) = Self.inSmallBlocks(data)
            let reference = Self.sequential(data)
            #expect(read.contacts == reference.contacts, "padding \(padding)")
            #expect(read.diagnostics == reference.diagnostics, "padding \(padding)")
            #expect(!reference.diagnostics.contains { $0.message.contains("no BEGIN:VCARD line found") })
        }
    }

    @Test func messyCardsAfterCleanOnesFallBackToOnePass() throws {
        // Clean cards first, then every corpus file (broken ones too), then clean cards again.
        var data = Data(Self.book(count: 600, seed: 5, target: .ios).utf8)
        for file in Corpus.files { data += try Data(contentsOf: file) }
        data += Data(Self.book(count: 600, seed: 6, target: .rfc6350).utf8)
        let (parallel, runs) = Self.inSmallBlocks(data)
        let reference = Self.sequential(data)
        #expect(runs > 10)
        let whole = VCardReader().read(data, source: "big.vcf")
        #expect(whole.contacts == reference.contacts)
        #expect(whole.diagnostics == reference.diagnostics)
        #expect(parallel.contacts.count == reference.contacts.count)
        #expect(parallel.contacts == reference.contacts)
        #expect(parallel.diagnostics == reference.diagnostics)
    }

    /// A batch the identified contacts fill is taken without identifying the cards of the block
    /// read last: they get theirs as a job of the next block, on whichever core is free, not on the
    /// core taking the batch. What is taken, in order, is what reading at once gives.
    @Test func aBatchIsTakenWithoutIdentifyingTheBlockReadLast() {
        let data = Data(Self.book(count: 600, seed: 4, target: .rfc6350).utf8)
        var reader = CardBlockReader(options: .init(), source: "big.vcf", blockSize: 1 << 14, minimumRun: 1 << 11)
        var taken: [Contact] = []
        var leftWaiting = 0
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 4096)
                reader.feed(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end
                while reader.deliveredContacts >= 20 {
                    let waiting = reader.hasCardsWaiting
                    let batch = reader.takeBatch(max: 20)
                    #expect(batch?.contacts.count == 20)
                    #expect(reader.hasCardsWaiting == waiting)
                    if waiting { leftWaiting += 1 }
                    taken += batch?.contacts ?? []
                }
            }
        }
        reader.finish()
        while let batch = reader.takeBatch(max: 20) { taken += batch.contacts }
        #expect(leftWaiting > 5)
        #expect(taken == VCardReader().read(data, source: "big.vcf").contacts)
    }

    @Test func streamingGivesWhatReadingAtOnceGives() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-vcard-\(UUID().uuidString).vcf")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(Self.book(count: 3_000, seed: 9, target: .outlook).utf8).write(to: url)
        var streamed: [Contact] = []
        for try await batch in VCardReader().contacts(in: url, batchSize: 700) {
            #expect(batch.contacts.count <= 700)
            streamed += batch.contacts
        }
        let atOnce = try VCardReader().read(contentsOf: url)
        #expect(streamed.count == 3_000)
        #expect(streamed == atOnce.contacts)
    }
}

/// Identifiers of cards without a UID, and of repeated UIDs.
@Suite struct StableIdentifierTests {
    static let withoutUIDs = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEND:VCARD\r\n"
        + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bob\r\nUID:bob-1\r\nEND:VCARD\r\n"

    static func temporaryFile(_ text: String, name: String = "book.vcf") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-ids-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func readingTheSameFileTwiceGivesTheSameIdentifiers() async throws {
        let url = try Self.temporaryFile(Self.withoutUIDs)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = try VCardReader().read(contentsOf: url).contacts.map(\.id)
        let second = try VCardReader().read(contentsOf: url).contacts.map(\.id)
        let provided = try await VCardFileProvider(url: url).loadContacts().contacts.map(\.id)
        #expect(first == second)
        #expect(provided == first)
        // Two cards with equal content are still two contacts; the UID stays the identifier.
        #expect(Set(first).count == 3)
        #expect(first[2] == "bob-1")
    }

    @Test func identifiersDependOnTheSource() {
        let a = VCardReader().read(Data(Self.withoutUIDs.utf8), source: "/a/book.vcf").contacts.map(\.id)
        let b = VCardReader().read(Data(Self.withoutUIDs.utf8), source: "/b/book.vcf").contacts.map(\.id)
        #expect(a[0] != b[0])
        #expect(a[1] != b[1])
        #expect(a[2] == b[2])
        #expect(a[0].rawValue.count == 36)
    }

    @Test func repeatedUIDInOneFileGetsTheSameNewIdentifierEveryTime() {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nUID:same\r\nEND:VCARD\r\n"
        let first = VCardReader().read(Data((card + card).utf8), source: "x.vcf").contacts.map(\.id)
        let second = VCardReader().read(Data((card + card).utf8), source: "x.vcf").contacts.map(\.id)
        #expect(first[0] == "same")
        #expect(first[1] != "same")
        #expect(first == second)
    }

    @Test func twoFilesWithTheSameUIDGiveDistinctIdentifiers() async throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nUID:shared-uid\r\nEND:VCARD\r\n"
        let a = try Self.temporaryFile(card, name: "a.vcf")
        let b = try Self.temporaryFile(card, name: "b.vcf")
        defer {
            try? FileManager.default.removeItem(at: a.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: b.deletingLastPathComponent())
        }
        let provider = VCardFileProvider(urls: [a, b], identifier: "two")
        let loaded = try await provider.loadContacts()
        let ids = loaded.contacts.map(\.id)
        #expect(ids.count == 2)
        #expect(ids[0] == "shared-uid")
        #expect(ids[1] != ids[0])
        #expect(loaded.contacts.map { $0.provenance.first?.recordID } == ["shared-uid", "shared-uid"])
        #expect(loaded.diagnostics.contains { $0.source == b.path && $0.message.contains("repeats a card of an earlier file") })
        #expect(try await provider.loadContacts().contacts.map(\.id) == ids)
    }

    /// UIDs as clients write them become the identifiers and record ids exactly as written, those
    /// held as bits (UUIDs) and as text alike; a UUID repeated in another form is another UID.
    @Test func uidsInEveryFormAreReadAndWrittenAsWritten() {
        let bits = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        let uids: [(String, String)] = [
            (bits, bits), (bits.uppercased(), bits.uppercased()), ("urn:uuid:" + bits, "urn:uuid:" + bits),
            ("urn:uuid:" + bits.uppercased(), "urn:uuid:" + bits.uppercased()),
            ("  A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11 ", "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11"),  // spaces around: trimmed
            ("3F2504E0-4f89-11d3-9a0c-0305e82c3301", "3F2504E0-4f89-11d3-9a0c-0305e82c3301"),  // mixed case
            (#"urn\:uuid\:"# + bits.dropLast(), "urn:uuid:" + bits.dropLast()),  // escaped, one digit short
        ]
        let cards = uids.enumerated().map { "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:P\($0.offset)\r\nUID:\($0.element.0)\r\nEND:VCARD\r\n" }
        let read = VCardReader().read(Data(cards.joined().utf8), source: "uids.vcf")
        #expect(read.diagnostics == [])
        #expect(read.contacts.map(\.id.rawValue) == uids.map(\.1))
        #expect(read.contacts.map { $0.provenance.first?.recordID } == uids.map(\.1))
        let again = VCardReader().read(VCardWriter(target: .rfc6350).write(read.contacts), source: "again.vcf").contacts
        #expect(again.map(\.id) == read.contacts.map(\.id))
    }
}
