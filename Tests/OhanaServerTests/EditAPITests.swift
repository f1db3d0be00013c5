import Foundation
import Hummingbird
import HummingbirdTesting
import Ohana
import OhanaAddressBook
import OhanaServer
import Testing

/// Creating, editing, deleting and undoing contacts over HTTP: `ETag`/`If-Match`, 412 with both
/// versions, and 400/404/409 with a message naming the problem.
@Suite struct EditAPITests {
    func withClient(_ body: @escaping @Sendable (any TestClientProtocol, TestAddressBook) async throws -> Void) async throws {
        try await APITests().withClient(body)
    }

    static func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    static func headers(ifMatch: String? = nil) -> HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json"]
        if let ifMatch { fields[.ifMatch] = ifMatch }
        return fields
    }

    static func stored(_ book: TestAddressBook, _ id: ContactID) async throws -> Contact? {
        try await book.store.read { try $0.contact(withID: id) }
    }

    /// The body of a 412 or 409 answer.
    struct ConflictAnswer: Decodable {
        struct Message: Decodable { var message: String }
        var error: Message
        var conflict: ContactEditConflict
    }

    @Test func createAnswers201WithLocationETagAndTheDetail() async throws {
        try await withClient { client, book in
            let response = try await client.execute(uri: "/api/contacts", method: .post, headers: Self.headers(), body: Self.json("""
                {"parts": {"givenName": "Ada", "familyName": "Lovelace"},
                 "additions": [{"type": "emailAddress", "value": "ada@example.org", "label": "work"}], "addedTags": ["math"]}
                """))
            #expect(response.status == .created)
            let detail = try APITests.decode(ContactDetail.self, response)
            #expect(detail.name == "Ada Lovelace")
            #expect(detail.fields.map(\.value) == ["ada@example.org"])
            #expect(detail.tags == ["math"])
            let version = try #require(detail.version)
            #expect(response.headers[.eTag] == "\"\(version)\"")
            #expect(response.headers[.location] == "/api/contacts/\(detail.id)")
            let read = try await client.execute(uri: "/api/contacts/\(detail.id)", method: .get)
            #expect(read.status == .ok)
            #expect(read.headers[.eTag] == "\"\(version)\"")
            #expect(try await Self.stored(book, ContactID(rawValue: detail.id))?.givenName == "Ada")
            let page = try APITests.decode(ContactPage.self, try await client.execute(uri: "/api/contacts?limit=1", method: .get))
            #expect(page.total == book.contacts.count + 1)
        }
    }

    @Test func patchWithTheCurrentETagChangesOnlyWhatItNames() async throws {
        try await withClient { client, book in
            let before = try #require(try await Self.stored(book, "zoe"))
            let etag = try #require(try await client.execute(uri: "/api/contacts/zoe", method: .get).headers[.eTag])
            let response = try await client.execute(uri: "/api/contacts/zoe", method: .patch, headers: Self.headers(ifMatch: etag), body: Self.json("""
                {"parts": {"jobTitle": "Chemist"}, "removals": [{"type": "emailAddress", "value": "zoe@example.se"}],
                 "additions": [{"type": "emailAddress", "value": "zoe@uu.se", "label": "work"}]}
                """))
            #expect(response.status == .ok)
            let detail = try APITests.decode(ContactDetail.self, response)
            #expect(detail.parts["jobTitle"] == "Chemist")
            #expect(detail.fields.map(\.value) == ["+46 70 123 45 67", "+46 18 471 00 00", "12", "zoe@uu.se"])
            let newTag = try #require(response.headers[.eTag])
            #expect(newTag != etag)
            let version = try #require(detail.version)
            #expect(newTag == "\"\(version)\"")
            let after = try #require(try await Self.stored(book, "zoe"))
            #expect(after.photo == before.photo)
            #expect(after.postalAddresses == before.postalAddresses)
            #expect(after.phoneNumbers == before.phoneNumbers)
            #expect(after.note == before.note)
            let revisions = try APITests.decode(RevisionList.self, try await client.execute(uri: "/api/contacts/zoe/revisions", method: .get))
            #expect(revisions.revisions.map(\.action) == ["updated"])
        }
    }

    @Test("PATCH /api/contacts/ID with a stale If-Match answers 412 and changes nothing")
    func staleIfMatchAnswers412AndChangesNothing() async throws {
        try await withClient { client, book in
            let stale = try #require(try await client.execute(uri: "/api/contacts/zoe", method: .get).headers[.eTag])
            // Another window changes the note in between.
            let other = try await client.execute(uri: "/api/contacts/zoe", method: .patch, headers: Self.headers(),
                                                 body: Self.json(#"{"parts": {"note": "changed elsewhere"}}"#))
            #expect(other.status == .ok)
            let stored = try #require(try await Self.stored(book, "zoe"))
            let response = try await client.execute(uri: "/api/contacts/zoe", method: .patch, headers: Self.headers(ifMatch: stale),
                                                    body: Self.json(#"{"parts": {"note": "mine", "jobTitle": "Chemist"}}"#))
            #expect(response.status == .preconditionFailed)
            let answer = try APITests.decode(ConflictAnswer.self, response)
            #expect(answer.error.message.contains("changed since version"))
            #expect(answer.conflict.current?.parts["note"] == "changed elsewhere")
            let current = try #require(answer.conflict.current?.version)
            #expect(response.headers[.eTag] == "\"\(current)\"")
            let expected = try #require(answer.conflict.expectedVersion)
            #expect("\"\(expected)\"" == stale)
            #expect(answer.conflict.yours?.parts["note"] == "mine")
            #expect(answer.conflict.yours?.parts["jobTitle"] == "Chemist")
            #expect(try await Self.stored(book, "zoe") == stored)
            #expect(try APITests.decode(ContactDetail.self, try await client.execute(uri: "/api/contacts/zoe", method: .get)).parts["note"]
                    == "changed elsewhere")
            // Overwriting: the same edit again on the version now stored.
            let again = try await client.execute(uri: "/api/contacts/zoe", method: .patch, headers: Self.headers(ifMatch: "\"\(current)\""),
                                                 body: Self.json(#"{"parts": {"note": "mine"}}"#))
            #expect(again.status == .ok)
            #expect(try await Self.stored(book, "zoe")?.note == "mine")
        }
    }

    @Test func deleteAnswersTheRevisionThatUndoesIt() async throws {
        try await withClient { client, book in
            let original = try #require(try await Self.stored(book, "nobody"))
            let etag = try #require(try await client.execute(uri: "/api/contacts/nobody", method: .get).headers[.eTag])
            try await APITests.expectBadRequest(client, "/api/contacts/nobody", method: .delete, headers: [.ifMatch: "\"999999\""],
                                                status: .preconditionFailed, mentioning: "changed since version 999999")
            let deleted = try await client.execute(uri: "/api/contacts/nobody", method: .delete, headers: [.ifMatch: etag])
            #expect(deleted.status == .ok)
            let deletion = try APITests.decode(ContactDeletion.self, deleted)
            #expect(deletion.id == "nobody")
            #expect(try await client.execute(uri: "/api/contacts/nobody", method: .get).status == .notFound)
            #expect(try await Self.stored(book, "nobody") == nil)
            let undone = try await client.execute(uri: "/api/revisions/\(deletion.revision)/undo", method: .post)
            #expect(undone.status == .ok)
            let undo = try APITests.decode(RevisionUndo.self, undone)
            #expect(undo.contact?.name == "Quincy Unreachable")
            #expect(undo.undid == deletion.revision)
            #expect(try await Self.stored(book, "nobody") == original)
            #expect(try await client.execute(uri: "/api/contacts/nobody", method: .get).status == .ok)
            // Undoing the delete again: the contact is back, no longer as the delete left it.
            try await APITests.expectBadRequest(client, "/api/revisions/\(deletion.revision)/undo", method: .post,
                                                status: .conflict, mentioning: "stored again")
            let history = try APITests.decode(RevisionList.self, try await client.execute(uri: "/api/contacts/nobody/revisions", method: .get))
            #expect(history.revisions.map(\.action) == ["undone", "deleted"])
        }
    }

    @Test func undoNamingAStaleVersionAnswers412AndJSContactCarriesTheETag() async throws {
        try await withClient { client, book in
            let edited = try await client.execute(uri: "/api/contacts/kim", method: .patch, headers: Self.headers(),
                                                  body: Self.json(#"{"parts": {"nickname": "MJ"}}"#))
            let etag = try #require(edited.headers[.eTag])
            let card = try await client.execute(uri: "/api/contacts/kim", method: .get, headers: [.accept: "application/jscontact+json"])
            #expect(card.headers[.eTag] == etag)
            let revision = try #require(try APITests.decode(RevisionList.self,
                try await client.execute(uri: "/api/contacts/kim/revisions", method: .get)).revisions.first?.number)
            let stored = try await Self.stored(book, "kim")
            try await APITests.expectBadRequest(client, "/api/revisions/\(revision)/undo", method: .post, headers: [.ifMatch: "\"999999\""],
                                                status: .preconditionFailed, mentioning: "changed since version 999999")
            #expect(try await Self.stored(book, "kim") == stored)
            let undone = try await client.execute(uri: "/api/revisions/\(revision)/undo", method: .post, headers: [.ifMatch: etag])
            #expect(undone.status == .ok)
            #expect(try await Self.stored(book, "kim")?.nickname == nil)
        }
    }

    @Test func badEditsAreRefusedNamingTheProblem() async throws {
        try await withClient { client, book in
            let zoe = try #require(try await Self.stored(book, "zoe"))
            try await APITests.expectBadRequest(client, "/api/contacts/zoe", method: .patch, headers: Self.headers(), body: Self.json("{"),
                                                mentioning: "not valid JSON")
            try await APITests.expectBadRequest(client, "/api/contacts/zoe", method: .patch, headers: Self.headers(),
                                                body: Self.json(#"{"parts": {"givenName": 3}}"#), mentioning: "parts.givenName")
            try await APITests.expectBadRequest(client, "/api/contacts/zoe", method: .patch, headers: Self.headers(),
                                                body: Self.json(#"{"additions": [{"type": "fax", "value": "1"}]}"#), mentioning: "additions[0].type")
            try await APITests.expectBadRequest(client, "/api/contacts/zoe", method: .patch, headers: Self.headers(),
                                                body: Self.json(#"{"removals": [{"type": "emailAddress", "value": "x@y.org"}]}"#),
                                                mentioning: "the contact has no email address \"x@y.org\"")
            try await APITests.expectBadRequest(client, "/api/contacts/zoe", method: .patch, headers: Self.headers(ifMatch: "W/\"3\""),
                                                body: Self.json("{}"), mentioning: "If-Match must name one version")
            try await APITests.expectBadRequest(client, "/api/contacts/zoe", method: .patch, headers: [:],
                                                body: Self.json("{}"), mentioning: "Content-Type: application/json")
            try await APITests.expectBadRequest(client, "/api/contacts", method: .post, headers: Self.headers(), body: Self.json("{}"),
                                                mentioning: "a new contact needs a name")
            try await APITests.expectBadRequest(client, "/api/contacts/missing", method: .patch, headers: Self.headers(),
                                                body: Self.json("{}"), status: .notFound, mentioning: "no contact with id 'missing'")
            try await APITests.expectBadRequest(client, "/api/contacts/missing/revisions", status: .notFound, mentioning: "missing")
            try await APITests.expectBadRequest(client, "/api/revisions/999999/undo", method: .post, status: .notFound, mentioning: "999999")
            try await APITests.expectBadRequest(client, "/api/revisions/abc/undo", method: .post, mentioning: "not a revision number")
            #expect(try await Self.stored(book, "zoe") == zoe)
        }
    }

    @Test func crossOriginWritesAreRefused() async throws {
        try await withClient { client, book in
            let zoe = try #require(try await Self.stored(book, "zoe"))
            var headers = Self.headers()
            headers[.origin] = "http://evil.example"
            for (uri, method) in [("/api/contacts/zoe", HTTPRequest.Method.patch), ("/api/contacts", .post), ("/api/contacts/zoe", .delete)] {
                try await APITests.expectBadRequest(client, uri, method: method, headers: headers,
                                                    body: Self.json(#"{"parts": {"note": "pwned"}}"#), mentioning: "cross-origin request")
            }
            #expect(try await Self.stored(book, "zoe") == zoe)
        }
    }
}
