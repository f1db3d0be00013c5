#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// A progress bar on standard error when it is a terminal; silent in a pipe or a file.
final class ProgressBar: Sendable {
    private let enabled: Bool
    private let state = Mutex<(lastDraw: ContinuousClock.Instant?, width: Int)>((nil, 0))

    /// Creates a bar; `quiet` turns it off.
    init(quiet: Bool = false) {
        enabled = !quiet && ToolLog.format == .text && isatty(STDERR_FILENO) == 1
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Draws `done` of `total` with a label, at most every 50 ms unless it is the last step.
    func update(_ done: Int, of total: Int, _ label: String) {
        guard enabled, total > 0 else { return }
        let now = ContinuousClock.now
        let shouldDraw: Bool = state.withLock { state in
            if done < total, let last = state.lastDraw, now - last < .milliseconds(50) { return false }
            state.lastDraw = now
            return true
        }
        guard shouldDraw else { return }
        let width = 30
        let filled = min(width, width * done / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = 100 * done / total
        let line = "\r\(bar) \(String(format: "%3d", percent))% \(label.prefix(40))"
        let padded: String = state.withLock { state in
            defer { state.width = line.count }
            return line + String(repeating: " ", count: max(0, state.width - line.count))
        }
        FileHandle.standardError.write(Data(padded.utf8))
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled else { return }
        let width = state.withLock { $0.width }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: width) + "\r").utf8))
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    ToolLog.write(line)
}

/// Whether standard output is a terminal.
var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
