import Foundation
import Testing

/// The package's manifest as `swift package dump-package` reads it (the whole package, not a subset).
private func dumpedManifest() throws -> [String: Any] {
    let scratch = try TemporaryDirectory(prefix: "ohana-dump-package")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", CLI.repositoryRoot.path,
                         "--scratch-path", scratch.url.path, "dump-package"]
    var environment = ProcessInfo.processInfo.environment
    environment["OHANA_MODULES"] = nil
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw CLIError("swift package dump-package failed (status \(process.terminationStatus))")
    }
    return manifest
}

/// The package targets `name` depends on, directly or not.
private func localDependencies(of name: String, in manifest: [String: Any]) -> Set<String> {
    let targets = (manifest["targets"] as? [[String: Any]]) ?? []
    var byName: [String: [String]] = [:]
    for target in targets {
        guard let targetName = target["name"] as? String else { continue }
        let dependencies = (target["dependencies"] as? [[String: Any]]) ?? []
        byName[targetName] = dependencies.compactMap { dependency in
            let item = (dependency["byName"] ?? dependency["target"]) as? [Any]
            return item?.first as? String
        }
    }
    var found = Set<String>()
    var stack = byName[name] ?? []
    while let next = stack.popLast() {
        guard byName[next] != nil, found.insert(next).inserted else { continue }
        stack += byName[next] ?? []
    }
    return found
}

/// The direct dependencies of each target, local ones by name and products as `package/Product`.
private func directDependencies(in manifest: [String: Any]) -> [String: Set<String>] {
    let targets = (manifest["targets"] as? [[String: Any]]) ?? []
    var result: [String: Set<String>] = [:]
    for target in targets {
        guard let name = target["name"] as? String else { continue }
        let dependencies = (target["dependencies"] as? [[String: Any]]) ?? []
        result[name] = Set(dependencies.compactMap { dependency -> String? in
            if let item = (dependency["byName"] ?? dependency["target"]) as? [Any] { return item.first as? String }
            if let item = dependency["product"] as? [Any], item.count > 1,
               let product = item[0] as? String, let package = item[1] as? String {
                return "\(package)/\(product)"
            }
            return nil
        })
    }
    return result
}

/// The rows of docs/architecture.md's module map: target name and the names its last column gives.
private func documentedModuleMap() throws -> [String: Set<String>] {
    let url = CLI.repositoryRoot.appendingPathComponent("docs/architecture.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    guard let start = text.range(of: "| target | holds | depends on |") else { return [:] }
    var rows: [String: Set<String>] = [:]
    for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
        guard line.hasPrefix("|") else { break }
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count >= 4 else { continue }
        func names(_ cell: String) -> [String] {
            cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        guard let target = names(cells[1]).first else { continue }
        rows[target] = Set(names(cells[3]))
    }
    return rows
}

/// The names in the first column of every table row of docs/architecture.md.
private func documentedTargetRows() throws -> Set<String> {
    let url = CLI.repositoryRoot.appendingPathComponent("docs/architecture.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    var names = Set<String>()
    for line in text.split(separator: "\n") where line.hasPrefix("| `") {
        let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        guard cells.count >= 3 else { continue }
        // Only the names before any parenthesis ("(in `Tests/`)" names a folder).
        let listed = cells[1].split(separator: "(").first ?? cells[1]
        names.formUnion(listed.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }
    return names
}

/// The module names in the README's "What is inside" table (a row may name several).
private func readmeModules() throws -> Set<String> {
    let url = CLI.repositoryRoot.appendingPathComponent("README.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    guard let start = text.range(of: "| module | what it does |") else { return [] }
    var names = Set<String>()
    for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
        guard line.hasPrefix("|") else { break }
        let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        guard cells.count >= 3 else { continue }
        names.formUnion(cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }
    return names
}

/// The database drivers, as `package/Product`.
private let grdb = "GRDB.swift/GRDB"
private let postgresNIO = "postgres-nio/PostgresNIO"

@Suite("The package's build graph")
struct PackageGraphTests {
    @Test("the ohana binary and every product leave the test-support target out; sample data is its own target")
    func binaryDoesNotLinkTestSupport() throws {
        let manifest = try dumpedManifest()
        let ohana = localDependencies(of: "ohana", in: manifest)
        #expect(ohana.contains("OhanaSampleData"))
        #expect(ohana.contains("OhanaAddressBook"))
        #expect(!ohana.contains("OhanaTestSupport"), "ohana links \(ohana.sorted())")
        let products = (manifest["products"] as? [[String: Any]]) ?? []
        #expect(!products.isEmpty)
        for product in products {
            let targets = (product["targets"] as? [String]) ?? []
            let linked = targets.reduce(into: Set(targets)) { $0.formUnion(localDependencies(of: $1, in: manifest)) }
            #expect(!linked.contains("OhanaTestSupport"), "product \(product["name"] ?? "?") links the test support")
        }
        let targets = ((manifest["targets"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        let onServer = targets.filter { localDependencies(of: $0, in: manifest).contains("OhanaServer") }
        // Only through the `ohana` binary, which the CLI tests and the CardDAV tests run, do other targets reach it.
        #expect(Set(onServer) == ["ohana", "OhanaServerTests", "OhanaCLITests", "OhanaCardDAVTests"],
                "targets that reach the server: \(onServer)")
    }

    @Test("docs/architecture.md's module map names every library target and the tool with their dependencies")
    func moduleMapMatchesTheManifest() throws {
        let manifest = try dumpedManifest()
        let dependencies = directDependencies(in: manifest)
        let documented = try documentedModuleMap()
        let products = ((manifest["products"] as? [[String: Any]]) ?? []).flatMap { ($0["targets"] as? [String]) ?? [] }
        let expected = Set(products)
        #expect(!expected.isEmpty)
        #expect(Set(documented.keys) == expected, "documented \(documented.keys.sorted()), products \(expected.sorted())")
        for target in expected.sorted() {
            #expect(documented[target] == dependencies[target],
                    "\(target): docs say \(documented[target]?.sorted() ?? []), Package.swift says \(dependencies[target]?.sorted() ?? [])")
        }
    }

    @Test("the CardDAV client links no store and no database driver; the sync target joins client and store")
    func cardDAVClientReachesNoStore() throws {
        let manifest = try dumpedManifest()
        let client = reached(from: "OhanaCardDAV", in: manifest)
        #expect(client.isDisjoint(with: ["OhanaStore", "OhanaStoreSQLite", "OhanaStorePostgres"]), "OhanaCardDAV reaches \(client.sorted())")
        #expect(!client.contains(grdb) && !client.contains(postgresNIO), "OhanaCardDAV reaches \(client.sorted())")
        let sync = reached(from: "OhanaSync", in: manifest)
        #expect(sync.isSuperset(of: ["OhanaCardDAV", "OhanaStore"]), "OhanaSync reaches \(sync.sorted())")
    }

    @Test("no library reaches both database drivers; the store core reaches neither, each backend only its own")
    func databaseDriversStayInTheirBackends() throws {
        let manifest = try dumpedManifest()
        let libraries = ((manifest["products"] as? [[String: Any]]) ?? [])
            .filter { ($0["type"] as? [String: Any])?["library"] != nil }
            .flatMap { ($0["targets"] as? [String]) ?? [] }
        #expect(Set(libraries).isSuperset(of: ["OhanaStore", "OhanaStoreSQLite", "OhanaStorePostgres"]), "libraries: \(libraries)")
        for library in libraries {
            let linked = reached(from: library, in: manifest)
            #expect(!(linked.contains(grdb) && linked.contains(postgresNIO)), "\(library) reaches both drivers")
        }
        let core = reached(from: "OhanaStore", in: manifest)
        #expect(!core.contains(grdb) && !core.contains(postgresNIO), "OhanaStore reaches \(core.sorted())")
        let sqlite = reached(from: "OhanaStoreSQLite", in: manifest)
        #expect(sqlite.contains(grdb) && sqlite.contains("OhanaStore"), "OhanaStoreSQLite reaches \(sqlite.sorted())")
        #expect(!sqlite.contains(postgresNIO) && !sqlite.contains("OhanaStorePostgres"), "OhanaStoreSQLite reaches \(sqlite.sorted())")
        let postgres = reached(from: "OhanaStorePostgres", in: manifest)
        #expect(postgres.contains(postgresNIO) && postgres.contains("OhanaStore"), "OhanaStorePostgres reaches \(postgres.sorted())")
        #expect(!postgres.contains(grdb) && !postgres.contains("OhanaStoreSQLite"), "OhanaStorePostgres reaches \(postgres.sorted())")
    }

    @Test("the sync engine, the address book and the server depend on the store core only; the tool wires in both backends",
          arguments: ["OhanaSync", "OhanaAddressBook", "OhanaServer"])
    func frontLibrariesReachNoBackend(library: String) throws {
        let manifest = try dumpedManifest()
        let linked = reached(from: library, in: manifest)
        #expect(linked.contains("OhanaStore"), "\(library) reaches \(linked.sorted())")
        #expect(linked.isDisjoint(with: ["OhanaStoreSQLite", "OhanaStorePostgres", grdb, postgresNIO]),
                "\(library) reaches \(linked.sorted())")
        let tool = reached(from: "ohana", in: manifest)
        #expect(tool.isSuperset(of: ["OhanaStoreSQLite", "OhanaStorePostgres"]), "ohana reaches \(tool.sorted())")
    }

    @Test("the core carries no JSON coder: OhanaJSON is a library of its own that the core does not reach")
    func coreCarriesNoJSON() throws {
        let manifest = try dumpedManifest()
        let libraries = ((manifest["products"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(libraries.contains("OhanaJSON"), "libraries: \(libraries)")
        let core = reached(from: "Ohana", in: manifest)
        #expect(!core.contains("OhanaJSON"), "Ohana reaches \(core.sorted())")
        #expect(localDependencies(of: "OhanaJSON", in: manifest) == ["Ohana"])
        let sources = CLI.repositoryRoot.appendingPathComponent("Sources/Ohana")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        #expect(files.contains { $0.hasSuffix("ContactsDataSource.swift") }, "Sources/Ohana holds \(files.count) files")
        let coder = files.filter { name in
            ["JSONBytes", "JSONByteBuffer", "JSONArrayLayout", "ContactsJSON", "JSONContactsProvider"].contains { name.contains($0) }
        }
        #expect(coder.isEmpty, "JSON coder files in Sources/Ohana: \(coder)")
    }

    @Test("every target of Package.swift but the tests has a row in docs/architecture.md, and every row a target")
    func architectureNamesEveryTarget() throws {
        let manifest = try dumpedManifest()
        let targets = ((manifest["targets"] as? [[String: Any]]) ?? [])
            .filter { ($0["type"] as? String) != "test" }
            .compactMap { $0["name"] as? String }
        #expect(targets.count > 20, "targets: \(targets)")
        let documented = try documentedTargetRows()
        #expect(documented.subtracting(targets).isEmpty, "rows name targets Package.swift lacks: \(documented.subtracting(targets).sorted())")
        #expect(Set(targets).subtracting(documented).isEmpty, "targets without a row: \(Set(targets).subtracting(documented).sorted())")
    }

    @Test("the README's module table names every library product, and nothing else")
    func readmeNamesEveryLibrary() throws {
        let manifest = try dumpedManifest()
        let libraries = ((manifest["products"] as? [[String: Any]]) ?? [])
            .filter { ($0["type"] as? [String: Any])?["library"] != nil }
            .compactMap { $0["name"] as? String }
        #expect(!libraries.isEmpty)
        let documented = try readmeModules()
        #expect(documented == Set(libraries), "README names \(documented.sorted()), Package.swift has \(libraries.sorted())")
    }
}

/// What `target` reaches: itself, the package targets it depends on (directly or not), and the
/// products (`package/Product`) any of those depend on directly.
private func reached(from target: String, in manifest: [String: Any]) -> Set<String> {
    let direct = directDependencies(in: manifest)
    let local = localDependencies(of: target, in: manifest).union([target])
    return local.union(local.flatMap { direct[$0] ?? [] })
}
