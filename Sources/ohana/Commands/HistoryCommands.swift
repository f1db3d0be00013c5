import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore
import OhanaSync

/// `ohana history [ID]`: the latest edits, newest first, each with what changed.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the latest edits of the contact store (ohana add, edit, delete, undo and the page's), newest first.",
        discussion: "Each line: revision number, time (UTC), what was done, the contact, and what changed. Undo one with ohana undo N.")

    @Argument(help: "Only the edits of this contact.")
    var id: String?

    @Option(name: .long, help: "How many edits to list.")
    var limit = 20

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        let revisions: [ContactRevision]
        do {
            revisions = try await ContactStoreService(store: storage).revisions(of: id.map(ContactID.init(rawValue:)), limit: limit)
        } catch {
            try await storage.shutDown()
            throw ToolError(error.message)
        }
        try await storage.shutDown()
        if revisions.isEmpty { return print("no edits") }
        print(revisions.map(\.summaryLine).joined(separator: "\n"))
    }
}

/// `ohana undo N…`: put a contact back as it was before revision N (several: newest first).
struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo an edit: the contact goes back to how it was before it (an added contact is removed, a deleted one comes back).",
        discussion: "Refused, changing nothing, when the contact changed since that edit; undo the later edits first. The undo is an edit too, listed by ohana history.")

    @Argument(help: "The revision numbers (as ohana history, add, edit and delete print them); several are undone newest first.")
    var revisions: [Int64]

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if revisions.isEmpty { throw ValidationError("give the revision to undo (ohana history lists them)") }
    }

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        var lines: [String] = []
        do {
            for revision in revisions.sorted(by: >) {
                let result = try await ContactStoreService(store: storage).undoRevision(revision)
                let line = result.summaryLine(result.stored == nil ? "removed" : "restored")
                try await recordToolWrite(in: storage, action: "revision-undo", detail: "revision \(revision): " + line)
                lines.append(line)
            }
        } catch {
            try await storage.shutDown()
            print(lines.joined(separator: "\n"))
            throw ToolError((error as? AddressBookError)?.message ?? "\(error)")
        }
        try await storage.shutDown()
        print(lines.joined(separator: "\n"))
    }
}
