import Foundation
import Ohana
import OhanaJSON
import OhanaTestSupport
import Testing

/// `ohana search` and the page of `ohana serve` on one generated store: 20 queries (names with and
/// without accents, partial words, phone digits, emails, Cyrillic, Greek, CJK, Arabic) return the
/// same contacts in the same order, and `ohana list` lists what the page lists, in its order.
///
/// The store has `OHANA_SEARCH_PARITY_COUNT` generated contacts (10,000 by default, so that a debug
/// build runs it in CI; `scripts/search-parity.sh` runs it on 100,000), plus three Greek cards the
/// generator has no culture for. The same runs on a PostgreSQL store, whose `ohana search` must
/// also give what it gives on an SQLite store of the same book.
@Suite(.serialized) struct SearchParityTests {
    static let count = ProcessInfo.processInfo.environment["OHANA_SEARCH_PARITY_COUNT"].flatMap(Int.init) ?? 10_000

    /// The store backends the comparison runs on.
    enum Backend: String, CaseIterable, Sendable {
        case sqlite, postgres

    }

    static let greekCards = """
        BEGIN:VCARD\r\nVERSION:3.0\r\nUID:greek-1\r\nFN:Γιώργος Παπαδόπουλος\r\nN:Παπαδόπουλος;Γιώργος;;;\r\nTEL:+30 210 123 4567\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:3.0\r\nUID:greek-2\r\nFN:Γιωργος Νικολάου\r\nN:Νικολάου;Γιωργος;;;\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:3.0\r\nUID:greek-3\r\nFN:Ελένη Γεωργίου\r\nN:Γεωργίου;Ελένη;;;\r\nEND:VCARD\r

        """

    /// Twenty queries of the kinds the issue names, the phone and email ones taken from the generated data.
    static func queries(from contacts: [Contact]) throws -> [String] {
        let phone = try #require(contacts.lazy.flatMap(\.phoneNumbers).first { $0.value.hasPrefix("(") }).value
        let digits = phone.filter(\.isNumber)
        // The number's last two groups as written ("976-5882" of "(415) 976-5882"): digits are found
        // from the start of a group as written or of the whole number, not from inside a group.
        let tail = String(phone.split { !$0.isNumber }.suffix(2).joined(separator: "-"))
        let email = try #require(contacts.lazy.flatMap(\.emailAddresses).first { $0.value.contains(".") }).value
        let local = String(email.prefix { $0 != "@" })
        return [
            "müller", "muller", "josé garcía", "jose garcia",  // names with and without accents
            "chr", "eliz", "kat smi", "o'brien",  // partial words, two partial words, an apostrophe
            tail, digits, phone, "+1 415",  // phone digits: tail, all, as written, international start
            email, local, "gmail.com",  // emails: whole, local part, a domain most contacts share
            "алекс", "Иванов",  // Cyrillic
            "γιωργος",  // Greek without its accent (finds Γιώργος and Γιωργος)
            "王", "محمد",  // CJK, Arabic
        ]
    }

    /// The ids in a JSON array of contacts (`--output json`), or in `results[].contact` / `contacts[]` of an API answer.
    static func ids(_ data: Data, path: [String]) throws -> [String] {
        var value: Any = try JSONSerialization.jsonObject(with: data)
        for key in path { value = try #require((value as? [String: Any])?[key], "no \(key) in \(String(decoding: data.prefix(300), as: UTF8.self))") }
        let rows = try #require(value as? [[String: Any]])
        return try rows.map { row in
            let item = (row["contact"] as? [String: Any]) ?? row
            return try #require(item["id"] as? String)
        }
    }

    @Test(arguments: Backend.allCases) func searchAndListGiveWhatThePageGives(on backend: Backend) async throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book.json").path
        let greek = dir.appendingPathComponent("greek.vcf").path
        let sqlite = dir.appendingPathComponent("store.sqlite").path
        let store = backend == .sqlite ? sqlite : try await PostgresTestServer.shared.newDatabase().url
        let generated = try await CLI.run(["generate", "--count", "\(Self.count)", "--seed", "11", "--format", "json", "-o", book])
        #expect(generated.status == 0, "\(generated.stderr)")
        try Self.greekCards.write(toFile: greek, atomically: true, encoding: .utf8)
        for target in backend == .sqlite ? [store] : [store, sqlite] {
            let imported = try await CLI.run(["import", book, greek, "--store", target, "--region", "US"])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let contacts = try ContactsJSON.decode(Data(contentsOf: URL(fileURLWithPath: book)), source: book)
        let queries = try Self.queries(from: contacts)
        #expect(queries.count == 20)

        let server = try await ServeCommandTests.Server.start(
            CLI.binDirectory.appendingPathComponent("ohana"), ["--store", store, "--region", "US"], in: dir, timeout: 600)
        defer { server.stop() }
        var unanswered: [String] = []
        for query in queries {
            let cli = try await CLI.run(["search", query, "--store", store, "--region", "US", "--limit", "20", "--output", "json"])
            #expect(cli.status == 0, "\(query): \(cli.stderr)")
            let fromCLI = try Self.ids(cli.stdoutData, path: [])
            if backend == .postgres {
                let onSQLite = try await CLI.run(["search", query, "--store", sqlite, "--region", "US", "--limit", "20", "--output", "json"])
                #expect(try Self.ids(onSQLite.stdoutData, path: []) == fromCLI, "\(query): PostgreSQL and SQLite differ")
            }
            var components = URLComponents()
            components.queryItems = [URLQueryItem(name: "q", value: query), URLQueryItem(name: "limit", value: "20")]
            let path = "/api/search?" + (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
            let answer = try await server.request(path)
            #expect(answer.status == 200, "\(query): \(String(decoding: answer.body, as: UTF8.self))")
            let fromPage = try Self.ids(answer.body, path: ["results"])
            #expect(fromCLI == fromPage, "\(query)")
            if fromCLI.isEmpty { unanswered.append(query) }
        }
        // Not a comparison of two empty lists: every query finds someone.
        #expect(unanswered.isEmpty, "found nothing: \(unanswered)")

        let listed = try await CLI.run(["list", "--store", store, "--output", "json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let fromList = try Self.ids(listed.stdoutData, path: [])
        var fromPages: [String] = []
        while fromPages.count < fromList.count {
            let page = try await server.request("/api/contacts?offset=\(fromPages.count)&limit=500")
            let ids = try Self.ids(page.body, path: ["contacts"])
            if ids.isEmpty { break }
            fromPages += ids
        }
        #expect(fromList.count == Self.count + 3)
        #expect(fromList == fromPages)
    }
}
