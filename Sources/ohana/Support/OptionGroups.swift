import ArgumentParser
import Foundation
import Ohana
import OhanaPhoneNumbers

/// `--input-format`: how every command that reads address books reads its inputs.
struct InputOptions: ParsableArguments {
    @Option(name: .long, help: "Read every input in this format instead of guessing from its extension.")
    var inputFormat: InputFormat?
}

/// `--region`: the default region for phone numbers without a country code, one for every use
/// (formatting, duplicate detection, the store's merges, the page).
struct RegionOptions: ParsableArguments {
    @Option(name: .long, help: "Default region (ISO code such as US, DE) for numbers without a country code, for formatting and duplicates alike; the contact's own evidence (address, other numbers, email) weighs more. Default: the locale's region.")
    var region: String?

    /// The region in upper case, if given.
    var regionCode: String? { region?.uppercased() }

    /// The region used: the one given, else the library's default region (the locale's).
    var effectiveRegion: String { regionCode ?? RegionCodes.defaultRegion }

    /// Makes the region given the library's one default region for this process.
    func configure() {
        if let regionCode { RegionCodes.defaultRegion = regionCode }
    }

    func validate() throws {
        if let region, region.count != 2 || !region.allSatisfy(\.isLetter) {
            throw ValidationError("--region takes a two-letter ISO region code such as US or DE, not '\(region)'")
        }
    }
}

/// `--jscontact-group`: JSContact output headed by a group card (kind `group`) naming every card.
struct JSContactOutputOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("With JSContact output: start the array of cards with a group card of this name whose members are every card.", valueName: "name"))
    var jscontactGroup: String?

    func validate() throws {
        if let jscontactGroup, jscontactGroup.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--jscontact-group takes the group's name, not an empty one")
        }
    }
}

/// `--vcard-target`, `--csv-dialect`, `--jscontact-group`, `--compact`: how a command writes contacts.
struct WritingOptions: ParsableArguments {
    @Option(name: .long, help: "With vCard output: the client to write for (\(VCardTargetOption.allCases.map(\.rawValue).joined(separator: ", "))).")
    var vcardTarget: VCardTargetOption = .rfc6350

    @Option(name: .long, help: "With CSV output: the layout to write (google, outlook; default google); for .csv inputs, the layout to read instead of detecting it.")
    var csvDialect: CSVDialectOption?

    @OptionGroup var jscontactOptions: JSContactOutputOptions

    @Flag(name: .long, help: "With JSON or JSContact output: write compact JSON, on one line, instead of indented (keys still sorted).")
    var compact = false

    /// The writing options for a format.
    func options(for format: OutputFormat) -> OutputOptions {
        OutputOptions(format: format, csvDialect: csvDialect ?? .google, vcardTarget: vcardTarget,
                      jscontactGroup: jscontactOptions.jscontactGroup, compact: compact)
    }

    /// The writing options for the format asked for, else the one `outputFile`'s extension names
    /// (`-o book.vcf`: vCard, through the library's registry), else `fallback`.
    func options(asked: OutputFormat?, outputFile: String?, otherwise fallback: OutputFormat) -> OutputOptions {
        options(for: asked ?? outputFile.flatMap(OutputFormat.named(byPath:)) ?? fallback)
    }
}

/// `-o` and ``WritingOptions``: where and how a command writes contacts.
struct OutputFileOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .long], help: "Write to this file instead of standard output.")
    var outputFile: String?

    @OptionGroup var writing: WritingOptions

    /// `--csv-dialect`, which also names the layout of .csv inputs.
    var csvDialect: CSVDialectOption? { writing.csvDialect }

    /// The writing options for a format.
    func options(for format: OutputFormat) -> OutputOptions {
        writing.options(for: format)
    }

    /// The writing options for the format asked for, else the one the `-o` file's extension names,
    /// else `fallback`.
    func options(asked: OutputFormat?, otherwise fallback: OutputFormat) -> OutputOptions {
        writing.options(asked: asked, outputFile: outputFile, otherwise: fallback)
    }
}
