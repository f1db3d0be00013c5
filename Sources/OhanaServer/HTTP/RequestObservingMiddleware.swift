import Foundation
import Hummingbird
import Logging
import Metrics

/// Observes every request once, timed once:
///
/// - gives it an id: the caller's own `X-Request-ID` when it is a short token, else the one
///   Hummingbird made. The id is on every log line written for the request (metadata `request_id`)
///   and in the `X-Request-ID` response header (errors included);
/// - logs one line per request with its method, path, status and time;
/// - with a metrics backend, counts and times it per route, method and status, named as
///   Prometheus' conventions want: `ohana_http_requests_total{method,route,status}` and the
///   histogram `ohana_http_request_duration_seconds{method,route}`. The route is the matched
///   pattern (`/api/contacts/{id}`), never the requested path, so the number of series stays small.
struct RequestObservingMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The response (and request) header that carries the id.
    static var header: FieldName { FieldName("X-Request-ID")! }

    /// Where request metrics go; `nil` records none.
    let metrics: (any MetricsFactory)?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let id = request.headers[Self.header].flatMap(Self.acceptable) ?? context.id
        context.logger[metadataKey: "request_id"] = .string(id)
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: [
                "method": "\(request.method)", "path": "\(request.uri.path)", "error": "\(error)",
            ])
            record(request, route: context.endpointPath, status: 500, elapsed: ContinuousClock.now - start)
            throw error
        }
        response.headers[Self.header] = id
        let elapsed = ContinuousClock.now - start
        context.logger.info("request", metadata: [
            "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
            "seconds": "\(String(format: "%.4f", elapsed.inSeconds))",
        ])
        record(request, route: context.endpointPath, status: Int(response.status.code), elapsed: elapsed)
        return response
    }

    /// Counts and times one request, when there is a metrics backend.
    private func record(_ request: Request, route: String?, status: Int, elapsed: Duration) {
        guard let metrics else { return }
        let route = route ?? (status == 404 ? "unmatched" : "unknown")
        let method = request.method.rawValue
        Counter(label: "ohana_http_requests_total",
                dimensions: [("method", method), ("route", route), ("status", String(status))], factory: metrics)
            .increment()
        Timer(label: "ohana_http_request_duration_seconds", dimensions: [("method", method), ("route", route)], factory: metrics)
            .recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }

    /// A caller's id, kept when it is 1–64 characters of letters, digits, `-`, `_` and `.` (nothing a log could be forged with).
    static func acceptable(_ text: String) -> String? {
        guard (1...64).contains(text.count),
              text.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) })
        else { return nil }
        return text
    }
}
