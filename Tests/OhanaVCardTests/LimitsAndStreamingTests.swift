import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// Limits on hostile input, and reading big files in batches.
@Suite struct LimitsAndStreamingTests {
    @Test func overlongLineIsSkippedWithAnError() {
        let long = String(repeating: "x", count: 5000)
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nNOTE:\(long)\r\nEMAIL:a@b.c\r\nEND:VCARD\r\n"
        let loaded = readCards(text, options: .init(maxLineLength: 1000))
        #expect(loaded.contacts.first?.note == nil)
        #expect(loaded.contacts.first?.emailAddresses.first?.value == "a@b.c")
        #expect(loaded.diagnostics.contains { $0.severity == .error && $0.line == 4 && $0.message.contains("longer than 1000") })
    }

    @Test func endlessLineWithoutLineBreakIsBounded() {
        // 2 MB without a line break, then a card: memory stays within the limit and the card loads.
        let data = Array(repeating: UInt8(ascii: "y"), count: 2_000_000) + Array("\nBEGIN:VCARD\nVERSION:3.0\nFN:B\nEND:VCARD\n".utf8)
        let loaded = readCards(bytes: data, options: .init(maxLineLength: 4096))
        #expect(loaded.contacts.map(\.fullName) == ["B"])
        #expect(loaded.diagnostics.contains { $0.severity == .error && $0.line == 1 })
    }

    @Test func hugeFoldedPropertyIsSkippedWithAnError() {
        let chunk = String(repeating: "QUJD", count: 18)
        let folded = (0..<200).map { _ in " " + chunk }.joined(separator: "\r\n")
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nPHOTO;ENCODING=b:\r\n\(folded)\r\nTEL:1\r\nEND:VCARD\r\n"
        let loaded = readCards(text, options: .init(maxPropertySize: 4000))
        #expect(loaded.contacts.first?.photo == nil)
        #expect(loaded.contacts.first?.phoneNumbers.first?.value == "1")
        #expect(loaded.diagnostics.contains { $0.severity == .error && $0.line == 4 && $0.message.contains("larger than 4000") })
    }

    @Test func tooManyPropertiesAreCut() {
        let props = (0..<50).map { "TEL:\($0)" }.joined(separator: "\r\n")
        let loaded = readCards("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\n\(props)\r\nEND:VCARD\r\n", options: .init(maxPropertiesPerCard: 10))
        #expect(loaded.contacts.first?.phoneNumbers.count == 9)
        #expect(loaded.diagnostics.filter { $0.severity == .error }.count == 1)
    }

    @Test func deeplyNestedCardsStopAtTheLimit() {
        let depth = 500
        let text = String(repeating: "BEGIN:VCARD\r\nVERSION:2.1\r\nN:n;;;;\r\n", count: depth)
            + String(repeating: "END:VCARD\r\n", count: depth)
        let loaded = readCards(text, options: .init(maxNestingDepth: 3))
        #expect(loaded.contacts.count == 3)
        #expect(loaded.diagnostics.contains { $0.severity == .error && $0.message.contains("nested deeper than 3") })
    }

    @Test func deeplyNestedAgentsStopAtTheLimit() {
        let depth = 50
        let text = String(repeating: "BEGIN:VCARD\r\nVERSION:2.1\r\nN:n;;;;\r\nAGENT:\r\n", count: depth)
            + String(repeating: "END:VCARD\r\n", count: depth)
        let loaded = readCards(text, options: .init(maxNestingDepth: 4))
        #expect(loaded.contacts.count == 1)
        #expect(loaded.contacts.first?.unmappedProperties.isEmpty == true)
        #expect(loaded.diagnostics.contains { $0.severity == .error && $0.message.contains("AGENT") })
    }

    @Test func maxCardsStopsReading() {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n"
        let loaded = readCards(String(repeating: card, count: 10), options: .init(maxCards: 4))
        #expect(loaded.contacts.count == 4)
        #expect(loaded.diagnostics.contains { $0.severity == .error && $0.line == 17 && $0.message.contains("more than 4 cards") })
    }

    @Test func binaryGarbageDoesNotCrash() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let junk = (0..<4000).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let data = Array("BEGIN:VCARD\r\nVERSION:2.1\r\n".utf8) + junk + Array("\r\nEND:VCARD\r\n".utf8)
            let loaded = readCards(bytes: data)
            #expect(loaded.contacts.count >= 1)
        }
    }

    /// Writes `count` cards to a temporary file.
    static func bigFile(cards count: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-vcard-\(UUID().uuidString).vcf")
        try Data().write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let writer = VCardWriter(target: .ios)
        var block: [Contact] = []
        for i in 0..<count {
            block.append(Contact(givenName: "Given\(i)", familyName: "Family\(i)", fields: [.phone("+1 555 \(i)", label: .mobile), .email("p\(i)@example.com")]))
            if block.count == 1000 || i == count - 1 {
                try handle.write(contentsOf: writer.write(block))
                block.removeAll()
            }
        }
        return url
    }

    @Test func streamingDeliversBatchesWhileReading() async throws {
        let url = try Self.bigFile(cards: 8_000)
        defer { try? FileManager.default.removeItem(at: url) }
        var batches: [Int] = []
        var first: Contact?
        var last: Contact?
        for try await batch in VCardReader().contacts(in: url, batchSize: 500) {
            batches.append(batch.contacts.count)
            #expect(batch.diagnostics.isEmpty)
            first = first ?? batch.contacts.first
            last = batch.contacts.last ?? last
        }
        #expect(batches.reduce(0, +) == 8_000)
        #expect(batches.count == 16)
        #expect(batches.allSatisfy { $0 == 500 })
        #expect(first?.familyName == "Family0")
        #expect(last?.familyName == "Family7999")
    }

    @Test func streamingIsPulledBatchByBatch() async throws {
        // Taking one batch reads only what that batch needs, not the whole file.
        let url = try Self.bigFile(cards: 5_000)
        defer { try? FileManager.default.removeItem(at: url) }
        var iterator = VCardReader().contacts(in: url, batchSize: 10).makeAsyncIterator()
        let batch = try await iterator.next()
        #expect(batch?.contacts.count == 10)
        #expect(batch?.contacts.last?.familyName == "Family9")
    }

    @Test func streamingReportsAMissingFile() async {
        let url = URL(fileURLWithPath: "/nonexistent/none.vcf")
        await #expect(throws: (any Error).self) {
            for try await _ in VCardReader().contacts(in: url, batchSize: 10) {}
        }
    }

    @Test func streamingCarriesDiagnosticsWithTheirLines() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-vcard-\(UUID().uuidString).vcf")
        defer { try? FileManager.default.removeItem(at: url) }
        let good = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n"
        try Data((good + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:B\r\nbroken line\r\nEND:VCARD\r\n" + good).utf8).write(to: url)
        var diagnostics: [Diagnostic] = []
        var count = 0
        for try await batch in VCardReader().contacts(in: url, batchSize: 1) {
            count += batch.contacts.count
            diagnostics += batch.diagnostics.filter { $0.severity == .error }
        }
        #expect(count == 3)
        #expect(diagnostics.map(\.description) == ["\(url.path):8: error: line has no ':' between name and value; skipped"])
    }
}

/// The file and folder provider.
@Suite struct ProviderTests {
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-vdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func oneFile() async throws {
        let provider = VCardFileProvider(url: Corpus.url("ez-vcard/gmail-list.vcf"))
        let loaded = try await provider.loadContacts()
        #expect(loaded.contacts.count == 3)
        #expect(provider.identifier == "vcard:gmail-list.vcf")
        #expect(loaded.contacts.allSatisfy { $0.provenance.first?.providerID == "vcard:gmail-list.vcf" })
    }

    @Test func severalFilesInOrder() async throws {
        let provider = VCardFileProvider(
            urls: [Corpus.url("ez-vcard/John_Doe_IPHONE.vcf"), Corpus.url("ez-vcard/outlook-2007.vcf")], identifier: "two")
        let loaded = try await provider.loadContacts()
        #expect(loaded.contacts.map(\.familyName) == ["Doe", "Angstadt"])
    }

    @Test func vdirFolderOneCardPerFile() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, uid) in [("b.vcf", "uid-b"), ("a.vcf", "uid-a"), ("c.vcard", "uid-c")] {
            try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nUID:\(uid)\r\nEND:VCARD\r\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        try Data("not a card".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let provider = VCardFileProvider(url: folder, identifier: "vdir")
        let loaded = try await provider.loadContacts()
        #expect(loaded.contacts.map(\.fullName) == ["a.vcf", "b.vcf", "c.vcard"])
        #expect(loaded.contacts.map { $0.provenance.first?.recordID } == ["a.vcf", "b.vcf", "c.vcard"])
        #expect(loaded.contacts.map(\.id.rawValue) == ["uid-a", "uid-b", "uid-c"])
    }

    @Test func missingFileThrowsUnavailable() async {
        let provider = VCardFileProvider(url: URL(fileURLWithPath: "/nonexistent/x.vcf"))
        await #expect(throws: ContactsProviderError.self) { try await provider.loadContacts() }
    }

    @Test func badCardsAreDiagnosticsNotFailures() async throws {
        let loaded = try await VCardFileProvider(url: Corpus.url("l0b0-vcard/missing_start.vcf")).loadContacts()
        #expect(loaded.contacts.isEmpty)
        #expect(loaded.diagnostics.contains { $0.severity == .error && $0.line != nil })
    }
}
