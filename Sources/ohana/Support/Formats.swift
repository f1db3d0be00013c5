import ArgumentParser
import Foundation
import Ohana
import OhanaCSV
import OhanaFormats
import OhanaVCard

/// The formats `ohana` reads: the library's registry (``ContactFormat``), chosen by file extension
/// and content unless `--input-format` says otherwise.
typealias InputFormat = ContactFormat

/// The formats `ohana` writes: the library's outputs (``ContactOutputFormat``), the table included.
typealias OutputFormat = ContactOutputFormat

extension ContactFormat: ExpressibleByArgument {}
extension ContactOutputFormat: ExpressibleByArgument {}

extension ContactOutputFormat {
    /// The format a path's extension names (`.json`, `.csv`, `.vcf`, `.jscontact`), if any.
    static func named(byPath path: String) -> ContactOutputFormat? {
        ContactFormat(fileExtension: URL(fileURLWithPath: path).pathExtension).map(ContactOutputFormat.init)
    }
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

/// Makes the provider that reads one input argument: a `carddav://` URL, `-` for standard input (in
/// the format `--input-format` names), or a file or folder the library's registry reads.
func makeProvider(for argument: String, format: InputFormat?, csvDialect: CSVDialectOption? = nil) throws -> any ContactsDataProvider {
    if isCardDAVArgument(argument) { return try makeCardDAVProvider(for: argument) }  // carddav://user@host/path
    let formats = InputFormat.allCases.map(\.rawValue).joined(separator: ", ")
    if argument == "-" {
        // "-" is standard input, as in other tools; its format cannot be guessed from a name.
        guard let format else { throw ToolError("-: name the format of standard input with --input-format (\(formats))") }
        return try makeProvider(for: "/dev/stdin", format: format, csvDialect: csvDialect)
    }
    do {
        return try ContactFormat.provider(forFileAt: argument, declared: format, csvDialect: csvDialect?.dialect)
    } catch {
        throw ToolError("\(error); name the format with --input-format (\(formats))")
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

    /// Checks that the options go with the format: `--jscontact-group` with JSContact, `--compact` with JSON.
    func check() throws {
        if jscontactGroup != nil, format != .jscontact {
            throw ToolError("--jscontact-group applies to jscontact output only, not \(format.rawValue)")
        }
        if compact, !format.isJSON {
            throw ToolError("--compact applies to json and jscontact output only, not \(format.rawValue)")
        }
    }

    /// The library's writer for these options.
    var writer: ContactWriter {
        ContactWriter(format: format, csvDialect: csvDialect.dialect, vcardTarget: vcardTarget.target,
                      jsContactGroupName: jscontactGroup, isCompact: compact)
    }
}

/// Encodes contacts in an output format.
func encode(_ contacts: [Contact], options: OutputOptions) throws -> Data {
    try options.writer.encode(contacts)
}

/// Writes contacts in an output format to a file, or to standard output when no path is given.
/// JSON is written as it is encoded, a batch at a time, never as one giant value.
func writeContacts(_ contacts: [Contact], options: OutputOptions, to path: String?) throws {
    try options.check()
    guard let path else { return try options.writer.write(contacts, to: writeStandardOutput) }
    do {
        try options.writer.write(contacts, toFile: URL(fileURLWithPath: path))
    } catch let error as ContactFileWriteError {
        throw ToolError("\(path): cannot write: \(error.reason)")
    }
}

/// Runs `body`, which writes the file at `path`; a failed write is reported as `PATH: cannot write: REASON`.
func writingFile<Result>(_ path: String, _ body: () async throws -> Result) async throws -> Result {
    do {
        return try await body()
    } catch let error as ContactFileWriteError {
        throw ToolError("\(path): cannot write: \(error.reason)")
    }
}
