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

    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.")
    var output: String?

    @OptionGroup var storeOptions: StoreOptions

    func run() async throws {
        let store = try storeOptions.openStore()
        let contacts = try await store.read { try $0.allContacts(order: .insertion) }
        try writeContacts(contacts, options: OutputOptions(format: to), to: output)
        if let output {
            FileHandle.standardError.write(Data("exported \(contacts.count) contacts to \(output)\n".utf8))
        }
    }
}
