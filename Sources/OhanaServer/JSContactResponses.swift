import Foundation
import Hummingbird
import Ohana
import OhanaAddressBook
import OhanaFormats

/// `Accept: application/jscontact+json` on the contact routes: the contacts as JSContact cards (RFC 9553).
enum JSContactResponses {
    /// The media type of JSContact (RFC 9553 section 3.1).
    static let mediaType = ContactFormat.jsContactMediaType

    /// Whether the request asks for JSContact.
    static func wanted(_ request: Request) -> Bool {
        request.headers[.accept].map { $0.lowercased().contains(mediaType) } ?? false
    }

    /// One contact as a card, or several as an array of cards, compact.
    static func response(_ contacts: [Contact], single: Bool) throws -> Response {
        let writer = ContactWriter(format: .jscontact, isCompact: true)
        let data: Data
        do {
            data = if single, contacts.count == 1, let contact = contacts.first {
                try writer.encode(single: contact)
            } else {
                try writer.encode(contacts)
            }
        } catch {
            throw AddressBookError(.internalError, "cannot encode JSContact: \(error)")
        }
        return Response(
            status: .ok, headers: [.contentType: mediaType + "; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
