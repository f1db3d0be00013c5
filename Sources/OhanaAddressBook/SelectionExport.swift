import Foundation
import Ohana
import OhanaFormats

/// Contacts encoded as a file to download: the bytes, their media type and a file name.
public struct ExportedContacts: Sendable {
    /// The encoded contacts.
    public var data: Data
    /// The media type, such as `text/vcard; charset=utf-8`.
    public var mediaType: String
    /// A file name for the download, such as `selection.vcf`.
    public var fileName: String
}

extension Picker {
    /// The contacts without the picker's bookkeeping: a row of a split picker carries its source
    /// contact's id as a custom property (``SplitOnFieldType/sourceContactIDKey``), which is not the
    /// user's data and is not exported.
    public static func removingBookkeeping(from contacts: [Contact]) -> [Contact] {
        contacts.map { contact in
            var copy = contact
            copy.customProperties[SplitOnFieldType.sourceContactIDKey] = nil
            return copy
        }
    }
}

extension AddressBook {
    /// The formats a selection can be exported in, in the order the page offers them.
    public static let exportFormats: [ContactFormat] = [.vcard, .csv, .json, .jscontact]

    /// A session's selection as a file in a format (vCard 4.0, Google CSV, indented JSON or
    /// JSContact), named `selection.EXT`, without the picker's bookkeeping.
    public func exportSelection(inSession id: String, as format: ContactFormat) throws(AddressBookError) -> ExportedContacts {
        let contacts = Picker.removingBookkeeping(from: try selection(inSession: id))
        let data: Data
        do {
            data = try ContactWriter(format: ContactOutputFormat(format)).encode(contacts)
        } catch {
            let name = format == .jscontact ? "JSContact" : format.rawValue.uppercased()
            throw AddressBookError(.internalError, "cannot encode the selection as \(name): \(error)")
        }
        return ExportedContacts(data: data, mediaType: format.mediaType, fileName: "selection.\(format.fileExtension)")
    }
}
