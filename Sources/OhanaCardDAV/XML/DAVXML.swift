import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// XML namespaces used by WebDAV and CardDAV.
enum DAVNamespace {
    static let dav = "DAV:"
    static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    static let calendarServer = "http://calendarserver.org/ns/"
}

/// A parsed XML element: namespace, local name, text and children. Small and value-typed.
struct XMLNode: Sendable {
    var namespace: String
    var name: String
    var text: String = ""
    var children: [XMLNode] = []
    /// The attributes, by name as written.
    var attributes: [String: String] = [:]

    /// The first child with this namespace and name.
    func child(_ namespace: String, _ name: String) -> XMLNode? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    /// Every child with this namespace and name.
    func children(_ namespace: String, _ name: String) -> [XMLNode] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    /// Whether this is the element `namespace:name`.
    func `is`(_ namespace: String, _ name: String) -> Bool { self.name == name && self.namespace == namespace }

    /// The text with surrounding white space removed.
    var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// Why a document was refused.
struct XMLRefusal: Error {
    var reason: String
}

/// Parses DAV responses safely: no document type declarations (so no entities, internal or
/// external, and no billion laughs), bounded depth and element count, input already size-limited.
enum SafeXMLParser {
    /// Deepest element nesting accepted.
    static let maximumDepth = 64
    /// Most elements accepted in one document.
    static let maximumElements = 2_000_000

    static func parse(_ data: Data) throws(XMLRefusal) -> XMLNode {
        try refuseDocumentTypeDeclaration(in: data)
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder()
        parser.delegate = builder
        let ok = parser.parse()
        if let refusal = builder.refusal { throw refusal }
        guard ok, let root = builder.root else {
            let error = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown parse error"
            throw XMLRefusal(reason: "malformed XML at line \(parser.lineNumber): \(error)")
        }
        return root
    }

    /// Refuses a `<!DOCTYPE` in the prolog (the only place one may appear): DAV needs none, and it is
    /// where entity declarations live.
    static func refuseDocumentTypeDeclaration(in data: Data) throws(XMLRefusal) {
        let window = 1 << 16
        let bytes = [UInt8](data.prefix(window))
        let truncated = data.count > window
        let tooLong = XMLRefusal(reason: "XML prolog longer than \(window) bytes refused")
        var i = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        func hasPrefix(_ s: String, at index: Int, caseInsensitive: Bool = false) -> Bool {
            let p = Array(s.utf8)
            guard index + p.count <= bytes.count else { return false }
            for k in 0..<p.count {
                var b = bytes[index + k]
                if caseInsensitive, b >= 0x61, b <= 0x7A { b -= 0x20 }
                if b != p[k] { return false }
            }
            return true
        }
        func skip(past terminator: String, from index: Int) -> Int? {
            let t = Array(terminator.utf8)
            var j = index
            while j + t.count <= bytes.count {
                if Array(bytes[j..<(j + t.count)]) == t { return j + t.count }
                j += 1
            }
            return nil
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
            if hasPrefix("<?", at: i) {
                guard let next = skip(past: "?>", from: i + 2) else { if truncated { throw tooLong } else { return } }
                i = next
            } else if hasPrefix("<!--", at: i) {
                guard let next = skip(past: "-->", from: i + 4) else { if truncated { throw tooLong } else { return } }
                i = next
            } else if hasPrefix("<!DOCTYPE", at: i, caseInsensitive: true) || hasPrefix("<!ENTITY", at: i, caseInsensitive: true) {
                throw XMLRefusal(reason: "document type declaration refused (DAV needs none; entities are not expanded)")
            } else {
                return
            }
        }
        if truncated { throw tooLong }
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [XMLNode] = []
        var root: XMLNode?
        var refusal: XMLRefusal?
        var elements = 0

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            elements += 1
            if stack.count >= SafeXMLParser.maximumDepth {
                refuse(parser, "elements nested deeper than \(SafeXMLParser.maximumDepth) levels")
                return
            }
            if elements > SafeXMLParser.maximumElements {
                refuse(parser, "more than \(SafeXMLParser.maximumElements) elements")
                return
            }
            stack.append(XMLNode(namespace: namespaceURI ?? "", name: elementName, attributes: attributeDict))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard let node = stack.popLast() else { return }
            if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            refuse(parser, "entity declarations are refused")
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
            refuse(parser, "external entities are refused")
        }

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
            refuse(parser, "external entities are refused")
            return nil
        }

        private func refuse(_ parser: XMLParser, _ reason: String) {
            if refusal == nil { refusal = XMLRefusal(reason: reason) }
            parser.abortParsing()
        }
    }
}

/// Escapes text for XML content.
func xmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for ch in text {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(ch)
        }
    }
    return out
}
