import Ohana
import OhanaPhoneNumbers
import OhanaSampleData
import Testing

@Suite("PhoneNumberFormatting on generated address books")
struct GeneratedContactsTests {
    @Test("every phone field of a realistic address book gets details, and nothing else changes")
    func generatedAddressBook() async throws {
        let contacts = ContactGenerator(seed: 7).generate(count: 2_000)
        let processed = try await PhoneNumberFormatting(formats: .all, defaultRegion: "US").process(contacts)
        #expect(processed.count == contacts.count)
        var phones = 0, parsed = 0, valid = 0
        var unresolved: [String] = []
        for (before, after) in zip(contacts, processed) {
            #expect(after.id == before.id)
            #expect(after.fields.count == before.fields.count)
            for (old, new) in zip(before.fields, after.fields) {
                #expect(new.value == old.value)
                #expect(new.type == old.type)
                guard new.type == .phoneNumber else {
                    #expect(new.phoneNumber == old.phoneNumber)
                    continue
                }
                phones += 1
                let details = try #require(new.phoneNumber)
                if details.isParsed {
                    parsed += 1
                    #expect(details.e164?.hasPrefix("+") == true)
                    #expect(details.rfc3966?.hasPrefix("tel:+") == true)
                    #expect(details.international != nil && details.national != nil)
                } else {
                    #expect(details.problem != nil)
                    #expect(details.status == .unresolved || details.status == .junk || details.status == .ambiguous)
                    if unresolved.count < 20 { unresolved.append(new.value) }
                }
                if details.isValid { valid += 1 }
            }
        }
        #expect(phones > 2_000)
        // Generated numbers are written the way people of each country write them, most with the
        // contact's address in that country; some have no hint of their country, some are junk.
        #expect(Double(parsed) / Double(phones) > 0.85, "parsed \(parsed) of \(phones); unresolved: \(unresolved)")
        #expect(Double(valid) / Double(phones) > 0.8, "valid \(valid) of \(phones)")
    }
}
