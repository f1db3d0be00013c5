import Foundation
import Testing

/// The front ends' folders, from the repository root.
private let frontEndFolders = ["Sources/ohana", "Sources/OhanaServer"]

/// Files left out of the scan, each with why.
private let exemptFiles: [String: String] = [:]

/// Every Swift file under the front ends' folders, by path from the repository root.
private func frontEndSources() throws -> [(path: String, text: String)] {
    var files: [(String, String)] = []
    for folder in frontEndFolders {
        let root = CLI.repositoryRoot.appendingPathComponent(folder)
        guard let paths = FileManager.default.enumerator(atPath: root.path) else { continue }
        for case let path as String in paths where path.hasSuffix(".swift") {
            let url = root.appendingPathComponent(path)
            files.append(("\(folder)/\(path)", try String(contentsOf: url, encoding: .utf8)))
        }
    }
    return files.sorted { $0.0 < $1.0 }
}

/// Issue #37, "front ends translate only": the command-line tool and the server hold no format switch,
/// no loop over contacts and no call of the store's operations; the rules are ``FrontEndScanner``'s.
@Suite("Front ends translate only")
struct FrontEndRulesTests {
    @Test("no file under Sources/ohana or Sources/OhanaServer has a format switch, a loop over contacts or a store call")
    func frontEndsHoldNoFormatSwitchOrContactLoop() throws {
        let files = try frontEndSources()
        #expect(files.count > 20, "found only \(files.map(\.path))")
        #expect(files.contains { $0.path.hasSuffix("Commands/ConvertCommand.swift") })
        #expect(files.contains { $0.path.hasSuffix("Routes/PickerRoutes.swift") })
        let findings = files.filter { exemptFiles[$0.path] == nil }.flatMap { FrontEndScanner($0.text).findings(file: $0.path) }
        #expect(findings.isEmpty, "move these into the library:\n\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test("every exempt file still exists (an exemption outlives nothing)")
    func exemptionsNameRealFiles() {
        for path in exemptFiles.keys {
            #expect(FileManager.default.fileExists(atPath: CLI.repositoryRoot.appendingPathComponent(path).path), "\(path)")
        }
    }

    /// Code the rules must flag, each as a front end once had it (or could).
    static let flagged: [String] = [
        "for contact in contacts { print(contact) }",
        "for c in changes.added { print(c.id, c.fullName) }",
        "for (index, item) in loaded.contacts.enumerated() { _ = (index, item) }",
        "for person in people { print(person.fullName) }",
        "for try await batch in reader { _ = batch }\nfor x in rows { total += x.phoneNumbers.count }",
        "let cleaned = contacts.map { contact -> Contact in var copy = contact; return copy }",
        "let names = result.restored.map { $0.fullName.isEmpty ? $0.id.rawValue : $0.fullName }",
        "let emails = people.flatMap(\\.emailAddresses)",
        "let kept = everyone.filter { person in !person.phoneNumbers.isEmpty }",
        "let ids = Set(try await storage.contacts(taggedWith: tag).map(\\.id))",
        "let list = cluster.contactIDs.map { names[$0]! }",
        "print(\"\\(contacts.map(\\.id))\")",
        "let n = contacts.reduce(0) { $0 + $1.fields.count }",
        "switch format { case .json: a(); case .vcard: b(); default: c() }",
        "switch options.format {\ncase .table: t()\ncase .csv: c()\n}",
        "switch URL(fileURLWithPath: path).pathExtension.lowercased() { case \"x\": break; default: break }",
        "switch name {\ncase \"vcf\", \"vcard\": v()\ndefault: break\n}",
        "switch kind { case .jscontact: j(); default: break }",
        "let all = try await storage.allContacts(order: .insertion)",
        "let result = try await store.undoMerge(of: id)",
        "print(\"token \\(try await store.currentChangeToken())\")",
        "_ = try await store.upsert(loaded, remerging: StoredMerges.mergedContact(of:))",
        "let changes = try await self.store.changes(since: token)",
        "_ = try await store.save(generated, mode: .replace)",
        "try await targetStore.setMergeDecisions(decisions)",
    ]

    /// Argument parsing and other translation the rules must leave alone.
    static let allowed: [String] = [
        "// for contact in contacts { print(contact) }",
        "/* switch format { case .vcard: } */ let a = 1",
        "let help = \"for contact in contacts { switch x { case .vcard: } }\"",
        "let help = #\"contacts.map { $0.fullName } \"quoted\" \"#",
        "let s = \"\"\"\n    for contact in contacts {\n    \"\"\"",
        "let providers = try inputs.map { try makeProvider(for: $0, format: options.inputFormat) }",
        "let names = text.split(separator: \",\").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }",
        "for kind in require { switch kind { case .phone: a(); case .email: b(); case .url: c(); case .address: d() } }",
        "switch format { case .text: t(); case .json: j() }",
        "for diagnostic in report.diagnostics { printError(diagnostic.description) }",
        "let errors = loaded.report.diagnostics.filter { $0.severity == .error }.count",
        "for group in keepApart { overrides.keepApart(ids(group)) }",
        "let format = ContactFormat(fileExtension: ext).map(OutputFormat.init)",
        "let formats = InputFormat.allCases.map(\\.rawValue).joined(separator: \", \")",
        "if single, contacts.count == 1, let contact = contacts.first { use(contact) }",
        "router.get(\"/x\") { request, _ in try QueryParameters(request, allowed: []).finish() }",
        "print(\"imported \\(loaded.count) contact\\(loaded.count == 1 ? \"\" : \"s\")\")",
        "let id = try makeProvider(for: argument, format: format)",
        "let result = try await ContactStoreService(store: storage).undoMerge(of: id, removingMember: nil)",
        "let feed = ContactStoreService(store: try await storeOptions.openStorage())",
        "print(try await feed.changes(since: since).lines.joined(separator: \"\\n\"))",
        "try await store.shutDown()",
        "let found = try await finder.search(query, in: storage, limit: limit)",
        "let split = try await addressBook.removeMember(member, fromMerged: id)",
        "let help = \"store.save(contacts) is the library's\"",
    ]

    @Test("the rules flag a format switch or a loop over contacts written in a front end", arguments: flagged)
    func flagsLogic(code: String) {
        #expect(!FrontEndScanner(code).findings(file: "snippet").isEmpty, "not flagged: \(code)")
    }

    @Test("the rules leave comments, string text, argument parsing and other loops alone", arguments: allowed)
    func allowsTranslation(code: String) {
        let findings = FrontEndScanner(code).findings(file: "snippet")
        #expect(findings.isEmpty, "flagged: \(findings)")
    }

    @Test("a store operation called on a store is a store call; the same name on the library's service is not")
    func storeCallsAreNamed() {
        let code = "let a = try await storage.changes(since: t)\nlet b = try await ContactStoreService(store: storage).changes(since: s)\n"
        #expect(FrontEndScanner(code).findings(file: "F.swift").map(\.description)
            == ["F.swift:1: store call: let a = try await storage.changes(since: t)"])
    }

    @Test("a finding names the file, the line and the rule")
    func findingsNameTheLine() {
        let code = "import Ohana\n\nfunc f(contacts: [Contact]) {\n    for contact in contacts { print(contact) }\n}\n"
        let findings = FrontEndScanner(code).findings(file: "F.swift")
        #expect(findings.map(\.description) == ["F.swift:4: loop over contacts: for contact in contacts { print(contact) }"])
    }
}
