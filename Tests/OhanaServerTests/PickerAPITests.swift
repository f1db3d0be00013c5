import Foundation
import Hummingbird
import HummingbirdTesting
import Ohana
import OhanaAddressBook
import OhanaJSON
import OhanaServer
import OhanaStore
import OhanaStoreSQLite
import Testing

/// Picker sessions through the API: pickers and their rules, selecting until a rule refuses,
/// one row per phone number, exporting the selection, bounded sessions.
@Suite struct PickerAPITests {
    typealias API = APITests

    func withClient(_ body: @escaping @Sendable (any TestClientProtocol, TestAddressBook) async throws -> Void) async throws {
        try await APITests().withClient(body)
    }

    func startSession(_ client: any TestClientProtocol, _ picker: String) async throws -> SessionState {
        let response = try await client.execute(
            uri: "/api/sessions", method: .post, headers: API.jsonHeaders, body: try API.jsonBody(NewSession(picker: picker)))
        #expect(response.status == .created)
        return try API.decode(SessionState.self, response)
    }

    func change(_ client: any TestClientProtocol, _ session: String, _ action: String, _ ids: [String]) async throws -> SessionState {
        let response = try await client.execute(
            uri: "/api/sessions/\(session)/\(action)", method: .post, headers: API.jsonHeaders, body: try API.jsonBody(RowIDs(ids: ids)))
        #expect(response.status == .ok)
        return try API.decode(SessionState.self, response)
    }

    @Test func pickersAreListedWithTheirRules() async throws {
        try await withClient { client, _ in
            let list = try API.decode(PickerList.self, try await client.execute(uri: "/api/pickers", method: .get))
            #expect(list.pickers.map(\.id) == ["multiple", "atMostThree", "phoneNumbers", "phoneOrEmail", "textRecipients"])
            #expect(list.pickers[1].filters.map(\.name) == ["MaximumSelectedCount"])
            #expect(list.pickers[2].postProcessors == ["SplitOnFieldType(phoneNumber)"])
        }
    }

    @Test func atMostThreeRefusesTheFourthWithTheRuleAndReason() async throws {
        try await withClient { client, book in
            let session = try await startSession(client, "atMostThree")
            let ids = ["zoe", "dup-a", "dup-b", "omega"]
            let first = try await change(client, session.session, "select", Array(ids.prefix(3)))
            #expect(first.changed == Array(ids.prefix(3)))
            #expect(first.refusals.isEmpty)
            let fourth = try await change(client, session.session, "select", ["omega"])
            #expect(fourth.changed.isEmpty)
            #expect(fourth.refusals.count == 1)
            #expect(fourth.refusals[0].filter == "MaximumSelectedCount")
            #expect(fourth.refusals[0].reason == "at most 3 contacts can be selected")
            #expect(fourth.refusals[0].message == "Ωμέγα Παππάς: refused by MaximumSelectedCount: at most 3 contacts can be selected")
            #expect(fourth.selected.map(\.id) == Array(ids.prefix(3)))
            let after = try await change(client, session.session, "deselect", ["dup-a"])
            #expect(after.selected.map(\.id) == ["zoe", "dup-b"])
            let state = try API.decode(SessionState.self, try await client.execute(uri: "/api/sessions/\(session.session)", method: .get))
            #expect(state.selected.map(\.id) == ["zoe", "dup-b"])
            let cleared = try API.decode(SessionState.self, try await client.execute(uri: "/api/sessions/\(session.session)/selection", method: .delete))
            #expect(cleared.selected.isEmpty)
            let rows = try API.decode(SessionPage.self, try await client.execute(uri: "/api/sessions/\(session.session)/rows?limit=500", method: .get))
            #expect(rows.total == book.contacts.count)
            let ended = try await client.execute(uri: "/api/sessions/\(session.session)", method: .delete)
            #expect(ended.status == .noContent)
            try await API.expectBadRequest(client, "/api/sessions/\(session.session)", status: .notFound, mentioning: "no picker session")
        }
    }

    @Test func phoneNumberPickerHasOneRowPerNumber() async throws {
        try await withClient { client, book in
            let session = try await startSession(client, "phoneNumbers")
            let rows = try API.decode(SessionPage.self, try await client.execute(uri: "/api/sessions/\(session.session)/rows?q=zo%C3%AB&limit=50", method: .get))
            let zoeRows = rows.rows.filter { $0.contactID == "zoe" }
            #expect(zoeRows.map(\.id) == ["zoe#0", "zoe#1", "zoe#2"])
            #expect(zoeRows.map(\.subtitle) == ["+46 70 123 45 67", "+46 18 471 00 00", "12"])
            #expect(zoeRows.allSatisfy { $0.hasPhoto })
            let all = try API.decode(SessionPage.self, try await client.execute(uri: "/api/sessions/\(session.session)/rows?limit=1", method: .get))
            #expect(all.total == book.contacts.reduce(0) { $0 + $1.phoneNumbers.count })
            let picked = try await change(client, session.session, "select", ["zoe#1"])
            #expect(picked.selected.map(\.subtitle) == ["+46 18 471 00 00"])
        }
    }

    @Test func phoneOrEmailRefusesAContactWithNeither() async throws {
        try await withClient { client, _ in
            let session = try await startSession(client, "phoneOrEmail")
            let result = try await change(client, session.session, "select", ["nobody", "xss"])
            #expect(result.changed == ["xss"])
            #expect(result.refusals.map(\.filter) == ["PhoneOrEmail"])
            #expect(result.refusals.first?.reason == "has neither a phone number nor an email address")
        }
    }

    @Test func textRecipientsRefuseNumbersThatAreNotMobile() async throws {
        try await withClient { client, _ in
            let session = try await startSession(client, "textRecipients")
            let result = try await change(client, session.session, "select", ["zoe#0", "zoe#1"])
            #expect(result.changed == ["zoe#0"])
            #expect(result.refusals.map(\.filter) == ["MobileNumber"])
        }
    }

    @Test func selectionIsExportedAsVCardCSVAndJSON() async throws {
        try await withClient { client, _ in
            let session = try await startSession(client, "multiple")
            _ = try await change(client, session.session, "select", ["zoe", "xss"])
            let vcard = try await client.execute(uri: "/api/sessions/\(session.session)/export?format=vcard", method: .get)
            #expect(vcard.status == .ok)
            #expect(vcard.headers[.contentType] == "text/vcard; charset=utf-8")
            #expect(vcard.headers[.contentDisposition] == "attachment; filename=\"selection.vcf\"")
            let card = API.text(vcard)
            #expect(card.components(separatedBy: "BEGIN:VCARD").count == 3)
            #expect(card.contains("Ångström"))
            let csv = try await client.execute(uri: "/api/sessions/\(session.session)/export?format=csv", method: .get)
            #expect(csv.status == .ok)
            #expect(API.text(csv).contains("mallory@example.com"))
            let json = try await client.execute(uri: "/api/sessions/\(session.session)/export?format=json", method: .get)
            let contacts = try ContactsJSON.decode(Data(json.body.readableBytesView), source: "export")
            #expect(contacts.map(\.id) == ["zoe", "xss"])
            #expect(contacts[0].phoneNumbers.count == 3)
            try await API.expectBadRequest(client, "/api/sessions/\(session.session)/export", mentioning: "missing query parameter 'format'")
            try await API.expectBadRequest(client, "/api/sessions/\(session.session)/export?format=pdf", mentioning: "'format' must be one of vcard, csv, json")
        }
    }

    @Test func badPickerRequestsAreRefused() async throws {
        try await withClient { client, _ in
            let json = API.jsonHeaders
            try await API.expectBadRequest(
                client, "/api/sessions", method: .post, headers: json, body: try API.jsonBody(NewSession(picker: "everyone")),
                mentioning: "unknown picker 'everyone'")
            try await API.expectBadRequest(
                client, "/api/sessions", method: .post, headers: json, body: try API.jsonBody(NewSession(picker: "multiple", order: "age")),
                mentioning: "'order' must be one of")
            try await API.expectBadRequest(
                client, "/api/sessions", method: .post, headers: json, body: ByteBuffer(string: "{\"picker\": 3}"),
                mentioning: "expected String at picker")
            try await API.expectBadRequest(
                client, "/api/sessions", method: .post, headers: json, body: ByteBuffer(string: "{not json"),
                mentioning: "not valid JSON")
            try await API.expectBadRequest(
                client, "/api/sessions", method: .post, body: try API.jsonBody(NewSession(picker: "multiple")),
                mentioning: "Content-Type: application/json")
            try await API.expectBadRequest(
                client, "/api/sessions", method: .post, headers: json,
                body: ByteBuffer(string: "{\"picker\":\"" + String(repeating: "x", count: 70_000) + "\"}"),
                mentioning: "larger than 65536 bytes")
            let session = try await startSession(client, "multiple").session
            try await API.expectBadRequest(
                client, "/api/sessions/\(session)/select", method: .post, headers: json, body: try API.jsonBody(RowIDs(ids: [])),
                mentioning: "'ids' is empty")
            try await API.expectBadRequest(
                client, "/api/sessions/\(session)/select", method: .post, headers: json,
                body: try API.jsonBody(RowIDs(ids: (0...1000).map(String.init))), mentioning: "at most 1000 per request")
            try await API.expectBadRequest(
                client, "/api/sessions/\(session)/select", method: .post, headers: json, body: try API.jsonBody(RowIDs(ids: ["ghost"])),
                status: .notFound, mentioning: "no row with id 'ghost'")
            try await API.expectBadRequest(
                client, "/api/sessions/not-a-uuid/select", method: .post, headers: json, body: try API.jsonBody(RowIDs(ids: ["zoe"])),
                mentioning: "is not a picker session id")
            try await API.expectBadRequest(
                client, "/api/sessions/\(UUID().uuidString)", status: .notFound, mentioning: "no picker session")
            try await API.expectBadRequest(
                client, "/api/sessions/\(session)/rows?offset=x", mentioning: "'offset'")
        }
    }

    @Test func sessionsAreBoundedDroppingTheLeastRecentlyUsed() async throws {
        let book = try await TestAddressBook.make(generated: 5)
        let small = AddressBook(store: SQLiteContactStorage(book.store), maximumSessionCount: 2)
        try await small.reload()
        let first = try await small.startSession(picker: "multiple", order: .fullName).session
        let second = try await small.startSession(picker: "multiple", order: .fullName).session
        _ = try await small.sessionState(first)
        _ = try await small.startSession(picker: "multiple", order: .fullName)
        _ = try await small.sessionState(first)
        await #expect(throws: AddressBookError.self) { try await small.sessionState(second) }
    }
}
