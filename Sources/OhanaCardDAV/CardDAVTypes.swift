import Foundation

/// An address book (a CardDAV collection) on a server.
public struct CardDAVAddressBook: Hashable, Sendable, Codable {
    /// The collection's URL.
    public var url: URL
    /// Its display name, when the server has one.
    public var displayName: String?
    /// Its description, when the server has one.
    public var description: String?
    /// The collection's current sync token (RFC 6578), when the server reports one.
    public var syncToken: String?
    /// The collection's CTag (a version of the whole collection), when the server reports one.
    public var ctag: String?
    /// Whether the server offers the `sync-collection` report here.
    public var supportsSyncCollection: Bool
    /// The vCard versions the server takes here (`supported-address-data`), preferred first; empty
    /// when it does not say.
    public var supportedVCardVersions: [String]

    /// Creates an address book description.
    public init(url: URL, displayName: String? = nil, description: String? = nil, syncToken: String? = nil,
                ctag: String? = nil, supportsSyncCollection: Bool = false, supportedVCardVersions: [String] = []) {
        self.url = url
        self.displayName = displayName
        self.description = description
        self.syncToken = syncToken
        self.ctag = ctag
        self.supportsSyncCollection = supportsSyncCollection
        self.supportedVCardVersions = supportedVCardVersions
    }

    private enum CodingKeys: String, CodingKey {
        case url, displayName, description, syncToken, ctag, supportsSyncCollection, supportedVCardVersions
    }

    /// Decodes an address book; one encoded before ``supportedVCardVersions`` existed has none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(url: try c.decode(URL.self, forKey: .url), displayName: try c.decodeIfPresent(String.self, forKey: .displayName),
                  description: try c.decodeIfPresent(String.self, forKey: .description),
                  syncToken: try c.decodeIfPresent(String.self, forKey: .syncToken),
                  ctag: try c.decodeIfPresent(String.self, forKey: .ctag),
                  supportsSyncCollection: try c.decode(Bool.self, forKey: .supportsSyncCollection),
                  supportedVCardVersions: try c.decodeIfPresent([String].self, forKey: .supportedVCardVersions) ?? [])
    }
}

/// A card's location and version on the server, without its body.
public struct CardDAVCardReference: Hashable, Sendable, Codable {
    /// The card's href, as the server writes it (a path such as `/user/book/card.vcf`).
    public var href: String
    /// The card's ETag, when known.
    public var etag: String?

    /// Creates a reference.
    public init(href: String, etag: String?) {
        self.href = href
        self.etag = etag
    }
}

/// A card with its body.
public struct CardDAVCard: Hashable, Sendable {
    /// The card's href, as the server writes it.
    public var href: String
    /// The card's ETag, when known.
    public var etag: String?
    /// The vCard text.
    public var vCard: String

    /// Creates a card.
    public init(href: String, etag: String?, vCard: String) {
        self.href = href
        self.etag = etag
        self.vCard = vCard
    }
}

/// Card bodies fetched in batches: what arrived, what the server said is gone, and the error that
/// stopped the fetch early (what arrived before it is kept).
public struct CardDAVFetchResult: Sendable {
    /// The cards that arrived.
    public var cards: [CardDAVCard]
    /// Hrefs the server reported as not found.
    public var missing: [String]
    /// Hrefs the server answered with another status (such as 403) or without a body, and that status.
    public var failed: [String: Int]
    /// The error that stopped fetching, if one did; the cards above arrived before it.
    public var error: CardDAVError?

    /// Creates a fetch result.
    public init(cards: [CardDAVCard] = [], missing: [String] = [], failed: [String: Int] = [:], error: CardDAVError? = nil) {
        self.cards = cards
        self.missing = missing
        self.failed = failed
        self.error = error
    }
}

/// What changed in a collection since a sync token (RFC 6578), bodies not included.
public struct CardDAVChangeSet: Sendable {
    /// The token to pass next time.
    public var syncToken: String?
    /// Members added or changed since the token, with their new ETags.
    public var changed: [CardDAVCardReference]
    /// Hrefs of members removed since the token.
    public var removed: [String]
    /// How many truncated (507) answers were continued.
    public var continuations: Int

    /// Creates a change set.
    public init(syncToken: String?, changed: [CardDAVCardReference], removed: [String], continuations: Int = 0) {
        self.syncToken = syncToken
        self.changed = changed
        self.removed = removed
        self.continuations = continuations
    }
}
