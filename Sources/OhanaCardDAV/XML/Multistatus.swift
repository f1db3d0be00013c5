import Foundation

/// One `<D:response>` of a 207 Multi-Status answer.
struct DAVResponse: Sendable {
    /// The href as the server wrote it.
    var href: String
    /// The response-level status (for removed members in `sync-collection`, or errors).
    var status: Int?
    /// Properties the server returned with a 2xx propstat status.
    var properties: [XMLNode]

    /// The property `namespace:name`, if returned with success.
    func property(_ namespace: String, _ name: String) -> XMLNode? {
        properties.first { $0.is(namespace, name) }
    }

    /// The `getetag` property, if any.
    var etag: String? { property(DAVNamespace.dav, "getetag")?.trimmedText.nilIfEmpty }

    /// Whether `resourcetype` includes `namespace:name`.
    func hasResourceType(_ namespace: String, _ name: String) -> Bool {
        property(DAVNamespace.dav, "resourcetype")?.child(namespace, name) != nil
    }

    /// The first `<D:href>` inside a property such as `current-user-principal`.
    func hrefProperty(_ namespace: String, _ name: String) -> String? {
        property(namespace, name)?.child(DAVNamespace.dav, "href")?.trimmedText.nilIfEmpty
    }
}

/// A parsed 207 Multi-Status answer.
struct Multistatus: Sendable {
    var responses: [DAVResponse]
    /// The top-level `sync-token` of a `sync-collection` answer.
    var syncToken: String?

    init(_ root: XMLNode) throws(XMLRefusal) {
        guard root.is(DAVNamespace.dav, "multistatus") else {
            throw XMLRefusal(reason: "expected a DAV:multistatus document, got <\(root.name)>")
        }
        syncToken = root.child(DAVNamespace.dav, "sync-token")?.trimmedText.nilIfEmpty
        responses = []
        responses.reserveCapacity(root.children.count)
        for node in root.children(DAVNamespace.dav, "response") {
            guard let href = node.child(DAVNamespace.dav, "href")?.trimmedText, !href.isEmpty else {
                throw XMLRefusal(reason: "a DAV:response without DAV:href")
            }
            var properties: [XMLNode] = []
            for propstat in node.children(DAVNamespace.dav, "propstat") {
                let status = propstat.child(DAVNamespace.dav, "status").flatMap { parseStatusLine($0.text) }
                guard let status, (200..<300).contains(status) else { continue }
                if let prop = propstat.child(DAVNamespace.dav, "prop") { properties += prop.children }
            }
            let status = node.child(DAVNamespace.dav, "status").flatMap { parseStatusLine($0.text) }
            responses.append(DAVResponse(href: href, status: status, properties: properties))
        }
    }
}

/// The code of an HTTP status line such as `HTTP/1.1 404 Not Found`.
func parseStatusLine(_ line: String) -> Int? {
    let parts = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
    guard parts.count >= 2 else { return nil }
    return Int(parts[1])
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

/// Request bodies for the DAV methods used.
enum DAVRequestBody {
    static let header = #"<?xml version="1.0" encoding="utf-8"?>"#

    static func propfind(_ properties: [(namespace: String, name: String)]) -> String {
        var prefixes: [String: String] = [DAVNamespace.dav: "D"]
        var declarations = #"xmlns:D="DAV:""#
        var props = ""
        for property in properties {
            let prefix: String
            if let known = prefixes[property.namespace] { prefix = known } else {
                prefix = "N\(prefixes.count)"
                prefixes[property.namespace] = prefix
                declarations += #" xmlns:\#(prefix)="\#(property.namespace)""#
            }
            props += "<\(prefix):\(property.name)/>"
        }
        return header + "<D:propfind \(declarations)><D:prop>\(props)</D:prop></D:propfind>"
    }

    static func syncCollection(token: String?) -> String {
        let tokenElement = token.map { "<D:sync-token>\(xmlEscaped($0))</D:sync-token>" } ?? "<D:sync-token/>"
        return header + #"<D:sync-collection xmlns:D="DAV:">"# + tokenElement
            + "<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>"
    }

    static func multiget(hrefs: [String]) -> String {
        var body = header + #"<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">"#
            + "<D:prop><D:getetag/><C:address-data/></D:prop>"
        for href in hrefs { body += "<D:href>\(xmlEscaped(href))</D:href>" }
        return body + "</C:addressbook-multiget>"
    }

    static func makeAddressBook(displayName: String?, description: String?) -> String {
        var props = "<D:resourcetype><D:collection/><C:addressbook/></D:resourcetype>"
        if let displayName { props += "<D:displayname>\(xmlEscaped(displayName))</D:displayname>" }
        if let description { props += "<C:addressbook-description>\(xmlEscaped(description))</C:addressbook-description>" }
        return header + #"<D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:set><D:prop>"#
            + props + "</D:prop></D:set></D:mkcol>"
    }
}
