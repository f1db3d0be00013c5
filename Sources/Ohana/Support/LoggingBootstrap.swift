import Foundation
import Logging

/// Sends the package's logs (swift-log) to standard error at the level `OHANA_LOG_LEVEL` names
/// (`trace` … `critical`; `error` when unset or unknown), or more for the loggers `atLeast` names
/// (by label). For the package's executables.
package func bootstrapLoggingFromEnvironment(atLeast levels: [String: Logger.Level] = [:]) {
    let level = ProcessInfo.processInfo.environment["OHANA_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .error
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = min(level, levels[label] ?? level)
        return handler
    }
}
