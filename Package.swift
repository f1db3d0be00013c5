// swift-tools-version:6.0
import PackageDescription
import Foundation

// Ohana for Swift. Module map and dependency rules: docs/architecture.md (checked against this file by
// Tests/OhanaCLITests/PackageGraphTests.swift) and the README.
//
// Development aid: `OHANA_MODULES=OhanaVCard,OhanaCSV swift test --scratch-path .build-vcard` builds
// only those library targets (with what they depend on) and their test targets, so that work on
// one module does not wait on, or break with, another. Unset, the whole package is built (CI).

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

var targets: [Target] = [
    // Core: model, protocols, data source, post processors, selection, search.
    .target(
        name: "Ohana",
        dependencies: [
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
        ],
        swiftSettings: swiftSettings
    ),
    // The JSON coder (bytes to contacts and back, a batch per core), the JSON provider and writer.
    .target(
        name: "OhanaJSON",
        dependencies: ["Ohana"],
        swiftSettings: swiftSettings
    ),
    // Google's libphonenumber (C++) as a system library: pkg-config where it has a .pc file, apt and brew providers.
    .systemLibrary(
        name: "CLibPhoneNumber",
        pkgConfig: "libphonenumber",
        providers: [.apt(["libphonenumber-dev"]), .brew(["libphonenumber"])]
    ),
    // Microsoft's mimalloc, linked by the `ohana` tool: allocation-heavy work (libphonenumber's
    // regular expressions) runs on it instead of glibc's malloc. `ohana-bench` measures the library
    // on the system allocator, as an app that embeds it runs it.
    .systemLibrary(
        name: "CMimalloc",
        providers: [.apt(["libmimalloc-dev"]), .brew(["mimalloc"])]
    ),
    // The tool's allocator (mimalloc) and how it tells which one serves it.
    .target(name: "OhanaProcessAllocator", dependencies: ["CMimalloc"], swiftSettings: swiftSettings),
    // C shim over libphonenumber. Debian's package has no .pc file, so the libraries are also named here.
    .target(
        name: "CPhoneNumberShim",
        dependencies: ["CLibPhoneNumber"],
        linkerSettings: [
            .linkedLibrary("phonenumber"),
            .linkedLibrary("protobuf"),
            .linkedLibrary("stdc++"),
        ]
    ),
    .target(
        name: "OhanaPhoneNumbers",
        dependencies: ["Ohana", "CPhoneNumberShim"],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "OhanaVCard",
        dependencies: ["Ohana"],
        swiftSettings: swiftSettings
    ),
    // JSContact (RFC 9553, 9982) cards and their lossless conversion from and to contacts (RFC 9555).
    .target(
        name: "OhanaJSContact",
        dependencies: ["Ohana", "OhanaVCard"],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "OhanaCSV",
        dependencies: ["Ohana"],
        swiftSettings: swiftSettings
    ),
    // The format registry: which format a file is (extension, sniffing), its reader, its writer and
    // media type, and when a conversion can stream. Shared by the tool and the server; links no store.
    .target(
        name: "OhanaFormats",
        dependencies: ["Ohana", "OhanaJSON", "OhanaVCard", "OhanaJSContact", "OhanaCSV"],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "OhanaDuplicates",
        dependencies: ["Ohana", "OhanaPhoneNumbers", .product(name: "Logging", package: "swift-log")],
        swiftSettings: swiftSettings
    ),
    // Connection failures (refused, unknown host, TLS) read from SwiftNIO's errors, in a user's words:
    // shared by the PostgreSQL store and the CardDAV client.
    .target(
        name: "OhanaConnectionErrors",
        dependencies: [
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ],
        swiftSettings: swiftSettings
    ),
    // The store core: the `ContactStorage` protocol, the algorithms written once on it (merged
    // upserts, merge undo, the change feed, sync record writes), the codec and lookup values, and the
    // backend registry. It links no database driver; the backends are the two targets below.
    .target(
        name: "OhanaStore",
        dependencies: ["Ohana", "OhanaJSON"],
        swiftSettings: swiftSettings
    ),
    // The SQLite backend (GRDB): embedded stores, in files or in memory, and the child stores of every backend.
    .target(
        name: "OhanaStoreSQLite",
        dependencies: [
            "Ohana", "OhanaStore",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: swiftSettings
    ),
    // The PostgreSQL backend (postgres-nio): stores that several processes share.
    .target(
        name: "OhanaStorePostgres",
        dependencies: [
            "Ohana", "OhanaStore", "OhanaConnectionErrors",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: swiftSettings
    ),
    .target(
        name: "OhanaCardDAV",
        dependencies: [
            "Ohana", "OhanaVCard", "OhanaConnectionErrors",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: swiftSettings
    ),
    // Two-way sync of a contact store with CardDAV address books: the engine, the three-way merge
    // of cards changed on both sides, and the journal that makes a killed sync resumable.
    .target(
        name: "OhanaSync",
        dependencies: [
            "Ohana", "OhanaVCard", "OhanaCardDAV", "OhanaStore",
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: swiftSettings
    ),
    // Accounts of a shared store: roles, bcrypt password hashes, API tokens stored hashed, signed
    // sessions, and the audit trail of writes.
    .target(
        name: "OhanaAccounts",
        dependencies: [
            "OhanaStore",
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            .product(name: "Crypto", package: "swift-crypto"),
        ],
        swiftSettings: swiftSettings
    ),
    // What an address-book app shows and does: sections, pickers, merge review, import that keeps merges.
    .target(
        name: "OhanaAddressBook",
        dependencies: [
            "Ohana", "OhanaStore", "OhanaDuplicates", "OhanaPhoneNumbers", "OhanaFormats",
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: swiftSettings
    ),
    // `ohana serve`: HTTP routes over an address book, and the embedded page.
    .target(
        name: "OhanaServer",
        dependencies: [
            "Ohana", "OhanaAddressBook", "OhanaFormats", "OhanaAccounts",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Logging", package: "swift-log"),
        ],
        // The page's files are embedded in the binary by the EmbedWebFiles plugin.
        exclude: ["Web"],
        swiftSettings: swiftSettings,
        plugins: [.plugin(name: "EmbedWebFiles")]
    ),
    // Build-tool plugin (and its tool) that turns Sources/OhanaServer/Web into a Swift source with the files' bytes.
    .plugin(name: "EmbedWebFiles", capability: .buildTool(), dependencies: ["ohana-embed-files"]),
    .executableTarget(name: "ohana-embed-files", path: "Plugins/EmbedWebFilesTool", swiftSettings: swiftSettings),
    // The seeded address-book generator behind `ohana generate`, `ohana serve --sample` and the benchmarks.
    .target(
        name: "OhanaSampleData",
        dependencies: ["Ohana"],
        swiftSettings: swiftSettings
    ),
    // Test-only support: fixtures, the corpus locator, temporary folders, the CLI runner. No product links it.
    .target(
        name: "OhanaTestSupport",
        dependencies: ["Ohana"],
        path: "Tests/OhanaTestSupport",
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "ohana",
        dependencies: [
            "Ohana", "OhanaPhoneNumbers", "OhanaVCard", "OhanaJSContact", "OhanaCSV", "OhanaFormats", "OhanaDuplicates", "OhanaStore",
            "OhanaStoreSQLite", "OhanaStorePostgres", "OhanaCardDAV", "OhanaSync", "OhanaAddressBook", "OhanaServer", "OhanaSampleData", "OhanaProcessAllocator", "OhanaAccounts",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: swiftSettings
    ),
    // Benchmarks (scripts/bench.sh): what they share, every stage in one binary, and the vCard read
    // alone in a program that links only the reader, as the KContacts peer links only KContacts.
    .target(name: "OhanaBenchmarkSupport", path: "Sources/OhanaBenchmarkSupport", swiftSettings: swiftSettings),
    .executableTarget(
        name: "ohana-bench",
        dependencies: [
            "Ohana", "OhanaJSON", "OhanaPhoneNumbers", "OhanaVCard", "OhanaCSV", "OhanaDuplicates", "OhanaStore", "OhanaStoreSQLite",
            "OhanaStorePostgres", "OhanaSampleData", "OhanaBenchmarkSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Sources/OhanaBenchmarks",
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "ohana-read-bench",
        dependencies: ["OhanaVCard", "OhanaBenchmarkSupport"],
        path: "Sources/OhanaReadBenchmark",
        swiftSettings: swiftSettings
    ),
    // Writer process the store's durability test kills with SIGKILL (Tests/OhanaStoreTests).
    .executableTarget(
        name: "ohana-store-writer",
        dependencies: ["Ohana", "OhanaStore", "OhanaStoreSQLite", "OhanaStorePostgres"],
        path: "Tests/OhanaStoreWriter",
        swiftSettings: swiftSettings
    ),
    // Sync process the two-way sync's kill test kills with SIGKILL (Tests/OhanaCardDAVTests).
    .executableTarget(
        name: "ohana-sync-worker",
        dependencies: ["Ohana", "OhanaStore", "OhanaStoreSQLite", "OhanaStorePostgres", "OhanaCardDAV", "OhanaSync"],
        path: "Tests/OhanaSyncWorker",
        swiftSettings: swiftSettings
    ),
    .executableTarget(
        name: "GettingStarted",
        dependencies: ["Ohana", "OhanaPhoneNumbers"],
        path: "Examples/GettingStarted",
        swiftSettings: swiftSettings
    ),
    // Two trackers registered by an app receive the same events (Ohana.docc's "Tracking events").
    .executableTarget(
        name: "EventTracking",
        dependencies: ["Ohana"],
        path: "Examples/EventTracking",
        swiftSettings: swiftSettings
    ),
]

let testTargets: [(name: String, dependencies: [String])] = [
    ("OhanaTests", ["Ohana", "OhanaSampleData", "OhanaTestSupport"]),
    ("OhanaJSONTests", ["OhanaJSON", "OhanaSampleData", "OhanaTestSupport"]),
    ("OhanaPhoneNumbersTests", ["OhanaPhoneNumbers", "OhanaSampleData", "OhanaTestSupport"]),
    ("OhanaVCardTests", ["OhanaVCard", "OhanaSampleData", "OhanaTestSupport"]),
    ("OhanaCSVTests", ["OhanaCSV", "OhanaSampleData", "OhanaTestSupport"]),
    ("OhanaJSContactTests", ["OhanaJSContact", "OhanaVCard", "OhanaTestSupport"]),
    ("OhanaFormatsTests", ["OhanaFormats", "OhanaTestSupport"]),
    ("OhanaDuplicatesTests", ["OhanaDuplicates", "OhanaJSON", "OhanaSampleData", "OhanaTestSupport"]),
    ("OhanaStoreTests", ["OhanaStore", "OhanaJSON", "OhanaStoreSQLite", "OhanaStorePostgres", "OhanaVCard", "OhanaSampleData", "OhanaTestSupport", "ohana-store-writer"]),
    ("OhanaCardDAVTests", ["OhanaCardDAV", "OhanaSync", "OhanaStore", "OhanaStoreSQLite", "OhanaStorePostgres", "OhanaDuplicates", "OhanaTestSupport", "ohana-sync-worker", "ohana"]),
    ("OhanaAccountsTests", ["OhanaAccounts", "OhanaStoreSQLite", "OhanaStorePostgres", "OhanaTestSupport"]),
    ("OhanaAddressBookTests", ["OhanaAddressBook", "OhanaJSON", "OhanaStoreSQLite", "OhanaStorePostgres", "OhanaSampleData", "OhanaTestSupport"]),
    ("OhanaServerTests", ["OhanaServer", "OhanaJSON", "OhanaAddressBook", "OhanaStoreSQLite", "OhanaSampleData", "OhanaTestSupport"]),
    ("OhanaCLITests", ["ohana", "OhanaJSON", "OhanaStore", "OhanaStoreSQLite", "OhanaTestSupport"]),
]
for test in testTargets {
    var deps: [Target.Dependency] = test.dependencies.map { .target(name: $0) }
    if test.name == "OhanaTests" {
        deps.append(.product(name: "MetricsTestKit", package: "swift-metrics"))
    }
    if test.name == "OhanaServerTests" {
        deps.append(.product(name: "HummingbirdTesting", package: "hummingbird"))
    }
    // CSV.swift's reader checks the files OhanaCSV writes, as an independent parser.
    if test.name == "OhanaCSVTests" {
        deps.append(.product(name: "CSV", package: "CSV.swift"))
    }
    // Fixture files are read through #filePath, not bundled.
    let exclude = test.name == "OhanaJSContactTests" ? ["Fixtures", "ThirdParty/jscontact-tests"]
        : ["OhanaCSVTests", "OhanaVCardTests"].contains(test.name) ? ["Fixtures"]
        : test.name == "OhanaCLITests" ? ["HelpSnapshots"] : []
    targets.append(.testTarget(name: test.name, dependencies: deps, exclude: exclude, swiftSettings: swiftSettings))
}

// Development subset (see the comment at the top).
if let only = Context.environment["OHANA_MODULES"], !only.isEmpty {
    var wanted = Set(only.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
    let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0) })
    func localDependencies(_ target: Target) -> [String] {
        let plugins = (target.plugins ?? []).compactMap { usage -> String? in
            if case .plugin(let name, nil) = usage { return name }
            return nil
        }
        return plugins + target.dependencies.compactMap {
            switch $0 {
            case .targetItem(let name, _): return name
            case .byNameItem(let name, _): return byName[name] != nil ? name : nil
            default: return nil
            }
        }
    }
    for name in Array(wanted) where byName[name + "Tests"] != nil { wanted.insert(name + "Tests") }
    // The store backends have no test target of their own: the store's suite runs on both.
    if !wanted.isDisjoint(with: ["OhanaStoreSQLite", "OhanaStorePostgres"]) { wanted.insert("OhanaStoreTests") }
    var stack = Array(wanted)
    while let name = stack.popLast() {
        guard let target = byName[name] else { continue }
        for dep in localDependencies(target) where !wanted.contains(dep) {
            wanted.insert(dep)
            stack.append(dep)
        }
    }
    targets = targets.filter { wanted.contains($0.name) }
}

let libraryNames = ["Ohana", "OhanaJSON", "OhanaPhoneNumbers", "OhanaVCard", "OhanaJSContact", "OhanaCSV", "OhanaFormats", "OhanaDuplicates", "OhanaStore", "OhanaStoreSQLite", "OhanaStorePostgres", "OhanaCardDAV", "OhanaSync", "OhanaAddressBook", "OhanaServer", "OhanaAccounts"]
let present = Set(targets.map(\.name))

let package = Package(
    name: "Ohana",
    // macOS only besides Linux: libphonenumber and the server have no iOS build here.
    platforms: [.macOS(.v15)],
    products: libraryNames.filter(present.contains).map { .library(name: $0, targets: [$0]) }
        + (present.contains("ohana") ? [.executable(name: "ohana", targets: ["ohana"])] : []),
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
    ],
    targets: targets,
    cxxLanguageStandard: .cxx17
)
