import ArgumentParser
import Foundation
import Logging
import Ohana

/// `--log-format text|json` and `--log-file PATH`, on every command. They are read before the
/// command is parsed (logging is set up first), and declared here so that parsing accepts them and
/// `--help` shows them.
struct LoggingOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "How logs, diagnostics and traces are written on standard error: text, or json (one JSON object a line).",
        valueName: "text|json"))
    var logFormat: String = "text"

    @Option(name: .long, help: ArgumentHelp("Also append the logs to this file.", valueName: "path"))
    var logFile: String?

    func validate() throws {
        guard LogFormat(rawValue: logFormat) != nil else {
            throw ValidationError("unknown log format '\(logFormat)': use text or json")
        }
    }
}

/// How this process writes its messages on standard error (set once, before the command runs).
enum ToolLog {
    /// The format the command line asked for (`--log-format`), read before parsing.
    nonisolated(unsafe) private(set) static var format: LogFormat = .text
    /// The log file the command line named (`--log-file`), if it could be opened.
    nonisolated(unsafe) private(set) static var file: LogFile?

    /// Reads `--log-format` and `--log-file` from `arguments` and sets up logging; a log file that
    /// cannot be opened is reported and the command goes on without it.
    static func bootstrap(_ arguments: [String]) {
        format = value(of: "--log-format", in: arguments).flatMap(LogFormat.init(rawValue:)) ?? .text
        if let path = value(of: "--log-file", in: arguments) {
            do { file = try LogFile(appendingTo: path) } catch { printError("warning: \(error)") }
        }
        bootstrapLoggingFromEnvironment(format: format, file: file)
    }

    /// The value given to `option` (`--option VALUE` or `--option=VALUE`), the last one winning.
    private static func value(of option: String, in arguments: [String]) -> String? {
        var found: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument == option, index + 1 < arguments.endIndex {
                found = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix(option + "=") {
                found = String(argument.dropFirst(option.count + 1))
            }
            index += 1
        }
        return found
    }

    /// Writes a line meant for a person (a diagnostic, a trace, an error) on standard error: as it is
    /// in text mode, as one JSON object (level from the line: `error`, `warning`, else `info`) in JSON
    /// mode; and to the log file, when there is one.
    static func write(_ line: String) {
        switch format {
        case .text:
            FileHandle.standardError.write(Data((line + "\n").utf8))
            file?.write(line)
        case .json:
            let json = LineLogHandler.line(time: Date(), level: level(of: line), label: "ohana", message: line,
                                           metadata: [:], format: .json)
            LogFile.standardError.write(json)
            file?.write(json)
        }
    }

    private static func level(of line: String) -> Logger.Level {
        let head = line.prefix(200).lowercased()
        if head.hasPrefix("error") || head.contains(": error:") { return .error }
        if head.hasPrefix("warning") || head.contains(": warning:") || head.contains("\nwarning:") { return .warning }
        return .info
    }
}
