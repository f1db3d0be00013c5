import Foundation
import Ohana
import OhanaJSContact

/// An address-book file format Ohana reads and writes: the one registry of names, file
/// extensions, media types and detection, shared by the command-line tool and the server.
public enum ContactFormat: String, CaseIterable, Sendable {
    /// Ohana's own JSON (``ContactsJSON``).
    case json
    /// Google or Outlook CSV.
    case csv
    /// vCard 2.1, 3.0 or 4.0: a `.vcf` file or a folder of them.
    case vcard
    /// JSContact cards (RFC 9553).
    case jscontact

    /// The format a file extension names (`json`, `csv`, `vcf`, `vcard`; case ignored), if any.
    /// JSContact files end in `.json` too: ``detected(at:declared:)`` tells them apart by content.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .json
        case "csv": self = .csv
        case "vcf", "vcard": self = .vcard
        default: return nil
        }
    }

    /// The format a path names: its extension, else vCard for a folder (a vdir of `.vcf` files).
    public init?(path: String) {
        if let format = ContactFormat(fileExtension: URL(fileURLWithPath: path).pathExtension) {
            self = format
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        self = .vcard
    }

    /// The format of the file at `path`: `declared` when given, else the one its path names
    /// (``init(path:)``); JSON whose first object says `"@type": "Card"` is JSContact. Only a regular
    /// file is looked into (its first 8 KiB): reading the start of a pipe would take it from the reader.
    /// `nil` when neither the declaration nor the path names a format.
    public static func detected(at path: String, declared: ContactFormat? = nil) -> ContactFormat? {
        guard let format = declared ?? ContactFormat(path: path) else { return nil }
        guard format == .json, isRegularFile(path), let handle = FileHandle(forReadingAtPath: path) else { return format }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: sniffedByteCount) else { return format }
        return isJSContact(head) ? .jscontact : format
    }

    /// How many bytes ``detected(at:declared:)`` reads to tell JSContact from Ohana's JSON.
    public static let sniffedByteCount = 8192

    /// Whether the first bytes of a JSON document are JSContact (a card or an array of cards).
    public static func isJSContact(_ head: Data) -> Bool { JSContactDocument.isJSContact(head) }

    /// The media type of a file in this format, with its character set (`text/vcard; charset=utf-8`).
    public var mediaType: String {
        switch self {
        case .json: "application/json; charset=utf-8"
        case .csv: "text/csv; charset=utf-8"
        case .vcard: "text/vcard; charset=utf-8"
        case .jscontact: Self.jsContactMediaType
        }
    }

    /// JSContact's media type (RFC 9553 section 3.1), without parameters.
    public static let jsContactMediaType = "application/jscontact+json"

    /// The extension a file in this format is given (`vcf`, `csv`, `json`).
    public var fileExtension: String {
        switch self {
        case .json, .jscontact: "json"
        case .csv: "csv"
        case .vcard: "vcf"
        }
    }

    /// Whether `path` exists and is a regular file (links followed).
    static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    }
}
