import Hummingbird
import Metrics

/// Counts requests and times them per route, method and status, named as Prometheus' conventions want:
/// `ohana_http_requests_total{method,route,status}` and the histogram
/// `ohana_http_request_duration_seconds{method,route}`. The route is the matched pattern
/// (`/api/contacts/{id}`), never the requested path, so the number of series stays small.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Where the metrics go.
    let factory: any MetricsFactory

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, route: context.endpointPath, status: Int(response.status.code), since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError).map { Int($0.status.code) } ?? 500
            record(request, route: context.endpointPath, status: status, since: start)
            throw error
        }
    }

    private func record(_ request: Request, route: String?, status: Int, since start: ContinuousClock.Instant) {
        let route = route ?? (status == 404 ? "unmatched" : "unknown")
        let method = request.method.rawValue
        Counter(label: "ohana_http_requests_total",
                dimensions: [("method", method), ("route", route), ("status", String(status))], factory: factory)
            .increment()
        let elapsed = ContinuousClock.now - start
        Timer(label: "ohana_http_request_duration_seconds", dimensions: [("method", method), ("route", route)], factory: factory)
            .recordNanoseconds(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
    }
}
