import Metrics

/// A tracker that turns events into swift-metrics values, named as Prometheus' conventions want:
/// `ohana_events_total{event="contacts.loaded"}` counts every event; a `seconds` property is recorded
/// by the timer `ohana_<event>_seconds` (a histogram in Prometheus); every other count property adds to
/// the counter `ohana_<event>_<property>_total`. Which backend receives them is the app's choice
/// (`MetricsSystem.bootstrap`); `ohana serve --metrics` uses swift-prometheus.
public struct MetricsEventTracker: ContactsEventTracker {
    /// Text properties that become a label of the event's metrics (a step's name, a provider's id);
    /// others are left out so that the number of time series stays small.
    public var labelProperties: Set<String>
    /// The metrics backend; `nil` is the one the app bootstrapped (`MetricsSystem`).
    public var factory: (any MetricsFactory)?

    /// Creates a tracker; `labelProperties` are the text properties kept as metric labels, and
    /// `factory` the backend (`nil`: the one `MetricsSystem.bootstrap` installed).
    public init(labelProperties: Set<String> = ["post_processor", "backend", "outcome"],
                factory: (any MetricsFactory)? = nil) {
        self.labelProperties = labelProperties
        self.factory = factory
    }

    /// Records the event.
    public func track(_ event: TrackedEvent) {
        let base = Self.metricName(event.name)
        var dimensions: [(String, String)] = []
        for (key, value) in event.properties.sorted(by: { $0.key < $1.key }) where labelProperties.contains(key) {
            if case .text(let text) = value { dimensions.append((key, text)) }
        }
        counter("ohana_events_total", [("event", event.name)] + dimensions).increment()
        for (key, value) in event.properties {
            if key == "seconds", let seconds = value.numericValue {
                let label = "ohana_\(base)_seconds"
                let timer = factory.map { Timer(label: label, dimensions: dimensions, factory: $0) }
                    ?? Timer(label: label, dimensions: dimensions)
                timer.recordSeconds(seconds)
            } else if case .integer(let count) = value, count >= 0 {
                counter("ohana_\(base)_\(Self.metricName(key))_total", dimensions).increment(by: count)
            }
        }
    }

    private func counter(_ label: String, _ dimensions: [(String, String)]) -> Counter {
        factory.map { Counter(label: label, dimensions: dimensions, factory: $0) } ?? Counter(label: label, dimensions: dimensions)
    }

    /// A name fit for Prometheus: letters, digits and `_` (dots and the rest become `_`).
    static func metricName(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) ? Character(scalar) : "_"
        })
    }
}
