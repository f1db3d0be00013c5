import ArgumentParser
import Foundation
import Ohana
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
        let storage = try await storeOptions.openStorage()
        let contacts = try await storage.allContacts(order: .insertion)
        try await storage.shutDown()
        let output = outputOptions.outputFile ?? legacyOutputFile
        try writeContacts(contacts, options: outputOptions.options(for: to), to: output)
        if let output {
            printError("exported \(contacts.count) contacts to \(output)")
        }
    }
}
