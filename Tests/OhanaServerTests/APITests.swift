import Foundation
import Hummingbird
import HummingbirdTesting
import Ohana
import OhanaAddressBook
import OhanaServer
import Testing

/// A header field name.
typealias FieldName = HTTPFields.Element.Name

/// The JSON API through Hummingbird's router test client: the page, contacts, search, statistics
/// and request safety, with bad input giving 4xx and a JSON message; the helpers the other API
/// suites share (pickers, merges, splits are in files of their own).
@Suite struct APITests {
    func withClient(_ body: @escaping @Sendable (any TestClientProtocol, TestAddressBook) async throws -> Void) async throws {
        let book = try await TestAddressBook.make()
        let app = Application(router: AddressBookServer.makeRouter(addressBook: book.addressBook))
        try await app.test(.router) { client in try await body(client, book) }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(response.body.readableBytesView))
    }

    static func text(_ response: TestResponse) -> String { String(decoding: response.body.readableBytesView, as: UTF8.self) }

    /// The `error.message` of a JSON error answer.
    static func errorMessage(_ response: TestResponse) throws -> String {
        struct Answer: Decodable { struct Inner: Decodable { var message: String }; var error: Inner }
        return try decode(Answer.self, response).error.message
    }

    static func jsonBody(_ value: some Encodable) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONEncoder().encode(value))
    }

    static let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    /// Expects a 4xx answer with a JSON message containing `fragment`.
    static func expectBadRequest(
        _ client: any TestClientProtocol, _ uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:],
        body: ByteBuffer? = nil, status: HTTPResponse.Status = .badRequest, mentioning fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body)
        #expect(response.status == status, "\(method) \(uri)", sourceLocation: sourceLocation)
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        let message = try errorMessage(response)
        #expect(message.contains(fragment), "message was: \(message)", sourceLocation: sourceLocation)
    }

    // MARK: Page

    @Test func pageIsServedWithSecurityHeaders() async throws {
        try await withClient { client, _ in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(Self.text(page).contains("<script src=\"/app.js\""))
            #expect(page.headers[FieldName("Content-Security-Policy")!]?.contains("script-src 'self'") == true)
            #expect(page.headers[FieldName("X-Content-Type-Options")!] == "nosniff")
            let script = try await client.execute(uri: "/app.js", method: .get)
            #expect(script.status == .ok)
            #expect(script.headers[.contentType]?.hasPrefix("text/javascript") == true)
            // The page builds its DOM with textContent: no innerHTML anywhere in the script.
            #expect(!Self.text(script).contains("innerHTML"))
            #expect(!Self.text(script).contains("insertAdjacentHTML"))
            let style = try await client.execute(uri: "/style.css", method: .get)
            #expect(style.status == .ok)
        }
    }

    // MARK: Contacts

    @Test func contactsArePagedWithAnIndexCoveringTheWholeList() async throws {
        try await withClient { client, book in
            let first = try Self.decode(ContactPage.self, try await client.execute(uri: "/api/contacts?limit=25", method: .get))
            #expect(first.total == book.contacts.count)
            #expect(first.contacts.count == 25)
            #expect(first.sections.map(\.count).reduce(0, +) == book.contacts.count)
            #expect(first.sections.first?.offset == 0)
            let second = try Self.decode(ContactPage.self, try await client.execute(uri: "/api/contacts?limit=25&offset=25", method: .get))
            #expect(second.offset == 25)
            #expect(Set(first.contacts.map(\.id)).isDisjoint(with: second.contacts.map(\.id)))
            // Every row's section matches the index entry covering its offset.
            for (index, row) in second.contacts.enumerated() {
                let offset = 25 + index
                let section = second.sections.first { $0.offset <= offset && offset < $0.offset + $0.count }
                #expect(section?.title == row.section)
            }
            let past = try Self.decode(ContactPage.self, try await client.execute(uri: "/api/contacts?offset=100000", method: .get))
            #expect(past.contacts.isEmpty)
        }
    }

    @Test func lastNameOrderSortsByFamilyName() async throws {
        try await withClient { client, book in
            let page = try Self.decode(ContactPage.self, try await client.execute(uri: "/api/contacts?order=lastName&limit=500", method: .get))
            #expect(page.order == "lastName")
            let byID = Dictionary(uniqueKeysWithValues: book.contacts.map { ($0.id.rawValue, $0) })
            let latin = page.contacts.filter { ("A"..."Z").contains($0.section) }
            let families = latin.compactMap { byID[$0.id]?.familyName }
            #expect(families.count > 10)
            for (a, b) in zip(families, families.dropFirst()) {
                let order = a.compare(b, options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US"))
                #expect(order != .orderedDescending, "\(a) before \(b)")
            }
            // Ångström files under A, Παππάς under Π, 김 under ㄱ.
            #expect(page.contacts.first { $0.id == "zoe" }?.section == "A")
            #expect(page.contacts.first { $0.id == "omega" }?.section == "Π")
            #expect(page.contacts.first { $0.id == "kim" }?.section == "ㄱ")
            let titles = page.sections.map(\.title)
            let lastLatin = try #require(titles.lastIndex { ("A"..."Z").contains($0) })
            let greek = try #require(titles.firstIndex(of: "Π"))
            let korean = try #require(titles.firstIndex(of: "ㄱ"))
            #expect(greek > lastLatin)
            #expect(korean > greek)
            #expect(titles.last == "#" || !titles.contains("#"))
        }
    }

    @Test func badContactListRequestsAreRefused() async throws {
        try await withClient { client, _ in
            try await Self.expectBadRequest(client, "/api/contacts?offset=-1", mentioning: "'offset' must be a whole number")
            try await Self.expectBadRequest(client, "/api/contacts?limit=0", mentioning: "'limit' must be a whole number from 1 to 500")
            try await Self.expectBadRequest(client, "/api/contacts?limit=abc", mentioning: "not 'abc'")
            try await Self.expectBadRequest(client, "/api/contacts?order=shoeSize", mentioning: "'order' must be one of fullName, firstName, lastName")
            try await Self.expectBadRequest(client, "/api/contacts?sort=name", mentioning: "unknown query parameter 'sort'")
            try await Self.expectBadRequest(client, "/api/contacts?limit=1&limit=2", mentioning: "given twice")
            try await Self.expectBadRequest(client, "/api/nothing-here", status: .notFound, mentioning: "no API endpoint")
        }
    }

    @Test func detailShowsEveryFieldLabelAndAddress() async throws {
        try await withClient { client, _ in
            let detail = try Self.decode(ContactDetail.self, try await client.execute(uri: "/api/contacts/zoe", method: .get))
            #expect(detail.name == "Dr. Zoë Ångström")
            #expect(detail.fields.map(\.value) == ["+46 70 123 45 67", "+46 18 471 00 00", "zoe@example.se", "12"])
            #expect(detail.fields.map(\.label) == ["mobile", "work", "home", "lab"])
            #expect(detail.fields[0].preferred)
            #expect(detail.fields[0].phone?.valid == true)
            #expect(detail.fields[0].phone?.e164 == "+46701234567")
            #expect(detail.fields[3].phone?.valid == false)
            #expect(detail.addresses.count == 1)
            #expect(detail.addresses[0].label == "work")
            #expect(detail.addresses[0].lines == ["Lägerhyddsvägen 1", "752 37 Uppsala", "Sweden"])
            #expect(detail.properties.contains(["Job title", "Physicist"]))
            #expect(detail.properties.contains(["Birthday", "1980-04-12"]))
            #expect(detail.tags == ["science"])
            #expect(detail.hasPhoto)
            #expect(detail.sources == ["test: zoe"])
        }
    }

    @Test func idsWithReservedCharactersArePercentDecoded() async throws {
        try await withClient { client, _ in
            let response = try await client.execute(uri: "/api/contacts/%3Cscript%3E", method: .get)
            #expect(response.status == .notFound)
            #expect(try Self.errorMessage(response) == "no contact with id '<script>'")
        }
    }

    @Test func photosAreServedWithAnImageType() async throws {
        try await withClient { client, _ in
            let photo = try await client.execute(uri: "/api/contacts/zoe/photo", method: .get)
            #expect(photo.status == .ok)
            #expect(photo.headers[.contentType] == "image/png")
            #expect(Data(photo.body.readableBytesView) == TestAddressBook.png)
            try await Self.expectBadRequest(client, "/api/contacts/xss/photo", status: .notFound, mentioning: "has no photo")
            try await Self.expectBadRequest(client, "/api/contacts/missing", status: .notFound, mentioning: "no contact with id 'missing'")
        }
    }

    // MARK: Search

    @Test func searchIgnoresAccentsAndHighlightsTheMatch() async throws {
        try await withClient { client, _ in
            let results = try Self.decode(SearchResults.self, try await client.execute(uri: "/api/search?q=zoe%20ang", method: .get))
            #expect(results.total >= 1)
            let hit = try #require(results.results.first { $0.contact.id == "zoe" })
            #expect(hit.matchedIn == "name")
            #expect(hit.segments.map(\.text).joined() == "Dr. Zoë Ångström")
            #expect(hit.segments.filter(\.match).map(\.text).joined() == "ZoëÅng")
        }
    }

    @Test func searchFindsPhoneNumbersByDigits() async throws {
        try await withClient { client, _ in
            let results = try Self.decode(SearchResults.self, try await client.execute(uri: "/api/search?q=471%2000", method: .get))
            let hit = try #require(results.results.first { $0.contact.id == "zoe" })
            #expect(hit.matchedIn == "phoneNumber")
            #expect(hit.label == "work")
            #expect(hit.segments.filter(\.match).map(\.text).joined() == "471 00")
        }
    }

    @Test func badSearchesAreRefused() async throws {
        try await withClient { client, _ in
            try await Self.expectBadRequest(client, "/api/search", mentioning: "missing query parameter 'q'")
            let long = String(repeating: "a", count: 201)
            try await Self.expectBadRequest(client, "/api/search?q=\(long)", mentioning: "longer than 200 characters")
            try await Self.expectBadRequest(client, "/api/search?q=a%0Ab", mentioning: "line breaks")
            try await Self.expectBadRequest(client, "/api/search?q=a&limit=9999", mentioning: "'limit'")
        }
    }

    // MARK: Statistics

    @Test func statisticsCountFieldTypesMissingReachAndInvalidNumbers() async throws {
        try await withClient { client, book in
            let stats = try Self.decode(StatisticsReport.self, try await client.execute(uri: "/api/statistics", method: .get))
            #expect(stats.contactCount == book.contacts.count)
            #expect(stats.fieldCounts.map(\.label) == ["phone numbers", "email addresses", "URLs", "messaging addresses", "other fields"])
            let phones = book.contacts.reduce(0) { $0 + $1.phoneNumbers.count }
            #expect(stats.fieldCounts.first { $0.label == "phone numbers" }?.count == phones)
            let unreachable = book.contacts.filter { $0.phoneNumbers.isEmpty && $0.emailAddresses.isEmpty }.count
            #expect(stats.contactsWithoutPhoneOrEmail == unreachable)
            #expect(unreachable >= 1)
            #expect(stats.invalidPhoneNumbers >= 1)  // Zoë's "12"
            #expect(stats.contactsWithPhoto == book.contacts.filter { $0.photo != nil }.count)
            #expect(stats.chart.map(\.label).contains("duplicates found"))
            try await Self.expectBadRequest(client, "/api/statistics?x=1", mentioning: "this endpoint takes none")
        }
    }

    // MARK: Safety

    @Test func requestsForOtherHostsAndCrossOriginWritesAreRefused() async throws {
        try await withClient { client, _ in
            try await Self.expectBadRequest(
                client, "/api/contacts", headers: [FieldName("Host")!: "evil.example:8080"],
                mentioning: "only answers requests for localhost or 127.0.0.1")
            let ok = try await client.execute(uri: "/api/contacts?limit=1", method: .get, headers: [FieldName("Host")!: "127.0.0.1:8080"])
            #expect(ok.status == .ok)
            try await Self.expectBadRequest(
                client, "/api/sessions", method: .post,
                headers: [.contentType: "application/json", .origin: "http://evil.example"],
                body: try Self.jsonBody(NewSession(picker: "multiple")), mentioning: "cross-origin request")
        }
    }

    @Test func loopbackAddressesAreRecognised() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "LOCALHOST"] {
            #expect(AddressBookServer.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "192.168.1.2", "::", "example.com", "127.0.0", "127.0.0.256", "localhost.evil.example"] {
            #expect(!AddressBookServer.isLoopback(host), "\(host)")
        }
    }

    @Test func theScriptNameComesBackAsPlainJSONText() async throws {
        try await withClient { client, _ in
            let results = try Self.decode(SearchResults.self, try await client.execute(uri: "/api/search?q=mallory", method: .get))
            #expect(results.results.first?.contact.name == "<script>alert(1)</script> Mallory")
        }
    }
}
