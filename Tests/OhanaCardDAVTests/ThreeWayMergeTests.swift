import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import Testing

/// The field-level three-way merge of contacts, without a server.
@Suite("Three-way merge of contacts")
struct ThreeWayMergeTests {
    let base = Contact(id: "c1", givenName: "Ada", familyName: "Lovelace", organization: "Analytical Engines",
                       fields: [.phone("+44 20 7946 0001", label: .home), .email("ada@example.org")],
                       tags: ["friends"])

    @Test("a phone added locally and an email changed on the server both survive, without a conflict")
    func nonConflictingChangesCombine() {
        var local = base
        local.fields.append(.phone("+44 7700 900123", label: .mobile))
        var remote = base
        remote.fields[1] = .email("ada@lovelace.example")
        let result = ContactThreeWayMerge().merge(base: base, local: local, remote: remote)
        #expect(result.conflicts.isEmpty)
        #expect(result.contact.phoneNumbers.map(\.value) == ["+44 20 7946 0001", "+44 7700 900123"])
        #expect(result.contact.emailAddresses.map(\.value) == ["ada@lovelace.example"])
        #expect(result.contact.id == "c1")
    }

    @Test("a single value changed on both sides is a conflict: local by default, reported with both values")
    func singleValueConflictDefaultsToLocal() {
        var local = base
        local.familyName = "King"
        var remote = base
        remote.familyName = "Byron"
        let result = ContactThreeWayMerge().merge(base: base, local: local, remote: remote)
        #expect(result.contact.familyName == "King")
        #expect(result.conflicts == [FieldConflict(field: "familyName", base: ["Lovelace"], local: ["King"],
                                                   remote: ["Byron"], merged: ["King"])])
        #expect(result.conflicts[0].description.contains("local \"King\", server \"Byron\""))
    }

    @Test("prefer remote takes the server's single value; prefer local its own")
    func preferenceDecidesSingleValues() {
        var local = base
        local.organization = "Babbage & Co"
        var remote = base
        remote.organization = "Royal Society"
        #expect(ContactThreeWayMerge(preference: .remote).merge(base: base, local: local, remote: remote).contact.organization
            == "Royal Society")
        #expect(ContactThreeWayMerge(preference: .local).merge(base: base, local: local, remote: remote).contact.organization
            == "Babbage & Co")
    }

    @Test("the same phone changed to different numbers keeps both by default, one with a preference")
    func multiValuedConflictKeepsBoth() {
        var local = base
        local.fields[0] = .phone("+44 20 7946 0002", label: .home)
        var remote = base
        remote.fields[0] = .phone("+44 20 7946 0003", label: .home)
        let both = ContactThreeWayMerge().merge(base: base, local: local, remote: remote)
        #expect(both.contact.phoneNumbers.map(\.value) == ["+44 20 7946 0002", "+44 20 7946 0003"])
        #expect(both.conflicts.map(\.field) == ["phone"])
        #expect(both.conflicts.first?.local == ["+44 20 7946 0002"])
        #expect(both.conflicts.first?.remote == ["+44 20 7946 0003"])
        let localWins = ContactThreeWayMerge(preference: .local).merge(base: base, local: local, remote: remote)
        #expect(localWins.contact.phoneNumbers.map(\.value) == ["+44 20 7946 0002"])
        let remoteWins = ContactThreeWayMerge(preference: .remote).merge(base: base, local: local, remote: remote)
        #expect(remoteWins.contact.phoneNumbers.map(\.value) == ["+44 20 7946 0003"])
    }

    @Test("a value removed on one side is removed; a tag added on the other is added")
    func removalsAndAdditions() {
        var local = base
        local.fields.removeAll { $0.type == .emailAddress }
        var remote = base
        remote.tags.append("family")
        let result = ContactThreeWayMerge().merge(base: base, local: local, remote: remote)
        #expect(result.contact.emailAddresses.isEmpty)
        #expect(result.contact.tags == ["friends", "family"])
        #expect(result.conflicts.isEmpty)
    }

    @Test("merging a result again with the same sides changes nothing (a resumed sync is idempotent)")
    func mergeIsIdempotent() {
        var local = base
        local.familyName = "King"
        local.fields[0] = .phone("+44 20 7946 0002", label: .home)
        var remote = base
        remote.familyName = "Byron"
        remote.fields[0] = .phone("+44 20 7946 0003", label: .home)
        remote.note = "Countess"
        let merge = ContactThreeWayMerge()
        let first = merge.merge(base: base, local: local, remote: remote).contact
        let again = merge.merge(base: base, local: local, remote: first)
        #expect(again.contact == first)
        #expect(again.conflicts.isEmpty)
    }

    @Test("the same change on both sides is taken once, without a conflict")
    func sameChangeOnBothSides() {
        var local = base
        local.note = "met in 1833"
        local.fields.append(.url("https://example.org/ada"))
        let result = ContactThreeWayMerge().merge(base: base, local: local, remote: local)
        #expect(result.contact == local)
        #expect(result.conflicts.isEmpty)
    }

    @Test("the diff names each changed field with the values removed and added")
    func diffNamesFields() {
        var new = base
        new.familyName = "King"
        new.fields.append(.phone("+44 7700 900123", label: .mobile))
        let changes = ContactDiff.changes(from: base, to: new)
        #expect(changes.map(\.description) == ["familyName: -\"Lovelace\" +\"King\"", "phone: +\"+44 7700 900123 (mobile)\""])
        #expect(ContactDiff.changes(from: base, to: base).isEmpty)
    }
}
