import ArgumentParser
import Foundation
import Ohana
import OhanaDuplicates
import OhanaPhoneNumbers

/// `ohana process FILE...`: load, run a pipeline given by flags, print or write the result.
struct ProcessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "process",
        abstract: "Load address books, run a pipeline of post processors, and print or write the result.",
        discussion: """
            Steps run in this order: --require, --dedupe, --format-phones, --search, --split, --sort, --reverse.
            Example: ohana process Samples/addressbook.json --require phone --format-phones e164,national --region US --sort last-name
            """)

    enum RequiredKind: String, ExpressibleByArgument, CaseIterable {
        case phone, email, address, url
    }

    enum SplitKind: String, ExpressibleByArgument, CaseIterable {
        case phone, email
    }

    @Argument(help: "Inputs: .vcf/.vcard, .csv and .json files, carddav://user@host/path URLs, or - for standard input (with --input-format).")
    var inputs: [String]

    @OptionGroup var inputOptions: InputOptions

    @Option(name: .long, help: "Keep only contacts that have this (phone, email, address, url); repeatable.")
    var require: [RequiredKind] = []

    @Flag(name: .long, help: "Merge duplicate contacts with the default rules (see `ohana dedupe` for explanations and tuning).")
    var dedupe = false

    @Option(name: .long, help: "Sort by full-name, first-name (then last name) or last-name (then first name).")
    var sort: AlphabeticalSort.Mode?

    @Option(name: .long, help: "Locale for sorting, such as en_US or sv_SE (default: the current locale).")
    var locale: String?

    @Flag(name: .long, help: "Reverse the order (after sorting).")
    var reverse = false

    @Option(name: .long, help: "Split each contact into one per phone or email.")
    var split: SplitKind?

    @Option(name: .long, help: "Format phone numbers: a comma-separated list of e164, international, national, rfc3966.")
    var formatPhones: String?

    @OptionGroup var regionOptions: RegionOptions

    @Option(name: .long, help: "Keep only contacts matching this fuzzy query (name, email, phone digits).")
    var search: String?

    @Option(name: .long, help: "Output format (default: the one the -o file's extension names, else a table).")
    var output: OutputFormat?

    @OptionGroup var outputFileOptions: OutputFileOptions

    @Flag(name: .long, help: "Print what each provider and post processor did (contacts in and out, time) to standard error.")
    var trace = false

    @Flag(name: .long, help: "No progress bar.")
    var quiet = false

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if let formatPhones { _ = try Self.parseFormats(formatPhones) }
        // Options that do not go with the format are refused before anything is read.
        try outputFileOptions.options(asked: output, otherwise: .table).check()
    }

    /// `--format-phones`: the names read by the library (``PhoneNumberFormat/init(names:)``).
    static func parseFormats(_ text: String) throws -> PhoneNumberFormat {
        do {
            return try PhoneNumberFormat(names: text)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func makePostProcessors() throws -> [any ContactsPostProcessor] {
        var steps: [any ContactsPostProcessor] = []
        for kind in require {
            switch kind {
            case .phone: steps.append(RequiredField(.phoneNumber))
            case .email: steps.append(RequiredField(.emailAddress))
            case .url: steps.append(RequiredField(.url))
            case .address: steps.append(RequiredPostalAddress())
            }
        }
        // One region for duplicates and formatting: the one given, else the locale's.
        let region = regionOptions.effectiveRegion
        if dedupe { steps.append(DuplicateMerging(rules: DuplicateRules(defaultRegion: region))) }
        if let formatPhones {
            steps.append(PhoneNumberFormatting(formats: try Self.parseFormats(formatPhones), defaultRegion: region))
        }
        if let search, !search.isEmpty {
            let query = search
            steps.append(CustomPostProcessor(name: "Search(\(query))") { ContactSearch().contacts(in: $0, matching: query) })
        }
        if let split { steps.append(SplitOnFieldType(split == .phone ? .phoneNumber : .emailAddress)) }
        let locale = self.locale.map(Locale.init(identifier:)) ?? .current
        if let sort { steps.append(AlphabeticalSort(sort, locale: locale)) }
        if reverse { steps.append(ReverseOrder()) }
        return steps
    }

    /// The default region each step that reads phone numbers was given, in one line for `--trace`
    /// (`regions: duplicates DE, phone formatting DE`); `nil` when no step reads numbers.
    static func regionsUsed(by steps: [any ContactsPostProcessor]) -> String? {
        let used = steps.compactMap { step -> String? in
            if let merging = step as? DuplicateMerging { return "duplicates \(merging.rules.defaultRegion)" }
            if let formatting = step as? PhoneNumberFormatting { return "phone formatting \(formatting.defaultRegion)" }
            return nil
        }
        return used.isEmpty ? nil : "regions: " + used.joined(separator: ", ")
    }

    func run() async throws {
        regionOptions.configure()
        let steps = try makePostProcessors()
        let loaded = try await loadInputs(
            inputs, options: inputOptions, csvDialect: outputFileOptions.csvDialect,
            postProcessors: steps, quiet: quiet, toleratesFailures: true)
        let report = loaded.report
        // Nothing loaded at all: the error alone, no empty output before it.
        if !report.providers.isEmpty, report.failures.count == report.providers.count {
            for failure in report.failures { printError("error: \(failure.failure.map { "\($0)" } ?? "")") }
            throw ExitCode(1)
        }
        if trace { printError(report.description) }
        if trace, let regions = Self.regionsUsed(by: steps) { printError(regions) }
        if trace, formatPhones != nil { printError(PhoneResolutionSummary(loaded.contacts).description) }
        try writeContacts(loaded.contacts, options: outputFileOptions.options(asked: output, otherwise: .table), to: outputFileOptions.outputFile)
        keepUntilExit(loaded)
        if let failure = report.failures.first?.failure {
            printError("error: \(failure)")
            throw ExitCode(1)
        }
    }
}

/// Writes data to a file, or to standard output when no path is given.
func writeOutput(_ data: Data, to path: String?) throws {
    if let path {
        do {
            // Through a temporary file and a rename, except onto a device or pipe (`/dev/null`).
            try ReplacingFile.write(to: URL(fileURLWithPath: path)) { try $0.write(contentsOf: data) }
        } catch {
            throw ToolError("\(path): cannot write: \(readFailureReason(error))")
        }
    } else {
        try writeStandardOutput(data)
    }
}
