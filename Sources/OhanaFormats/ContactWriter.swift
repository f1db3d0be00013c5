import Foundation
import Ohana
import OhanaCSV
import OhanaJSContact
import OhanaJSON
import OhanaVCard

/// How contacts are written: one of the file formats, or a text table for reading on a terminal.
public enum ContactOutputFormat: String, CaseIterable, Sendable {
    /// A readable text table (``ContactTable``).
    case table
    /// Ohana's own JSON.
    case json
    /// Google or Outlook CSV.
    case csv
    /// vCard, for a chosen client.
    case vcard
    /// JSContact cards (RFC 9553).
    case jscontact

    /// The output of a file format.
    public init(_ format: ContactFormat) {
        switch format {
        case .json: self = .json
        case .csv: self = .csv
        case .vcard: self = .vcard
        case .jscontact: self = .jscontact
        }
    }

    /// The file format written, or `nil` for the table.
    public var fileFormat: ContactFormat? { ContactFormat(rawValue: rawValue) }

    /// Whether the output is JSON text that can be written compact (JSON and JSContact).
    public var isJSON: Bool { self == .json || self == .jscontact }
}

/// Writing a file failed (as opposed to encoding the contacts): the file and the system's error.
public struct ContactFileWriteError: Error, Sendable, CustomStringConvertible {
    /// The file that could not be written.
    public var url: URL
    /// The short reason ("no space left on device", "permission denied").
    public var reason: String

    /// `PATH: cannot write: REASON`.
    public var description: String { "\(url.path): cannot write: \(reason)" }
}

/// Encodes and writes contacts in an output format, with each format's options: the one encoder
/// the command-line tool and the server share.
public struct ContactWriter: Sendable {
    /// The output format.
    public var format: ContactOutputFormat
    /// The CSV layout written.
    public var csvDialect: CSVDialect
    /// The client a vCard file is written for.
    public var vcardTarget: VCardTarget
    /// With JSContact: the name of a group card (kind `group`) written before the cards.
    public var jsContactGroupName: String?
    /// With JSON or JSContact: one line instead of indented text.
    public var isCompact: Bool

    /// Creates a writer.
    public init(
        format: ContactOutputFormat, csvDialect: CSVDialect = .google, vcardTarget: VCardTarget = .rfc6350,
        jsContactGroupName: String? = nil, isCompact: Bool = false
    ) {
        self.format = format
        self.csvDialect = csvDialect
        self.vcardTarget = vcardTarget
        self.jsContactGroupName = jsContactGroupName
        self.isCompact = isCompact
    }

    /// The contacts in the format, as one value.
    public func encode(_ contacts: [Contact]) throws -> Data {
        switch format {
        case .json: try ContactsJSON.encode(contacts, pretty: !isCompact)
        case .csv: CSVContactsWriter(dialect: csvDialect).write(contacts)
        case .vcard: VCardWriter(target: vcardTarget).write(contacts)
        case .jscontact: try JSContactDocument.write(contacts, groupName: jsContactGroupName, pretty: !isCompact)
        case .table: Data(ContactTable.render(contacts).utf8)
        }
    }

    /// One contact on its own: a single JSContact card object (not an array) for JSContact, else
    /// what ``encode(_:)`` writes for a list of one.
    public func encode(single contact: Contact) throws -> Data {
        guard format == .jscontact else { return try encode([contact]) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = isCompact ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(JSContactConverter().card(from: contact))
    }

    /// Hands the encoded contacts to `sink`: JSON a batch at a time as it is encoded (never as one
    /// giant value), the other formats at once.
    public func write(_ contacts: [Contact], to sink: (Data) throws -> Void) throws {
        guard format == .json else { return try sink(encode(contacts)) }
        try ContactsJSON.write(contacts, pretty: !isCompact, to: sink)
    }

    /// Writes the encoded contacts to a file, through a temporary file renamed into place (in place
    /// onto a device or pipe such as `/dev/null`); JSON a batch at a time. A failure to write is a
    /// ``ContactFileWriteError``; a failure to encode is thrown as it is, except in JSON, where encoding
    /// and writing are one step.
    public func write(_ contacts: [Contact], toFile url: URL) throws {
        do {
            if format == .json { return try ContactsJSON.write(contacts, pretty: !isCompact, to: url) }
        } catch {
            throw ContactFileWriteError(url: url, reason: readFailureReason(error))
        }
        let data = try encode(contacts)
        do {
            try ReplacingFile.write(to: url) { try $0.write(contentsOf: data) }
        } catch {
            throw ContactFileWriteError(url: url, reason: readFailureReason(error))
        }
    }
}
