import Foundation
import Ohana

// Reading cards: listings, sync-collection reports (RFC 6578), addressbook-multiget and GET.
extension CardDAVClient {
    /// Lists the cards of an address book: hrefs and ETags, no bodies (PROPFIND, depth 1).
    public func cardReferences(in addressBook: URL) async throws(CardDAVError) -> [CardDAVCardReference] {
        let (url, multistatus) = try await propfind(
            addressBook, depth: "1",
            properties: [(DAVNamespace.dav, "getetag"), (DAVNamespace.dav, "resourcetype"), (DAVNamespace.dav, "getcontenttype")],
            purpose: .listing)
        let selfPath = Self.normalizedPath(url.path)
        return multistatus.responses.compactMap { response in
            let path = Self.normalizedPath(resolve(response.href, against: url).path)
            guard path != selfPath, !response.hasResourceType(DAVNamespace.dav, "collection") else { return nil }
            return CardDAVCardReference(href: response.href, etag: response.etag)
        }
    }

    /// What changed in an address book since a sync token (`nil`: everything), following truncated
    /// (507) answers until complete. Throws ``CardDAVError/invalidSyncToken(url:)`` when the server
    /// no longer accepts the token.
    public func changes(in addressBook: URL, since token: String?) async throws(CardDAVError) -> CardDAVChangeSet {
        var token = token
        var changed: [String: CardDAVCardReference] = [:]
        var order: [String] = []
        var ordered: Set<String> = []
        var removed: Set<String> = []
        var continuations = 0
        while true {
            let body = DAVRequestBody.syncCollection(token: token)
            let exchange = try await send("REPORT", addressBook, purpose: .sync, depth: "0", body: Data(body.utf8))
            if token != nil, exchange.status == 403 || exchange.status == 409 || exchange.status == 400,
               String(decoding: exchange.body, as: UTF8.self).contains("valid-sync-token") || exchange.status != 403 {
                throw .invalidSyncToken(url: exchange.url.absoluteString)
            }
            try expect(exchange, [207], method: "REPORT")
            let multistatus = try parseMultistatus(exchange)
            let selfPath = Self.normalizedPath(exchange.url.path)
            var truncated = false
            for response in multistatus.responses {
                let path = Self.normalizedPath(resolve(response.href, against: exchange.url).path)
                if path == selfPath {
                    if response.status == 507 { truncated = true }
                    continue
                }
                if response.status == 404 {
                    removed.insert(response.href)
                    changed[response.href] = nil
                } else {
                    if ordered.insert(response.href).inserted { order.append(response.href) }
                    removed.remove(response.href)
                    changed[response.href] = CardDAVCardReference(href: response.href, etag: response.etag)
                }
            }
            let newToken = multistatus.syncToken ?? token
            if truncated {
                continuations += 1
                guard continuations <= configuration.maximumSyncContinuations, newToken != token else {
                    throw .invalidResponse(url: exchange.url.absoluteString,
                                           reason: "truncated sync-collection answers (507) did not advance the sync token")
                }
                token = newToken
                continue
            }
            let list = order.compactMap { changed[$0] }
            return CardDAVChangeSet(syncToken: newToken, changed: list, removed: removed.sorted(), continuations: continuations)
        }
    }

    /// Fetches card bodies with `addressbook-multiget`, in batches; stops at the first failing batch
    /// and returns what arrived before it together with the error.
    public func fetchCards(_ hrefs: [String], in addressBook: URL) async -> CardDAVFetchResult {
        var result = CardDAVFetchResult()
        result.cards.reserveCapacity(hrefs.count)
        var start = 0
        while start < hrefs.count {
            let batch = Array(hrefs[start..<min(hrefs.count, start + configuration.multigetBatchSize)])
            start += batch.count
            do throws(CardDAVError) {
                let exchange = try await send("REPORT", addressBook, purpose: .fetch, depth: "1",
                                              body: Data(DAVRequestBody.multiget(hrefs: batch).utf8))
                try expect(exchange, [207], method: "REPORT")
                let multistatus = try parseMultistatus(exchange)
                for response in multistatus.responses {
                    if let data = response.property(DAVNamespace.cardDAV, "address-data") {
                        result.cards.append(CardDAVCard(href: response.href, etag: response.etag, vCard: data.text))
                    } else if response.status == 404 || response.status == 410 {
                        result.missing.append(response.href)
                    } else {
                        result.failed[response.href] = response.status ?? 200
                    }
                }
            } catch {
                result.error = error
                return result
            }
        }
        return result
    }

    /// Fetches one card with GET; `nil` when it does not exist.
    public func card(at href: String, in addressBook: URL) async throws(CardDAVError) -> CardDAVCard? {
        let url = resolve(href, against: addressBook)
        let exchange = try await send("GET", url, purpose: .fetch)
        if exchange.status == 404 || exchange.status == 410 { return nil }
        try expect(exchange, [200], method: "GET")
        return CardDAVCard(href: href, etag: exchange.headers.first(name: "ETag"),
                           vCard: String(decoding: exchange.body, as: UTF8.self))
    }
}
