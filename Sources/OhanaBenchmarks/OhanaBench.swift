import ArgumentParser

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
}
