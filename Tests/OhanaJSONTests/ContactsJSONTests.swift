import Foundation
import OhanaSampleData
import OhanaTestSupport
import Testing
@testable import Ohana
@testable import OhanaJSON

@Suite("ContactsJSON: batched, streamed reading and writing")
struct ContactsJSONTests {
    /// More contacts than one group of batches on any machine, so several groups are joined.
    static let contacts = ContactGenerator(seed: 7).generate(count: ContactsJSON.batchSize * 9 + 17)

    private func wholeArray(_ contacts: [Contact], pretty: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(contacts)
    }

    /// Batches written as they arrive give the bytes of encoding them all at once (empty batches
    /// and an empty sequence too), and each batch's diagnostics are reported.
    @Test(arguments: [true, false])
    func batchesWrittenAsTheyArriveAreOneArray(_ pretty: Bool) async throws {
        let contacts = ContactGenerator(seed: 5).generate(count: 1_300)
        let cuts = [0, 0, 700, 700, 1_299, 1_300]
        let batches = zip(cuts, cuts.dropFirst()).map { range in
            LoadedContacts(
                contacts: Array(contacts[range.0..<range.1]),
                diagnostics: [Diagnostic(.warning, source: "b", line: range.0, message: "batch")])
        }
        for sequence in [batches, []] {
            var output = Data()
            var reported: [Int?] = []
            let stream = AsyncStream { continuation in
                sequence.forEach { continuation.yield($0) }
                continuation.finish()
            }
            let written = try await ContactsJSON.write(
                batches: stream, pretty: pretty, to: { output.append($0) }, report: { reported.append($0.line) })
            let all = sequence.flatMap(\.contacts)
            #expect(written == all.count)
            #expect(output == (try ContactsJSON.encode(all, pretty: pretty)))
            #expect(reported == sequence.map { $0.diagnostics[0].line })
        }
    }

    @Test(arguments: [true, false])
    func streamedOutputIsByteForByteTheWholeArraysEncoding(pretty: Bool) throws {
        var chunks = 0
        var streamed = Data()
        try ContactsJSON.write(Self.contacts, pretty: pretty) { chunks += 1; streamed.append($0) }
        #expect(streamed == (try wholeArray(Self.contacts, pretty: pretty)))
        #expect(chunks > 9)
        for count in [0, 1, 2] {
            let few = Array(Self.contacts.prefix(count))
            #expect(try ContactsJSON.encode(few, pretty: pretty) == wholeArray(few, pretty: pretty))
        }
    }

    /// The sink is called on the calling thread only, while the next round is encoded elsewhere,
    /// and an error it throws ends the writing with that error.
    @Test func theSinkRunsOnTheCallingThreadAndItsErrorEndsTheWriting() throws {
        struct Full: Error {}
        let caller = pthread_self()
        var calls = 0
        var onOtherThreads = 0
        #expect(throws: Full.self) {
            try ContactsJSON.write(Self.contacts, pretty: false) { _ in
                calls += 1
                if pthread_equal(pthread_self(), caller) == 0 { onOtherThreads += 1 }
                if calls == 20 { throw Full() }
            }
        }
        #expect(calls == 20)
        #expect(onOtherThreads == 0)
        var written = 0
        try ContactsJSON.write(Self.contacts, pretty: false) { _ in
            written += 1
            if pthread_equal(pthread_self(), caller) == 0 { onOtherThreads += 1 }
        }
        #expect(written > 2 * ContactsJSON.writingRound)
        #expect(onOtherThreads == 0)
    }

    /// Encoding into one `Data` copies round after round of batches into one growing block: with
    /// rounds of one, two and three batches (so that the room first reserved runs out), and the
    /// default, the bytes are the whole array's.
    @Test(arguments: [true, false])
    func encodingInRoundsGivesTheWholeArraysBytes(pretty: Bool) throws {
        let whole = try wholeArray(Self.contacts, pretty: pretty)
        for round in [1, 2, 3] {
            #expect(try ContactsJSON.encode(Self.contacts, pretty: pretty, batchesPerRound: round) == whole)
        }
        #expect(try ContactsJSON.encode(Self.contacts, pretty: pretty) == whole)
        var longer = Self.contacts
        longer[longer.count - 1].organization = String(repeating: "Longer than any before ", count: 4_000)
        #expect(try ContactsJSON.encode(longer, pretty: pretty, batchesPerRound: 1) == wholeArray(longer, pretty: pretty))
    }

    @Test func aWrittenFileReadsBackTheSameContactsInOrder() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-json-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try ContactsJSON.write(Self.contacts, to: url)
        let loaded = try ContactsJSON.read(try Data(contentsOf: url), source: url.path)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.contacts == Self.contacts)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(".\(url.lastPathComponent)") }
        #expect(leftovers.isEmpty)
    }

    /// Bad contacts in several batches: the good ones keep their order (the result is closed up
    /// over the gaps) and every bad one is named by its line.
    @Test func badContactsInManyBatchesLeaveTheOthersInOrder() throws {
        let count = ContactsJSON.batchSize * 4 + 17
        let bad: Set<Int> = [0, 5, ContactsJSON.batchSize - 1, ContactsJSON.batchSize, 2 * ContactsJSON.batchSize + 3, count - 1]
        let lines = (0..<count).map { index in
            bad.contains(index) ? #"{"id": "x\#(index)", "fields": [{"value": "1"}]}"# : #"{"id": "c\#(index)"}"#
        }
        let text = "[\n" + lines.joined(separator: ",\n") + "\n]"
        let loaded = try ContactsJSON.read(Data(text.utf8), source: "many.json")
        #expect(loaded.contacts.map(\.id.rawValue) == (0..<count).filter { !bad.contains($0) }.map { "c\($0)" })
        #expect(loaded.diagnostics.map(\.line) == bad.sorted().map { $0 + 2 })
    }

    @Test func aBadContactIsReportedWithItsLineAndTheOthersLoad() throws {
        let text = """
            [
              {"id": "a", "givenName": "Ann"},
              {"id": "b",
               "fields": [{"value": "1"}]},
              {"id": "c", "givenName": "Cy, \\"the\\" [third] {x}"}
            ]
            """
        let loaded = try ContactsJSON.read(Data(text.utf8), source: "book.json")
        #expect(loaded.contacts.map(\.id.rawValue) == ["a", "c"])
        #expect(loaded.contacts.last?.givenName == #"Cy, "the" [third] {x}"#)
        #expect(loaded.diagnostics.count == 1)
        #expect(loaded.diagnostics.first?.line == 3)
        #expect(loaded.diagnostics.first?.description.hasPrefix("book.json:3: error: ") == true)
        #expect(loaded.diagnostics.first?.message.contains("missing key 'type'") == true)
        #expect(throws: ContactsProviderError.self) { try ContactsJSON.decode(Data(text.utf8), source: "book.json") }
    }

    /// The split reads strings and indentation eight bytes at a time: quotes, backslashes, line
    /// breaks and spaces at every offset of a word still give each element its bytes and line.
    @Test func elementsAndLinesAreFoundWhateverTheOffsets() throws {
        var text = "["
        var expected: [(Range<Int>, Int)] = []
        var line = 1
        let (q, bs) = ("\"", "\\")
        for offset in 0..<24 {
            let pad = String(repeating: "a", count: offset)
            // A raw line break inside a string (invalid JSON, counted all the same) every third element.
            let lineBreak = offset % 3 == 0 ? "\n" : bs + "n"
            // {"k":"<pad>\"<pad>\\","n":"<pad>\n<pad>\u0022x\/\\\""}
            let element = "{" + q + "k" + q + ":" + q + pad + bs + q + pad + bs + bs + q + "," + q + "n" + q + ":" + q
                + pad + lineBreak + pad + bs + "u0022x" + bs + "/" + bs + bs + bs + q + q + "}"
            text += (offset == 0 ? "" : ",") + "\n" + String(repeating: " ", count: offset)
            line += 1
            let start = text.utf8.count
            text += element
            expected.append((start..<text.utf8.count, line))
            line += element.filter { $0 == "\n" }.count
        }
        text += "\n" + String(repeating: " ", count: 17) + "]\n"
        let layout = try JSONArrayLayout.split(Data(text.utf8)).get()
        #expect(layout.elements.map(\.bytes) == expected.map(\.0))
        #expect(layout.elements.map(\.line) == expected.map(\.1))
    }

    @Test func aBrokenArrayThrowsNamingTheLine() {
        let cases: [(String, Int)] = [
            ("[\n {\"id\": \"a\"},\n {\"id\": \"b", 3),
            ("[\n {\"id\": \"a\"},\n {\"id\": \"b\"}\n", 3),
            ("[\n {\"id\": \"a\"}\n] trailing", 3),
            ("[\n {\"id\": \"a\"},,\n]", 2),
        ]
        for (text, line) in cases {
            do {
                _ = try ContactsJSON.read(Data(text.utf8), source: "x.json")
                Issue.record("expected an error for \(text)")
            } catch {
                guard case .invalidData(_, let source, let errorLine, _) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(source == "x.json")
                #expect(errorLine == line, "\(text)")
            }
        }
    }

    @Test func theObjectFormAndAnEmptyArrayStillRead() throws {
        let wrapped = try ContactsJSON.read(Data(#"{"contacts": [{"id": "a"}]}"#.utf8), source: "x.json")
        #expect(wrapped.contacts.map(\.id.rawValue) == ["a"])
        #expect(try ContactsJSON.read(Data("\u{FEFF} [ ] \n".utf8), source: "x.json").contacts.isEmpty)
    }
}
