import ArgumentParser
import Foundation
import Ohana
import OhanaBenchmarkSupport
import OhanaJSON
import OhanaSampleData

/// `ohana-bench json --count 100000`: encoding and decoding contacts one by one on one thread,
/// with Foundation's `JSONEncoder`/`JSONDecoder` and with the core's streaming coder, on the same
/// generated contacts; `cpuSeconds` is the figure to compare on a busy machine.
struct JSONBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Encode and decode contacts with Foundation's JSON coder and with Ohana's streaming one.")

    @Option(help: "How many contacts to generate.")
    var count = 100_000

    @Option(help: "The generator's seed.")
    var seed: UInt64 = 1

    func validate() throws {
        if count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() async throws {
        let contacts = ContactGenerator(seed: seed).generate(count: count)
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        let streaming = JSONBytesEncoder()
        let encoded = try await measure("json.encode.foundation", contacts: count) {
            try contacts.map { try foundation.encode($0) }
        }
        let streamed = try await measure("json.encode.streaming", contacts: count) {
            try contacts.map { try streaming.encode($0) }
        }
        guard encoded.elementsEqual(streamed, by: { $0.elementsEqual($1) }) else {
            throw ValidationError("the two encoders wrote different bytes")
        }
        let decoder = JSONDecoder()
        let bytesDecoder = JSONBytesDecoder()
        let decoded = try await measure("json.decode.foundation", contacts: count) {
            try encoded.map { try decoder.decode(Contact.self, from: $0) }
        }
        let fast = try await measure("json.decode.streaming", contacts: count) {
            try encoded.map { try bytesDecoder.decode(Contact.self, from: $0) }
        }
        guard decoded == fast else { throw ValidationError("the two decoders read different contacts") }
    }
}
