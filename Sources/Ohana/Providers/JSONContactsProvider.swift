import Foundation

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

/// Reads a provider's input file; a failure is ``ContactsProviderError/unavailable(providerID:source:reason:)``
/// naming the file and the reason.
package func readContactsFile(_ fileURL: URL, providerID: String) throws(ContactsProviderError) -> Data {
    do {
        return try Data(contentsOf: fileURL)
    } catch {
        // A pipe or other stream (`/dev/stdin`) has no size to read up to: read it to its end.
        if let handle = try? FileHandle(forReadingFrom: fileURL) {
            defer { try? handle.close() }
            if let data = try? handle.readToEnd() { return data }
        }
        throw .unavailable(providerID: providerID, source: fileURL.path, reason: readFailureReason(error))
    }
}

extension Contact {
    /// The contact with `providerID` (and its own id as the record id) as provenance, when it has none.
    public func markingProvenance(providerID: String) -> Contact {
        guard provenance.isEmpty else { return self }
        var marked = self
        marked.provenanceRecords = .one(Provenance(providerID: providerID, record: id.text))
        return marked
    }
}

/// A short reason for a failed file read: "no such file", "permission denied", or the system's words.
package func readFailureReason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(posix.code))).lowercased()
    }
    switch nsError.code {
    case NSFileReadNoSuchFileError: return "no such file"
    case NSFileReadNoPermissionError: return "permission denied"
    default: return nsError.localizedDescription
    }
}
