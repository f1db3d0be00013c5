import Ohana

/// A content line after unfolding: its bytes and the 1-based number of the physical line it starts on.
///
/// A line that was not folded is a slice of the bytes fed, not a copy.
struct LogicalLine {
    var bytes: ArraySlice<UInt8>
    var line: Int
}

/// Splits bytes into physical lines and joins folded lines into logical ones, incrementally.
///
/// Line breaks: LF, CRLF, a lone CR, and CR CR LF (one break). Folding: a line starting with a space
/// or tab continues the previous one; a quoted-printable value ending in `=` continues on the next
/// line; a 2.1 base64 value continues on following lines that hold only base64 characters.
/// Memory is bounded by ``VCardReadingOptions/maxLineLength`` and ``VCardReadingOptions/maxPropertySize``.
struct LineReader {
    private let maxLineLength: Int
    private let maxPropertySize: Int

    // Physical line in progress.
    private var physical: [UInt8] = []
    private var physicalOverflow = false
    private var lineNumber = 1
    private var pendingCRs = 0
    private var atStart = true

    // Logical line in progress.
    private var current: LogicalLine?
    private var currentIsQuotedPrintable = false
    private var currentIsBase64 = false
    private var currentOverflow = false
    private var skippingContinuations = false

    /// Problems found while splitting lines (overlong lines), in order.
    private(set) var diagnostics: [(line: Int, severity: Diagnostic.Severity, message: String)] = []

    init(maxLineLength: Int, maxPropertySize: Int, firstLine: Int = 1) {
        self.maxLineLength = maxLineLength
        self.maxPropertySize = maxPropertySize
        self.lineNumber = firstLine
    }

    /// The number the next physical line gets: the first line's number plus the line breaks read.
    var nextLineNumber: Int { lineNumber }

    /// Takes and clears the diagnostics found so far.
    mutating func takeDiagnostics() -> [(line: Int, severity: Diagnostic.Severity, message: String)] {
        defer { diagnostics.removeAll(keepingCapacity: true) }
        return diagnostics
    }

    /// Feeds the next chunk of input; calls `emit` for every logical line completed. Lines that lie
    /// whole in the chunk are handed out as slices of it.
    mutating func feed(_ owned: [UInt8], emit: (consuming LogicalLine) -> Void) {
        owned.withUnsafeBufferPointer { feed($0, owned: owned, emit: emit) }
    }

    private mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, owned: [UInt8], emit: (consuming LogicalLine) -> Void) {
        var start = 0
        var index = 0
        let count = chunk.count
        let raw = UnsafeRawBufferPointer(chunk)
        if atStart {
            // A UTF-8 byte order mark at the very beginning is dropped.
            if count > 0 { atStart = false }
            if count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF {
                start = 3
                index = 3
            }
        }
        while index < count {
            let byte = chunk[index]
            if pendingCRs > 0 {
                if byte == 0x0D {
                    pendingCRs += 1
                    index += 1
                    start = index
                    continue
                }
                if byte == 0x0A {
                    // CR…CR LF is one line break.
                    pendingCRs = 0
                    endPhysicalLine(emit: emit)
                    index += 1
                    start = index
                    continue
                }
                // Lone CRs: each one ends a line (old Mac line endings).
                let breaks = pendingCRs
                pendingCRs = 0
                for _ in 0..<breaks { endPhysicalLine(emit: emit) }
                start = index
            }
            if byte == 0x0A || byte == 0x0D {
                if physical.isEmpty, !physicalOverflow, index - start <= maxLineLength,
                    byte == 0x0A || (index + 1 < count && chunk[index + 1] == 0x0A)
                {
                    // The whole line and its LF or CRLF are in this chunk: read it where it is.
                    takeLine(owned[start..<index], emit: emit)
                    if byte == 0x0D { index += 1 }
                } else {
                    append(chunk, from: start, to: index)
                    if byte == 0x0A {
                        endPhysicalLine(emit: emit)
                    } else {
                        pendingCRs = 1
                    }
                }
                index += 1
                start = index
            } else {
                index += 1
                // On to the next line break eight bytes at a time (a byte at a time was 4 % of reading).
                while index + 8 <= count {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    if WordBytes.matches(word, 0x0A) | WordBytes.matches(word, 0x0D) != 0 { break }
                    index += 8
                }
            }
        }
        if pendingCRs == 0 { append(chunk, from: start, to: count) }
    }

    /// Ends the input: completes the last physical and logical lines.
    mutating func finish(emit: (consuming LogicalLine) -> Void) {
        // Each CR still pending ends a line, as it does before any byte but LF (the lines after the
        // first are empty): a run cut after lone CRs numbers its lines as the whole input does.
        let breaks = pendingCRs
        pendingCRs = 0
        for _ in 0..<breaks { endPhysicalLine(emit: emit) }
        if !physical.isEmpty || physicalOverflow { endPhysicalLine(emit: emit) }
        flushLogical(emit: emit)
    }

    private mutating func append(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard end > start, !physicalOverflow else { return }
        if physical.count + (end - start) > maxLineLength {
            physicalOverflow = true
            physical.removeAll()
            return
        }
        physical.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<end]))
    }

    private mutating func endPhysicalLine(emit: (consuming LogicalLine) -> Void) {
        let number = lineNumber
        lineNumber += 1
        if physicalOverflow {
            physicalOverflow = false
            physical.removeAll(keepingCapacity: false)
            flushLogical(emit: emit)
            skippingContinuations = true
            diagnostics.append((number, .error, "line is longer than \(maxLineLength) bytes; skipped"))
            return
        }
        var line: [UInt8] = []
        swap(&line, &physical)  // handed out as it is (a logical line may keep it)
        takePhysical(line[...], number: number, emit: emit)
    }

    /// A complete physical line read in place (no CR pending, nothing gathered).
    private mutating func takeLine(_ line: ArraySlice<UInt8>, emit: (consuming LogicalLine) -> Void) {
        let number = lineNumber
        lineNumber += 1
        takePhysical(line, number: number, emit: emit)
    }

    private mutating func takePhysical(_ line: ArraySlice<UInt8>, number: Int, emit: (consuming LogicalLine) -> Void) {
        // The line in progress is read and changed in place: a copy of it (`if var open = current`)
        // retained and released its bytes once for every line.
        if currentIsQuotedPrintable, !currentOverflow, current?.bytes.last == 0x3D {
            // Quoted-printable soft line break: drop the "=" and join, white space included.
            current!.bytes.removeLast()
            appendToCurrent(line)
            return
        }
        if let first = line.first, first == 0x20 || first == 0x09 {
            if current != nil {
                appendToCurrent(line.dropFirst())
                return
            }
            if skippingContinuations { return }
            let trimmed = line.drop(while: { $0 == 0x20 || $0 == 0x09 })
            if trimmed.isEmpty { return }
            diagnostics.append((number, .warning, "line starts with white space but continues nothing; read as a line of its own"))
            startLogical(trimmed, number: number)
            return
        }
        if current != nil {
            if current!.bytes.last == 0x5C, !line.isEmpty, !line.contains(0x3A), !currentOverflow,
                current!.bytes.reversed().prefix(while: { $0 == 0x5C }).count % 2 == 1
            {
                // A value ending in a lone backslash goes on on the next line (old Android exports).
                current!.bytes[current!.bytes.endIndex - 1] = 0x0A
                appendToCurrent(line)
                return
            }
            if currentIsBase64, !line.isEmpty, line.allSatisfy(isBase64Byte) {
                appendToCurrent(line)
                return
            }
        }
        flushLogical(emit: emit)
        skippingContinuations = false
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }  // blank line
        startLogical(line, number: number)
    }

    private mutating func startLogical(_ bytes: ArraySlice<UInt8>, number: Int) {
        currentOverflow = false
        // Scanned through a buffer: slicing the line for its header retained it once more.
        (currentIsQuotedPrintable, currentIsBase64) = bytes.withUnsafeBufferPointer { buffer in
            let (end, hasParameters) = Self.header(of: buffer)
            // The encodings are parameters: a name without any (most lines) is not searched for them.
            guard hasParameters else { return (false, false) }
            let header = UnsafeBufferPointer(rebasing: buffer[..<end])
            // Each of the three words holds a Q or a B: a header with neither (`TEL;TYPE=work`, most
            // of them) is not searched three times.
            guard header.contains(where: { $0 | 0x20 == 0x71 || $0 | 0x20 == 0x62 }) else { return (false, false) }
            return (
                Self.contains(header, Self.quotedPrintableWord),
                Self.contains(header, Self.base64Word) || Self.contains(header, Self.encodingBWord))
        }
        current = LogicalLine(bytes: bytes, line: number)
        if bytes.count > maxPropertySize { markOverflow() }
    }

    private mutating func appendToCurrent(_ bytes: ArraySlice<UInt8>) {
        guard !currentOverflow, current != nil else { return }
        if current!.bytes.count + bytes.count > maxPropertySize {
            markOverflow()
            return
        }
        current!.bytes.append(contentsOf: bytes)
    }

    private mutating func markOverflow() {
        currentOverflow = true
        current?.bytes = []
    }

    private mutating func flushLogical(emit: (consuming LogicalLine) -> Void) {
        guard let line = current.take() else { return }  // moved out, not copied
        if currentOverflow {
            currentOverflow = false
            diagnostics.append((line.line, .error, "property is larger than \(maxPropertySize) bytes; skipped"))
            return
        }
        emit(line)
    }

    /// Where the bytes before the first colon outside double quotes (name and parameters) end,
    /// and whether they hold a `;` (so parameters).
    static func header(of bytes: UnsafeBufferPointer<UInt8>) -> (end: Int, hasParameters: Bool) {
        var inQuotes = false
        var hasParameters = false
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x22 { inQuotes.toggle() }
            else if b == 0x3B { hasParameters = true }
            else if b == 0x3A, !inQuotes { return (i, hasParameters) }
            i += 1
        }
        return (bytes.count, hasParameters)
    }

    // Static strings, not arrays: read through their pointers, with no lazy global to check and
    // no array to retain for every line that has parameters.
    private static var quotedPrintableWord: StaticString { "QUOTED-PRINTABLE" }
    private static var base64Word: StaticString { "BASE64" }
    private static var encodingBWord: StaticString { "ENCODING=B" }

    /// Whether `haystack` contains the ASCII upper-case `word`, ignoring case.
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let n = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard haystack.count >= n.count, let first = n.first else { return false }
        var i = 0
        let last = haystack.count - n.count
        while i <= last {
            if asciiUpper(haystack[i]) == first {
                var j = 1
                while j < n.count, asciiUpper(haystack[i + j]) == n[j] { j += 1 }
                if j == n.count { return true }
            }
            i += 1
        }
        return false
    }
}

@inline(__always) func asciiUpper(_ b: UInt8) -> UInt8 { (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b }

@inline(__always) func isBase64Byte(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2F
        || b == 0x3D
}
