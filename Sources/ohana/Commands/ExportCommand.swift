import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore

/// `ohana export --to FORMAT`: writes every stored contact in a format.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every contact of the contact store in a format.")

    @Option(name: .long, help: "The output format.")
    var to: OutputFormat

    @OptionGroup var outputOptions: OutputFileOptions

    /// `--output FILE`, the name this option had before `-o`/`--output-file`; kept so scripts keep working.
    @Option(name: .customLong("output"), help: .hidden)
    var legacyOutputFile: String?

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if to == .table { throw ValidationError("--to table is for reading on a terminal; use `ohana list` instead") }
        if outputOptions.outputFile != nil, legacyOutputFile != nil {
            throw ValidationError("give the output file once, with -o/--output-file")
        }
    }

    func run() async throws {
        let options = outputOptions.options(for: to)
        try options.check()
        let output = outputOptions.outputFile ?? legacyOutputFile
        let service = ContactStoreService(store: try await storeOptions.openStorage(creating: false))
        if let output {
            let count = try await writingFile(output) { try await service.export(with: options.writer, toFile: URL(fileURLWithPath: output)) }
            printError("exported \(count) contacts to \(output)")
        } else {
            try await service.export(with: options.writer, to: writeStandardOutput)
        }
        try await service.store.shutDown()
    }
}
