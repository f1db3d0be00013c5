import Foundation
import Hummingbird
import OhanaAddressBook

// Reading a request: path ids, JSON bodies, row ids.
extension AddressBookServer {
    static func pathID(_ context: ServerRequestContext, _ name: String = "id") throws(AddressBookError) -> String {
        guard let raw = context.parameters.get(name), let id = raw.removingPercentEncoding, !id.isEmpty else {
            throw AddressBookError(.badRequest, "the path is missing the \(name)")
        }
        guard id.count <= 512, !id.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw AddressBookError(.badRequest, "'\(name)' is not a valid id (at most 512 characters, no line breaks)")
        }
        return id
    }

    static func sessionID(_ context: ServerRequestContext) throws(AddressBookError) -> String {
        let id = try pathID(context, "session")
        guard UUID(uuidString: id) != nil else {
            throw AddressBookError(.badRequest, "'\(id)' is not a picker session id (a UUID from POST /api/sessions)")
        }
        return id.lowercased()
    }

    static func decodeBody<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        guard let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("application/json") else {
            throw AddressBookError(.badRequest, "the request body must be JSON (Content-Type: application/json)")
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maximumBodySize)
        } catch {
            throw AddressBookError(.badRequest, "the request body is larger than \(maximumBodySize) bytes")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw AddressBookError(.badRequest, "the request body is not valid: \(describe(error))")
        } catch {
            throw AddressBookError(.badRequest, "the request body is not valid JSON")
        }
    }

    static func rowIDs(from request: Request) async throws -> [String] {
        try QueryParameters(request, allowed: []).finish()
        let ids = try await decodeBody(RowIDs.self, from: request).ids
        guard !ids.isEmpty else { throw AddressBookError(.badRequest, "'ids' is empty: name at least one row") }
        guard ids.count <= maximumIDsPerRequest else {
            throw AddressBookError(.badRequest, "'ids' names \(ids.count) rows; at most \(maximumIDsPerRequest) per request")
        }
        return ids
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case .keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
        case .typeMismatch(let type, let context): return "expected \(type)\(path(context))"
        case .valueNotFound(let type, let context): return "missing \(type) value\(path(context))"
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "\(context.debugDescription.prefix(120))\(path(context))"
        case .dataCorrupted: return "not valid JSON"
        @unknown default: return "\(error)"
        }
    }
}
