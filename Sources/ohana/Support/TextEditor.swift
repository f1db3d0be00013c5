import Foundation

/// The person's text editor: `$VISUAL`, else `$EDITOR`, else `vi`, run through the shell (so
/// `EDITOR="code --wait"` works) on a file, the terminal handed over until it exits.
enum TextEditor {
    /// Writes `text` to a temporary file named `name`, opens it in the editor and returns what was
    /// saved. Throws when the editor cannot be run or exits with an error (nothing is stored then).
    static func edit(_ text: String, name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$1\"", "ohana-editor", file.path]
        do {
            try process.run()
        } catch {
            throw ToolError("cannot run the editor '\(editor)': \(error.localizedDescription); set VISUAL or EDITOR")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolError("the editor '\(editor)' exited with status \(process.terminationStatus); nothing was changed")
        }
        return try String(contentsOf: file, encoding: .utf8)
    }
}
