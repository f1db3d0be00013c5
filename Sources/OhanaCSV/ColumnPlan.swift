import Foundation
import Ohana

/// A name-like text slot of a contact that one column fills.
enum NamePart: Sendable {
    case formattedName, givenName, middleName, familyName, namePrefix, nameSuffix, nickname
    case phoneticGivenName, phoneticMiddleName, phoneticFamilyName, organization, department, jobTitle, note

    /// Sets the slot on a contact.
    func set(_ value: String, on contact: inout Contact) {
        switch self {
        case .formattedName: contact.formattedName = value
        case .givenName: contact.givenName = value
        case .middleName: contact.middleName = value
        case .familyName: contact.familyName = value
        case .namePrefix: contact.namePrefix = value
        case .nameSuffix: contact.nameSuffix = value
        case .nickname: contact.nickname = value
        case .phoneticGivenName: contact.phoneticGivenName = value
        case .phoneticMiddleName: contact.phoneticMiddleName = value
        case .phoneticFamilyName: contact.phoneticFamilyName = value
        case .organization: contact.organization = value
        case .department: contact.department = value
        case .jobTitle: contact.jobTitle = value
        case .note: contact.note = value
        }
    }
}

/// What each column of a header row holds, worked out once per file.
struct ColumnPlan {
    /// A labeled field read from one or more columns (Google: label/value/service; Outlook: one column).
    struct FieldSlot {
        var type: ContactFieldType
        var rank: Int
        var firstColumn: Int
        var fixedLabel: ContactFieldLabel?
        var labelColumn: Int?
        var valueColumn: Int?
        var serviceColumn: Int?
    }

    /// A postal address read from several columns.
    struct AddressSlot {
        var rank: Int
        var firstColumn: Int
        var fixedLabel: ContactFieldLabel?
        var labelColumn: Int?
        var formatted: Int?
        var street: [(line: Int, column: Int)] = []
        var poBox: Int?
        var extendedAddress: Int?
        var city: Int?
        var region: Int?
        var postalCode: Int?
        var country: Int?

        /// The columns that can give the address a value (not its label): when every one of them
        /// is blank in a row, the row has no address in this slot.
        var valueColumns: [Int] {
            [formatted, poBox, extendedAddress, city, region, postalCode, country].compactMap { $0 } + street.map(\.column)
        }
    }

    var dialect: CSVDialect
    /// Whether cells may hold several values joined by ` ::: ` (Google).
    var splitsMultipleValues: Bool
    var names: [(column: Int, keyPath: NamePart)] = []
    var birthdays: [(column: Int, header: String)] = []
    var tags: [Int] = []
    var fields: [FieldSlot] = []
    var addresses: [AddressSlot] = []
    var custom: [(column: Int, key: String)] = []
    /// Warnings about the header itself (duplicate columns).
    var headerWarnings: [String] = []

    static let fieldTypeOrder: [ContactFieldType] = [.phoneNumber, .emailAddress, .url, .instantMessage, .other]

    init(header: [String], dialect: CSVDialect) {
        self.dialect = dialect
        self.splitsMultipleValues = dialect == .google
        var seen: [String: Int] = [:]
        var fieldSlots: [String: FieldSlot] = [:]
        var addressSlots: [String: AddressSlot] = [:]

        for (column, cell) in header.enumerated() {
            let name = cell.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                custom.append((column, "Column \(column + 1)"))
                continue
            }
            let lower = name.lowercased()
            let count = seen[lower, default: 0] + 1
            seen[lower] = count
            if count > 1 {
                let key = "\(name) (\(count))"
                headerWarnings.append("column \(column + 1) repeats the header '\(name)'; its values are kept as '\(key)'")
                custom.append((column, key))
                continue
            }
            let planned: Bool
            switch dialect {
            case .google: planned = planGoogle(name: name, lower: lower, column: column, fields: &fieldSlots, addresses: &addressSlots)
            case .outlook: planned = planOutlook(name: name, lower: lower, column: column, fields: &fieldSlots, addresses: &addressSlots)
            }
            if !planned { custom.append((column, name)) }
        }

        let order = Dictionary(uniqueKeysWithValues: Self.fieldTypeOrder.enumerated().map { ($0.element, $0.offset) })
        fields = fieldSlots.values.filter { $0.valueColumn != nil }.sorted {
            (order[$0.type]!, $0.rank, $0.firstColumn) < (order[$1.type]!, $1.rank, $1.firstColumn)
        }
        // Label-only or service-only columns whose value column is missing keep their data as custom values.
        for slot in fieldSlots.values where slot.valueColumn == nil {
            for column in [slot.labelColumn, slot.serviceColumn].compactMap({ $0 }) {
                custom.append((column, header[column].trimmingCharacters(in: .whitespaces)))
            }
        }
        addresses = addressSlots.values.sorted { ($0.rank, $0.firstColumn) < ($1.rank, $1.firstColumn) }
        for index in addresses.indices { addresses[index].street.sort { $0.line < $1.line } }
        custom.sort { $0.column < $1.column }
    }

    // MARK: Google

    private static let googleNames: [String: NamePart] = [
        "name": .formattedName,
        "given name": .givenName, "first name": .givenName,
        "additional name": .middleName, "middle name": .middleName,
        "family name": .familyName, "last name": .familyName,
        "name prefix": .namePrefix, "name suffix": .nameSuffix, "nickname": .nickname,
        "given name yomi": .phoneticGivenName, "phonetic first name": .phoneticGivenName,
        "additional name yomi": .phoneticMiddleName, "phonetic middle name": .phoneticMiddleName,
        "family name yomi": .phoneticFamilyName, "phonetic last name": .phoneticFamilyName,
        "organization name": .organization, "organization title": .jobTitle,
        "organization department": .department, "notes": .note,
    ]

    private static let googleSections: [String: ContactFieldType] = [
        "e-mail": .emailAddress, "email": .emailAddress, "phone": .phoneNumber, "website": .url,
        "im": .instantMessage, "custom field": .other,
    ]

    private mutating func planGoogle(
        name: String, lower: String, column: Int,
        fields: inout [String: FieldSlot], addresses: inout [String: AddressSlot]
    ) -> Bool {
        if let keyPath = Self.googleNames[lower] {
            names.append((column, keyPath))
            return true
        }
        switch lower {
        case "birthday": birthdays.append((column, name)); return true
        case "group membership", "labels": tags.append(column); return true
        default: break
        }
        guard let numbered = GoogleColumn(header: lower) else { return false }
        if numbered.section == "organization", numbered.number == 1 {
            let keyPath: NamePart? = switch numbered.part {
            case "name": .organization
            case "title": .jobTitle
            case "department": .department
            default: nil
            }
            guard let keyPath else { return false }
            names.append((column, keyPath))
            return true
        }
        if numbered.section == "address" {
            let key = "address \(numbered.number)"
            var slot = addresses[key] ?? AddressSlot(rank: numbered.number, firstColumn: column)
            switch numbered.part {
            case "type", "label": guard slot.labelColumn == nil else { return false }; slot.labelColumn = column
            case "formatted": guard slot.formatted == nil else { return false }; slot.formatted = column
            case "street": guard slot.street.isEmpty else { return false }; slot.street = [(0, column)]
            case "city": guard slot.city == nil else { return false }; slot.city = column
            case "po box": guard slot.poBox == nil else { return false }; slot.poBox = column
            case "region": guard slot.region == nil else { return false }; slot.region = column
            case "postal code": guard slot.postalCode == nil else { return false }; slot.postalCode = column
            case "country": guard slot.country == nil else { return false }; slot.country = column
            case "extended address": guard slot.extendedAddress == nil else { return false }; slot.extendedAddress = column
            default: return false
            }
            addresses[key] = slot
            return true
        }
        guard let type = Self.googleSections[numbered.section] else { return false }
        let key = "\(type.rawValue) \(numbered.number)"
        var slot = fields[key] ?? FieldSlot(type: type, rank: numbered.number, firstColumn: column)
        switch numbered.part {
        case "type", "label": guard slot.labelColumn == nil else { return false }; slot.labelColumn = column
        case "value": guard slot.valueColumn == nil else { return false }; slot.valueColumn = column
        case "service" where type == .instantMessage:
            guard slot.serviceColumn == nil else { return false }; slot.serviceColumn = column
        default: return false
        }
        fields[key] = slot
        return true
    }

    // MARK: Outlook

    private static let outlookNames: [String: NamePart] = [
        "name": .formattedName, "display name": .formattedName, "full name": .formattedName,
        "title": .namePrefix, "first name": .givenName, "middle name": .middleName, "last name": .familyName,
        "suffix": .nameSuffix, "nickname": .nickname,
        "given yomi": .phoneticGivenName, "given name yomi": .phoneticGivenName,
        "middle yomi": .phoneticMiddleName,
        "surname yomi": .phoneticFamilyName, "family name yomi": .phoneticFamilyName,
        "company": .organization, "department": .department, "job title": .jobTitle, "notes": .note,
    ]

    /// Address column endings, longest first so `Address PO Box` wins over `Address`.
    private static let outlookAddressSuffixes: [(suffix: String, part: String)] = [
        (" address po box", "po box"), (" extended address", "extended"), (" country/region", "country"),
        (" postal code", "postal code"), (" country", "country"), (" street", "street"), (" city", "city"),
        (" state", "region"), (" address", "formatted"),
    ]

    private mutating func planOutlook(
        name: String, lower: String, column: Int,
        fields: inout [String: FieldSlot], addresses: inout [String: AddressSlot]
    ) -> Bool {
        if let keyPath = Self.outlookNames[lower] {
            names.append((column, keyPath))
            return true
        }
        switch lower {
        case "birthday": birthdays.append((column, name)); return true
        case "categories": tags.append(column); return true
        default: break
        }
        func add(_ type: ContactFieldType, rank: Int, label: ContactFieldLabel?) -> Bool {
            fields["\(lower)"] = FieldSlot(type: type, rank: rank, firstColumn: column, fixedLabel: label, valueColumn: column)
            return true
        }
        let base = Labels.stripNumber(lower)
        let number = Labels.trailingNumber(lower)
        if lower == "e-mail address" || lower == "email address" { return add(.emailAddress, rank: 1, label: nil) }
        if lower.hasPrefix("e-mail "), lower.hasSuffix(" address"),
           let n = Int(lower.dropFirst(7).dropLast(8)) {
            return add(.emailAddress, rank: n, label: nil)
        }
        switch base {
        case "web page": return add(.url, rank: number, label: nil)
        case "personal web page": return add(.url, rank: 100 + number, label: .home)
        case "im address", "imaddress": return add(.instantMessage, rank: number, label: nil)
        case "user" where lower != base: return add(.other, rank: number, label: nil)
        default: break
        }
        if let phone = Labels.outlookPhone(column: name) {
            let rank = phone.rank == 1000 ? 1_000_000 + column : phone.rank * 1000 + number
            return add(.phoneNumber, rank: rank, label: phone.label)
        }
        // Addresses: `<Prefix> Street`, `<Prefix> Street 2`, `<Prefix> City`, `<Prefix> Address PO Box`, ...
        var streetLine = 0
        var stem = lower
        if base.hasSuffix(" street"), lower != base {
            streetLine = number - 1
            stem = base
        }
        for (suffix, part) in Self.outlookAddressSuffixes where stem.hasSuffix(suffix) && stem.count > suffix.count {
            let prefix = String(name.prefix(stem.count - suffix.count)).trimmingCharacters(in: .whitespaces)
            let prefixKey = prefix.lowercased()
            let known = ["home", "business", "other"].contains(Labels.stripNumber(prefixKey))
            if part == "formatted" && !known { return false }
            let key = "address \(prefixKey)"
            let labelled = Labels.outlookAddressLabel(prefix: prefix)
            var slot = addresses[key] ?? AddressSlot(
                rank: labelled.rank * 1000 + Labels.trailingNumber(prefix), firstColumn: column, fixedLabel: labelled.label)
            if labelled.rank == 1000 { slot.rank = 1_000_000 + slot.firstColumn }
            switch part {
            case "po box": slot.poBox = column
            case "extended": slot.extendedAddress = column
            case "country": guard slot.country == nil else { return false }; slot.country = column
            case "postal code": slot.postalCode = column
            case "street": slot.street.append((streetLine, column))
            case "city": slot.city = column
            case "region": slot.region = column
            default: slot.formatted = column
            }
            addresses[key] = slot
            return true
        }
        return false
    }
}
