import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook
import OhanaDuplicates
import OhanaFormats
import OhanaPhoneNumbers
import OhanaStore

/// `ohana dedupe FILE`: finds contacts that are one person, merges them without loss, explains why.
struct DedupeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dedupe",
        abstract: "Find and merge duplicate contacts, and say why each merge was made.",
        discussion: """
            Prints a summary (contacts in, duplicate clusters, contacts out); --explain adds each cluster \
            with the rule and the values it matched on. The merged contacts are written with -o. \
            Rules (repeatable --rule, evidence joined by '+'): name+phone, name+email, email, phone, \
            name+organization; default: name+phone, name+email, email, phone. A value many differently named \
            contacts share (a switchboard, info@) is no evidence on its own, and names must fit.
            """)

    @Argument(help: "The address book to deduplicate (.json, .vcf, .csv; - reads standard input, with --input-format).")
    var input: String?

    @OptionGroup var inputOptions: InputOptions

    @Flag(name: .long, help: "Print each cluster and the reasons its contacts were joined.")
    var explain = false

    @Flag(name: .long, help: "Report what would be merged; write nothing.")
    var dryRun = false

    @Option(name: [.customShort("o"), .long], help: "Write the merged contacts to this file (format from its extension, or --output).")
    var outputFile: String?

    @Option(name: .long, help: "Format of the merged contacts: json, csv or vcard (default: from the -o extension, else json).")
    var output: OutputFormat?

    @OptionGroup var writing: WritingOptions

    @Option(name: .long, help: "Write the report (clusters and reasons) as JSON to this file.")
    var reportFile: String?

    @Option(name: .long, help: "Evidence that is enough to merge, such as name+phone or email; repeatable.")
    var rule: [String] = []

    @OptionGroup var regionOptions: RegionOptions

    @Flag(name: .long, help: "Compare email addresses exactly (case aside), without Gmail's dot and +tag rules.")
    var noProviderRules = false

    @Option(name: .long, help: "Contact ids that must never be merged, comma-separated; repeatable.")
    var keepApart: [String] = []

    @Option(name: .long, help: "Contact ids to merge whatever the rules say, comma-separated; repeatable.")
    var keepTogether: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Undo the merge that made this stored contact: its members are stored again as they were (with --store).",
        valueName: "id"))
    var undo: String?

    @Option(name: .long, help: ArgumentHelp(
        "With --undo: take only this member out of the merged contact; the others stay merged.", valueName: "id"))
    var removeMember: String?

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if undo == nil, input == nil { throw ValidationError("give the address book to deduplicate, or --undo ID to undo a merge in the store") }
        if undo != nil, input != nil { throw ValidationError("--undo works on the store; give no input with it") }
        if removeMember != nil, undo == nil { throw ValidationError("--remove-member goes with --undo ID") }
        _ = try parsedRules()
        if output == .table { throw ValidationError("--output table is not a file format; use json, csv or vcard") }
        // Options that do not go with the format are refused before the merge, not after it.
        if outputFile != nil {
            try writing.options(asked: output, outputFile: outputFile, otherwise: .json).check()
        }
    }

    /// `--rule`: each read by the library (``DuplicateRule/init(parsing:)``).
    func parsedRules() throws -> [DuplicateRule] {
        try rule.map { text in
            do {
                return try DuplicateRule(parsing: text)
            } catch {
                throw ValidationError("--rule '\(text)': \(error)")
            }
        }
    }

    func run() async throws {
        regionOptions.configure()
        if let undo { return try await undoMerge(ContactID(rawValue: undo)) }
        guard let input else { return }
        var contacts = try await loadInputs([input], options: inputOptions, csvDialect: writing.csvDialect).contacts

        var rules = DuplicateRules(defaultRegion: regionOptions.effectiveRegion)
        let custom = try parsedRules()
        if !custom.isEmpty { rules.rules = custom }
        rules.appliesMailProviderRules = !noProviderRules
        var overrides = DuplicateOverrides()
        for group in keepApart { overrides.keepApart(ids(group)) }
        for group in keepTogether { overrides.keepTogether(ids(group)) }
        var dedupe = DuplicateMerging(rules: rules, overrides: overrides)
        // The steps on a bar (a terminal only): a million contacts take seconds after loading.
        let bar = ProgressBar()
        dedupe.progress = { progress in
            if progress.isFinished { bar.finish() } else { bar.update(progress.completedSteps, of: progress.totalSteps, progress.stage) }
        }

        // The matches are explained only when they are shown: otherwise the summary is all that is printed.
        let explaining = explain || reportFile != nil
        let report: DuplicateReport
        if dryRun || outputFile == nil {
            report = dedupe.analyze(contacts, explaining: explaining)
        } else {
            let result = dedupe.merge(contacts, explaining: explaining)
            // The input's array and the cards merged away are freed before the output is written.
            contacts = []
            report = result.report
            try writeContacts(result.contacts, options: writing.options(asked: output, outputFile: outputFile, otherwise: .json), to: outputFile)
            keepUntilExit(result.contacts)
        }
        keepUntilExit(contacts)

        var lines = [(dryRun ? "dry run: " : "") + report.summary]
        if explain {
            for cluster in report.clusters { lines.append(contentsOf: cluster.explanationLines) }
            for match in report.refusedMatches { lines.append("kept apart by override: \(match.description)") }
        }
        for block in report.oversizedBlocks { lines.append(block.description) }
        if dryRun, outputFile != nil { lines.append("dry run: \(outputFile!) not written") }
        print(lines.joined(separator: "\n"))

        if let reportFile {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try writeOutput(try encoder.encode(report), to: reportFile)
        }
    }

    /// `--undo ID [--remove-member ID]`: one library call on the store (the page's split too), and what it restored.
    private func undoMerge(_ id: ContactID) async throws {
        let store = try await storeOptions.openStorage()
        let result: MergeUndoResult
        do throws(AddressBookError) {
            result = try await ContactStoreService(store: store)
                .undoMerge(of: id, removingMember: removeMember.map(ContactID.init(rawValue:)))
        } catch {
            throw ToolError(error.message)
        }
        try await recordToolWrite(in: store, action: removeMember == nil ? "split" : "split-member",
                                  detail: "\(id.rawValue)" + (removeMember.map { " member \($0)" } ?? ""))
        try await store.shutDown()
        print(result.summaryLines.joined(separator: "\n"))
    }

    private func ids(_ group: String) -> [ContactID] {
        group.split(separator: ",").map { ContactID(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
    }
}
