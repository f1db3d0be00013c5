import ArgumentParser
import Foundation
import Logging

/// `ohana-bench`: prints contacts per second and peak memory for each stage, one JSON line each.
@main
struct OhanaBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ohana-bench",
        abstract: "Benchmarks of Ohana's stages: one JSON line per stage with contacts/s and peak memory.",
        subcommands: [
            // One file per benchmark in this folder.
            PipelineBenchmark.self,
            PhonesBenchmark.self,
            CSVBenchmark.self,
            StoreBenchmark.self,
            VCardBenchmark.self,
            DedupeBenchmark.self,
        ]
    )

    /// Sets up logging (standard error; level from `OHANA_LOG_LEVEL`, default `error`: `debug` adds
    /// the library's stage timings) and runs the benchmark.
    static func main() async {
        let level = ProcessInfo.processInfo.environment["OHANA_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .error
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
