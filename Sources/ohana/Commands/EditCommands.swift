import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook
import OhanaStore
import OhanaSync

/// `ohana add`: a new contact, from flags or (without) a blank card in the editor.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a contact to the contact store, from flags or, without any, in your editor as a vCard.",
        discussion: """
            The contact is marked as created here, so ohana sync creates its card on the server. \
            Prints its id; ohana history lists the change and ohana undo takes it back.
            """)

    @OptionGroup var edit: EditOptions

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let changes = try edit.edit()
        var written: Contact?
        if changes.isEmpty {
            let blank = Contact()
            written = try CardEditorSession.edit(shown: ContactCardEditing().text(for: blank), original: blank, name: "new-contact.vcf")
            if written == nil { return print("nothing added") }
        }
        let storage = try await storeOptions.openStorage()
        let result: ContactWriteResult
        do {
            let service = ContactStoreService(store: storage)
            if let written {
                result = try await service.createContact(written)
            } else {
                result = try await service.createContact(changes)
            }
            try await recordToolWrite(in: storage, action: "contact-create", detail: result.summaryLine("added"))
        } catch {
            try await storage.shutDown()
            throw ToolError((error as? AddressBookError)?.message ?? "\(error)")
        }
        try await storage.shutDown()
        print(result.summaryLine("added"))
    }
}

/// `ohana edit ID`: change a contact with flags, or in the editor as a vCard.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a contact of the contact store with flags or, without any, in your editor ($VISUAL, $EDITOR) as a vCard.",
        discussion: """
            Only what you change changes: every other value, label and unknown property stays as it \
            was, and ohana sync pushes the change. A card that cannot be read opens again with the \
            reason on top; saving an empty file gives up. When the contact changed meanwhile (another \
            window, a sync), nothing is written and both versions are named.
            """)

    @Argument(help: "The contact's id.")
    var id: String

    @Option(name: .long, help: ArgumentHelp("Only change the contact if it is still at this version (as ohana show prints it).", valueName: "n"))
    var expectVersion: Int64?

    @OptionGroup var edit: EditOptions

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let changes = try edit.edit()
        let storage = try await storeOptions.openStorage()
        let service = ContactStoreService(store: storage)
        let contactID = ContactID(rawValue: id)
        let result: ContactWriteResult?
        do {
            if !changes.isEmpty {
                result = try await service.editContact(contactID, applying: changes, expecting: expectVersion)
            } else {
                let current = try await service.versionedContact(contactID)
                let shown = ContactCardEditing().text(for: current.contact)
                if let edited = try CardEditorSession.edit(shown: shown, original: current.contact, name: "\(id).vcf") {
                    result = try await service.replaceContact(contactID, with: edited, expecting: expectVersion ?? current.version)
                } else {
                    result = nil
                }
            }
            if let result, result.revision != nil {
                try await recordToolWrite(in: storage, action: "contact-update", detail: result.summaryLine("updated"))
            }
        } catch let error as AddressBookError {
            try await storage.shutDown()
            throw ToolError(error.message)
        } catch {
            try await storage.shutDown()
            throw error
        }
        try await storage.shutDown()
        guard let result, result.revision != nil else { return print("\(id): nothing changed") }
        print(result.summaryLine("updated"))
    }
}

/// `ohana delete ID`: remove a contact (undoable), and with the next sync its card.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a contact from the contact store; ohana sync then deletes its card, and ohana undo brings it back.")

    @Argument(help: "The contact's id.")
    var id: String

    @Option(name: .long, help: ArgumentHelp("Only delete the contact if it is still at this version.", valueName: "n"))
    var expectVersion: Int64?

    @Option(name: .long, help: ArgumentHelp("For a contact with cards in several accounts: delete only the card of this account.", valueName: "account"))
    var from: String?

    @Flag(name: .long, help: "For a contact with cards in several accounts: delete the card in every account.")
    var all = false

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if from != nil && all { throw ValidationError("--from and --all go one at a time") }
    }

    func run() async throws {
        let storage = try await storeOptions.openStorage()
        let result: ContactWriteResult
        let linked: LinkedDeletion? = all ? .everywhere : from.map { .card(source: $0) }
        do {
            result = try await ContactStoreService(store: storage).deleteContact(ContactID(rawValue: id), expecting: expectVersion,
                                                                                linked: linked)
            try await recordToolWrite(in: storage, action: "contact-delete", detail: result.summaryLine("deleted"))
        } catch {
            try await storage.shutDown()
            let failure = error as? AddressBookError
            let hint = failure?.kind == .conflict && linked == nil ? " (--from ACCOUNT or --all)" : ""
            throw ToolError((failure?.message ?? "\(error)") + hint)
        }
        try await storage.shutDown()
        print(result.summaryLine("deleted"))
    }
}
