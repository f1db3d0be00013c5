import Foundation
import Ohana
@testable import OhanaStore
import OhanaSampleData
import Testing

/// A search's candidates read from stored JSON hold exactly the parts a whole decode gives, read in
/// one pass over the bytes where they are plainly written, and through the whole decode elsewhere.
@Suite struct SearchCandidateReadingTests {
    /// The stored JSON of contacts, as the store writes it.
    func chunk(_ contacts: [Contact]) throws -> StoredJSONChunk {
        let codec = ContactCodec()
        var chunk = StoredJSONChunk()
        for contact in contacts { chunk.append(try codec.encodeJSON(contact)) }
        return chunk
    }

    @Test("generated contacts read light are the light form of their whole decode, read without it")
    func generatedContacts() throws {
        let contacts = ContactGenerator(seed: 11).generate(count: 2_000)
        let chunk = try chunk(contacts)
        let light = try SearchCandidates.decodeAll(chunk)
        #expect(light == contacts.map(SearchCandidates.lightContact))
        // Read in one pass, not by the fallback.
        let plain = chunk.bytes.withUnsafeBytes { bytes in
            (0..<chunk.count).filter { StoredJSONParts.lightContact(UnsafeRawBufferPointer(rebasing: bytes[chunk.range(at: $0)])) != nil }
        }
        #expect(plain.count == contacts.count)
    }

    @Test("escapes, null members, every name part and unknown members give the whole decode's parts")
    func edges() throws {
        let contacts = [
            Contact(id: "quote", givenName: "Ann \"Nan\"", familyName: "Lee\\Li", fields: [.email("a\u{1}b@example.com")]),
            Contact(id: "parts", namePrefix: "Dr.", givenName: "Ada", middleName: "B", familyName: "Cole", nameSuffix: "Jr.",
                    nickname: "Addy", phoneticGivenName: "A", phoneticMiddleName: "Bee", phoneticFamilyName: "Kol",
                    formattedName: "Dr. Ada Cole", organization: "Acme", jobTitle: "Boss",
                    fields: [.phone("+1 415 555 0100", label: .work)], note: "x", tags: ["t"]),
            Contact(id: "empty"),
            Contact(id: "ünïcode", givenName: "Zoë", familyName: "王", fields: [.url("https://example.com/ü")]),
        ]
        #expect(try SearchCandidates.decodeAll(chunk(contacts)) == contacts.map(SearchCandidates.lightContact))
        var written = StoredJSONChunk()
        written.append(Array(#"{"id":"n","givenName":null,"fields":null,"other":{"a":[1,2.5e3,"}",true,null]},"familyName":"Ng"}"#.utf8))
        let read = try SearchCandidates.decodeAll(written)
        #expect(read == [SearchCandidates.lightContact(Contact(id: "n", familyName: "Ng"))])
        // The escaped and the doubled are not read in one pass.
        let escaped = try chunk([contacts[0]])
        #expect(escaped.bytes.withUnsafeBytes { StoredJSONParts.lightContact($0) } == nil)
        #expect(Array(#"{"id":"twice","givenName":"A","givenName":"B"}"#.utf8).withUnsafeBytes { StoredJSONParts.lightContact($0) } == nil)
    }
}
