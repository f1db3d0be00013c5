import ArgumentParser
import Foundation
import Ohana
import OhanaBenchmarkSupport
import OhanaCSV

/// `ohana-bench csv FILE.csv`: reading and writing a Google Contacts or Outlook CSV file.
///
/// Stage `csv.read` does at least the work of ../shared/bench/peers/py_csv_parse.py (open the file,
/// parse every row, collect the phone numbers), and more: it decodes the text (UTF-8 or
/// Windows-1252), maps every column onto the contact model, and keeps unknown columns. Stage
/// `csv.write` writes the contacts back in the file's dialect. An untimed first pass counts the
/// rows, so the figures cover the file already in the page cache, as the peer's do.
struct CSVBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Read a contacts CSV file into contacts, then write them back as CSV.")

    @Argument(help: "A Google Contacts or Outlook CSV file (such as `ohana convert book.vcf --to csv`).")
    var file: String

    @Option(help: "The dialect to read and write (google, outlook); detected from the header when left out.")
    var dialect: String?

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        var chosen: CSVDialect?
        if let dialect {
            guard let parsed = CSVDialect(rawValue: dialect) else { throw ValidationError("unknown dialect '\(dialect)' (google, outlook)") }
            chosen = parsed
        }
        let reader = CSVContactsReader(dialect: chosen)
        let count: Int
        let header: [String]
        do {
            let data = try Data(contentsOf: url)
            count = reader.read(data, source: file).contacts.count
            header = String(decoding: data.prefix(4096), as: UTF8.self).split(whereSeparator: \.isNewline).first
                .map { $0.split(separator: ",").map(String.init) } ?? []
        } catch {
            throw ValidationError("cannot read \(file): \(error.localizedDescription)")
        }

        var phones = 0
        let loaded = try await measure("csv.read", contacts: count) {
            let loaded = reader.read(try Data(contentsOf: url), source: file)
            phones = loaded.contacts.reduce(0) { $0 + $1.phoneNumbers.count }
            return loaded
        }
        let writer = CSVContactsWriter(dialect: chosen ?? CSVDialect.detect(header: header) ?? .google)
        let written = await measure("csv.write", contacts: loaded.contacts.count) {
            writer.write(loaded.contacts)
        }
        struct Counts: Codable {
            var tool = "ohana-swift", stage = "csv.counts"
            var tels: Int, diagnostics: Int, bytesIn: Int, bytesOut: Int
        }
        let counts = Counts(
            tels: phones, diagnostics: loaded.diagnostics.count,
            bytesIn: (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0, bytesOut: written.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: (try? encoder.encode(counts)) ?? Data(), as: UTF8.self))
    }
}
