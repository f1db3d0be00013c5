import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// Texts many cards repeat (an organization, a title, an address's place names) are made once and
/// shared by the contacts that hold them, and every text still reads exactly as written.
@Suite("Shared texts")
struct SharedTextsTests {
    /// The address of a string's UTF-8 storage: equal for two strings that share one heap block.
    private func storage(_ text: String?) -> UnsafeRawPointer? {
        text?.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    @Test func colleaguesShareTheirCompanysTextsAndPlaces() {
        let cards = (0..<3_000).map { i in
            """
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Person \(i)\r
            ORG:Vereinigte Stahlwerke Nord GmbH;Abteilung \(i % 3)\r
            TITLE:Leiterin Qualitätssicherung\r
            ADR;TYPE=work:;;Hafenstraße am Rheinufer \(i);Mönchengladbach;Nordrhein-Westfalen;41061;Bundesrepublik Deutschland\r
            END:VCARD\r\n
            """
        }.joined()
        let contacts = VCardReader().read(Data(cards.utf8), source: "colleagues.vcf").contacts
        #expect(contacts.count == 3_000)
        for (i, contact) in contacts.enumerated() {
            #expect(contact.organization == "Vereinigte Stahlwerke Nord GmbH")
            #expect(contact.jobTitle == "Leiterin Qualitätssicherung")
            let address = contact.postalAddresses.first
            #expect(address?.street == ["Hafenstraße am Rheinufer \(i)"])
            #expect(address?.city == "Mönchengladbach" && address?.region == "Nordrhein-Westfalen")
            #expect(address?.country == "Bundesrepublik Deutschland")
        }
        // Read on every core, each worker keeps one table: at most one heap block per worker and text.
        let organizations = Set(contacts.compactMap { storage($0.organization) })
        let countries = Set(contacts.compactMap { storage($0.postalAddresses.first?.country) })
        let titles = Set(contacts.compactMap { storage($0.jobTitle) })
        #expect(organizations.count <= processorCount && countries.count <= processorCount && titles.count <= processorCount)
        // Streets are not shared (nearly every one is different).
        #expect(Set(contacts.compactMap { storage($0.postalAddresses.first?.street.first) }).count == 3_000)
    }

    /// More distinct texts than the table keeps, texts that collide in the table, escaped values and
    /// invalid UTF-8: every value reads as it does without the table; texts past 256 bytes are
    /// not kept (a streamed input would otherwise leave the table holding any amount of text).
    @Test func aFullTableAndEscapedOrBrokenValuesReadAsWritten() {
        let table = SharedTexts()
        var expected: [String] = []
        for i in 0..<(SharedTexts.limit + 2_000) {
            let text = "Organisation number \(i) of many"
            expected.append(text)
            #expect(table.text(ArraySlice(text.utf8)) == text)
        }
        for (i, text) in expected.enumerated() where i % 97 == 0 {
            #expect(table.text(ArraySlice(text.utf8)) == text)
        }
        #expect(table.text(ArraySlice<UInt8>([0x41, 0x42, 0xFF] + Array(repeating: 0x41, count: 20))) == nil)
        #expect(table.text(ArraySlice("short".utf8)) == "short")
        // Texts past 256 bytes are made each time, not kept: a table's memory is bounded.
        let long = String(repeating: "Vereinigte Stahlwerke ", count: 20)
        let fresh = SharedTexts()
        let first = fresh.text(ArraySlice(long.utf8)), second = fresh.text(ArraySlice(long.utf8))
        #expect(first == long && second == long)
        #expect(storage(first) != storage(second))
        let company = String(long.prefix(200))
        #expect(storage(fresh.text(ArraySlice(company.utf8))) == storage(fresh.text(ArraySlice(company.utf8))))

        let card = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:A\r
            ORG:Smith\\, Jones & Partners LLP;Litigation\r
            TITLE;CHARSET=UTF-8:Gesch\u{E4}ftsf\u{FC}hrer der Holding\r
            END:VCARD\r\n
            """
        let contact = VCardReader().read(Data(card.utf8), source: "a.vcf").contacts.first
        #expect(contact?.organization == "Smith, Jones & Partners LLP" && contact?.department == "Litigation")
        #expect(contact?.jobTitle == "Geschäftsführer der Holding")
    }
}
