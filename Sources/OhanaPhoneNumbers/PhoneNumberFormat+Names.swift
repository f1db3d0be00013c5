import Foundation
import Ohana

/// A phone format name that ``PhoneNumberFormat/init(names:)`` does not know.
public struct UnknownPhoneFormatName: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name as given (trimmed, lower-cased).
    public var name: String

    /// `unknown phone format 'NAME': use e164, international, national, rfc3966 or all`.
    public var description: String {
        "unknown phone format '\(name)': use \(PhoneNumberFormat.names.joined(separator: ", ")) or all"
    }
}

extension PhoneNumberFormat {
    /// The name of each single format, in order: `e164`, `international`, `national`, `rfc3966`.
    public static let names = ["e164", "international", "national", "rfc3966"]

    /// The formats a comma-separated list of names gives (`e164,national`; `all` is every format;
    /// case and spaces around names ignored).
    public init(names list: String) throws(UnknownPhoneFormatName) {
        self = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            switch name {
            case "e164": insert(.e164)
            case "international": insert(.international)
            case "national": insert(.national)
            case "rfc3966": insert(.rfc3966)
            case "all": formUnion(.all)
            default: throw UnknownPhoneFormatName(name: name)
            }
        }
    }
}
