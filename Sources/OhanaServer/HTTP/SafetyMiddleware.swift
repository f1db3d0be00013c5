import Foundation
import Hummingbird
import OhanaAddressBook

/// A header field name (HTTPTypes' `HTTPField.Name`, reached through Hummingbird's `HTTPFields`).
typealias FieldName = HTTPFields.Element.Name

/// Adds security headers to every response, refuses requests for other host names (DNS
/// rebinding) and cross-origin writes, and turns errors into JSON answers.
struct SafetyMiddleware<Context: RequestContext>: RouterMiddleware {
    let checksHost: Bool
    /// Whether the server is served over TLS (responses then carry HSTS).
    var tls = false

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
        if tls { response.headers[.strictTransportSecurity] = "max-age=31536000" }
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
