import Foundation
import Ohana

/// Writes contacts as a Google Contacts CSV or Outlook CSV file.
///
/// The header has the dialect's standard columns, as many numbered columns as the widest contact
/// needs, and one column per custom property with a `.string` value (columns read by
/// ``CSVContactsReader`` that the model has no slot for). A standard column the model does not
/// fill takes the custom property of the same name, so unknown columns come back where they were.
/// Cells that a spreadsheet would run as a formula are neutralised with a leading `'`.
public struct CSVContactsWriter: Sendable {
    /// The dialect to write.
    public var dialect: CSVDialect
    /// Whether cells starting with `=`, `+`, `-`, `@`, tab or CR get a leading `'` (OWASP's rule).
    public var neutralizesFormulas: Bool

    /// Creates a writer for a dialect.
    public init(dialect: CSVDialect, neutralizesFormulas: Bool = true) {
        self.dialect = dialect
        self.neutralizesFormulas = neutralizesFormulas
    }

    /// The CSV file for `contacts`: UTF-8, CRLF line ends; Outlook's with a byte order mark.
    ///
    /// Complexity: O(*n* + *c* log *c*) for *n* cells and *c* distinct custom columns.
    public func write(_ contacts: [Contact]) -> Data {
        let rows = parallelMap(contacts, minimumPerWorker: 256, state: { () }) { [self] _, contact in
            dialect == .google ? googleCells(contact) : outlookCells(contact)
        }

        var header: [String] = []
        var inHeader = Set<String>()
        func addColumn(_ name: String) {
            if inHeader.insert(name).inserted { header.append(name) }
        }
        switch dialect {
        case .google:
            GoogleLayout.head.forEach(addColumn)
            for group in GoogleLayout.groups {
                let count = rows.map { $0.counts[group.section] ?? 0 }.max() ?? 0
                guard count > 0 else { continue }
                for n in 1...count { group.parts.forEach { addColumn("\(group.section) \(n) - \($0)") } }
            }
        case .outlook:
            OutlookLayout.head.forEach(addColumn)
        }
        for row in rows { row.cells.forEach { addColumn($0.column) } }
        var customColumns = Set<String>()
        for contact in contacts {
            for (key, value) in contact.customProperties where value.stringValue != nil && !inHeader.contains(key) {
                customColumns.insert(key)
            }
        }
        customColumns.sorted(by: NaturalOrder.less).forEach(addColumn)

        // Rows are written on every core, a run at a time, into buffers joined in order.
        let columns = header
        let columnIndex = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let run = 1024
        let runs = stride(from: 0, to: contacts.count, by: run).map { $0..<min(contacts.count, $0 + run) }
        let written = parallelMap(runs, minimumPerWorker: 1, state: { () }) { [self] _, range -> [UInt8] in
            var writer = CSVBytesWriter()
            var values = [String](repeating: "", count: columns.count)
            for index in range {
                for i in values.indices { values[i] = "" }
                // A column the row fills wins over a custom property of the same name.
                for (key, value) in contacts[index].customProperties {
                    if let text = value.stringValue, let i = columnIndex[key] { values[i] = text }
                }
                for cell in rows[index].cells where !cell.value.isEmpty { values[columnIndex[cell.column]!] = cell.value }
                writer.write(row: values.map(cellText))
            }
            return writer.bytes
        }
        var headerWriter = CSVBytesWriter()
        headerWriter.write(row: header.map(cellText))
        var data = Data(capacity: headerWriter.bytes.count + written.reduce(0) { $0 + $1.count + 2 } + 5)
        if dialect == .outlook { data.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        data.append(contentsOf: headerWriter.bytes)
        for part in written where !part.isEmpty {
            data.append(contentsOf: [13, 10])
            data.append(contentsOf: part)
        }
        data.append(contentsOf: [13, 10])
        return data
    }

    private func cellText(_ value: String) -> String {
        neutralizesFormulas ? FormulaGuard.escape(value) : value
    }

    /// The cells one contact fills, in column order, and how many numbered entries it needs per section.
    private struct RowCells {
        var cells: [(column: String, value: String)] = []
        var counts: [String: Int] = [:]
        mutating func set(_ column: String, _ value: String?) {
            if let value, !value.isEmpty { cells.append((column, value)) }
        }
    }

    // MARK: Google

    private func googleCells(_ contact: Contact) -> RowCells {
        var row = RowCells()
        row.set("Name", contact.formattedName)
        row.set("First Name", contact.givenName)
        row.set("Middle Name", contact.middleName)
        row.set("Last Name", contact.familyName)
        row.set("Phonetic First Name", contact.phoneticGivenName)
        row.set("Phonetic Middle Name", contact.phoneticMiddleName)
        row.set("Phonetic Last Name", contact.phoneticFamilyName)
        row.set("Name Prefix", contact.namePrefix)
        row.set("Name Suffix", contact.nameSuffix)
        row.set("Nickname", contact.nickname)
        row.set("Organization Name", contact.organization)
        row.set("Organization Title", contact.jobTitle)
        row.set("Organization Department", contact.department)
        row.set("Birthday", contact.birthday.map(BirthdayText.google))
        row.set("Notes", contact.note)
        let systemGroups: [String] = if case .strings(let groups)? = contact.customProperties[CSVContactsReader.googleSystemGroupsKey] { groups } else { [] }
        row.set("Labels", (systemGroups + contact.tags).joined(separator: " ::: "))

        for (section, type) in GoogleLayout.fieldSections {
            let fields = contact.fields(ofType: type)
            row.counts[section] = fields.count
            for (index, field) in fields.enumerated() {
                let n = index + 1
                row.set("\(section) \(n) - Label", Labels.toGoogle(field.label, isPreferred: field.isPreferred))
                if type == .instantMessage {
                    row.set("\(section) \(n) - Service", field.parameters.first {
                        $0.name.caseInsensitiveCompare("X-SERVICE-TYPE") == .orderedSame
                    }?.values.first)
                }
                row.set("\(section) \(n) - Value", field.value)
            }
        }
        row.counts["Address"] = contact.postalAddresses.count
        for (index, address) in contact.postalAddresses.enumerated() {
            let prefix = "Address \(index + 1) - "
            row.set(prefix + "Label", Labels.toGoogle(address.label, isPreferred: address.isPreferred))
            row.set(prefix + "Formatted", Self.formatted(address))
            row.set(prefix + "Street", address.street.joined(separator: "\n"))
            row.set(prefix + "City", address.city)
            row.set(prefix + "PO Box", address.poBox)
            row.set(prefix + "Region", address.region)
            row.set(prefix + "Postal Code", address.postalCode)
            row.set(prefix + "Country", address.country)
            row.set(prefix + "Extended Address", address.extendedAddress)
        }
        return row
    }

    /// An address on lines, as Google's `Formatted` column shows it.
    static func formatted(_ address: PostalAddress) -> String {
        var lines = address.street
        if let extended = address.extendedAddress { lines.append(extended) }
        if let poBox = address.poBox { lines.append("PO Box \(poBox)") }
        let cityLine = [address.city, [address.region, address.postalCode].compactMap { $0 }.joined(separator: " ")]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        if !cityLine.isEmpty { lines.append(cityLine) }
        if let country = address.country { lines.append(country) }
        return lines.joined(separator: "\n")
    }

    // MARK: Outlook

    private func outlookCells(_ contact: Contact) -> RowCells {
        var row = RowCells()
        row.set("Title", contact.namePrefix)
        row.set("First Name", contact.givenName)
        row.set("Middle Name", contact.middleName)
        row.set("Last Name", contact.familyName)
        row.set("Suffix", contact.nameSuffix)
        row.set("Company", contact.organization)
        row.set("Department", contact.department)
        row.set("Job Title", contact.jobTitle)
        row.set("Birthday", contact.birthday.map(BirthdayText.outlook))
        row.set("Notes", contact.note)
        row.set("Categories", contact.tags.joined(separator: ";"))
        row.set("Name", contact.formattedName)
        row.set("Nickname", contact.nickname)
        row.set("Given Yomi", contact.phoneticGivenName)
        row.set("Middle Yomi", contact.phoneticMiddleName)
        row.set("Surname Yomi", contact.phoneticFamilyName)

        var used: [String: Int] = [:]
        func numbered(_ base: String, first: (Int) -> String = { $0 == 1 ? "" : " \($0)" }) -> String {
            let n = used[base, default: 0] + 1
            used[base] = n
            return base + first(n)
        }
        for field in contact.fields {
            switch field.type {
            case .phoneNumber: row.set(numbered(Labels.outlookPhoneColumn(for: field.label)), field.value)
            case .emailAddress:
                let n = used["E-mail", default: 0] + 1
                used["E-mail"] = n
                row.set(n == 1 ? "E-mail Address" : "E-mail \(n) Address", field.value)
            case .url: row.set(numbered(field.label == .home ? "Personal Web Page" : "Web Page"), field.value)
            case .instantMessage: row.set(numbered("IM Address"), field.value)
            case .other: row.set(numbered("User", first: { " \($0)" }), field.value)
            }
        }
        for address in contact.postalAddresses {
            let prefix = numbered(Labels.outlookAddressPrefix(for: address.label))
            for (index, line) in address.street.enumerated() {
                row.set(index == 0 ? "\(prefix) Street" : "\(prefix) Street \(index + 1)", line)
            }
            row.set("\(prefix) Address PO Box", address.poBox)
            row.set("\(prefix) Extended Address", address.extendedAddress)
            row.set("\(prefix) City", address.city)
            row.set("\(prefix) State", address.region)
            row.set("\(prefix) Postal Code", address.postalCode)
            row.set("\(prefix) Country/Region", address.country)
        }
        return row
    }
}

/// The columns of Google Contacts' current CSV export.
enum GoogleLayout {
    static let head = [
        "First Name", "Middle Name", "Last Name", "Phonetic First Name", "Phonetic Middle Name",
        "Phonetic Last Name", "Name Prefix", "Name Suffix", "Nickname", "File As", "Organization Name",
        "Organization Title", "Organization Department", "Birthday", "Notes", "Photo", "Labels",
    ]
    static let fieldSections: [(String, ContactFieldType)] = [
        ("E-mail", .emailAddress), ("Phone", .phoneNumber), ("Website", .url), ("IM", .instantMessage),
        ("Custom Field", .other),
    ]
    static let groups: [(section: String, parts: [String])] = [
        ("E-mail", ["Label", "Value"]), ("Phone", ["Label", "Value"]),
        ("Address", ["Label", "Formatted", "Street", "City", "PO Box", "Region", "Postal Code", "Country", "Extended Address"]),
        ("Website", ["Label", "Value"]), ("IM", ["Label", "Service", "Value"]), ("Custom Field", ["Label", "Value"]),
    ]
}

/// The columns of Outlook's CSV export, in Microsoft's order.
enum OutlookLayout {
    static let head = [
        "Title", "First Name", "Middle Name", "Last Name", "Suffix", "Company", "Department", "Job Title",
        "Business Street", "Business Street 2", "Business Street 3", "Business City", "Business State",
        "Business Postal Code", "Business Country/Region", "Home Street", "Home Street 2", "Home Street 3",
        "Home City", "Home State", "Home Postal Code", "Home Country/Region", "Other Street", "Other Street 2",
        "Other Street 3", "Other City", "Other State", "Other Postal Code", "Other Country/Region",
        "Assistant's Phone", "Business Fax", "Business Phone", "Business Phone 2", "Callback", "Car Phone",
        "Company Main Phone", "Home Fax", "Home Phone", "Home Phone 2", "ISDN", "Mobile Phone", "Other Fax",
        "Other Phone", "Pager", "Primary Phone", "Radio Phone", "TTY/TDD Phone", "Telex", "Account",
        "Anniversary", "Assistant's Name", "Billing Information", "Birthday", "Business Address PO Box",
        "Categories", "Children", "Directory Server", "E-mail Address", "E-mail Type", "E-mail Display Name",
        "E-mail 2 Address", "E-mail 2 Type", "E-mail 2 Display Name", "E-mail 3 Address", "E-mail 3 Type",
        "E-mail 3 Display Name", "Gender", "Government ID Number", "Hobby", "Home Address PO Box", "Initials",
        "Internet Free Busy", "Keywords", "Language", "Location", "Manager's Name", "Mileage", "Notes",
        "Office Location", "Organizational ID Number", "Other Address PO Box", "Priority", "Private",
        "Profession", "Referred By", "Sensitivity", "Spouse", "User 1", "User 2", "User 3", "User 4", "Web Page",
    ]
}

/// Orders column names so that numbers inside them compare as numbers: `Event 2` before `Event 10`.
enum NaturalOrder {
    static func less(_ a: String, _ b: String) -> Bool {
        var i = a.unicodeScalars.makeIterator()
        var j = b.unicodeScalars.makeIterator()
        var x = i.next()
        var y = j.next()
        while let cx = x, let cy = y {
            if cx.properties.numericType == .decimal, cy.properties.numericType == .decimal {
                var nx = "", ny = ""
                while let c = x, c.properties.numericType == .decimal { nx.unicodeScalars.append(c); x = i.next() }
                while let c = y, c.properties.numericType == .decimal { ny.unicodeScalars.append(c); y = j.next() }
                let ax = nx.drop(while: { $0 == "0" }), ay = ny.drop(while: { $0 == "0" })
                if ax.count != ay.count { return ax.count < ay.count }
                if ax != ay { return ax < ay }
                continue
            }
            if cx != cy { return cx.value < cy.value }
            x = i.next()
            y = j.next()
        }
        return x == nil && y != nil
    }
}
