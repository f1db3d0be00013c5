import Foundation
import PackagePlugin

/// Build-tool plugin: turns the files of the target's `Web` folder (the `ohana serve` page) into a
/// Swift source with their bytes, so the page is part of the binary and the files stay plain,
/// editable files in the repository.
@main
struct EmbedWebFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        // The target folder (`Target.directoryURL` needs tools version 6.1): the package folder, Sources, the name.
        let folder = context.package.directoryURL.appending(path: "Sources").appending(path: target.name).appending(path: "Web")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".") }
            .sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedWebFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.joined(separator: ", ")) in \(target.name)",
                executable: try context.tool(named: "ohana-embed-files").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]),
        ]
    }
}
