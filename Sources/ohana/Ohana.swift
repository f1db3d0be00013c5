import ArgumentParser
import Foundation
import Logging
import Ohana
import OhanaProcessAllocator

/// The `ohana` command-line tool: load, clean, merge, store and export address books.
@main
struct OhanaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ohana",
        abstract: "Load, clean, merge, store and export address books (vCard, CSV, JSON, SQLite, CardDAV).",
        version: "0.1.0",
        subcommands: [
            // One file per subcommand in Commands/.
            ProcessCommand.self,
            GenerateCommand.self,
            DedupeCommand.self,
            ServeCommand.self,
            ImportCommand.self, ExportCommand.self, ListCommand.self, SearchCommand.self, ChangesCommand.self,
            SyncCommand.self, StoreCommand.self, ReviewCommand.self,
            AccountCommand.self, LinksCommand.self, ShowCommand.self, AddCommand.self, EditCommand.self, DeleteCommand.self, HistoryCommand.self, UndoCommand.self,
            ConvertCommand.self, ValidateCommand.self,
            UserCommand.self, AuditCommand.self,
        ]
    )

    /// Sets up logging (standard error; level from `OHANA_LOG_LEVEL`, default `error`; `debug` names
    /// the allocator) and runs the command.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        ToolLog.bootstrap(arguments)
        Logger(label: "ohana").debug("allocator: \(ProcessAllocator.name)")
        guard ToolLog.format == .json else { return await main(nil) }
        // JSON logs: a parse or run error is a JSON line too, not ArgumentParser's plain text.
        do {
            var command = try parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code.isSuccess {
                let help = fullMessage(for: error)
                if !help.isEmpty { print(help) }
            } else {
                let message = message(for: error)
                if !message.isEmpty { printError("error: \(message)") }
            }
            Foundation.exit(code.rawValue)
        }
    }
}
