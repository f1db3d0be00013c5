import ArgumentParser
import Foundation
import Ohana
import OhanaCSV
import OhanaJSContact
import OhanaVCard

/// The formats `ohana` reads. Chosen by file extension unless `--input-format` says otherwise.
enum InputFormat: String, CaseIterable, ExpressibleByArgument {
    case json
    case csv
    case vcard
    case jscontact

    /// The format a path's extension names, if any.
    init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "json": self = .json
        case "csv": self = .csv
        case "vcf", "vcard": self = .vcard
        default:
            // A folder of .vcf files (a vdir) reads as vCard.
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
            self = .vcard
        }
    }
}

/// The formats `ohana` writes.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table
    case json
    case csv
    case vcard
    case jscontact
}

/// `--vcard-target`: the client a vCard file is written for.
enum VCardTargetOption: String, CaseIterable, ExpressibleByArgument {
    case ios, android, outlook, rfc6350

    /// The target in OhanaVCard's terms.
    var target: VCardTarget { VCardTarget(rawValue: rawValue) ?? .rfc6350 }
}

/// `--csv-dialect`: the CSV layout to write (and to read, instead of detecting it from the header).
enum CSVDialectOption: String, CaseIterable, ExpressibleByArgument {
    case google
    case outlook

    /// The dialect in OhanaCSV's terms.
    var dialect: CSVDialect { self == .google ? .google : .outlook }
}

/// Errors the tool reports in one line before exiting non-zero.
struct ToolError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Writes to standard output; a write that fails (a full disk, say) is an error naming standard
/// output, where `FileHandle.write(_:)` stopped the process with a crash report.
func writeStandardOutput(_ data: Data) throws {
    do {
        try FileHandle.standardOutput.write(contentsOf: data)
    } catch {
        throw ToolError("standard output: cannot write: \(readFailureReason(error))")
    }
}

/// Makes the provider that reads one input argument (a file path, or later a URL).
func makeProvider(for argument: String, format: InputFormat?, csvDialect: CSVDialectOption? = nil) throws -> any ContactsDataProvider {
    if isCardDAVArgument(argument) { return try makeCardDAVProvider(for: argument) }  // carddav://user@host/path
    if argument == "-" {
        // "-" is standard input, as in other tools; its format cannot be guessed from a name.
        guard let format else { throw ToolError("-: name the format of standard input with --input-format (\(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")))") }
        return try makeProvider(for: "/dev/stdin", format: format, csvDialect: csvDialect)
    }
    guard let format = format ?? InputFormat(path: argument) else {
        throw ToolError("\(argument): unknown file type; name the format with --input-format (\(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    let url = URL(fileURLWithPath: argument)
    switch format {
    case .json:
        // A .json file whose first object says "@type": "Card" is JSContact (RFC 9553). Only a regular
        // file is looked into: reading the start of a pipe would take it from the provider.
        let isRegularFile = (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeRegular
        if isRegularFile, let handle = try? FileHandle(forReadingFrom: url), let head = try? handle.read(upToCount: 8192),
            JSContactDocument.isJSContact(head)
        {
            return JSContactFileProvider(fileURL: url)
        }
        return JSONContactsProvider(fileURL: url)
    case .jscontact:
        return JSContactFileProvider(fileURL: url)
    case .csv:
        return CSVContactsProvider(fileURL: url, dialect: csvDialect?.dialect)
    case .vcard:
        return VCardFileProvider(url: url)
    }
}

/// Options for writing contacts in a format.
struct OutputOptions {
    var format: OutputFormat
    /// The CSV layout for `--output csv`.
    var csvDialect: CSVDialectOption = .google
    /// The client `--output vcard` writes for.
    var vcardTarget: VCardTargetOption = .rfc6350
    /// With JSContact output: the name of the group card (kind `group`) written before the cards.
    var jscontactGroup: String?
    /// With JSON or JSContact output: compact text, on one line, instead of indented.
    var compact = false
}

/// Encodes contacts in an output format (`.table` is handled by the caller's table printer).
func encode(_ contacts: [Contact], options: OutputOptions) throws -> Data {
    switch options.format {
    case .json:
        return try ContactsJSON.encode(contacts, pretty: !options.compact)
    case .csv:
        return CSVContactsWriter(dialect: options.csvDialect.dialect).write(contacts)
    case .vcard:
        return VCardWriter(target: options.vcardTarget.target).write(contacts)
    case .jscontact:
        return try JSContactDocument.write(contacts, groupName: options.jscontactGroup, pretty: !options.compact)
    case .table:
        return Data(renderTable(contacts).utf8)
    }
}

/// Writes contacts in an output format to a file, or to standard output when no path is given.
/// JSON is written as it is encoded, a batch at a time, never as one giant value.
func writeContacts(_ contacts: [Contact], options: OutputOptions, to path: String?) throws {
    if options.jscontactGroup != nil, options.format != .jscontact {
        throw ToolError("--jscontact-group applies to jscontact output only, not \(options.format.rawValue)")
    }
    if options.compact, options.format != .json, options.format != .jscontact {
        throw ToolError("--compact applies to json and jscontact output only, not \(options.format.rawValue)")
    }
    guard options.format == .json else { return try writeOutput(try encode(contacts, options: options), to: path) }
    guard let path else {
        return try ContactsJSON.write(contacts, pretty: !options.compact) { try writeStandardOutput($0) }
    }
    do {
        try ContactsJSON.write(contacts, pretty: !options.compact, to: URL(fileURLWithPath: path))
    } catch {
        throw ToolError("\(path): cannot write: \(readFailureReason(error))")
    }
}
