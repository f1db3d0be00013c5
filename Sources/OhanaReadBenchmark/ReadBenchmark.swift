import Foundation
import OhanaBenchmarkSupport
import OhanaVCard

/// `ohana-read-bench FILE.vcf`: the vCard read of an app that links only the reader.
///
/// Reads every card of the file into contacts and holds them all (`VCardReader.read(contentsOf:)`),
/// then prints the stage's figure (`vcard.read`: time, contacts per second, peak memory) as one JSON
/// line. The peer it is compared with, `cpp_kcontacts_parse` in ../shared/bench, is a program of the
/// same kind: it links KContacts and Qt and nothing else, and its peak memory is that process's.
/// `ohana-bench vcard` reads the same way inside the benchmark binary that links every module (the
/// store, the phone numbers, the server's dependencies), whose own pages take 13 MiB more; it prints
/// that read as `vcard.read.in-ohana-bench`.
@main
struct ReadBenchmark {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
            FileHandle.standardError.write(Data("usage: ohana-read-bench FILE.vcf\n".utf8))
            exit(2)
        }
        let url = URL(fileURLWithPath: path)
        do {
            let (cards, read) = try await read(url)
            guard read == cards else {
                FileHandle.standardError.write(Data("read \(read) contacts of \(cards) cards\n".utf8))
                exit(1)
            }
        } catch {
            FileHandle.standardError.write(Data("cannot read \(path): \(error.localizedDescription)\n".utf8))
            exit(1)
        }
    }

    /// Counts the cards (untimed), then reads them all as one measured stage; returns both counts.
    private static func read(_ url: URL) async throws -> (cards: Int, read: Int) {
        let cards = try countVCards(in: url)
        let loaded = try await measure("vcard.read", contacts: cards) {
            try VCardReader().read(contentsOf: url)
        }
        return (cards, loaded.contacts.count)
    }
}
