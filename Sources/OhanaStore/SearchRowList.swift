import Foundation
import Ohana

/// A search's candidates as their search rows (``SearchRow``), one after the other in one buffer:
/// what a search ranks on the bytes, without making a `Contact` per candidate (only the few it
/// shows, and those a plain reading of the bytes cannot rank, are decoded:
/// ``SearchRow/lightContact(_:)``).
package struct SearchRowList: Sendable {
    /// Every row, one after the other.
    package private(set) var bytes: [UInt8] = []
    /// Where each row ends in ``bytes`` (it starts where the one before ends).
    package private(set) var ends: [Int] = []

    /// An empty list.
    package init() {}

    /// The number of rows.
    package var count: Int { ends.count }

    /// The byte range of the row at `index`.
    package func range(at index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// Adds the rows of `rows`, in order.
    package mutating func append(_ rows: [[UInt8]]) {
        for row in rows {
            bytes.append(contentsOf: row)
            ends.append(bytes.count)
        }
    }

    /// Adds a backend's chunk (``StoredJSONChunk``), in order: a search row as it is, stored JSON as
    /// the row of its light contact (``SearchCandidates/decode(_:at:codec:)``, the same parts).
    package mutating func append(_ chunk: StoredJSONChunk) throws {
        let isRows = chunk.ends.indices.allSatisfy { chunk.bytes[chunk.range(at: $0)].first == SearchRow.version }
        if isRows {
            let offset = bytes.count
            bytes.append(contentsOf: chunk.bytes)
            ends.append(contentsOf: chunk.ends.map { $0 + offset })
            return
        }
        let codec = ContactCodec()
        for index in 0..<chunk.count {
            let range = chunk.range(at: index)
            if chunk.bytes[range].first == SearchRow.version {
                bytes.append(contentsOf: chunk.bytes[range])
            } else {
                bytes.append(contentsOf: SearchRow.encode(try SearchCandidates.decode(chunk, at: index, codec: codec)))
            }
            ends.append(bytes.count)
        }
    }

    /// The light contact of the row at `index` (``SearchCandidates/lightContact(_:)``).
    /// - Throws: ``SearchRow/Unreadable`` when the row is not a whole row.
    package func lightContact(at index: Int) throws -> Contact {
        let light = bytes.withUnsafeBytes { SearchRow.lightContact(UnsafeRawBufferPointer(rebasing: $0[range(at: index)])) }
        guard let light else { throw SearchRow.Unreadable() }
        return light
    }
}

extension StoreRowBackend {
    /// ``SearchCandidateStorage/searchCandidateRows(fullText:namePrefix:)`` over a backend's rows,
    /// in one read transaction.
    package func rowSearchCandidateRows(fullText: [String], namePrefix: String) async throws -> SearchRowList {
        try await readRows { rows in
            var list = SearchRowList()
            try rows.searchCandidateRows(fullText: fullText, namePrefix: namePrefix) { try list.append($0) }
            return list
        }
    }
}

/// Where the parts of a search row (``SearchRow``) lie in its bytes, read without making a String,
/// for ranking on the bytes. One is kept per worker and read into for each row (no allocation once
/// its arrays have grown).
package struct SearchRowLayout {
    /// The start of each of the twelve texts (``SearchCandidates/lightTexts(of:)``'s order) in
    /// the row's bytes, `-1` for none.
    package private(set) var textStarts = [Int](repeating: -1, count: SearchCandidates.lightTextCount)
    /// The end of each of the twelve texts.
    package private(set) var textEnds = [Int](repeating: -1, count: SearchCandidates.lightTextCount)
    /// The start of each field's value.
    package private(set) var valueStarts: [Int] = []
    /// The end of each field's value.
    package private(set) var valueEnds: [Int] = []
    /// Whether each of the twelve texts is plain ASCII without a carriage return (so that folding
    /// is lowering A–Z and words are runs of ASCII letters and digits); `true` for none.
    package private(set) var textIsPlain = [Bool](repeating: true, count: SearchCandidates.lightTextCount)
    /// Whether each field's value is plain ASCII without a carriage return.
    package private(set) var valueIsPlain: [Bool] = []
    /// Whether every text and field value is plain ASCII without a carriage return.
    package private(set) var isPlainASCII = false

    /// An empty layout.
    package init() {}

    /// The number of fields read.
    package var fieldCount: Int { valueStarts.count }

    /// The field types' raw values as bytes, for telling a row's types without making a String.
    private static let fieldTypes: [[UInt8]] = ContactFieldType.allCases.map { Array($0.rawValue.utf8) }

    /// Reads the layout of `bytes`; `false` when it is not a whole row of this form (exactly when
    /// ``SearchRow/lightContact(_:)`` reads nothing: a text that is not valid UTF-8 included).
    package mutating func read(_ bytes: UnsafeRawBufferPointer) -> Bool {
        isPlainASCII = false
        valueStarts.removeAll(keepingCapacity: true)
        valueEnds.removeAll(keepingCapacity: true)
        valueIsPlain.removeAll(keepingCapacity: true)
        guard bytes.first == SearchRow.version else { return false }
        var position = 1
        var plain = true
        var textPlain = true
        func number() -> Int? {
            var value = 0
            var shift = 0
            while shift < 63, position < bytes.count {
                let byte = bytes[position]
                position += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        /// A text's bounds: `(-1, -1)` for none, `nil` when malformed.
        func text() -> (Int, Int)? {
            textPlain = true
            guard let stored = number() else { return nil }
            guard stored > 0 else { return (-1, -1) }
            let end = position + stored - 1
            guard end <= bytes.count else { return nil }
            textPlain = true
            for index in position..<end where bytes[index] >= 0x80 || bytes[index] == 0x0D {
                textPlain = false
                break
            }
            if !textPlain {
                plain = false
                guard Self.isValidUTF8(UnsafeRawBufferPointer(rebasing: bytes[position..<end])) else { return nil }
            }
            defer { position = end }
            return (position, end)
        }
        for index in 0..<SearchCandidates.lightTextCount {
            guard let (start, end) = text() else { return false }
            textStarts[index] = start
            textEnds[index] = end
            textIsPlain[index] = textPlain
        }
        guard textStarts[0] >= 0, let count = number(), count <= bytes.count else { return false }
        for _ in 0..<count {
            guard let (typeStart, typeEnd) = text(), typeStart >= 0,
                  Self.fieldTypes.contains(where: { $0.elementsEqual(bytes[typeStart..<typeEnd]) }),
                  let (start, end) = text(), start >= 0 else { return false }
            valueStarts.append(start)
            valueEnds.append(end)
            valueIsPlain.append(textPlain)
        }
        guard position == bytes.count else { return false }
        isPlainASCII = plain
        return true
    }

    /// Whether `bytes` are well-formed UTF-8 (as `String(validating:as:)` takes them).
    private static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
