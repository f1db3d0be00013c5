import Foundation
import Ohana
import OhanaFormats
import OhanaTestSupport
import Testing

@Suite("Streaming conversion and photo media types")
struct StreamingAndMediaTypeTests {
    @Test("streaming applies to one regular vCard file to JSON only")
    func streamingDecision() throws {
        let folder = try TemporaryDirectory(prefix: "ohana-formats")
        let vcf = folder.file("book.vcf")
        try Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n".utf8).write(to: vcf)
        let csv = folder.file("book.csv")
        try Data("Name\nA\n".utf8).write(to: csv)
        let json = ContactWriter(format: .json)
        #expect(StreamingConversion.applies(toFileAt: vcf.path, writer: json))
        #expect(StreamingConversion.applies(toFileAt: csv.path, declared: .vcard, writer: json))
        #expect(!StreamingConversion.applies(toFileAt: csv.path, writer: json))
        #expect(!StreamingConversion.applies(toFileAt: vcf.path, declared: .csv, writer: json))
        #expect(!StreamingConversion.applies(toFileAt: folder.url.path, writer: json))  // a vCard folder
        #expect(!StreamingConversion.applies(toFileAt: folder.file("missing.vcf").path, writer: json))
        #expect(!StreamingConversion.applies(toFileAt: vcf.path, writer: ContactWriter(format: .csv)))
        #expect(!StreamingConversion.applies(toFileAt: vcf.path, writer: ContactWriter(format: .jscontact)))
        #expect(!StreamingConversion.applies(toFileAt: vcf.path, writer: ContactWriter(format: .json, jsContactGroupName: "G")))
    }

    @Test("a streamed conversion writes the bytes the writer gives for the whole book, and reports each diagnostic")
    func streamingMatchesWholeEncoding() async throws {
        let folder = try TemporaryDirectory(prefix: "ohana-formats")
        let vcf = folder.file("book.vcf")
        var text = ""
        for index in 0..<2500 {
            text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:u\(index)\r\nFN:Person \(index)\r\nN:\(index);Person;;;\r\nTEL:+1 415 555 \(1000 + index % 9000)\r\nEND:VCARD\r\n"
            if index == 1700 { text += "BEGIN:VCARD\r\nVERSION:3.0\r\nthis line is broken\r\n" }
        }
        try Data(text.utf8).write(to: vcf)
        let provider = try ContactFormat.provider(forFileAt: vcf.path)
        let whole = try ContactWriter(format: .json).encode(try await provider.loadContacts().contacts)
        var streamed = Data()
        var diagnostics: [Diagnostic] = []
        let count = try await StreamingConversion.convert(vCardFileAt: vcf.path, to: { streamed.append($0) }, report: { diagnostics.append($0) })
        #expect(streamed == whole)
        #expect(count >= 2500)
        #expect(!diagnostics.isEmpty)
        let out = folder.file("book.json")
        _ = try await StreamingConversion.convert(vCardFileAt: vcf.path, toFile: out)
        #expect(try Data(contentsOf: out) == whole)
    }

    @Test("a photo's browser type: a declared image type, else what its bytes announce, else octet-stream")
    func photoMediaTypes() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]
        let webp = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        #expect(Photo(data: Data(png), mediaType: "IMAGE/PNG").browserMediaType == "image/png")
        #expect(Photo(data: Data(png), mediaType: "text/html").browserMediaType == "image/png")
        #expect(Photo(data: Data(jpeg)).browserMediaType == "image/jpeg")
        #expect(Photo(data: Data("GIF89a".utf8)).browserMediaType == "image/gif")
        #expect(Photo(data: Data(webp)).browserMediaType == "image/webp")
        #expect(Photo(data: Data("<svg onload=alert(1)>".utf8), mediaType: "image/svg+xml").browserMediaType == "application/octet-stream")
        #expect(Photo(data: Data()).browserMediaType == "application/octet-stream")
    }
}
