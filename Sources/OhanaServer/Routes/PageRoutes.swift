import Hummingbird

extension AddressBookServer {
    /// The page: its files, embedded in the binary, and an empty favicon.
    static func addPageRoutes(to router: Router<ServerRequestContext>) {
        let files: [(path: String, file: String, type: String)] = [
            ("/", "index.html", "text/html; charset=utf-8"),
            ("/app.js", "app.js", "text/javascript; charset=utf-8"),
            ("/login.js", "login.js", "text/javascript; charset=utf-8"),
            ("/merges.js", "merges.js", "text/javascript; charset=utf-8"),
            ("/edit.js", "edit.js", "text/javascript; charset=utf-8"),
            ("/detail.js", "detail.js", "text/javascript; charset=utf-8"),
            ("/review.js", "review.js", "text/javascript; charset=utf-8"),
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
}
