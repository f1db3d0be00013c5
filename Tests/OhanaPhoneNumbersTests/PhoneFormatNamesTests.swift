import Foundation
import Ohana
import OhanaPhoneNumbers
import Testing

@Suite("Phone format names")
struct PhoneFormatNamesTests {
    @Test("a comma-separated list of names gives those formats; case and spaces are ignored; all is every format")
    func names() throws {
        #expect(try PhoneNumberFormat(names: "e164,national") == [.e164, .national])
        #expect(try PhoneNumberFormat(names: " E164 , RFC3966 ") == [.e164, .rfc3966])
        #expect(try PhoneNumberFormat(names: "international") == .international)
        #expect(try PhoneNumberFormat(names: "all") == .all)
        #expect(try PhoneNumberFormat(names: "national,all") == .all)
        #expect(PhoneNumberFormat.names == ["e164", "international", "national", "rfc3966"])
    }

    @Test("an unknown name is an error naming it and the names there are")
    func unknownName() {
        #expect {
            try PhoneNumberFormat(names: "e164,Morse")
        } throws: { error in
            let unknown = error as? UnknownPhoneFormatName
            return unknown?.name == "morse"
                && unknown?.description == "unknown phone format 'morse': use e164, international, national, rfc3966 or all"
        }
    }
}
