import Hummingbird
import Ohana
import OhanaAddressBook

extension AlphabeticalSort.Mode {
    /// Parses an `order` parameter; missing means full name.
    init(parameter: String?) throws(AddressBookError) {
        guard let parameter else {
            self = .fullName
            return
        }
        guard let order = AlphabeticalSort.Mode(rawValue: parameter) else {
            throw AddressBookError(
                .badRequest, "'order' must be one of \(AlphabeticalSort.Mode.allCases.map(\.rawValue).joined(separator: ", ")), not '\(parameter)'")
        }
        self = order
    }
}

/// A request's query parameters, checked one by one; unknown or repeated parameters are refused.
struct QueryParameters {
    private var values: [String: String] = [:]
    private let allowed: Set<String>

    init(_ request: Request, allowed: Set<String>) throws(AddressBookError) {
        self.allowed = allowed
        for (key, value) in request.uri.queryParameters {
            let key = String(key)
            guard allowed.contains(key) else {
                let known = allowed.isEmpty ? "this endpoint takes none" : "known: \(allowed.sorted().joined(separator: ", "))"
                throw AddressBookError(.badRequest, "unknown query parameter '\(key.prefix(40))' (\(known))")
            }
            guard values[key] == nil else { throw AddressBookError(.badRequest, "query parameter '\(key)' is given twice") }
            values[key] = String(value)
        }
    }

    func finish() throws(AddressBookError) {}

    mutating func integer(_ name: String, default value: Int, in range: ClosedRange<Int>) throws(AddressBookError) -> Int {
        guard let text = values[name] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw AddressBookError(.badRequest, "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.prefix(40))'")
        }
        return number
    }

    mutating func text(_ name: String, required: Bool) throws(AddressBookError) -> String {
        guard let text = values[name] else {
            if required { throw AddressBookError(.badRequest, "missing query parameter '\(name)'") }
            return ""
        }
        guard text.count <= AddressBookServer.maximumQueryLength else {
            throw AddressBookError(.badRequest, "'\(name)' is longer than \(AddressBookServer.maximumQueryLength) characters")
        }
        guard !text.contains(where: { $0.isNewline || $0 == "\0" }) else {
            throw AddressBookError(.badRequest, "'\(name)' must not contain line breaks or NUL characters")
        }
        return text
    }

    mutating func order() throws(AddressBookError) -> AlphabeticalSort.Mode {
        try AlphabeticalSort.Mode(parameter: values["order"])
    }

    mutating func required(_ name: String, oneOf choices: [String]) throws(AddressBookError) -> String {
        guard let text = values[name] else {
            throw AddressBookError(.badRequest, "missing query parameter '\(name)' (one of \(choices.joined(separator: ", ")))")
        }
        guard choices.contains(text) else {
            throw AddressBookError(.badRequest, "'\(name)' must be one of \(choices.joined(separator: ", ")), not '\(text.prefix(40))'")
        }
        return text
    }

    /// A required parameter naming one of `choices` by its raw value.
    mutating func required<Value: RawRepresentable>(_ name: String, oneOf choices: [Value]) throws(AddressBookError) -> Value
    where Value.RawValue == String {
        let text = try required(name, oneOf: choices.map(\.rawValue))
        guard let value = choices.first(where: { $0.rawValue == text }) else {
            throw AddressBookError(.badRequest, "'\(name)' must be one of \(choices.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}
