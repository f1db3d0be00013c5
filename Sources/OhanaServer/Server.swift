import Foundation
import Hummingbird
import Logging
import Ohana
import OhanaAddressBook
import OhanaCSV
import OhanaVCard

/// The `ohana serve` web server: a JSON API over an ``AddressBook`` and the page that uses it.
public enum AddressBookServer {
    /// The largest request body accepted, in bytes.
    public static let maximumBodySize = 64 * 1024
    /// The most ids one select or deselect request may name.
    public static let maximumIDsPerRequest = 1_000
    /// The longest search query accepted, in characters.
    public static let maximumQueryLength = 200
    /// The most rows one page may hold.
    public static let maximumPageSize = 500

    /// Whether a host name or address is a loopback one (`127.0.0.0/8`, `::1`, `localhost`).
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The router: the API under `/api`, the page at `/`; `HEAD` answers like `GET` without a body.
    ///
    /// - Parameters:
    ///   - addressBook: The loaded address book.
    ///   - checksHost: Whether to refuse requests whose `Host` is not a loopback name (protects a
    ///     loopback server from DNS rebinding); use it whenever the server listens on loopback.
    public static func makeRouter(addressBook: AddressBook, checksHost: Bool = true) -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: SafetyMiddleware(checksHost: checksHost))
        addPageRoutes(to: router)
        addContactRoutes(to: router, addressBook: addressBook)
        addPickerRoutes(to: router, addressBook: addressBook)
        addMergeRoutes(to: router, addressBook: addressBook)
        router.get("/api/statistics") { request, _ -> StatisticsReport in
            try QueryParameters(request, allowed: []).finish()
            return await addressBook.statistics()
        }
        for method in [HTTPRequest.Method.get, .post, .delete, .put, .patch] {
            router.on("/api/**", method: method) { request, _ -> Response in
                throw AddressBookError(.notFound, "no API endpoint \(request.method) \(request.uri.path)")
            }
        }
        return router
    }

    /// The application, listening on `host:port` (port 0 picks a free port).
    public static func makeApplication(
        addressBook: AddressBook, host: String = "127.0.0.1", port: Int = 8080,
        logger: Logger = Logger(label: "ohana.serve"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = makeRouter(addressBook: addressBook, checksHost: isLoopback(host))
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "ohana"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    // MARK: Page

    private static func addPageRoutes(to router: Router<BasicRequestContext>) {
        let files: [(path: String, file: String, type: String)] = [
            ("/", "index.html", "text/html; charset=utf-8"),
            ("/app.js", "app.js", "text/javascript; charset=utf-8"),
            ("/style.css", "style.css", "text/css; charset=utf-8"),
        ]
        router.get("/favicon.ico") { _, _ -> HTTPResponse.Status in .noContent }
        for entry in files {
            // Embedded in the binary at build time (Plugins/EmbedWebFiles), so a copied binary serves the page.
            guard let bytes = EmbeddedWebFiles.bytes(named: entry.file) else {
                preconditionFailure("the page's file \(entry.file) was not embedded (Sources/OhanaServer/Web)")
            }
            router.get(RouterPath(stringLiteral: entry.path)) { _, _ -> Response in
                Response(
                    status: .ok, headers: [.contentType: entry.type, .cacheControl: "no-cache"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            }
        }
    }

    // MARK: Contacts

    private static func addContactRoutes(to router: Router<BasicRequestContext>, addressBook: AddressBook) {
        router.get("/api/contacts") { request, _ -> ContactPage in
            var query = try QueryParameters(request, allowed: ["order", "offset", "limit"])
            let order = try query.order()
            let offset = try query.integer("offset", default: 0, in: 0...10_000_000)
            let limit = try query.integer("limit", default: 100, in: 1...maximumPageSize)
            try query.finish()
            return await addressBook.page(order: order, offset: offset, limit: limit)
        }
        router.get("/api/search") { request, _ -> SearchResults in
            var query = try QueryParameters(request, allowed: ["q", "order", "limit"])
            let text = try query.text("q", required: true)
            let order = try query.order()
            let limit = try query.integer("limit", default: 50, in: 1...maximumPageSize)
            try query.finish()
            return await addressBook.search(text, order: order, limit: limit)
        }
        router.get("/api/contacts/:id") { request, context -> ContactDetail in
            try QueryParameters(request, allowed: []).finish()
            return try await addressBook.detail(id: pathID(context))
        }
        router.get("/api/contacts/:id/photo") { request, context -> Response in
            try QueryParameters(request, allowed: []).finish()
            let photo = try await addressBook.photo(id: pathID(context))
            return Response(
                status: .ok,
                headers: [.contentType: imageType(photo), .cacheControl: "private, max-age=60"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: photo.data)))
        }
    }

    // MARK: Pickers

    private static func addPickerRoutes(to router: Router<BasicRequestContext>, addressBook: AddressBook) {
        router.get("/api/pickers") { request, _ -> PickerList in
            try QueryParameters(request, allowed: []).finish()
            return PickerList(pickers: Picker.all.map(\.descriptor))
        }
        router.post("/api/sessions") { request, _ -> EditedResponse<SessionState> in
            let body = try await decodeBody(NewSession.self, from: request)
            let order = try AlphabeticalSort.Mode(parameter: body.order)
            return EditedResponse(status: .created, response: try await addressBook.startSession(picker: body.picker, order: order))
        }
        router.get("/api/sessions/:session") { request, context -> SessionState in
            try QueryParameters(request, allowed: []).finish()
            return try await addressBook.sessionState(try sessionID(context))
        }
        router.delete("/api/sessions/:session") { request, context -> HTTPResponse.Status in
            try QueryParameters(request, allowed: []).finish()
            try await addressBook.endSession(try sessionID(context))
            return .noContent
        }
        router.get("/api/sessions/:session/rows") { request, context -> SessionPage in
            var query = try QueryParameters(request, allowed: ["q", "offset", "limit"])
            let text = try query.text("q", required: false)
            let offset = try query.integer("offset", default: 0, in: 0...10_000_000)
            let limit = try query.integer("limit", default: 100, in: 1...maximumPageSize)
            try query.finish()
            return try await addressBook.sessionRows(try sessionID(context), query: text, offset: offset, limit: limit)
        }
        router.post("/api/sessions/:session/select") { request, context -> SessionState in
            let ids = try await rowIDs(from: request)
            return try await addressBook.select(ids, inSession: try sessionID(context))
        }
        router.post("/api/sessions/:session/deselect") { request, context -> SessionState in
            let ids = try await rowIDs(from: request)
            return try await addressBook.deselect(ids, inSession: try sessionID(context))
        }
        router.delete("/api/sessions/:session/selection") { request, context -> SessionState in
            try QueryParameters(request, allowed: []).finish()
            return try await addressBook.clearSelection(inSession: try sessionID(context))
        }
        router.get("/api/sessions/:session/export") { request, context -> Response in
            var query = try QueryParameters(request, allowed: ["format"])
            let format = try query.required("format", oneOf: ["vcard", "csv", "json"])
            try query.finish()
            let selection = try await addressBook.selection(inSession: try sessionID(context))
            return try export(selection, format: format)
        }
    }

    /// The selection as a download in a format.
    static func export(_ contacts: [Contact], format: String) throws -> Response {
        // A row of a split picker carries its source's id as a custom property; it is picker
        // bookkeeping, not the user's data.
        let cleaned = contacts.map { contact -> Contact in
            var copy = contact
            copy.customProperties[SplitOnFieldType.sourceContactIDKey] = nil
            return copy
        }
        let (data, type, name): (Data, String, String)
        switch format {
        case "vcard": (data, type, name) = (VCardWriter(target: .rfc6350).write(cleaned), "text/vcard; charset=utf-8", "selection.vcf")
        case "csv": (data, type, name) = (CSVContactsWriter(dialect: .google).write(cleaned), "text/csv; charset=utf-8", "selection.csv")
        default:
            do {
                (data, type, name) = (try ContactsJSON.encode(cleaned), "application/json; charset=utf-8", "selection.json")
            } catch {
                throw AddressBookError(.internalError, "cannot encode the selection as JSON: \(error)")
            }
        }
        return Response(
            status: .ok,
            headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(name)\""],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: Input

    static func pathID(_ context: BasicRequestContext, _ name: String = "id") throws(AddressBookError) -> String {
        guard let raw = context.parameters.get(name), let id = raw.removingPercentEncoding, !id.isEmpty else {
            throw AddressBookError(.badRequest, "the path is missing the \(name)")
        }
        guard id.count <= 512, !id.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw AddressBookError(.badRequest, "'\(name)' is not a valid id (at most 512 characters, no line breaks)")
        }
        return id
    }

    static func sessionID(_ context: BasicRequestContext) throws(AddressBookError) -> String {
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
        case .dataCorrupted: return "not valid JSON"
        @unknown default: return "\(error)"
        }
    }

    static func imageType(_ photo: Photo) -> String {
        let allowed = ["image/jpeg", "image/png", "image/gif", "image/webp"]
        if let type = photo.mediaType?.lowercased(), allowed.contains(type) { return type }
        let bytes = Array(photo.data.prefix(12))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] { return "image/webp" }
        return "application/octet-stream"
    }
}

extension AlphabeticalSort.Mode {
    /// Parses an `order` parameter; missing means full name.
    init(parameter: String?) throws(AddressBookError) {
        guard let parameter else {
            self = .fullName
            return
        }
        guard let order = AlphabeticalSort.Mode(rawValue: parameter) else {
            throw AddressBookError(
                .badRequest, "'order' must be one of \(AlphabeticalSort.Mode.allCases.map(\.rawValue).joined(separator: ", ")), not '\(parameter)'")
        }
        self = order
    }
}

/// A request's query parameters, checked one by one; unknown or repeated parameters are refused.
struct QueryParameters {
    private var values: [String: String] = [:]
    private let allowed: Set<String>

    init(_ request: Request, allowed: Set<String>) throws(AddressBookError) {
        self.allowed = allowed
        for (key, value) in request.uri.queryParameters {
            let key = String(key)
            guard allowed.contains(key) else {
                let known = allowed.isEmpty ? "this endpoint takes none" : "known: \(allowed.sorted().joined(separator: ", "))"
                throw AddressBookError(.badRequest, "unknown query parameter '\(key.prefix(40))' (\(known))")
            }
            guard values[key] == nil else { throw AddressBookError(.badRequest, "query parameter '\(key)' is given twice") }
            values[key] = String(value)
        }
    }

    func finish() throws(AddressBookError) {}

    mutating func integer(_ name: String, default value: Int, in range: ClosedRange<Int>) throws(AddressBookError) -> Int {
        guard let text = values[name] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw AddressBookError(.badRequest, "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.prefix(40))'")
        }
        return number
    }

    mutating func text(_ name: String, required: Bool) throws(AddressBookError) -> String {
        guard let text = values[name] else {
            if required { throw AddressBookError(.badRequest, "missing query parameter '\(name)'") }
            return ""
        }
        guard text.count <= AddressBookServer.maximumQueryLength else {
            throw AddressBookError(.badRequest, "'\(name)' is longer than \(AddressBookServer.maximumQueryLength) characters")
        }
        guard !text.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw AddressBookError(.badRequest, "'\(name)' must not contain line breaks or NUL characters")
        }
        return text
    }

    mutating func order() throws(AddressBookError) -> AlphabeticalSort.Mode {
        try AlphabeticalSort.Mode(parameter: values["order"])
    }

    mutating func required(_ name: String, oneOf choices: [String]) throws(AddressBookError) -> String {
        guard let text = values[name] else {
            throw AddressBookError(.badRequest, "missing query parameter '\(name)' (one of \(choices.joined(separator: ", ")))")
        }
        guard choices.contains(text) else {
            throw AddressBookError(.badRequest, "'\(name)' must be one of \(choices.joined(separator: ", ")), not '\(text.prefix(40))'")
        }
        return text
    }
}

/// A header field name (HTTPTypes' `HTTPField.Name`, reached through Hummingbird's `HTTPFields`).
typealias FieldName = HTTPFields.Element.Name

/// Adds security headers to every response, refuses requests for other host names (DNS
/// rebinding) and cross-origin writes, and turns errors into JSON answers.
struct SafetyMiddleware<Context: RequestContext>: RouterMiddleware {
    let checksHost: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            try check(request)
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[FieldName("X-Content-Type-Options")!] = "nosniff"
        response.headers[FieldName("X-Frame-Options")!] = "DENY"
        response.headers[FieldName("Referrer-Policy")!] = "no-referrer"
        response.headers[FieldName("Content-Security-Policy")!] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        if request.uri.path.hasPrefix("/api/"), response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        // HEAD: the headers GET would give (errors included), never a body.
        return request.method == .head ? response.createHeadResponse() : response
    }

    private func check(_ request: Request) throws(AddressBookError) {
        let authority = request.headers[FieldName("Host")!] ?? request.head.authority
        let host = authority.map(Self.hostName)
        if checksHost, let host, !AddressBookServer.isLoopback(host) {
            throw AddressBookError(.badRequest, "this server only answers requests for localhost or 127.0.0.1, not '\(host.prefix(80))'")
        }
        if request.method != .get && request.method != .head, let origin = request.headers[.origin] {
            let originHost = URL(string: origin)?.host
            guard let originHost, originHost.lowercased() == host?.lowercased() else {
                throw AddressBookError(.badRequest, "cross-origin request from '\(origin.prefix(80))' refused")
            }
        }
    }

    /// The host of an authority (`host:port`, `[v6]:port`).
    static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "")
    }
}
