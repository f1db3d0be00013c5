import Foundation
import Hummingbird
import Logging
import Ohana
import OhanaAddressBook
import OhanaServer
import Testing

/// Editing on the page in a real browser (as ``BrowserTests``): an email changed through the form,
/// a contact created, deleted and brought back with Undo, and a conflict showing both versions.
@Suite struct EditBrowserTests {
    @Test(.timeLimit(.minutes(12)))
    func editingWorksInHeadlessChromium() async throws {
        let book = try await TestAddressBook.make()
        guard let outcome = try await BrowserTests.runScript(editBrowserTestScript, named: "edit_browser_test.py",
                                                             serving: book.addressBook) else { return }
        #expect(outcome.status == 0, "edit browser test failed:\n\(outcome.output)")
        #expect(outcome.output.contains("browser: ok"), "\(outcome.output)")
        let succeeded = outcome.status == 0
        let folder = BrowserTests.screenshotFolder
        guard succeeded else { return }
        for name in ["09-edit.png", "10-undo.png", "11-conflict.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "missing screenshot \(name)")
        }
        // What the page wrote is in the store: Zoë's new email and the note kept by overwriting,
        // her other values as they were; Ada created, deleted and brought back.
        let stored = try book.store.allContacts()
        let zoe = try #require(stored.first { $0.id == "zoe" })
        let original = try #require(book.contacts.first { $0.id == "zoe" })
        #expect(zoe.emailAddresses.map(\.value) == ["zoe@uu.se"])
        #expect(zoe.jobTitle == "Chemist")
        #expect(zoe.note == "my note")
        #expect(zoe.phoneNumbers == original.phoneNumbers)
        #expect(zoe.postalAddresses == original.postalAddresses)
        let ada = try #require(stored.first { $0.familyName == "Lovelace" })
        #expect(ada.phoneNumbers.map(\.value) == ["+44 20 7946 0000"])
        #expect(ada.tags == ["math", "pioneers"])
    }
}
