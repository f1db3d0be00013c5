import Foundation

/// One measured stage: how many contacts it handled, how long it took, its peak memory.
package struct StageFigure: Codable {
    package var tool = "ohana-swift"
    package var stage: String
    package var contacts: Int
    package var seconds: Double
    package var contactsPerSecond: Double
    package var peakMiB: Double
    /// Processor time of the whole process (every thread, user and system) during the stage: less
    /// sensitive than `seconds` to other work on a shared machine.
    package var cpuSeconds: Double?

    /// The figure as one JSON line (the same shape the peers in ../shared/bench print, plus `tool`).
    package var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}

/// Process memory figures from /proc (Linux); zero elsewhere.
package enum ProcessMemory {
    /// Resets the peak resident set size ("VmHWM") so the next stage's peak is its own.
    package static func resetPeak() {
        #if os(Linux)
        if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            handle.write(Data("5".utf8))
            try? handle.close()
        }
        #endif
    }

    /// The peak resident set size since the last reset, in bytes.
    package static func peakBytes() -> Int {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return kb * 1024
        }
        #endif
        return 0
    }
}

/// Runs `body` as one stage and prints its figure as a JSON line; returns what `body` returned.
@discardableResult
package func measure<T>(_ stage: String, contacts: Int, _ body: () async throws -> T) async rethrows -> T {
    ProcessMemory.resetPeak()
    let cpuStart = processorSeconds()
    let start = ContinuousClock.now
    let result = try await body()
    let elapsed = ContinuousClock.now - start
    let cpu = processorSeconds() - cpuStart
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let figure = StageFigure(
        stage: stage, contacts: contacts, seconds: seconds,
        contactsPerSecond: seconds > 0 ? Double(contacts) / seconds : 0,
        peakMiB: Double(ProcessMemory.peakBytes()) / 1_048_576, cpuSeconds: (cpu * 1000).rounded() / 1000)
    print(figure.jsonLine)
    fflush(nil)
    return result
}

/// The processor time this process has used so far (every thread, user and system), in seconds.
package func processorSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
