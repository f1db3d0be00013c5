import Foundation
import Hummingbird
import Logging
import OhanaServer
import OhanaTestSupport
import Testing

/// `--tls-cert/--tls-key`: a self-signed certificate made for the test with openssl; curl reaches
/// the server over HTTPS trusting it, gets HSTS, and plain HTTP gets no answer.
@Suite struct TLSTests {
    // Above the 150 s its own steps may take (openssl 60 s, three curls 30 s each): under a full
    // suite's load the steps end by their own timeouts and the test fails or passes cleanly. A time
    // limit reached first cancelled the running server mid-request, and NIO's writer then stopped
    // the whole test process ("Deinited NIOAsyncWriter without calling finish()").
    @Test(.timeLimit(.minutes(4)))
    func servesHTTPSOnly() async throws {
        let folder = try TemporaryDirectory()
        let cert = folder.file("cert.pem").path, key = folder.file("key.pem").path
        let made = try await BrowserTests.run(URL(fileURLWithPath: "/usr/bin/openssl"), [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ], timeout: 60)
        try #require(made.status == 0, "openssl: \(made.output)")
        #expect(throws: (any Error).self) { try ServerTLS(certificateFile: key, keyFile: key).validate() }

        let book = try await TestAddressBook.make()
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "ohana.serve.test")
        logger.logLevel = .critical
        let app = try AddressBookServer.makeApplication(
            addressBook: book.addressBook, host: "127.0.0.1", port: 0, logger: logger,
            tls: ServerTLS(certificateFile: cert, keyFile: key)) { port in continuation.yield(port) }
        let curl = URL(fileURLWithPath: "/usr/bin/curl")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else {
                Issue.record("the server did not start")
                group.cancelAll()
                return
            }
            let https = try await BrowserTests.run(curl, ["-sS", "-i", "--max-time", "20", "--cacert", cert,
                                                          "https://127.0.0.1:\(port)/api/session"], timeout: 30)
            let plain = try await BrowserTests.run(curl, ["-sS", "-i", "--max-time", "10", "http://127.0.0.1:\(port)/api/session"],
                                                   timeout: 30)
            let untrusted = try await BrowserTests.run(curl, ["-sS", "--max-time", "10", "https://127.0.0.1:\(port)/api/session"],
                                                       timeout: 30)
            group.cancelAll()
            #expect(https.status == 0, "\(https.output)")
            #expect(https.output.contains("HTTP/1.1 200"), "\(https.output)")
            #expect(https.output.lowercased().contains("strict-transport-security: max-age=31536000"), "\(https.output)")
            #expect(plain.status != 0 && !plain.output.contains("HTTP/1.1"), "\(plain.output)")
            #expect(untrusted.status != 0, "\(untrusted.output)")
        }
    }
}
