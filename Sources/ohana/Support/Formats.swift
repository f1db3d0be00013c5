import ArgumentParser
import Foundation
import Ohana
import OhanaCSV

/// The formats `ohana` reads. Chosen by file extension unless `--input-format` says otherwise.
enum InputFormat: String, CaseIterable, ExpressibleByArgument {
    case json
    case csv

    /// The format a path's extension names, if any.
    init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "json": self = .json
        case "csv": self = .csv
        default: return nil
        }
    }
}

/// The formats `ohana` writes.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table
    case json
    case csv
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

/// Makes the provider that reads one input argument (a file path, or later a URL).
func makeProvider(for argument: String, format: InputFormat?, csvDialect: CSVDialectOption? = nil) throws -> any ContactsDataProvider {
    if isCardDAVArgument(argument) { return try makeCardDAVProvider(for: argument) }  // carddav://user@host/path
    guard let format = format ?? InputFormat(path: argument) else {
        throw ToolError("\(argument): unknown file type; name the format with --input-format (\(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    let url = URL(fileURLWithPath: argument)
    switch format {
    case .json:
        return JSONContactsProvider(fileURL: url)
    case .csv:
        return CSVContactsProvider(fileURL: url, dialect: csvDialect?.dialect)
    }
}

/// Options for writing contacts in a format.
struct OutputOptions {
    var format: OutputFormat
    /// The CSV layout for `--output csv`.
    var csvDialect: CSVDialectOption = .google
}

/// Encodes contacts in an output format (`.table` is handled by the caller's table printer).
func encode(_ contacts: [Contact], options: OutputOptions) throws -> Data {
    switch options.format {
    case .json:
        return try ContactsJSON.encode(contacts)
    case .csv:
        return CSVContactsWriter(dialect: options.csvDialect.dialect).write(contacts)
    case .table:
        return Data(renderTable(contacts).utf8)
    }
}
