import Foundation
import Ohana

/// A provider that loads contacts from one Google Contacts or Outlook CSV file.
public struct CSVContactsProvider: ContactsDataProvider {
    /// The provider's identifier.
    public let identifier: String
    /// The file to read.
    public let fileURL: URL
    /// The reader that parses the file.
    public let reader: CSVContactsReader

    /// Creates a provider for one CSV file; `dialect` `nil` detects it from the header row.
    public init(fileURL: URL, dialect: CSVDialect? = nil, identifier: String? = nil) {
        self.fileURL = fileURL
        self.reader = CSVContactsReader(dialect: dialect)
        self.identifier = identifier ?? "csv:\(fileURL.lastPathComponent)"
    }

    /// Reads the file; each contact's provenance names this provider and the contact's line.
    public func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        let data = try readContactsFile(fileURL, providerID: identifier)
        return reader.read(data, source: fileURL.path, providerID: identifier)
    }
}
