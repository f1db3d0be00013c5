import Foundation
import Hummingbird
import HummingbirdTesting
import OhanaAddressBook
import OhanaServer
import Testing

/// `GET /api/review`: what needs a person's decision, the same report `ohana review` prints.
@Suite struct ReviewAPITests {
    @Test func reviewListsJunkWithCountsAndRefusesUnknownParameters() async throws {
        try await APITests().withClient { client, book in
            let response = try await client.execute(uri: "/api/review", method: .get)
            #expect(response.status == .ok)
            let report = try APITests.decode(AttentionReport.self, response)
            #expect(report == (await book.addressBook.attentionReport()))
            #expect(report.counts.map(\.kind) == AttentionReport.Kind.allCases)
            for count in report.counts { #expect(report.items(of: count.kind).count == count.count) }
            // The crafted Swedish card's "lab" phone "12" is no number.
            let junk = report.items(of: .junkNumber)
            #expect(junk.contains { $0.contactID == "zoe" && $0.value == "12" && $0.label == "lab" }, "\(junk)")

            try await APITests.expectBadRequest(client, "/api/review?kind=x", mentioning: "kind")
        }
    }

    @Test func aRegionChoiceIsKeptAndTheReviewAnswersWithIt() async throws {
        try await APITests().withClient { client, book in
            let before = try APITests.decode(AttentionReport.self, try await client.execute(uri: "/api/review", method: .get))
            let unresolved = before.items(of: .unresolvedNumber)
            try #require(!unresolved.isEmpty, "the test book has no unresolved number")
            let item = unresolved[0]
            // The number's own region, as libphonenumber reads it in each region it could be: try
            // every candidate until one makes it valid (the test book's numbers are generated).
            var answer: AttentionReport?
            for region in ["GB", "DE", "FR", "MX", "BR", "JP", "CN", "IN", "IT", "ES", "AU", "NL", "TR", "KR", "SE", "PL"] {
                let body = try APITests.jsonBody(["contactID": item.contactID, "number": item.value ?? "", "region": region])
                let response = try await client.execute(uri: "/api/review/region-choices", method: .post,
                                                        headers: APITests.jsonHeaders, body: body)
                #expect(response.status == .ok, "\(APITests.text(response))")
                let report = try APITests.decode(AttentionReport.self, response)
                if !report.items.contains(where: { $0.contactID == item.contactID && $0.value == item.value && $0.kind == item.kind }) {
                    answer = report
                    break
                }
            }
            let resolved = try #require(answer, "no region resolved \(item)")
            #expect(resolved.count(of: .unresolvedNumber) == before.count(of: .unresolvedNumber) - 1)
            #expect(try await ContactStoreService(store: book.addressBook.store).regionChoices().numbers.count >= 1)
            try await APITests.expectBadRequest(client, "/api/review/region-choices", method: .post, headers: APITests.jsonHeaders,
                                                body: try APITests.jsonBody(["contactID": item.contactID, "number": "1", "region": "DE"]),
                                                status: .notFound, mentioning: "no contact")
        }
    }

    @Test func aJunkNumberIsDeletedThenItsDeletionUndoneAndAnInvalidKindRefused() async throws {
        try await APITests().withClient { client, book in
            let before = try APITests.decode(AttentionReport.self, try await client.execute(uri: "/api/review", method: .get))
            #expect(before.items(of: .junkNumber).contains { $0.contactID == "zoe" && $0.value == "12" })
            let body = try APITests.jsonBody(["action": "delete", "kind": "junk-number", "contactID": "zoe", "value": "12"])
            let response = try await client.execute(uri: "/api/review/actions", method: .post, headers: APITests.jsonHeaders, body: body)
            #expect(response.status == .ok, "\(APITests.text(response))")
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(APITests.text(response).utf8)) as? [String: Any])
            let result = try #require(answer["result"] as? [String: Any])
            #expect(result["items"] as? Int == 1)
            let after = try APITests.decode(AttentionReport.self, try await client.execute(uri: "/api/review", method: .get))
            #expect(!after.items(of: .junkNumber).contains { $0.contactID == "zoe" && $0.value == "12" })
            #expect(after.count(of: .junkNumber) == before.count(of: .junkNumber) - 1)
            let stored = try #require(try await book.addressBook.store.contact(withID: "zoe"))
            #expect(!stored.phoneNumbers.contains { $0.value == "12" })
            // The deletion is an edit: undone, the number is back.
            let revision = try #require((result["revisions"] as? [Int])?.first)
            _ = try await ContactStoreService(store: book.addressBook.store).undoRevision(Int64(revision))
            #expect(try await book.addressBook.store.contact(withID: "zoe")?.phoneNumbers.contains { $0.value == "12" } == true)

            try await APITests.expectBadRequest(client, "/api/review/actions", method: .post, headers: APITests.jsonHeaders,
                                                body: try APITests.jsonBody(["action": "delete", "kind": "unresolved-number"]),
                                                mentioning: "choosing a country")
        }
    }
}
