import Foundation

/// Reads and writes contacts as JSON: an array of ``Contact`` in its `Codable` form.
public enum ContactsJSON {
    /// Decodes contacts from JSON data; `source` names the file in errors.
    ///
    /// The input is an array of contacts, or an object with a `contacts` array.
    public static func decode(_ data: Data, source: String) throws(ContactsProviderError) -> [Contact] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            let first = data.first { !(" \t\r\n" as String).utf8.contains($0) }
            if first == UInt8(ascii: "{") { return try decoder.decode(Wrapper.self, from: data).contacts }
            return try decoder.decode([Contact].self, from: data)
        } catch let error as DecodingError {
            throw .invalidData(providerID: "json", source: source, line: nil, reason: describe(error, in: data))
        } catch {
            throw .invalidData(providerID: "json", source: source, line: nil, reason: "\(error)")
        }
    }

    /// Encodes contacts as a pretty-printed JSON array with sorted keys.
    public static func encode(_ contacts: [Contact], pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys]
        return try encoder.encode(contacts)
    }

    private struct Wrapper: Decodable { var contacts: [Contact] }

    private static func describe(_ error: DecodingError, in data: Data) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError {
                return "not valid JSON: \((underlying as NSError).userInfo[NSDebugDescriptionErrorKey] ?? underlying)"
            }
            return "\(context.debugDescription)\(path(context))"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)'\(path(context))"
        case .typeMismatch(let type, let context):
            return "expected \(type)\(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "missing \(type) value\(path(context))"
        @unknown default:
            return "\(error)"
        }
    }
}

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

    /// Reads and decodes the file.
    public func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        let data = try readContactsFile(fileURL, providerID: identifier)
        do {
            let contacts = try ContactsJSON.decode(data, source: fileURL.path)
            return LoadedContacts(contacts: contacts.map { $0.markingProvenance(providerID: identifier) })
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
        marked.provenance = [Provenance(providerID: providerID, recordID: id.rawValue)]
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
