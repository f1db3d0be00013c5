import Foundation
import OhanaSampleData
import Testing
@testable import Ohana
@testable import OhanaJSON

@Suite("BackgroundWriter: a file written on a thread of its own")
struct BackgroundWriterTests {
    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ohana-writer-\(UUID().uuidString)")
    }

    /// Pieces of every size, queued faster than a 1 KiB limit lets them wait, land in order, whole.
    @Test func everythingQueuedIsWrittenInOrder() throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        let writer = BackgroundWriter(handle, limit: 1024)
        var expected = Data()
        for index in 0..<2_000 {
            let piece = Data((0..<(index * 37 % 3_001)).map { UInt8(truncatingIfNeeded: $0 &+ index) })
            expected.append(piece)
            try writer.enqueue(piece)
        }
        try writer.finish()
        try handle.close()
        #expect(try Data(contentsOf: url) == expected)
    }

    /// A device that is always full: the write error comes back from `finish` (and from the
    /// enqueueing that follows it), nothing hangs.
    @Test func aWriteErrorIsThrown() throws {
        guard let handle = FileHandle(forWritingAtPath: "/dev/full") else { return }  // not Linux
        let writer = BackgroundWriter(handle, limit: 1 << 16)
        var thrownByEnqueue = false
        for _ in 0..<200 {
            do { try writer.enqueue(Data(repeating: 7, count: 4_096)) } catch { thrownByEnqueue = true; break }
            usleep(100)
        }
        #expect(throws: (any Error).self) { try writer.finish() }
        #expect(thrownByEnqueue)
        // The library's file writing reports it too (in place: /dev/full is not a regular file).
        let contacts = ContactGenerator(seed: 3).generate(count: ContactsJSON.batchSize * 20)
        #expect(throws: (any Error).self) { try ContactsJSON.write(contacts, to: URL(fileURLWithPath: "/dev/full")) }
    }

    /// Written through the background writer, a file holds the bytes `encode` gives, across rounds.
    @Test(arguments: [true, false])
    func aFileWrittenInTheBackgroundIsTheEncoding(pretty: Bool) throws {
        let url = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let contacts = ContactGenerator(seed: 11).generate(count: ContactsJSON.batchSize * ContactsJSON.writingRound * 2 + 5)
        try ContactsJSON.write(contacts, pretty: pretty, to: url)
        #expect(try Data(contentsOf: url) == ContactsJSON.encode(contacts, pretty: pretty))
    }
}
