import Foundation
import Ohana
import OhanaFormats

/// `ohana convert` of one vCard file to JSON a batch at a time, through the library's
/// ``StreamingConversion``: what the arguments allow, and the tool's messages.
enum StreamingConvert {
    /// Whether the inputs can be converted as a stream: one file argument (not `-`, not a CardDAV
    /// URL) that the library's ``StreamingConversion/applies(toFileAt:declared:writer:)`` accepts.
    static func applies(to inputs: [String], inputFormat: InputFormat?, output: OutputOptions) -> Bool {
        guard inputs.count == 1, inputs[0] != "-", !isCardDAVArgument(inputs[0]) else { return false }
        return StreamingConversion.applies(toFileAt: inputs[0], declared: inputFormat, writer: output.writer)
    }

    /// Reads `path` and writes its contacts as JSON to `outputFile` (standard output when `nil`),
    /// printing the diagnostics as they are found. Returns the contacts written and the errors found.
    static func run(_ path: String, to outputFile: String?, pretty: Bool = true) async throws -> (contacts: Int, errors: Int) {
        var errors = 0
        let report = { (diagnostic: Diagnostic) in
            printError(diagnostic.description)
            if diagnostic.severity == .error { errors += 1 }
        }
        do {
            let written: Int
            if let outputFile {
                written = try await StreamingConversion.convert(
                    vCardFileAt: path, pretty: pretty, toFile: URL(fileURLWithPath: outputFile), report: report)
            } else {
                written = try await StreamingConversion.convert(
                    vCardFileAt: path, pretty: pretty, to: { try writeStandardOutput($0) }, report: report)
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
