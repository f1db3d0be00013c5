import Logging

/// A tracker that writes each event as a log line through swift-log: the event's name as the
/// message and its properties as metadata.
public struct LoggingEventTracker: ContactsEventTracker {
    /// The logger the lines go to.
    public var logger: Logger
    /// The level of the lines.
    public var level: Logger.Level

    /// Creates a tracker that logs through `logger` at `level`.
    public init(logger: Logger = Logger(label: "ohana.events"), level: Logger.Level = .info) {
        self.logger = logger
        self.level = level
    }

    /// Logs the event.
    public func track(_ event: TrackedEvent) {
        logger.log(level: level, "\(event.name)",
                   metadata: event.properties.mapValues { .string($0.description) })
    }
}
