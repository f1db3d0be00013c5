import Foundation
import Testing
@testable import Ohana
@testable import OhanaJSON

@Suite("ReleasableFileBytes reads a whole file into memory of its own")
struct ReleasableFileBytesTests {
    /// A file of `count` bytes that differ from offset to offset (so a part read to the wrong place shows).
    private func file(of count: Int) throws -> (URL, Data) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("releasable-\(UUID().uuidString).bin")
        let data = Data(bytes)
        try data.write(to: url)
        return (url, data)
    }

    @Test("a file read a part per core holds exactly the file's bytes",
          arguments: [1, 4095, ReleasableFileBytes.parallelThreshold - 1, ReleasableFileBytes.parallelThreshold + 12_345])
    func readsEveryByteInPlace(size: Int) throws {
        let (url, data) = try file(of: size)
        defer { try? FileManager.default.removeItem(at: url) }
        let read = try #require(try ReleasableFileBytes(contentsOf: url))
        #expect(read.data.count == data.count)
        #expect(read.data == data)
    }

    @Test("released pages read as zeros, the rest stays")
    func releasedPagesReadAsZeros() throws {
        let size = ReleasableFileBytes.parallelThreshold + 100_000
        let (url, data) = try file(of: size)
        defer { try? FileManager.default.removeItem(at: url) }
        let read = try #require(try ReleasableFileBytes(contentsOf: url))
        read.release(0..<(1 << 20))
        #expect(read.data.prefix(1 << 20).allSatisfy { $0 == 0 })
        #expect(read.data.suffix(from: 1 << 20) == data.suffix(from: 1 << 20))
    }

    @Test("an empty file or a folder is left to be read another way")
    func emptyFileAndFolderGiveNil() throws {
        let (url, _) = try file(of: 0)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try ReleasableFileBytes(contentsOf: url) == nil)
        #expect(try ReleasableFileBytes(contentsOf: FileManager.default.temporaryDirectory) == nil)
    }
}
