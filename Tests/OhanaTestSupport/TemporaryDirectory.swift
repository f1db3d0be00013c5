import Foundation

/// A fresh temporary folder for one test, removed when the value is released.
package final class TemporaryDirectory {
    /// The folder.
    package let url: URL

    /// Creates an empty folder under the system's temporary folder; `prefix` starts its name.
    package init(prefix: String = "ohana-tests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file (or folder) named `name` inside the folder.
    package func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
