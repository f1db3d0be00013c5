import ArgumentParser
import Ohana

/// `--sort full-name|first-name|last-name`: the library's sort mode, spelled the command-line way.
extension AlphabeticalSort.Mode: ExpressibleByArgument {
    /// Reads `full-name`, `first-name` or `last-name`.
    public init?(argument: String) {
        guard let mode = Self.allCases.first(where: { $0.argument == argument }) else { return nil }
        self = mode
    }

    /// Every spelling accepted, for help and error messages.
    public static var allValueStrings: [String] { allCases.map(\.argument) }

    /// The mode's command-line spelling.
    var argument: String {
        switch self {
        case .fullName: "full-name"
        case .firstName: "first-name"
        case .lastName: "last-name"
        }
    }
}
