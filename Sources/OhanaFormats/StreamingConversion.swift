import Foundation
import Ohana
import OhanaJSON
import OhanaVCard

/// Converting one vCard file to JSON a batch at a time: the reader reads the next batch while
/// ``ContactsJSON`` encodes and writes one, so memory holds a few batches, not the address book.
/// The output is the same, byte for byte, as ``ContactWriter`` encoding every contact at once.
public enum StreamingConversion {
    /// Contacts per batch: one ``ContactsJSON`` encoding round on two cores.
    public static let batchSize = 1024

    /// Whether the file at `path` (read as `declared`, else as its path names) can be converted by
    /// `writer` as a stream: a regular vCard file (not a folder or a pipe) to JSON with no group card.
    public static func applies(toFileAt path: String, declared: ContactFormat? = nil, writer: ContactWriter) -> Bool {
        guard writer.format == .json, writer.jsContactGroupName == nil else { return false }
        guard (declared ?? ContactFormat(path: path)) == .vcard else { return false }
        return ContactFormat.isRegularFile(path)
    }

    /// Reads the vCard file at `path` and hands its contacts as JSON to `sink`, a batch at a time,
    /// calling `report` with each diagnostic as it is found. Returns the number of contacts written.
    public static func convert(
        vCardFileAt path: String, pretty: Bool = true, to sink: (Data) throws -> Void,
        report: (Diagnostic) -> Void = { _ in }
    ) async throws -> Int {
        try await ContactsJSON.write(batches: batches(path), pretty: pretty, to: sink, report: report)
    }

    /// ``convert(vCardFileAt:pretty:to:report:)`` into a file, replaced once complete.
    public static func convert(
        vCardFileAt path: String, pretty: Bool = true, toFile output: URL, report: (Diagnostic) -> Void = { _ in }
    ) async throws -> Int {
        try await ContactsJSON.write(batches: batches(path), pretty: pretty, toFile: output, report: report)
    }

    /// The file's contacts in batches, named as ``VCardFileProvider`` names them.
    private static func batches(_ path: String) -> AsyncThrowingStream<LoadedContacts, any Error> {
        let url = URL(fileURLWithPath: path)
        var options = VCardReadingOptions()
        options.providerID = "vcard:\(url.lastPathComponent)"
        return VCardReader(options: options).contacts(in: url, batchSize: batchSize)
    }
}
