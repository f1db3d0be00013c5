import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OhanaTestSupport
import Testing

/// `ohana serve --metrics` scraped by a real Prometheus (Debian's `prometheus`), and a value read back
/// through Prometheus' HTTP API.
@Suite(.serialized) struct PrometheusScrapeTests {
    static let prometheus = "/usr/bin/prometheus"

    @Test("Prometheus scrapes /metrics and answers a query for the requests the server counted")
    func prometheusScrapesTheServer() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.prometheus),
                     "prometheus is not installed: run scripts/setup.sh --test")
        let folder = try TemporaryDirectory(prefix: "ohana-prometheus")
        let ohana = CLI.binDirectory.appendingPathComponent("ohana")
        let server = try await ServeCommandTests.Server.start(ohana, ["--sample", "50", "--metrics"], in: folder.url)
        defer { server.stop() }
        for _ in 0..<3 { _ = try await server.request("/api/contacts?limit=5") }
        let own = try await server.request("/metrics")
        #expect(own.status == 200)
        let exposition = String(decoding: own.body, as: UTF8.self)
        #expect(exposition.contains("ohana_http_requests_total{"), "\(exposition.prefix(2_000))")
        #expect(exposition.contains("ohana_http_request_duration_seconds_bucket{"))

        let webPort = try freeLoopbackPort()
        let config = folder.file("prometheus.yml")
        try """
        global:
          scrape_interval: 1s
        scrape_configs:
          - job_name: ohana
            static_configs:
              - targets: ["127.0.0.1:\(server.port)"]
        """.write(to: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.prometheus)
        process.arguments = ["--config.file=\(config.path)", "--storage.tsdb.path=\(folder.file("data").path)",
                             "--web.listen-address=127.0.0.1:\(webPort)", "--log.level=warn"]
        process.standardOutput = FileHandle.nullDevice
        let log = folder.file("prometheus.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }

        let query = "sum(ohana_http_requests_total{job=\"ohana\",route=\"/api/contacts\",status=\"200\"})"
        var value: Double?
        let deadline = Date().addingTimeInterval(90)
        while value == nil, Date() < deadline, process.isRunning {
            try await Task.sleep(for: .milliseconds(500))
            var components = URLComponents(string: "http://127.0.0.1:\(webPort)/api/v1/query")!
            components.queryItems = [URLQueryItem(name: "query", value: query)]
            guard let (data, _) = try? await URLSession.shared.data(from: components.url!),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let result = (object["data"] as? [String: Any])?["result"] as? [[String: Any]],
                  let sample = result.first?["value"] as? [Any], sample.count == 2, let text = sample[1] as? String
            else { continue }
            value = Double(text)
        }
        let logged = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let counted = try #require(value, "Prometheus never returned the series; its log: \(logged.suffix(2_000))")
        #expect(counted >= 3, "Prometheus read \(counted) requests to /api/contacts")
    }
}
