import Foundation
import Ohana
import OhanaVCard

/// `ohana convert` of one vCard file to JSON, a batch at a time: the next batch is read while one is
/// encoded and written, so memory holds a few batches, not the address book. The output is the same,
/// byte for byte, as encoding every contact at once (``ContactsJSON/encode(_:pretty:)``).
enum StreamingConvert {
    /// Contacts per batch: one ``ContactsJSON`` encoding round on two cores.
    static let batchSize = 1024

    /// Whether the inputs can be converted as a stream: one regular `.vcf` file (or one named vCard by
    /// `--input-format`) to JSON.
    static func applies(to inputs: [String], inputFormat: InputFormat?, output: OutputOptions) -> Bool {
        guard inputs.count == 1, output.format == .json, output.jscontactGroup == nil else { return false }
        let path = inputs[0]
        guard path != "-", !isCardDAVArgument(path), (inputFormat ?? InputFormat(path: path)) == .vcard else { return false }
        let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
        return type == .typeRegular
    }

    /// Reads `path` and writes its contacts as JSON to `outputFile` (standard output when `nil`);
    /// prints the diagnostics as they are found. Returns the contacts written and the errors found.
    static func run(_ path: String, to outputFile: String?) async throws -> (contacts: Int, errors: Int) {
        let url = URL(fileURLWithPath: path)
        var options = VCardReadingOptions()
        options.providerID = "vcard:\(url.lastPathComponent)"  // as VCardFileProvider(url:) names it
        let batches = VCardReader(options: options).contacts(in: url, batchSize: batchSize)
        guard let outputFile else {
            let output = FileHandle.standardOutput
            return try await write(batches, path: path) { output.write($0) }
        }
        let target = URL(fileURLWithPath: outputFile)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: temporary)
        else { throw ToolError("\(outputFile): cannot write: permission denied") }
        let counts: (contacts: Int, errors: Int)
        do {
            defer { try? handle.close() }
            counts = try await write(batches, path: path) { data in
                do { try handle.write(contentsOf: data) } catch {
                    throw ToolError("\(outputFile): cannot write: \(readFailureReason(error))")
                }
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ToolError("\(outputFile): cannot write: \(reason)")
        }
        return counts
    }

    private static func write(
        _ batches: AsyncThrowingStream<LoadedContacts, any Error>, path: String, to sink: (Data) throws -> Void
    ) async throws -> (contacts: Int, errors: Int) {
        var array = JSONArrayWriter()
        var contacts = 0, errors = 0
        do {
            for try await batch in batches {
                for diagnostic in batch.diagnostics {
                    printError(diagnostic.description)
                    if diagnostic.severity == .error { errors += 1 }
                }
                contacts += batch.contacts.count
                try array.append(batch.contacts, to: sink)
            }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError("\(path): \(readFailureReason(error))")
        }
        try array.finish(to: sink)
        return (contacts, errors)
    }
}

/// Joins pretty-printed JSON arrays of batches into one array, as ``ContactsJSON`` joins its own.
struct JSONArrayWriter {
    /// How ``ContactsJSON/encode(_:pretty:)`` opens, separates and closes a non-empty array.
    private static let (open, separator, close) = ("[\n", ",\n", "\n]")
    private var wroteAny = false

    /// Encodes a batch and hands its elements to `sink`.
    mutating func append(_ batch: [Contact], to sink: (Data) throws -> Void) throws {
        guard !batch.isEmpty else { return }
        let text = try ContactsJSON.encode(batch)
        try sink(Data((wroteAny ? Self.separator : Self.open).utf8))
        try sink(text[(text.startIndex + Self.open.utf8.count)..<(text.endIndex - Self.close.utf8.count)])
        wroteAny = true
    }

    /// Ends the array (an empty one is written as ``ContactsJSON`` writes it).
    func finish(to sink: (Data) throws -> Void) throws {
        try sink(wroteAny ? Data(Self.close.utf8) : ContactsJSON.encode([]))
    }
}
