import Foundation

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
