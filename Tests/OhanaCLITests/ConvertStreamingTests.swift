import Foundation
import Ohana
import OhanaJSON
import Testing

/// `ohana convert FILE.vcf --to json` reads, encodes and writes a batch at a time; what it writes
/// must be what loading everything first writes.
@Suite("ohana convert, streamed")
struct ConvertStreamingTests {
    @Test func streamedJSONIsByteForByteWhatLoadingAllWrites() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let generated = dir.appendingPathComponent("generated.vcf").path
        #expect(try await CLI.run(["generate", "--count", "2500", "--seed", "3", "--format", "vcard", "-o", generated]).status == 0)
        // More than two batches of cards, with a bad line and a card without END in the middle.
        var text = try String(contentsOfFile: generated, encoding: .utf8)
        let middle = text.index(text.startIndex, offsetBy: text.utf8.count / 2)
        let cut = text[middle...].range(of: "BEGIN:VCARD")!.lowerBound
        text.insert(contentsOf: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Broken Card\r\nthis line has no colon\r\nEND:VCARD\r\n", at: cut)
        text += "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Last;Unended;;;\r\n"
        let book = dir.appendingPathComponent("book.vcf").path
        try text.write(toFile: book, atomically: true, encoding: .utf8)

        let out = dir.appendingPathComponent("out.json").path
        let streamed = try await CLI.run(["convert", book, "--to", "json", "-o", out])
        #expect(streamed.status == 0, "\(streamed.stderr)")
        let loadedAll = try await CLI.run(["process", book, "--output", "json", "--quiet"])
        #expect(loadedAll.status == 0, "\(loadedAll.stderr)")
        let written = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(written == loadedAll.stdoutData)
        #expect(try ContactsJSON.decode(written, source: out).count == 2502)

        // The same diagnostics, with their lines, and the same bytes on standard output.
        let diagnostics = streamed.stderr.split(separator: "\n").filter { $0.hasPrefix(book) }
        #expect(diagnostics.contains { $0.contains("error: line has no ':'") })
        #expect(diagnostics.contains { $0.contains("card has no END:VCARD") })
        #expect(Set(diagnostics) == Set(loadedAll.stderr.split(separator: "\n").filter { $0.hasPrefix(book) }))
        #expect(streamed.stderr.contains("2502 contacts written to \(out)"))
        let toStandardOutput = try await CLI.run(["convert", book, "--to", "json"])
        #expect(toStandardOutput.stdoutData == written)
        #expect(try await CLI.run(["convert", book, "--to", "json", "-o", out, "--strict"]).status != 0)
    }

    @Test("--compact writes the same contacts on one line, streamed or not; other formats refuse it")
    func compactJSON() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book.vcf").path
        #expect(try await CLI.run(["generate", "--count", "1500", "--seed", "5", "--format", "vcard", "-o", book]).status == 0)
        let pretty = try await CLI.run(["convert", book, "--to", "json"])
        let streamed = try await CLI.run(["convert", book, "--to", "json", "--compact"])
        let loadedAll = try await CLI.run(["process", book, "--output", "json", "--compact", "--quiet"])
        #expect(pretty.status == 0 && streamed.status == 0 && loadedAll.status == 0, "\(streamed.stderr)\(loadedAll.stderr)")
        #expect(streamed.stdoutData == loadedAll.stdoutData)
        let compact = streamed.stdoutData
        #expect(!compact.contains(UInt8(ascii: "\n")), "compact JSON has line breaks")
        #expect(compact.count < pretty.stdoutData.count * 3 / 4)
        #expect(compact.range(of: Data(#"\/"#.utf8)) == nil, "slashes are escaped")
        #expect(compact.range(of: Data("https://".utf8)) != nil)
        let fromCompact = try ContactsJSON.decode(compact, source: "compact")
        #expect(fromCompact.count == 1500)
        #expect(fromCompact == (try ContactsJSON.decode(pretty.stdoutData, source: "pretty")))

        let jscontact = try await CLI.run(["convert", book, "--to", "jscontact", "--compact"])
        #expect(jscontact.status == 0 && !jscontact.stdoutData.contains(UInt8(ascii: "\n")), "\(jscontact.stderr)")
        let csv = try await CLI.run(["convert", book, "--to", "csv", "--compact"])
        #expect(csv.status != 0)
        #expect(csv.stderr.contains("--compact applies to json and jscontact output only, not csv"))
    }
}
