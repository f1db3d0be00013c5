import Foundation
import Ohana
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole file read into memory of its own (an anonymous mapping), whose parts can be handed
/// back to the system once they are no longer needed: a large file being decoded front to back
/// then never holds both all of its bytes and all of its decoded values.
///
/// Unlike a mapping of the file itself, a file changed or truncated while it is read cannot make
/// later accesses fault: the bytes are a copy.
package final class ReleasableFileBytes: @unchecked Sendable {
    /// The bytes; valid while this object lives. A released range reads as zeros.
    package let data: Data
    private let base: UnsafeMutableRawPointer
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Reads the regular file at `url`; `nil` when it is not a regular file (a pipe, say) or cannot
    /// be mapped, and the caller reads it another way. Throws when reading fails.
    package init?(contentsOf url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size > 0 else { return nil }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED else { return nil }
        // Large files are read a part per core: copying the bytes into fresh pages (a page fault and
        // a zeroed page every 4 KiB) took a quarter of `ohana process book.json` on one core.
        let parts = size >= Self.parallelThreshold ? processorCount : 1
        let buffer = SendableAddress(mapped)
        let outcomes = parallelMap(Array(0..<parts), minimumPerWorker: 1, state: {}) { _, part in
            Self.read(descriptor, into: buffer.pointer, from: size * part / parts, to: size * (part + 1) / parts)
        }
        for outcome in outcomes {
            switch outcome {
            case .complete: continue
            case .shrank:
                munmap(mapped, size)
                return nil  // The file shrank while being read: read it another way.
            case .failed(let code):
                munmap(mapped, size)
                throw CocoaError(.fileReadUnknown, userInfo: [
                    NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
                ])
            }
        }
        base = mapped
        data = Data(bytesNoCopy: mapped, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }

    /// Files from this size on are read a part per core.
    static let parallelThreshold = 4 << 20

    /// How reading one part of the file ended.
    private enum ReadOutcome: Sendable {
        case complete
        /// The file ended before the part did.
        case shrank
        /// `read` failed with this `errno`.
        case failed(Int32)
    }

    /// The buffer the parts are read into, each part by one worker.
    private struct SendableAddress: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
        init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    }

    /// Reads bytes `start..<end` of the file into the same offsets of `buffer`.
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, from start: Int, to end: Int) -> ReadOutcome {
        var filled = start
        while filled < end {
            let count = pread(descriptor, buffer + filled, end - filled, off_t(filled))
            if count < 0, errno == EINTR { continue }
            if count < 0 { return .failed(errno) }
            if count == 0 { return .shrank }
            filled += count
        }
        return .complete
    }

    /// Gives the whole pages inside `range` (byte offsets into ``data``) back to the system.
    package func release(_ range: Range<Int>) {
        let start = (range.lowerBound + pageSize - 1) / pageSize * pageSize
        let end = range.upperBound / pageSize * pageSize
        guard end > start else { return }
        madvise(base + start, end - start, MADV_DONTNEED)
    }
}
