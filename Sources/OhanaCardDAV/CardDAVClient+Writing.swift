import Foundation
import Ohana

// Writing cards: create, update and delete guarded by ETags, and address book creation.
extension CardDAVClient {
    /// Creates a card (PUT with `If-None-Match: *`) named `name` (default: a new UUID `.vcf`) in an
    /// address book; returns its href and ETag.
    public func createCard(_ vCard: String, in addressBook: URL, named name: String? = nil)
        async throws(CardDAVError) -> CardDAVCardReference
    {
        let file = name ?? (UUID().uuidString.lowercased() + ".vcf")
        var base = addressBook.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        let encoded = file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? file
        guard let url = URL(string: base + encoded) else { throw .invalidURL(base + file) }
        let exchange = try await send("PUT", url, purpose: .write, body: Data(vCard.utf8),
                                      contentType: "text/vcard; charset=utf-8", headers: [("If-None-Match", "*")])
        try refuseContent(exchange, method: "PUT")
        if exchange.status == 412 {
            let current = try? await card(at: url.path, in: addressBook)
            throw .conflict(CardDAVConflict(url: url.absoluteString, expectedETag: nil, localCard: vCard,
                                            serverCard: current?.vCard, serverETag: current?.etag))
        }
        try expect(exchange, [200, 201, 204], method: "PUT")
        let etag = try await etagAfterWrite(exchange, url: url)
        let href = URLComponents(url: exchange.url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? exchange.url.path
        return CardDAVCardReference(href: href, etag: etag)
    }

    /// Replaces a card (PUT with `If-Match`); a card changed or deleted on the server since `etag`
    /// throws ``CardDAVError/conflict(_:)`` with both versions. Returns the new ETag.
    public func updateCard(_ vCard: String, at href: String, in addressBook: URL, etag: String)
        async throws(CardDAVError) -> CardDAVCardReference
    {
        let url = resolve(href, against: addressBook)
        let exchange = try await send("PUT", url, purpose: .write, body: Data(vCard.utf8),
                                      contentType: "text/vcard; charset=utf-8", headers: [("If-Match", etag)])
        try refuseContent(exchange, method: "PUT")
        if exchange.status == 412 || exchange.status == 404 {
            let current = try await card(at: href, in: addressBook)
            throw .conflict(CardDAVConflict(url: url.absoluteString, expectedETag: etag, localCard: vCard,
                                            serverCard: current?.vCard, serverETag: current?.etag))
        }
        try expect(exchange, [200, 201, 204], method: "PUT")
        return CardDAVCardReference(href: href, etag: try await etagAfterWrite(exchange, url: url))
    }

    /// Deletes a card; with an `etag`, only if it is still that version (else a conflict with the server's version).
    public func deleteCard(at href: String, in addressBook: URL, etag: String?) async throws(CardDAVError) {
        let url = resolve(href, against: addressBook)
        let exchange = try await send("DELETE", url, purpose: .delete, headers: etag.map { [("If-Match", $0)] } ?? [])
        try refuseContent(exchange, method: "DELETE")
        if exchange.status == 412 {
            let current = try await card(at: href, in: addressBook)
            throw .conflict(CardDAVConflict(url: url.absoluteString, expectedETag: etag, localCard: nil,
                                            serverCard: current?.vCard, serverETag: current?.etag))
        }
        try expect(exchange, [200, 204], method: "DELETE")
    }

    /// Creates an address book collection (extended MKCOL, RFC 5689).
    public func makeAddressBook(at url: URL, displayName: String? = nil, description: String? = nil)
        async throws(CardDAVError)
    {
        let body = DAVRequestBody.makeAddressBook(displayName: displayName, description: description)
        let exchange = try await send("MKCOL", url, purpose: .create, body: Data(body.utf8))
        try expect(exchange, [200, 201], method: "MKCOL")
    }

    /// Throws ``CardDAVError/refused(_:)`` when the answer refuses the write for the card itself
    /// (a precondition or a content status), before a 412 is taken for a changed card.
    private func refuseContent(_ exchange: HTTPExchange, method: String) throws(CardDAVError) {
        if let refusal = CardDAVRefusal.of(status: exchange.status, reason: exchange.reason, body: exchange.body,
                                           url: exchange.url.absoluteString, method: method) {
            throw .refused(refusal)
        }
    }

    private func etagAfterWrite(_ exchange: HTTPExchange, url: URL) async throws(CardDAVError) -> String? {
        if let etag = exchange.headers.first(name: "ETag"), !etag.hasPrefix("W/") { return etag }
        let (_, multistatus) = try await propfind(url, depth: "0", properties: [(DAVNamespace.dav, "getetag")], purpose: .write)
        return multistatus.responses.first?.etag
    }
}
