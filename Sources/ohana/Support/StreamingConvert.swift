import Foundation
import Ohana
import OhanaVCard

/// `ohana convert` of one vCard file to JSON, a batch at a time: the reader reads the next batch
/// while ``ContactsJSON`` encodes and writes one, so memory holds a few batches, not the address
/// book. The output is the same, byte for byte, as encoding every contact at once.
enum StreamingConvert {
    /// Contacts per batch: one ``ContactsJSON`` encoding round on two cores.
    static let batchSize = 1024

    /// Whether the inputs can be converted as a stream: one regular `.vcf` file (or one named vCard by
    /// `--input-format`) to JSON.
    static func applies(to inputs: [String], inputFormat: InputFormat?, output: OutputOptions) -> Bool {
        guard inputs.count == 1, output.format == .json, output.jscontactGroup == nil else { return false }
        let path = inputs[0]
        guard path != "-", !isCardDAVArgument(path), (inputFormat ?? InputFormat(path: path)) == .vcard else { return false }
        let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
        return type == .typeRegular
    }

    /// Reads `path` and writes its contacts as JSON to `outputFile` (standard output when `nil`)
    /// through ``ContactsJSON/write(batches:pretty:toFile:report:)``, printing the diagnostics as
    /// they are found. Returns the contacts written and the errors found.
    static func run(_ path: String, to outputFile: String?, pretty: Bool = true) async throws -> (contacts: Int, errors: Int) {
        let url = URL(fileURLWithPath: path)
        var options = VCardReadingOptions()
        options.providerID = "vcard:\(url.lastPathComponent)"  // as VCardFileProvider(url:) names it
        let batches = VCardReader(options: options).contacts(in: url, batchSize: batchSize)
        var errors = 0
        let report = { (diagnostic: Diagnostic) in
            printError(diagnostic.description)
            if diagnostic.severity == .error { errors += 1 }
        }
        do {
            let written: Int
            if let outputFile {
                written = try await ContactsJSON.write(batches: batches, pretty: pretty, toFile: URL(fileURLWithPath: outputFile), report: report)
            } else {
                written = try await ContactsJSON.write(batches: batches, pretty: pretty, to: { try writeStandardOutput($0) }, report: report)
            }
            return (written, errors)
        } catch let error as ToolError {
            throw error
        } catch let error as CocoaError where (512...642).contains(error.code.rawValue) {  // Foundation's file-write codes, out of space (640) included
            throw ToolError("\(outputFile ?? "-"): cannot write: \(readFailureReason(error))")
        } catch {
            throw ToolError("\(path): \(readFailureReason(error))")
        }
    }
}
