import Foundation
import Ohana
import Testing

/// `--to jscontact` and JSContact input, end to end through the built binary, checked by Python's
/// vobject (from `.venv`, see scripts/setup.sh --test).
@Suite("ohana and JSContact")
struct JSContactCommandTests {
    static let khard = ToolCommandsTests.corpus.appendingPathComponent("khard/vcards")

    /// Prints the emails and phone numbers vobject reads from vCard files, and the files it cannot read.
    static let vobjectScript = """
        import sys, json, vobject
        emails, tels, bad = [], [], []
        for path in sys.argv[1:]:
            try:
                found_e, found_t = [], []
                with open(path, encoding="utf-8") as f:
                    for card in vobject.readComponents(f.read()):
                        for child in card.getChildren():
                            if child.name == "EMAIL": found_e.append(child.value.strip())
                            if child.name == "TEL": found_t.append(child.value.strip())
                emails += found_e; tels += found_t
            except Exception as e:
                bad.append(path)
        print(json.dumps({"emails": sorted(emails), "tels": sorted(tels), "bad": bad}))
        """

    struct VObjectResult: Decodable, Equatable {
        var emails: [String]
        var tels: [String]
        var bad: [String]
    }

    static func vobject(_ files: [String]) throws -> VObjectResult {
        let python = CLI.repositoryRoot.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw CLIError("\(python) is missing: run `bash scripts/setup.sh --test`")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", vobjectScript] + files
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(VObjectResult.self, from: data)
    }

    /// Converts the files vobject can read to JSContact and back to vCard with `ohana convert`, and
    /// expects vobject to read the same emails and phone numbers from the result.
    func expectEmailsAndPhonesSurvive(_ all: [String], minimumFiles: Int) async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let unreadable = Set(try Self.vobject(all).bad)
        let files = all.filter { !unreadable.contains($0) }
        #expect(files.count >= minimumFiles)
        let original = try Self.vobject(files)
        #expect(!original.emails.isEmpty && !original.tels.isEmpty)

        let json = dir.appendingPathComponent("cards.json").path
        let toJSContact = try await CLI.run(["convert"] + files + ["--to", "jscontact", "-o", json])
        #expect(toJSContact.status == 0, "\(toJSContact.stderr)")
        #expect(try String(contentsOfFile: json, encoding: .utf8).contains("\"@type\" : \"Card\""))

        let vcf = dir.appendingPathComponent("back.vcf").path
        let toVCard = try await CLI.run(["convert", json, "--to", "vcard", "-o", vcf])
        #expect(toVCard.status == 0, "\(toVCard.stderr)")
        let back = try Self.vobject([vcf])
        #expect(back.bad == [])
        #expect(back.emails == original.emails)
        // `TEL;VALUE=uri:67545678` (khard's tel-value-uri.vcf) is written as the tel URI RFC 6350 asks for.
        func number(_ tel: String) -> String { tel.lowercased().hasPrefix("tel:") ? String(tel.dropFirst(4)) : tel }
        #expect(back.tels.map(number).sorted() == original.tels.map(number).sorted())
    }

    @Test func khardToJSContactAndBackKeepsEveryEmailAndPhoneForVObject() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.khard.path).filter { $0.hasSuffix(".vcf") }.sorted()
            .map { Self.khard.appendingPathComponent($0).path }
        try await expectEmailsAndPhonesSurvive(files, minimumFiles: 19)
    }

    @Test func wholeCorpusToJSContactAndBackKeepsEveryEmailAndPhoneForVObject() async throws {
        let root = ToolCommandsTests.corpus
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL { if url.pathExtension == "vcf" { files.append(url.path) } }
        try await expectEmailsAndPhonesSurvive(files.sorted(), minimumFiles: 130)
    }

    @Test func processAndValidationErrorsOnJSContactInput() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("cards.json")
        try Data("""
            [{"@type": "Card", "version": "1.0", "uid": "a", "name": {"full": "Ann Lee"}, "phones": {"p1": {"number": "+1 555 0100"}}},
             {"@type": "Card", "version": "1.0", "uid": "b", "phones": {"p1": {"pref": 1}}}]
            """.utf8).write(to: input)
        let result = try await CLI.run(["process", input.path, "--output", "jscontact"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("cards.json:2: error: card 2 skipped: phones/p1/number: Phone requires number (RFC 9553 section 2.3.3)"),
                "\(result.stderr)")
        let cards = try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]]
        #expect(cards?.count == 1)
        #expect(cards?.first?["uid"] as? String == "a")
    }

    /// `--jscontact-group NAME` writes an RFC 9553 group card (kind `group`) whose `members` name
    /// every card, before the cards, from convert, process and export alike; the group's uid is the
    /// same in every run, and reading the file back gives the cards, not the group.
    @Test func jscontactGroupWritesAGroupCardOfEveryCard() async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = Self.khard.appendingPathComponent("labels.vcf").path
        func group(_ arguments: [String]) async throws -> [String: Any] {
            let result = try await CLI.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let all = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]], "\(result.stdout)")
            return ["card": all.first ?? [:], "cards": Array(all.dropFirst())]
        }
        let converted = try await group(["convert", input, "--to", "jscontact", "--jscontact-group", "Friends"])
        let card = try #require(converted["card"] as? [String: Any])
        let cards = try #require(converted["cards"] as? [[String: Any]])
        #expect(card["@type"] as? String == "Card")
        #expect(!cards.isEmpty)
        #expect(card["kind"] as? String == "group")
        #expect((card["name"] as? [String: Any])?["full"] as? String == "Friends")
        #expect(Set((card["members"] as? [String: Bool])?.keys ?? [:].keys) == Set(cards.compactMap { $0["uid"] as? String }))
        let again = try await group(["process", input, "--output", "jscontact", "--jscontact-group", "Friends"])
        #expect((again["card"] as? [String: Any])?["uid"] as? String == card["uid"] as? String)
        #expect((again["cards"] as? [[String: Any]])?.count == cards.count)

        let store = dir.appendingPathComponent("contacts.sqlite").path
        let imported = try await CLI.run(["import", input, "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        let exported = try await group(["export", "--to", "jscontact", "--jscontact-group", "Work", "--store", store])
        #expect(((exported["card"] as? [String: Any])?["name"] as? [String: Any])?["full"] as? String == "Work")
        #expect((exported["cards"] as? [[String: Any]])?.count == cards.count)

        // Read back, the file gives the cards, not the group as a contact.
        let file = dir.appendingPathComponent("friends.json")
        try await CLI.run(["convert", input, "--to", "jscontact", "--jscontact-group", "Friends"]).stdoutData.write(to: file)
        let reread = try await CLI.run(["convert", file.path, "--to", "jscontact"])
        #expect(reread.status == 0, "\(reread.stderr)")
        let back = try #require(try JSONSerialization.jsonObject(with: reread.stdoutData) as? [[String: Any]], "\(reread.stdout)")
        #expect(back.count == cards.count)
        #expect(!back.contains { $0["kind"] as? String == "group" })

        let wrongFormat = try await CLI.run(["convert", input, "--to", "vcard", "--jscontact-group", "Friends"])
        #expect(wrongFormat.status != 0)
        #expect(wrongFormat.stderr.contains("--jscontact-group applies to jscontact output only"), "\(wrongFormat.stderr)")
    }
}
