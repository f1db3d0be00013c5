import Foundation
import Ohana
import OhanaCSV
import OhanaJSContact
import OhanaJSON
import OhanaVCard

/// Why an input could not be given a reader.
public enum ContactFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither a declared format nor the path's extension names a format the library reads.
    case unknownFileType(path: String)

    /// What went wrong, in one line.
    public var description: String {
        switch self {
        case .unknownFileType(let path): "\(path): unknown file type"
        }
    }
}

extension ContactFormat {
    /// The provider (reader) for the file or vCard folder at `path`, in the format
    /// ``detected(at:declared:)`` finds.
    ///
    /// - Parameters:
    ///   - path: A file, or a folder of `.vcf` files.
    ///   - declared: The format to read instead of the one the path names (still sniffed for JSContact
    ///     when it is JSON).
    ///   - csvDialect: The CSV layout to read instead of detecting it from the header.
    public static func provider(
        forFileAt path: String, declared: ContactFormat? = nil, csvDialect: CSVDialect? = nil
    ) throws(ContactFormatError) -> any ContactsDataProvider {
        guard let format = detected(at: path, declared: declared) else { throw .unknownFileType(path: path) }
        return format.provider(for: URL(fileURLWithPath: path), csvDialect: csvDialect)
    }

    /// The provider that reads `url` in this format, without looking into the file.
    public func provider(for url: URL, csvDialect: CSVDialect? = nil) -> any ContactsDataProvider {
        switch self {
        case .json: JSONContactsProvider(fileURL: url)
        case .jscontact: JSContactFileProvider(fileURL: url)
        case .csv: CSVContactsProvider(fileURL: url, dialect: csvDialect)
        case .vcard: VCardFileProvider(url: url)
        }
    }
}
