import Foundation
import Ohana

extension ContactsJSON {
    /// Writes the contacts of `batches` as they arrive as one JSON array: the bytes
    /// ``encode(_:pretty:)`` gives for all of them at once, while only the batches in flight are
    /// held (a reader such as `VCardReader.contacts(in:batchSize:)` reads the next one meanwhile).
    /// Each batch's diagnostics go to `report` before its contacts are written. Returns how many
    /// contacts were written; an error from `batches` or `sink` ends the writing.
    ///
    /// Complexity: O(*n*) in the contacts written; memory O(batch size).
    public static func write<Batches: AsyncSequence>(
        batches: Batches, pretty: Bool = true, to sink: (Data) throws -> Void,
        report: (Diagnostic) -> Void = { _ in }
    ) async throws -> Int where Batches.Element == LoadedContacts {
        let brackets = ArrayBrackets(pretty: pretty)
        var written = 0
        for try await batch in batches {
            batch.diagnostics.forEach(report)
            guard !batch.contacts.isEmpty else { continue }
            if written == 0 { try sink(Data(brackets.open.utf8)) }
            try writeElements(batch.contacts, first: written == 0, pretty: pretty, to: sink)
            written += batch.contacts.count
        }
        try sink(written == 0 ? encode([], pretty: pretty) : Data(brackets.close.utf8))
        return written
    }

    /// Writes the contacts of `batches` to a file as ``write(batches:pretty:to:report:)`` encodes
    /// them, through a temporary file next to it that replaces it at the end: a failed read or
    /// write leaves the file as it was.
    public static func write<Batches: AsyncSequence>(
        batches: Batches, pretty: Bool = true, toFile url: URL, report: (Diagnostic) -> Void = { _ in }
    ) async throws -> Int where Batches.Element == LoadedContacts {
        try await ReplacingFile.write(to: url) { handle in
            try await write(batches: batches, pretty: pretty, to: { try handle.write(contentsOf: $0) }, report: report)
        }
    }
}
