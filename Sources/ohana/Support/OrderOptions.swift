import ArgumentParser
import Foundation
import Ohana
import OhanaAddressBook

/// `--order`, `--locale`: the list order of `ohana list`, `ohana search` (within a rank) and `ohana serve`.
struct OrderOptions: ParsableArguments {
    @Option(name: .long, help: "The name contacts are ordered by: full-name (default), first-name or last-name.")
    var order: AlphabeticalSort.Mode?

    @Option(name: .long, help: "Locale whose collation orders names, such as en_US or sv_SE (default: en_US, as ohana serve).")
    var locale: String?

    /// The locale given, else the library's default.
    var effectiveLocale: Locale { locale.map(Locale.init(identifier:)) ?? ContactOrdering.defaultLocale }

    /// The library's ordering these options name.
    var ordering: ContactOrdering { ContactOrdering(order ?? .fullName, locale: effectiveLocale) }

    func validate() throws {
        if let locale, locale.isEmpty || !locale.allSatisfy({ $0.isLetter || $0.isNumber || "_-@=;".contains($0) }) {
            throw ValidationError("--locale takes a locale identifier such as en_US or sv_SE, not '\(locale)'")
        }
    }
}
