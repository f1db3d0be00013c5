import Foundation
import Logging
import Synchronization

/// How the package's executables write their logs.
package enum LogFormat: String, CaseIterable, Sendable {
    /// swift-log's plain lines.
    case text
    /// One JSON object a line: `time`, `level`, `label`, `message`, and `metadata` when there is any.
    case json
}

/// Sends the package's logs (swift-log) to standard error at the level `OHANA_LOG_LEVEL` names
/// (`trace` … `critical`; `error` when unset or unknown), or more for the loggers `atLeast` names
/// (by label), in `format`, and to the file at `file` too (appended) when one is given. For the
/// package's executables.
package func bootstrapLoggingFromEnvironment(
    atLeast levels: [String: Logger.Level] = [:], format: LogFormat = .text, file: LogFile? = nil
) {
    let level = ProcessInfo.processInfo.environment["OHANA_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .error
    LoggingSystem.bootstrap { label in
        var handler: any LogHandler
        switch format {
        case .text:
            var standardError = StreamLogHandler.standardError(label: label)
            standardError.logLevel = min(level, levels[label] ?? level)
            handler = standardError
            if let file {
                var toFile = LineLogHandler(label: label, format: .text, sinks: [file])
                toFile.logLevel = standardError.logLevel
                handler = MultiplexLogHandler([standardError, toFile])
            }
        case .json:
            handler = LineLogHandler(label: label, format: .json, sinks: [LogFile.standardError] + (file.map { [$0] } ?? []))
            handler.logLevel = min(level, levels[label] ?? level)
        }
        return handler
    }
}

/// A place log lines go: standard error or a file opened for appending. Writes are whole lines.
package final class LogFile: Sendable {
    private let descriptor: Int32
    private let lock = Mutex(())

    /// Standard error.
    package static let standardError = LogFile(descriptor: STDERR_FILENO)

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Opens (creating it) the file at `path` for appending; throws with the reason when it cannot.
    package init(appendingTo path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw LogFileError(path: path, reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
    }

    /// Writes `line` and a newline in one call.
    package func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        lock.withLock { _ in
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { if errno == EINTR { continue }; return }
                    offset += written
                }
            }
        }
    }
}

/// A log file that could not be opened.
package struct LogFileError: Error, CustomStringConvertible {
    /// The file's path.
    package var path: String
    /// Why it could not be opened.
    package var reason: String
    /// The error in one line.
    package var description: String { "\(path): cannot open the log file: \(reason)" }
}

/// A log handler that writes one line per message, as text or as a JSON object, to its sinks.
package struct LineLogHandler: LogHandler {
    /// The logger's label.
    package let label: String
    /// Text or JSON lines.
    package let format: LogFormat
    /// Where each line goes.
    package let sinks: [LogFile]
    /// The logger's metadata.
    package var metadata: Logger.Metadata = [:]
    /// The lowest level written.
    package var logLevel: Logger.Level = .info

    /// Creates a handler for the logger `label`.
    package init(label: String, format: LogFormat, sinks: [LogFile]) {
        self.label = label
        self.format = format
        self.sinks = sinks
    }

    /// The logger's metadata value for `key`.
    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one line for the message.
    package func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        let line = Self.line(time: Date(), level: event.level, label: label, message: "\(event.message)",
                             metadata: merged, format: format)
        for sink in sinks { sink.write(line) }
    }

    /// One log line: text as `TIME LEVEL LABEL: [metadata] message`, or one JSON object.
    package static func line(time: Date, level: Logger.Level, label: String, message: String,
                             metadata: Logger.Metadata, format: LogFormat) -> String {
        let stamp = time.ISO8601Format(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        switch format {
        case .text:
            let details = metadata.isEmpty ? ""
                : metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + " "
            return "\(stamp) \(level) \(label): \(details)\(message)"
        case .json:
            var object: [String: Any] = ["time": stamp, "level": level.rawValue, "label": label, "message": message]
            if !metadata.isEmpty { object["metadata"] = metadata.mapValues(jsonValue) }
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            else { return #"{"level":"error","message":"unencodable log line"}"# }
            return String(decoding: data, as: UTF8.self)
        }
    }

    private static func jsonValue(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let item): item.description
        case .array(let items): items.map(jsonValue)
        case .dictionary(let items): items.mapValues(jsonValue)
        }
    }
}
