import Foundation
import Testing
@testable import Ohana

@Suite("Alphabetical sort")
struct AlphabeticalSortTests {
    let en = Locale(identifier: "en_US")
    let contacts = [
        person("Marge", "Simpson", id: "marge"),
        person("Homer", "Simpson", id: "homer"),
        person("Wednesday", "Addams", id: "wednesday"),
        person(nil, nil, id: "nobody"),
        person("Gomez", "Addams", id: "gomez"),
        person("Bart", nil, id: "bart"),
        person(nil, "Flanders", id: "flanders"),
    ]

    @Test func byFullName() {
        let sorted = AlphabeticalSort(.fullName, locale: en).sorted(contacts)
        #expect(sorted.map(\.id) == ["bart", "flanders", "gomez", "homer", "marge", "wednesday", "nobody"])
    }

    @Test func byFirstNameThenLastName() {
        let sorted = AlphabeticalSort(.firstName, locale: en).sorted(contacts + [person("Homer", "Addams", id: "homer-a")])
        #expect(sorted.map(\.id) == ["bart", "gomez", "homer-a", "homer", "marge", "wednesday", "nobody", "flanders"])
    }

    @Test func byLastNameThenFirstName() {
        let sorted = AlphabeticalSort(.lastName, locale: en).sorted(contacts)
        #expect(sorted.map(\.id) == ["gomez", "wednesday", "flanders", "homer", "marge", "nobody", "bart"])
    }

    @Test func contactsWithoutTheKeyGoLastInTheirOriginalOrder() {
        let sorted = AlphabeticalSort(.lastName, locale: en).sorted([person("Z", nil, id: "1"), person("A", nil, id: "2"), person("B", "C", id: "3")])
        #expect(sorted.map(\.id) == ["3", "1", "2"])
    }

    @Test func isStableForEqualNames() {
        let twins = (0..<20).map { person("Sam", "Lee", id: "sam\($0)") }
        #expect(AlphabeticalSort(.fullName, locale: en).sorted(twins).map(\.id) == twins.map(\.id))
    }

    @Test func collationIgnoresCaseAndAccentsAtFirst() {
        let names = ["émile", "Eve", "eva", "Fred", "Édouard", "zoé", "Zack"].map { person($0, nil, id: $0) }
        let sorted = AlphabeticalSort(.firstName, locale: en).sorted(names)
        #expect(sorted.map(\.id) == ["Édouard", "émile", "eva", "Eve", "Fred", "Zack", "zoé"])
    }

    @Test func collationFollowsTheLocale() {
        let names = ["Ångström", "Zorro", "Adam", "Örn", "Olle"].map { person(nil, $0, id: $0) }
        let swedish = AlphabeticalSort(.lastName, locale: Locale(identifier: "sv_SE")).sorted(names)
        #expect(swedish.map(\.id) == ["Adam", "Olle", "Zorro", "Ångström", "Örn"])
        let english = AlphabeticalSort(.lastName, locale: en).sorted(names)
        #expect(english.map(\.id) == ["Adam", "Ångström", "Olle", "Örn", "Zorro"])
    }

    @Test func asciiNamesGetTheSameKeysAsCharacterByCharacter() {
        let names = ["  Anne ", "\tbob\n", "Zoë", "O'Neil-Smith", "ann", "Émile", "x\r\ny", "", "   ", "Ann  Lee", "123 Co."]
        let collator = Collator(locale: en, strings: names)
        for name in names where name.utf8.allSatisfy({ $0 < 0x80 && $0 != 13 }) {
            let fast = collator.asciiKey(name), slow = collator.characterKey(name)
            #expect(fast.primary == slow.primary && fast.full == slow.full && fast.original == slow.original, "\(name.debugDescription)")
        }
        #expect(collator.key("x\r\ny").primary.count == 3)
    }

    @Test("permuting in place puts item order[k] at k, for any permutation", arguments: [0, 1, 2, 7, 1000])
    func permuteInPlace(count: Int) {
        var generator = SystemRandomNumberGenerator()
        for order in [Array(0..<count), Array((0..<count).reversed()), (0..<count).shuffled(using: &generator),
                      count > 1 ? Array(1..<count) + [0] : Array(0..<count)] {
            var items = (0..<count).map { "item \($0)" }
            AlphabeticalSort.permute(&items, to: order)
            #expect(items == order.map { "item \($0)" })
        }
    }

    @Test func runsAsAPostProcessor() async throws {
        let sorted = try await AlphabeticalSort(.fullName, locale: en).process(contacts)
        #expect(sorted.first?.id == "bart")
    }
}

@Suite("Filtering post processors")
struct FilteringTests {
    @Test func requiredFieldKeepsOnlyContactsWithTheFieldType() async throws {
        let contacts = [person("A", nil, id: "a", phones: ["1"]), person("B", nil, id: "b", emails: ["b@x.org"]), person("C", nil, id: "c")]
        #expect(try await RequiredField(.phoneNumber).process(contacts).map(\.id) == ["a"])
        #expect(try await RequiredField(.emailAddress).process(contacts).map(\.id) == ["b"])
        #expect(try await RequiredField(.url).process(contacts).isEmpty)
    }

    @Test("filters keep order when they remove in place, and leave an array the caller keeps as it was")
    func filtersRemoveInPlaceKeepingOrder() async throws {
        let contacts = (0..<1000).map { i in person("P\(i)", nil, id: "p\(i)", phones: i % 3 == 0 ? [] : ["555-\(i)"]) }
        let kept = try await RequiredField(.phoneNumber).process(contacts)
        #expect(kept.map(\.id) == contacts.filter { !$0.fields.isEmpty }.map(\.id))
        #expect(contacts.count == 1000 && contacts[0].id == "p0")
        var handedOver = contacts
        handedOver.removeContacts { $0.id.rawValue.hasSuffix("7") }
        #expect(handedOver.map(\.id) == contacts.filter { !$0.id.rawValue.hasSuffix("7") }.map(\.id))
        let filtered = try await ContactFilter { $0.id.rawValue.count == 3 }.process(consume handedOver)
        #expect(filtered.map(\.id) == contacts.filter { !$0.id.rawValue.hasSuffix("7") && $0.id.rawValue.count == 3 }.map(\.id))
    }

    @Test("a transform changes every contact, and not the array its caller keeps")
    func transformChangesEveryContact() async throws {
        let contacts = ["a", "b", "c"].map { person($0, nil, id: $0) }
        let changed = try await ContactTransform { $0.nickname = "n-" + $0.id.rawValue }.process(contacts)
        #expect(changed.map(\.nickname) == ["n-a", "n-b", "n-c"])
        #expect(contacts.allSatisfy { $0.nickname == nil })
    }

    @Test("appending load results takes the first over and keeps the order of the rest")
    func loadedContactsAppend() {
        var result = LoadedContacts(contacts: [])
        result.append(LoadedContacts(contacts: [person("A", nil, id: "a")], diagnostics: [Diagnostic(.warning, source: "a.vcf", message: "one")]))
        result.append(LoadedContacts(contacts: [person("B", nil, id: "b"), person("C", nil, id: "c")]))
        result.append(LoadedContacts(contacts: [], diagnostics: [Diagnostic(.error, source: "c.vcf", message: "two")]))
        #expect(result.contacts.map(\.id) == ["a", "b", "c"])
        #expect(result.diagnostics.map(\.message) == ["one", "two"])
    }

    @Test func requiredPostalAddressKeepsOnlyContactsWithANonEmptyAddress() async throws {
        let contacts = [
            person("A", nil, id: "a", address: PostalAddress(city: "Springfield")),
            person("B", nil, id: "b", address: PostalAddress(street: ["  "])),
            person("C", nil, id: "c"),
        ]
        #expect(try await RequiredPostalAddress().process(contacts).map(\.id) == ["a"])
    }

    @Test func reverseOrderReverses() async throws {
        let contacts = ["a", "b", "c"].map { person($0, nil, id: $0) }
        #expect(try await ReverseOrder().process(contacts).map(\.id) == ["c", "b", "a"])
        #expect(try await ReverseOrder().process([]).isEmpty)
    }

    @Test func splitOnFieldTypeMakesOneContactPerField() async throws {
        var homer = person("Homer", "Simpson", id: "homer", phones: ["555-0100", "555-0101"], emails: ["h@x.org"])
        homer.fields.insert(.phone("555-0102", label: .work), at: 1)
        let contacts = [homer, person("Bart", nil, id: "bart", emails: ["b@x.org"])]
        let split = try await SplitOnFieldType(.phoneNumber).process(contacts)
        #expect(split.map(\.id.rawValue) == ["homer#0", "homer#1", "homer#2"])
        #expect(split.map { $0.fields.map(\.value) } == [["555-0100"], ["555-0102"], ["555-0101"]])
        #expect(split.allSatisfy { $0.customProperties[SplitOnFieldType.sourceContactIDKey] == .string("homer") })
        #expect(split.allSatisfy { $0.fullName == "Homer Simpson" })
    }

    @Test func statisticsAreStoredOnEachContact() async throws {
        var contact = person("A", nil, id: "a", phones: ["1", "2"], emails: ["a@x.org"])
        contact.fields.append(.url("https://x.org"))
        var other = person("B", nil, id: "b", emails: ["b@x.org"])
        other.fields.append(.phone("3", label: .home))
        let result = try await Statistics().process([contact, other])
        #expect(result[0].customProperties[Statistics.fieldCountKey] == .integer(4))
        #expect(result[0].customProperties[Statistics.phoneNumberCountKey] == .integer(2))
        #expect(result[0].customProperties[Statistics.emailAddressCountKey] == .integer(1))
        #expect(result[0].customProperties[Statistics.hasMobileNumberKey] == .bool(true))
        #expect(result[1].customProperties[Statistics.hasMobileNumberKey] == .bool(false))
    }

    @Test func addressBookSummaryCounts() {
        var bad = ContactField.phone("12")
        bad.phoneNumber = PhoneNumberDetails(isParsed: false, isValid: false, problem: "too short")
        let contacts = [
            person("A", nil, phones: ["1"], emails: ["a@x.org"], photo: true),
            Contact(givenName: "B", fields: [bad], postalAddresses: [PostalAddress(city: "Paris")]),
            person("C", nil),
        ]
        let summary = AddressBookSummary(contacts)
        #expect(summary.contactCount == 3)
        #expect(summary.fieldCounts[.phoneNumber] == 2)
        #expect(summary.fieldCounts[.emailAddress] == 1)
        #expect(summary.contactsWithoutPhoneOrEmail == 1)
        #expect(summary.invalidPhoneNumbers == 1)
        #expect(summary.contactsWithPhoto == 1)
        #expect(summary.contactsWithPostalAddress == 1)
    }

    @Test func closureStepsRunWithTheirNames() async throws {
        let contacts = ["a", "b"].map { person($0, nil, id: $0) }
        let custom = CustomPostProcessor(name: "DropFirst") { Array($0.dropFirst()) }
        #expect(custom.name == "DropFirst")
        #expect(try await custom.process(contacts).map(\.id) == ["b"])
        let transform = ContactTransform { $0.note = "seen" }
        #expect(try await transform.process(contacts).allSatisfy { $0.note == "seen" })
        #expect(try await ContactFilter { $0.givenName == "a" }.process(contacts).map(\.id) == ["a"])
    }
}

@Suite("Composite post processors")
struct CompositeTests {
    let a = person("A", nil, id: "a", phones: ["1"], emails: ["a@x.org"])
    let b = person("B", nil, id: "b", phones: ["2"])
    let c = person("C", nil, id: "c", emails: ["c@x.org"])
    let d = person("D", nil, id: "d")
    var all: [Contact] { [a, b, c, d] }

    @Test func andKeepsWhatEveryPostProcessorKept() async throws {
        let and = Composite(.and, [RequiredField(.phoneNumber), RequiredField(.emailAddress)])
        #expect(try await and.process(all).map(\.id) == ["a"])
    }

    @Test func orKeepsWhatAnyKeptInInputOrder() async throws {
        let or = Composite(.or, [RequiredField(.emailAddress), RequiredField(.phoneNumber)])
        #expect(try await or.process(all).map(\.id) == ["a", "b", "c"])
    }

    @Test func xorKeepsWhatExactlyOneKept() async throws {
        let xor = Composite(.xor, [RequiredField(.phoneNumber), RequiredField(.emailAddress)])
        #expect(try await xor.process(all).map(\.id) == ["b", "c"])
    }

    @Test func xorOfThreeMeansExactlyOneNotParity() async throws {
        let xor = Composite(.xor, [RequiredField(.phoneNumber), RequiredField(.emailAddress), ContactFilter { $0.id == "a" || $0.id == "d" }])
        // a: kept by all three (odd count, but not exactly one) → out; b, c, d: exactly one → in.
        #expect(try await xor.process(all).map(\.id) == ["b", "c", "d"])
    }

    @Test func emptyResultsAreEmptyLists() async throws {
        #expect(try await Composite(.and, [RequiredField(.url), RequiredField(.phoneNumber)]).process(all).isEmpty)
        #expect(try await Composite(.or, []).process(all).isEmpty)
        #expect(try await Composite(.and, [RequiredField(.phoneNumber)]).process([]).isEmpty)
    }

    @Test func comparesByIdentityNotByCopyOrContent() async throws {
        // Two different people with the same data stay two contacts; changed copies still count as the same contact.
        let twin = Contact(id: "twin", givenName: "A", fields: a.fields)
        let tagging = ContactTransform { $0.tags = ["seen"] }
        let and = Composite(.and, [tagging, RequiredField(.phoneNumber)])
        let result = try await and.process([a, twin, d])
        #expect(result.map(\.id) == ["a", "twin"])
        #expect(result.allSatisfy { $0.tags == ["seen"] }, "the first post processor's version is kept")
    }

    /// Returns its input and a contact of its own (a new id), twice over.
    struct Creating: ContactsPostProcessor {
        let id: ContactID
        func process(_ contacts: [Contact]) async throws -> [Contact] {
            let made = Contact(id: id, givenName: "New")
            return contacts + [made, made]
        }
    }

    @Test func createdContactsCountOncePerPostProcessorAndComeAfterTheInput() async throws {
        let and = Composite(.and, [Creating(id: "n1"), Creating(id: "n1")])
        #expect(try await and.process(all).map(\.id) == ["a", "b", "c", "d", "n1"])
        let xor = Composite(.xor, [Creating(id: "n1"), Creating(id: "n2"), RequiredField(.phoneNumber)])
        // Every input contact is kept by both creating ones (a and b by all three); each new one by one.
        #expect(try await xor.process(all).map(\.id) == ["n1", "n2"])
    }

    @Test func anIdTwiceInTheInputIsOneContactKeptOnce() async throws {
        let or = Composite(.or, [RequiredField(.phoneNumber), RequiredField(.phoneNumber)])
        #expect(try await or.process([a, b, a]).map(\.id) == ["a", "b"])
    }
}
