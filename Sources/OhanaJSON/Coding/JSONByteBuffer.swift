import Foundation
import Ohana

/// The bytes a ``JSONStreamWriter`` has written: one `malloc` block grown by doubling, appended
/// to through a pointer, and handed out as `Data` without a copy.
///
/// The writer appends a few bytes at a time (a quote, a key, a separator, a short value), millions
/// of times per file. `Array.append(contentsOf:)` checks uniqueness and capacity and updates the
/// count through several calls on each (6 % of `ohana process book.json` on its own); here an
/// append is one capacity check and a copy.
///
/// Complexity: appending *k* bytes is amortized O(*k*).
struct JSONByteBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int = 4096) {
        self.capacity = Swift.max(16, capacity)
        start = Self.allocate(self.capacity)
    }

    /// A buffer holding `bytes`, with room to grow.
    init(copying bytes: [UInt8]) {
        self.init(capacity: Swift.max(4096, bytes.count * 2))
        bytes.withUnsafeBufferPointer { append($0) }
    }

    deinit { free(start) }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let raw = malloc(capacity) else { fatalError("out of memory for \(capacity) bytes of JSON") }
        return raw.assumingMemoryBound(to: UInt8.self)
    }

    /// Makes room for `needed` more bytes, at least doubling the capacity.
    @inline(never)
    private mutating func grow(_ needed: Int) {
        let wanted = Swift.max(capacity * 2, count + needed)
        guard let raw = realloc(start, wanted) else { fatalError("out of memory for \(wanted) bytes of JSON") }
        start = raw.assumingMemoryBound(to: UInt8.self)
        capacity = wanted
    }

    /// Makes room for `total` bytes in all, without touching the room (so pages not written are not
    /// taken from the system).
    mutating func reserveCapacity(_ total: Int) {
        if total > capacity { grow(total - count) }
    }

    /// Appends `length` bytes the caller writes through the pointer returned (before reading them
    /// or appending more); the pointer is valid until the buffer next grows.
    mutating func appendUninitialized(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < length { grow(length) }
        defer { count += length }
        return start + count
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        start[count] = byte
        count += 1
    }

    /// Appends bytes.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        guard length > 0 else { return }
        if capacity - count < length { grow(length) }
        (start + count).update(from: bytes.baseAddress!, count: length)
        count += length
    }

    /// Appends `text`'s UTF-8.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The byte at `index` (below ``count``).
    subscript(index: Int) -> UInt8 {
        get {
            precondition(index >= 0 && index < count, "JSON buffer index out of range")
            return start[index]
        }
        set {
            precondition(index >= 0 && index < count, "JSON buffer index out of range")
            start[index] = newValue
        }
    }

    /// Drops the bytes from `index` on.
    mutating func removeAll(from index: Int) {
        precondition(index >= 0 && index <= count, "JSON buffer index out of range")
        count = index
    }

    /// Reverses the bytes from `index` to the end.
    mutating func reverse(from index: Int) {
        var tail = UnsafeMutableBufferPointer(start: start + index, count: count - index)
        tail.reverse()
    }

    /// A copy of the bytes in `range`.
    func copy(_ range: Range<Int>) -> [UInt8] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "JSON buffer range out of range")
        return Array(UnsafeBufferPointer(start: start + range.lowerBound, count: range.count))
    }

    /// A copy of every byte written.
    var array: [UInt8] { copy(0..<count) }

    /// The bytes written, handed over without a copy; the buffer is empty afterwards.
    mutating func takeData() -> Data {
        let data = Data(bytesNoCopy: start, count: count, deallocator: .free)
        capacity = 16
        start = Self.allocate(capacity)
        count = 0
        return data
    }
}
