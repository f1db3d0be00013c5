import Foundation
import Hummingbird
import Logging

/// Gives every request an id: the caller's own `X-Request-ID` when it is a short token, else the one
/// Hummingbird made. The id is on every log line written for the request (metadata `request_id`),
/// in the `X-Request-ID` response header (errors included), and on the one line logged per request
/// with its method, path, status and time.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The response (and request) header that carries the id.
    static var header: FieldName { FieldName("X-Request-ID")! }

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
            throw error
        }
        response.headers[Self.header] = id
        let elapsed = ContinuousClock.now - start
        let seconds = elapsed.inSeconds
        context.logger.info("request", metadata: [
            "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
            "seconds": "\(String(format: "%.4f", seconds))",
        ])
        return response
    }

    /// A caller's id, kept when it is 1–64 characters of letters, digits, `-`, `_` and `.` (nothing a log could be forged with).
    static func acceptable(_ text: String) -> String? {
        guard (1...64).contains(text.count),
              text.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) })
        else { return nil }
        return text
    }
}
