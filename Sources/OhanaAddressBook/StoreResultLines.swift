import Ohana
import OhanaStore

extension ContactChanges {
    /// The changes one per line, as `ohana changes` prints them: `added ID NAME`, `updated ID NAME`,
    /// `removed ID`, then `token TOKEN`.
    public var lines: [String] {
        added.map { "added \($0.id) \($0.fullName)" } + updated.map { "updated \($0.id) \($0.fullName)" }
            + removed.map { "removed \($0)" } + ["token \(token)"]
    }
}

extension MergeUndoResult {
    /// What an undo restored, for a reader: the restored contacts by name and id (the id alone
    /// when a contact has no name), then the merged contact that stays, if any.
    public var summaryLines: [String] {
        var lines = ["restored \(restored.count) contact(s), kept apart from now on: "
            + restored.map { $0.fullName.isEmpty ? $0.id.rawValue : "\($0.fullName) [\($0.id.rawValue)]" }.joined(separator: " | ")]
        if let remaining { lines.append("still merged: \(remaining.fullName) [\(remaining.id.rawValue)]") }
        return lines
    }
}

extension VersionedContact {
    /// The contact for a reader, as `ohana show` prints it: its name, id and version, then one line
    /// per part it has (names, organization, each value with its label, addresses, tags, note, sources).
    public var detailLines: [String] { detailLines(sources: ValueSources()) }

    /// The lines of ``detailLines`` for an aggregated contact: each value and address followed by
    /// the accounts holding it (`[work, home]`), then one `card` line per linked card.
    public func detailLines(sources: ValueSources) -> [String] {
        func from(_ names: [[String]], _ index: Int) -> String {
            names.indices.contains(index) && !names[index].isEmpty ? "  [\(names[index].joined(separator: ", "))]" : ""
        }
        let name = contact.fullName.isEmpty ? "(no name)" : contact.fullName
        var lines = ["\(name)  [id \(contact.id.rawValue), version \(version)]"]
        func add(_ title: String, _ value: String?) {
            guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
            lines.append("  \(title): \(value.replacingOccurrences(of: "\n", with: "\n    "))")
        }
        add("name prefix", contact.namePrefix)
        add("given name", contact.givenName)
        add("middle name", contact.middleName)
        add("family name", contact.familyName)
        add("name suffix", contact.nameSuffix)
        add("nickname", contact.nickname)
        add("organization", contact.organization)
        add("department", contact.department)
        add("job title", contact.jobTitle)
        for (index, field) in contact.fields.enumerated() {
            let kind = switch field.type {
            case .phoneNumber: "phone"
            case .emailAddress: "email"
            case .url: "url"
            case .instantMessage: "im"
            case .other: "other"
            }
            add(kind + (field.label.map { " (\($0.rawValue))" } ?? ""), field.value + from(sources.fields, index))
        }
        for (index, address) in contact.postalAddresses.enumerated() {
            add("address" + (address.label.map { " (\($0.rawValue))" } ?? ""), address.oneLine + from(sources.addresses, index))
        }
        add("birthday", contact.birthday?.description)
        add("tags", contact.tags.isEmpty ? nil : contact.tags.joined(separator: ", "))
        add("note", contact.note)
        for source in contact.provenance {
            add("source", [source.providerID, source.recordID].compactMap { $0 }.joined(separator: " "))
        }
        for card in sources.cards {
            add("card", "\(card.source)\(card.isPrimary ? " (primary)" : ""): \(card.name) [id \(card.id)]")
        }
        return lines
    }
}

extension ContactWriteResult {
    /// The write in one line, as `ohana add`, `edit`, `delete` and `undo` print it:
    /// `VERB ID NAME (version N); undo with: ohana undo R`.
    public func summaryLine(_ verb: String) -> String {
        let contact = stored?.contact ?? revision?.before
        let name = contact.map { $0.fullName.isEmpty ? "(no name)" : $0.fullName } ?? ""
        var line = "\(verb) \(revision?.contactID.rawValue ?? contact?.id.rawValue ?? "") \(name)"
        if let version = stored?.version { line += " (version \(version))" }
        let numbers = (otherRevisions + (revision.map { [$0] } ?? [])).map { String($0.number) }
        if !numbers.isEmpty { line += "; undo with: ohana undo \(numbers.joined(separator: " "))" }
        return line
    }
}
