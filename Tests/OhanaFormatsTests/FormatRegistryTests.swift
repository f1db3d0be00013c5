import Foundation
import Ohana
import OhanaFormats
import OhanaTestSupport
import Testing

/// A small address book with what each format must carry: accents, a second script, a label, an organization.
private let people = [
    Fixtures.contact("Jörg", "Müller", id: ContactID(rawValue: "a1"), phones: ["+49 30 1234567"], emails: ["jorg@example.de"]),
    Fixtures.contact("明", "王", id: ContactID(rawValue: "a2"), phones: ["+86 10 1234 5678"]),
    Fixtures.organization("ACME, Inc.", id: ContactID(rawValue: "a3"), emails: ["info@acme.example"]),
]

/// JSContact as RFC 9553 writes it: one card.
private let jsContactCard = #"{ "@type": "Card", "version": "1.0", "uid": "u1", "name": { "full": "Ana Lima" } }"#

private func load(_ provider: any ContactsDataProvider) async throws -> [Contact] {
    try await provider.loadContacts().contacts
}

@Suite("The format registry: detection, readers, writers, media types")
struct FormatRegistryTests {
    @Test("extensions name formats, case ignored; a folder reads as vCard; anything else is unknown")
    func detectionByExtension() throws {
        let folder = try TemporaryDirectory(prefix: "ohana-formats")
        #expect(ContactFormat(path: "a/b.JSON") == .json)
        #expect(ContactFormat(path: "b.csv") == .csv)
        #expect(ContactFormat(path: "b.vcf") == .vcard)
        #expect(ContactFormat(path: "b.vCard") == .vcard)
        #expect(ContactFormat(path: "README.md") == nil)
        #expect(ContactFormat(path: "no-extension") == nil)
        #expect(ContactFormat(path: folder.url.path) == .vcard)
        #expect(ContactFormat(fileExtension: "vcf") == .vcard)
        #expect(ContactFormat(fileExtension: "txt") == nil)
        #expect(throws: ContactFormatError.unknownFileType(path: "notes.txt")) {
            try ContactFormat.provider(forFileAt: "notes.txt")
        }
        #expect(ContactFormatError.unknownFileType(path: "notes.txt").description == "notes.txt: unknown file type")
    }

    @Test("a .json file is sniffed: JSContact cards read as JSContact, Ohana's JSON as JSON, a declared JSON too")
    func sniffing() async throws {
        let folder = try TemporaryDirectory(prefix: "ohana-formats")
        let cards = folder.file("cards.json")
        try Data(("\n  [" + jsContactCard + "]").utf8).write(to: cards)
        let ours = folder.file("ours.json")
        try ContactWriter(format: .json).write(people, toFile: ours)
        #expect(ContactFormat.detected(at: cards.path) == .jscontact)
        #expect(ContactFormat.detected(at: cards.path, declared: .json) == .jscontact)
        #expect(ContactFormat.detected(at: ours.path) == .json)
        // A declared non-JSON format is not second-guessed.
        #expect(ContactFormat.detected(at: cards.path, declared: .csv) == .csv)
        #expect(try await load(ContactFormat.provider(forFileAt: cards.path)).map(\.fullName) == ["Ana Lima"])
        #expect(try await load(ContactFormat.provider(forFileAt: ours.path)).map(\.fullName) == people.map(\.fullName))
    }

    @Test("every file format written is read back by the provider the registry picks for its file", arguments: ContactFormat.allCases)
    func roundTrip(format: ContactFormat) async throws {
        let folder = try TemporaryDirectory(prefix: "ohana-formats")
        let file = folder.file("book.\(format.fileExtension)")
        try ContactWriter(format: ContactOutputFormat(format)).write(people, toFile: file)
        #expect(ContactFormat.detected(at: file.path) == format)
        let read = try await load(ContactFormat.provider(forFileAt: file.path))
        #expect(read.map(\.fullName) == people.map(\.fullName))
        #expect(read.map { $0.phoneNumbers.count } == people.map { $0.phoneNumbers.count })
    }

    @Test("media types and file extensions of the formats")
    func mediaTypes() {
        #expect(ContactFormat.vcard.mediaType == "text/vcard; charset=utf-8")
        #expect(ContactFormat.csv.mediaType == "text/csv; charset=utf-8")
        #expect(ContactFormat.json.mediaType == "application/json; charset=utf-8")
        #expect(ContactFormat.jscontact.mediaType == "application/jscontact+json")
        #expect(ContactFormat.allCases.map(\.fileExtension) == ["json", "csv", "vcf", "json"])
        #expect(ContactOutputFormat.allCases.map(\.fileFormat) == [nil, .json, .csv, .vcard, .jscontact])
    }

    @Test("JSON goes to a sink in batches that add up to the encoded bytes; compact is one line")
    func jsonSinkMatchesEncoding() throws {
        let many = (0..<3000).map { Fixtures.contact("Given\($0)", "Family", id: ContactID(rawValue: "c\($0)")) }
        for compact in [false, true] {
            let writer = ContactWriter(format: .json, isCompact: compact)
            var pieces: [Data] = []
            try writer.write(many, to: { pieces.append($0) })
            #expect(pieces.count > 1)
            #expect(pieces.reduce(Data(), +) == (try writer.encode(many)))
        }
        let compact = try ContactWriter(format: .json, isCompact: true).encode(people)
        #expect(!compact.contains(UInt8(ascii: "\n")))
    }

    @Test("one JSContact contact is a card object; a list is an array of cards; a group card heads it when named")
    func jsContactShapes() throws {
        let writer = ContactWriter(format: .jscontact, isCompact: true)
        let single = try JSONSerialization.jsonObject(with: writer.encode(single: people[0])) as? [String: Any]
        #expect(single?["@type"] as? String == "Card")
        let list = try JSONSerialization.jsonObject(with: writer.encode(people)) as? [[String: Any]]
        #expect(list?.count == people.count)
        let grouped = ContactWriter(format: .jscontact, jsContactGroupName: "Team")
        let withGroup = try JSONSerialization.jsonObject(with: grouped.encode(people)) as? [[String: Any]]
        #expect(withGroup?.count == people.count + 1)
        #expect(withGroup?.first?["kind"] as? String == "group")
    }

    @Test("a file that cannot be written is a ContactFileWriteError naming it, in every format", arguments: ContactOutputFormat.allCases)
    func unwritableFile(format: ContactOutputFormat) {
        let url = URL(fileURLWithPath: "/nonexistent-folder-\(UUID().uuidString)/out.txt")
        #expect {
            try ContactWriter(format: format).write(people, toFile: url)
        } throws: { error in
            (error as? ContactFileWriteError)?.description.hasPrefix("\(url.path): cannot write: ") == true
        }
    }

    @Test("the table names every contact, marks unreadable numbers and counts; wide characters take two columns")
    func table() throws {
        let text = String(decoding: try ContactWriter(format: .table).encode(people), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("NAME") == true)
        #expect(text.contains("Jörg Müller") && text.contains("ACME, Inc."))
        #expect(text.hasSuffix("3 contacts\n"))
        #expect(ContactTable.displayWidth("王明") == 4)
        #expect(ContactTable.displayWidth("Jörg") == 4)
        // Columns line up: "EMAILS" starts at the same terminal column on the header as the email on Jörg's row.
        let header = String(lines[0])
        let row = String(lines.first { $0.contains("Jörg") } ?? "")
        let column = ContactTable.displayWidth(String(header[..<header.range(of: "EMAILS")!.lowerBound]))
        let emailColumn = ContactTable.displayWidth(String(row[..<row.range(of: "jorg@")!.lowerBound]))
        #expect(column == emailColumn)
    }
}
