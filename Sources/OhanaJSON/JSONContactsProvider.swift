import Foundation
import Ohana

/// A provider that loads contacts from a JSON file written by ``ContactsJSON``.
public struct JSONContactsProvider: ContactsDataProvider {
    /// The provider's identifier.
    public let identifier: String
    /// The file to read.
    public let fileURL: URL

    /// Creates a provider for one JSON file.
    public init(fileURL: URL, identifier: String? = nil) {
        self.fileURL = fileURL
        self.identifier = identifier ?? "json:\(fileURL.lastPathComponent)"
    }

    /// Reads and decodes the file; a contact that cannot be decoded is a diagnostic naming its line.
    public func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        do {
            var loaded: LoadedContacts
            // A regular file is read into memory that is given back a batch at a time as it is
            // decoded, so that the file's bytes and all of its contacts are never held together.
            if let bytes = try? ReleasableFileBytes(contentsOf: fileURL) {
                loaded = try ContactsJSON.read(bytes.data, source: fileURL.path, releasing: { bytes.release($0) })
            } else {
                loaded = try ContactsJSON.read(try readContactsFile(fileURL, providerID: identifier), source: fileURL.path)
            }
            for index in loaded.contacts.indices where loaded.contacts[index].provenance.isEmpty {
                loaded.contacts[index] = loaded.contacts[index].markingProvenance(providerID: identifier)
            }
            return loaded
        } catch {
            if case .invalidData(_, let source, let line, let reason) = error {
                throw .invalidData(providerID: identifier, source: source, line: line, reason: reason)
            }
            throw error
        }
    }
}
