import Foundation
import Hummingbird
import OhanaAddressBook

// A contact's version as an entity tag: `ETag: "12"` out, `If-Match: "12"` in.
extension AddressBookServer {
    /// The strong entity tag of a contact version.
    static func entityTag(_ version: Int64) -> String { "\"\(version)\"" }

    /// The version an `If-Match` names: `nil` without the header or with `*` (any stored version);
    /// 400 for anything but one tag as ``entityTag(_:)`` writes it.
    static func ifMatchVersion(_ request: Request) throws(AddressBookError) -> Int64? {
        let tags = request.headers[values: .ifMatch]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !tags.isEmpty, tags != ["*"] else { return nil }
        guard tags.count == 1, let tag = tags.first, tag.count >= 3, tag.hasPrefix("\""), tag.hasSuffix("\""),
              let version = Int64(tag.dropFirst().dropLast()), version >= 0
        else {
            let given = tags.joined(separator: ", ").prefix(60)
            throw AddressBookError(.badRequest, "If-Match must name one version as the ETag gave it, such as \"12\", not '\(given)'")
        }
        return version
    }

    /// A contact's detail as a JSON answer with its `ETag` (and, for a created contact, its `Location`).
    static func contactResponse(_ detail: ContactDetail, status: HTTPResponse.Status = .ok, request: Request,
                                context: ServerRequestContext) throws -> Response {
        var response = try detail.response(from: request, context: context)
        response.status = status
        if let version = detail.version { response.headers[.eTag] = entityTag(version) }
        if status == .created {
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove("/")
            response.headers[.location] = "/api/contacts/" + (detail.id.addingPercentEncoding(withAllowedCharacters: allowed) ?? detail.id)
        }
        return response
    }
}

extension ContactEditConflict: HTTPResponseError {
    /// 412 when the request named the version it was made on (`If-Match`), 409 otherwise.
    public var status: HTTPResponse.Status { versionWasNamed ? .preconditionFailed : .conflict }

    /// `{"error": {"message": "…"}, "conflict": {…}}`: the message as every error has it, and both
    /// versions; the stored version's tag in `ETag`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = ConflictAnswer(error: ConflictAnswer.Message(message: message), conflict: self)
        var response = try context.responseEncoder.encode(body, from: request, context: context)
        response.status = status
        if let version = current?.version { response.headers[.eTag] = AddressBookServer.entityTag(version) }
        return response
    }
}

/// The body of a 412 or 409 answer: the message where every error has it, and the conflict.
private struct ConflictAnswer: Encodable {
    struct Message: Encodable { var message: String }
    var error: Message
    var conflict: ContactEditConflict
}
