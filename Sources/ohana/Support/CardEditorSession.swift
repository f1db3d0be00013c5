import Foundation
import Ohana
import OhanaSync

/// The editor loop of `ohana add` and `ohana edit`: the card opens in the editor; a card that
/// cannot be read opens again with the reasons on top (as `git commit` does); saving it unchanged
/// after such a message, or saving an empty file, gives up.
enum CardEditorSession {
    /// The contact the person saved (merged into `original`); `nil` when nothing changed or they gave up.
    static func edit(shown: String, original: Contact, name: String) throws -> Contact? {
        let editing = ContactCardEditing()
        var offered = shown
        var lastFailed: String?
        while true {
            let saved = try TextEditor.edit(offered, name: name)
            let card = ContactCardEditing.card(in: saved)
            do throws(ContactCardEditing.Problem) {
                return try editing.edited(saved, from: original)
            } catch {
                // Saved again as it was after the reasons were shown: the person (or a script) gives up.
                if card == lastFailed {
                    throw ToolError("the card still cannot be read (\(error.lines.joined(separator: "; "))); nothing was changed")
                }
                lastFailed = card
                offered = ContactCardEditing.text(card: card, problems: error.lines)
            }
        }
    }
}
