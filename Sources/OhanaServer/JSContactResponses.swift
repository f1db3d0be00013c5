import Foundation
import Hummingbird
import Ohana
import OhanaAddressBook
import OhanaJSContact

/// `Accept: application/jscontact+json` on the contact routes: the contacts as JSContact cards (RFC 9553).
enum JSContactResponses {
    /// The media type of JSContact (RFC 9553 section 3.1).
    static let mediaType = "application/jscontact+json"

    /// Whether the request asks for JSContact.
    static func wanted(_ request: Request) -> Bool {
        request.headers[.accept].map { $0.lowercased().contains(mediaType) } ?? false
    }

    /// One contact as a card, or several as an array of cards.
    static func response(_ contacts: [Contact], single: Bool) throws -> Response {
        let converter = JSContactConverter()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = single && contacts.count == 1
                ? try encoder.encode(converter.card(from: contacts[0])) : try JSContactDocument.write(contacts, pretty: false)
        } catch {
            throw AddressBookError(.internalError, "cannot encode JSContact: \(error)")
        }
        return Response(
            status: .ok, headers: [.contentType: mediaType + "; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
