import Foundation
import Logging

/// Sends the package's logs (swift-log) to standard error at the level `OHANA_LOG_LEVEL` names
/// (`trace` … `critical`; `error` when unset or unknown). For the package's executables.
package func bootstrapLoggingFromEnvironment() {
    let level = ProcessInfo.processInfo.environment["OHANA_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .error
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return handler
    }
}
