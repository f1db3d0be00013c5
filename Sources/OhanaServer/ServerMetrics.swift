import Metrics
import Ohana
import Prometheus

/// The metrics `ohana serve --metrics` exposes at `/metrics`: the server's requests per route and
/// status with their latency, and, once ``installAsMetricsSystem()`` is called, everything the library
/// records through swift-metrics and its events (``MetricsEventTracker``), in the Prometheus text format.
public final class ServerMetrics: Sendable {
    /// The Prometheus registry the values are kept in.
    let registry: PrometheusCollectorRegistry
    /// The swift-metrics factory that writes into ``registry``.
    let factory: PrometheusMetricsFactory

    /// Creates an empty set of metrics.
    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
        ]
        self.factory = factory
    }

    /// Makes these metrics the process's swift-metrics backend (once per process, as swift-metrics
    /// allows) and registers a ``MetricsEventTracker`` on ``EventTrackers/shared``.
    public func installAsMetricsSystem() {
        MetricsSystem.bootstrap(factory)
        EventTrackers.shared.add(MetricsEventTracker(factory: factory))
    }

    /// The values in the Prometheus text format.
    public func exposition() -> [UInt8] { registry.emitToBuffer() }
}
