/// The records of RFC 4180 CSV text, found in one pass over its UTF-8 bytes: where each record
/// lies, the line it starts on, and the records a never-closed quote broke.
///
/// Neither cells nor texts are kept here: ``cells(of:in:into:)`` splits one record into cells
/// when it is needed (on any core, into a buffer the caller reuses) and ``cell(_:in:)`` makes a
/// cell's text. Records end at CR LF, LF or a lone CR; a quoted cell may hold commas, line breaks
/// and doubled quotes; text after a closing quote is kept as it is (as Python's csv module does);
/// a quote inside an unquoted cell is an ordinary character.
struct CSVRecords: Sendable {
    /// One cell: its bytes, and whether they still hold quotes to undo (see ``cell(_:in:)``).
    struct Cell: Sendable {
        var start: Int
        var end: Int
        var quoted: Bool
    }

    /// One record: the line it starts on and where its bytes start; a record whose quoted cell is
    /// never closed is `unterminated` and has no cells.
    struct Record: Sendable {
        var line: Int
        var start: Int
        var unterminated: Bool
    }

    /// The records in file order.
    var records: [Record] = []
    /// The line reading stopped at after too many never-closed quotes, if it did.
    var stoppedAtLine: Int?

    /// Finds the records of `bytes` from offset `start`.
    ///
    /// A quoted cell that runs over a line break to the end of the input is never closed: its
    /// record is marked and reading resumes on the line after the record's first line, at most
    /// `maximumUnterminated` times. Complexity: O(*n*) in the size of the input for each of those.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, maximumUnterminated: Int) -> CSVRecords {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var result = CSVRecords()
        result.records.reserveCapacity(bytes.count / 128)
        var scratch: [Cell] = []
        let n = bytes.count
        var i = start
        var line = 1
        var unterminatedCount = 0
        while i < n {
            let recordStart = i, recordLine = line
            scratch.removeAll(keepingCapacity: true)
            if let end = record(bytes, at: recordStart, line: &line, cells: &scratch) {
                result.records.append(Record(line: recordLine, start: recordStart, unterminated: false))
                i = end
                continue
            }
            result.records.append(Record(line: recordLine, start: recordStart, unterminated: true))
            unterminatedCount += 1
            guard unterminatedCount < maximumUnterminated else {
                result.stoppedAtLine = recordLine + 1
                break
            }
            i = recordStart
            while i < n && bytes[i] != lf && bytes[i] != cr { i += 1 }
            if i < n { i += bytes[i] == cr && i + 1 < n && bytes[i + 1] == lf ? 2 : 1 }
            line = recordLine + 1
        }
        return result
    }

    /// The cells of a record that ``scan(_:from:maximumUnterminated:)`` found (none for an
    /// unterminated one), appended to `cells`.
    static func cells(of record: Record, in bytes: UnsafeBufferPointer<UInt8>, into cells: inout [Cell]) {
        guard !record.unterminated else { return }
        var line = record.line
        _ = Self.record(bytes, at: record.start, line: &line, cells: &cells)
    }

    /// The texts of a record's cells.
    static func texts(of record: Record, in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var found: [Cell] = []
        cells(of: record, in: bytes, into: &found)
        return found.map { cell($0, in: bytes) }
    }

    /// Reads the record that starts at `start`: appends its cells and returns where the next record
    /// starts, counting the lines it passes in `line`; `nil` when a quoted cell runs over a line
    /// break to the end of the input without being closed.
    private static func record(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, line: inout Int, cells: inout [Cell]
    ) -> Int? {
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let n = bytes.count
        var i = start
        while true {
            if bytes[i] == quote {
                let open = i
                var plain = true, closed = false, hasBreak = false
                i += 1
                while i < n {
                    let byte = bytes[i]
                    if byte == quote {
                        if i + 1 < n && bytes[i + 1] == quote {
                            plain = false
                            i += 2
                            continue
                        }
                        closed = true
                        i += 1
                        break
                    }
                    if byte == lf || (byte == cr && !(i + 1 < n && bytes[i + 1] == lf)) {
                        line += 1
                        hasBreak = true
                    }
                    i += 1
                }
                if !closed && hasBreak { return nil }
                let tail = i
                while i < n && bytes[i] != comma && bytes[i] != lf && bytes[i] != cr { i += 1 }
                if !closed || i > tail { plain = false }
                cells.append(plain ? Cell(start: open + 1, end: i - 1, quoted: false) : Cell(start: open, end: i, quoted: true))
            } else {
                let cellStart = i
                while i < n && bytes[i] != comma && bytes[i] != lf && bytes[i] != cr { i += 1 }
                cells.append(Cell(start: cellStart, end: i, quoted: false))
            }
            if i < n && bytes[i] == comma {
                i += 1
                if i == n { cells.append(Cell(start: n, end: n, quoted: false)) }
                if i < n { continue }
            }
            if i < n {
                i += bytes[i] == cr && i + 1 < n && bytes[i + 1] == lf ? 2 : 1
                line += 1
            }
            return i
        }
    }

    /// The text of a cell: a quoted cell loses its quotes and doubled quotes become one.
    static func cell(_ cell: Cell, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard cell.end > cell.start else { return "" }
        guard cell.quoted else { return String(decoding: UnsafeBufferPointer(rebasing: bytes[cell.start..<cell.end]), as: UTF8.self) }
        var text: [UInt8] = []
        text.reserveCapacity(cell.end - cell.start)
        var i = cell.start + 1
        var inside = true
        while i < cell.end {
            let byte = bytes[i]
            if inside && byte == UInt8(ascii: "\"") {
                if i + 1 < cell.end && bytes[i + 1] == UInt8(ascii: "\"") {
                    text.append(byte)
                    i += 2
                    continue
                }
                inside = false
            } else {
                text.append(byte)
            }
            i += 1
        }
        return String(decoding: text, as: UTF8.self)
    }
}
