import Foundation
import Ohana

/// Reads and writes contacts as JSON: an array of ``Contact`` in its `Codable` form.
///
/// Both directions work a batch of contacts at a time, on every core: reading splits the top-level
/// array into its elements first (one pass over the bytes), writing encodes batches in order and
/// hands each one to a sink as soon as it is ready, so that a large book is never one giant value.
public enum ContactsJSON {
    /// How many contacts one encoding or decoding task handles.
    package static let batchSize = 512

    /// Decodes contacts from JSON data; `source` names the file in errors.
    ///
    /// The input is an array of contacts, or an object with a `contacts` array. Any contact that
    /// cannot be decoded makes the whole call fail, naming its line; ``read(_:source:)`` skips it.
    public static func decode(_ data: Data, source: String) throws(ContactsProviderError) -> [Contact] {
        let loaded = try read(data, source: source)
        if let first = loaded.diagnostics.first(where: { $0.severity == .error }) {
            throw .invalidData(providerID: "json", source: source, line: first.line, reason: first.message)
        }
        return loaded.contacts
    }

    /// Reads contacts from JSON data; a contact that cannot be decoded becomes a diagnostic with
    /// its line, and the others still load. A file that is not a JSON array (or an object with a
    /// `contacts` array) at all throws, naming the line and the reason.
    ///
    /// Complexity: O(*n*) in the size of the data.
    public static func read(_ data: Data, source: String) throws(ContactsProviderError) -> LoadedContacts {
        try read(data, source: source, releasing: nil)
    }

    /// Reads as ``read(_:source:)`` does; `release` is called with each batch's byte range once
    /// the batch is decoded, so that a caller holding the bytes can give that memory back.
    package static func read(
        _ data: Data, source: String, releasing release: (@Sendable (Range<Int>) -> Void)?
    ) throws(ContactsProviderError) -> LoadedContacts {
        let layout: JSONArrayLayout
        switch JSONArrayLayout.split(data) {
        case .success(let found): layout = found
        case .failure(.notAnArray):
            return LoadedContacts(contacts: try decodeWhole(data, source: source))
        case .failure(.malformed(let line, let reason)):
            throw .invalidData(providerID: "json", source: source, line: line, reason: reason)
        }
        guard !layout.elements.isEmpty else { return LoadedContacts(contacts: []) }
        let batches = stride(from: 0, to: layout.elements.count, by: batchSize).map {
            $0..<min(layout.elements.count, $0 + batchSize)
        }
        // Batches are decoded on every core straight into their places in the one result array
        // (then closed up over contacts that failed): the contacts are never held twice.
        let filled = parallelFill(batches: batches) { (_, batch, emit: (consuming Contact) -> Void) in
            let diagnostics = decodeBatch(batch, of: layout, in: data, source: source, decoder: makeDecoder(), emit: emit)
            release?(layout.elements[batch.lowerBound].bytes.lowerBound..<layout.elements[batch.upperBound - 1].bytes.upperBound)
            return diagnostics
        }
        return LoadedContacts(contacts: filled.elements, diagnostics: filled.extras.flatMap { $0 })
    }

    /// Encodes contacts as ``encode(_:pretty:)`` does, byte for byte, handing the text to `sink` a
    /// batch at a time (batches are encoded on every core, a few at once, and passed on in order).
    public static func write(_ contacts: [Contact], pretty: Bool = true, to sink: (Data) throws -> Void) throws {
        guard !contacts.isEmpty else { return try sink(makeEncoder(pretty: pretty).encode(contacts)) }
        let brackets = ArrayBrackets(pretty: pretty)
        try sink(Data(brackets.open.utf8))
        try writeElements(contacts, first: true, pretty: pretty, to: sink)
        try sink(Data(brackets.close.utf8))
    }

    /// How `JSONEncoder` writes an array: "[" NL elements joined by "," NL, then NL "]" (pretty),
    /// or "[" elements joined by "," "]". Batches are encoded as arrays whose brackets are cut off
    /// and re-joined.
    struct ArrayBrackets {
        let open: String, separator: String, close: String
        init(pretty: Bool) { (open, separator, close) = pretty ? ("[\n", ",\n", "\n]") : ("[", ",", "]") }
    }

    /// Writes the elements of a non-empty array's text, separated (and preceded by a separator
    /// unless they are the `first`), without brackets: rounds of batches encoded on every core, each
    /// handed to `sink` in order, on the calling thread. A file is written on a thread of its own
    /// (``writeInBackground(to:_:)``), so the cores do not wait for the kernel's copy.
    static func writeElements(_ contacts: [Contact], first: Bool, pretty: Bool, to sink: (Data) throws -> Void) throws {
        let brackets = ArrayBrackets(pretty: pretty)
        let round = batchSize * max(processorCount, writingRound)
        var start = 0
        while start < contacts.count {
            let end = min(contacts.count, start + round)
            try writePieces(encodeBatches(of: contacts, start..<end, pretty: pretty), first: first && start == 0, brackets: brackets, to: sink)
            start = end
        }
    }

    /// Batches encoded side by side, then written.
    static let writingRound = 8

    /// The contacts of `range` encoded as arrays of ``batchSize`` on every core, in order.
    static func encodeBatches(of contacts: [Contact], _ range: Range<Int>, pretty: Bool) -> [Result<Data, any Error>] {
        let batches = stride(from: range.lowerBound, to: range.upperBound, by: batchSize).map {
            $0..<min(range.upperBound, $0 + batchSize)
        }
        return parallelMap(batches, minimumPerWorker: 1, state: { makeBytesEncoder(pretty: pretty) }) { encoder, batch in
            Result { try encodeBatch(contacts[batch], with: encoder, pretty: pretty) }
        }
    }

    /// Hands a round's encoded batches to `sink` in order, without their brackets, each after a
    /// separator except the very first of the array.
    private static func writePieces(
        _ pieces: [Result<Data, any Error>], first: Bool, brackets: ArrayBrackets, to sink: (Data) throws -> Void
    ) throws {
        for (index, result) in pieces.enumerated() {
            let text = try result.get()
            if !first || index > 0 { try sink(Data(brackets.separator.utf8)) }
            try sink(text[(text.startIndex + brackets.open.utf8.count)..<(text.endIndex - brackets.close.utf8.count)])
        }
    }

    /// Writes contacts to a file as ``write(_:pretty:to:)`` encodes them, through a temporary file
    /// next to it that replaces it at the end, so that a failed write leaves no half file. The
    /// text is written by a thread of its own while the next batches are encoded.
    public static func write(_ contacts: [Contact], pretty: Bool = true, to url: URL) throws {
        try ReplacingFile.write(to: url) { handle in
            try writeInBackground(to: handle) { sink in try write(contacts, pretty: pretty, to: sink) }
        }
    }

    /// Runs `body` with a sink that queues what it is given for a ``BackgroundWriter`` on `handle`,
    /// then waits for the writing to end; the first error, `body`'s or a write's, is thrown.
    package static func writeInBackground(to handle: FileHandle, _ body: ((Data) throws -> Void) throws -> Void) throws {
        let writer = BackgroundWriter(handle)
        do {
            try body { try writer.enqueue($0) }
        } catch {
            try? writer.finish()
            throw error
        }
        try writer.finish()
    }

    /// The streaming encoder set up as ``makeEncoder(pretty:)`` sets up Foundation's: same bytes.
    private static func makeBytesEncoder(pretty: Bool) -> JSONBytesEncoder {
        var encoder = JSONBytesEncoder()
        encoder.pretty = pretty
        encoder.escapesSlashes = false
        encoder.datesAsISO8601 = true
        return encoder
    }

    /// A batch as one JSON array: by the streaming encoder, or by Foundation's for a value it cannot stream.
    private static func encodeBatch(_ batch: ArraySlice<Contact>, with encoder: JSONBytesEncoder, pretty: Bool) throws -> Data {
        do {
            return try encoder.encodeData(contacts: batch)
        } catch is JSONBytesEncoder.Unsupported {
            return try makeEncoder(pretty: pretty).encode(Array(batch))
        }
    }

    static func makeEncoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    @Sendable private static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// The streaming decoder set up as ``makeDecoder()`` sets up Foundation's.
    private static let bytesDecoder: JSONBytesDecoder = {
        var decoder = JSONBytesDecoder()
        decoder.datesAsISO8601 = true
        return decoder
    }()

    /// Decodes one batch of elements, each straight from the data by the streaming decoder; an
    /// element it does not accept is decoded by Foundation's, and one that fails there is reported
    /// with its line while the good ones still load.
    private static func decodeBatch(
        _ batch: Range<Int>, of layout: JSONArrayLayout, in data: Data, source: String, decoder: JSONDecoder,
        emit: (consuming Contact) -> Void
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        data.withUnsafeBytes { raw in
            for element in layout.elements[batch] {
                if let contact = try? bytesDecoder.decode(Contact.self, from: UnsafeRawBufferPointer(rebasing: raw[element.bytes])) {
                    emit(contact)
                    continue
                }
                let text = data[(data.startIndex + element.bytes.lowerBound)..<(data.startIndex + element.bytes.upperBound)]
                do {
                    emit(try decoder.decode(Contact.self, from: text))
                } catch let error as DecodingError {
                    diagnostics.append(Diagnostic(
                        .error, source: source, line: element.line,
                        message: "the contact starting on this line is skipped: \(describe(error))"))
                } catch {
                    diagnostics.append(Diagnostic(
                        .error, source: source, line: element.line, message: "the contact starting on this line is skipped: \(error)"))
                }
            }
        }
        return diagnostics
    }

    /// The object form, `{"contacts": [...]}`, decoded in one piece.
    private static func decodeWhole(_ data: Data, source: String) throws(ContactsProviderError) -> [Contact] {
        do {
            return try makeDecoder().decode(Wrapper.self, from: data).contacts
        } catch let error as DecodingError {
            throw .invalidData(providerID: "json", source: source, line: nil, reason: describe(error))
        } catch {
            throw .invalidData(providerID: "json", source: source, line: nil, reason: "\(error)")
        }
    }

    private struct Wrapper: Decodable { var contacts: [Contact] }

    private static func describe(_ error: DecodingError) -> String {
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
