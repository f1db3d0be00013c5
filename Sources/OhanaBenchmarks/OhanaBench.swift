import ArgumentParser
import Foundation
import Ohana

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
            JSONBenchmark.self,
        ]
    )

    /// Sets up logging (standard error; level from `OHANA_LOG_LEVEL`, default `error`: `debug` adds
    /// the library's stage timings; `ohana-bench dedupe` always prints those of duplicate
    /// detection and merging) and runs the benchmark.
    static func main() async {
        let dedupe = CommandLine.arguments.dropFirst().first == "dedupe"
        bootstrapLoggingFromEnvironment(atLeast: dedupe ? ["ohana.duplicates": .debug] : [:])
        await main(nil)
    }
}
