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
}
