import Testing
@testable import Ohana

@Suite("Selection filters")
struct SelectionFilterTests {
    let people = (0..<5).map { person("P\($0)", "Q", id: "p\($0)", phones: $0 == 4 ? [] : ["555-010\($0)"]) }

    func source(_ filters: [any ContactsSelectionFilter]) async throws -> (ContactsDataSource, Recorder) {
        let source = ContactsDataSource(providers: [InMemoryContactsProvider(contacts: people)], selectionFilters: filters)
        try await source.load()
        let recorder = Recorder()
        source.addObserver(recorder) { $0.record($1) }
        return (source, recorder)
    }

    @Test func maximumReachedThenExceededThenNoLongerAtMaximum() async throws {
        let (source, recorder) = try await source([MaximumSelectedCount(2)])
        source.select(people[0])
        #expect(recorder.events.value == ["selected(P0 Q)"])
        source.select(people[1])
        #expect(recorder.events.value.suffix(2) == ["selected(P1 Q)", "filter(reachedMaximum(count: 2))"])
        let change = source.select([people[2], people[3]])
        #expect(change.changed.isEmpty)
        #expect(change.refusals.map(\.reason) == ["at most 2 contacts can be selected", "at most 2 contacts can be selected"])
        #expect(recorder.events.value.last?.hasPrefix("filter(attemptedToExceedMaximum(refused: [") == true)
        source.deselect(people[0])
        #expect(recorder.events.value.suffix(2) == ["deselected(P0 Q)", "filter(noLongerAtMaximum)"])
        #expect(source.selectedContacts.count == 1)
    }

    @Test func maximumAllowsAPartOfALargeRequest() async throws {
        let (source, _) = try await source([MaximumSelectedCount(3)])
        let change = source.select(people)
        #expect(change.changed.map(\.id) == ["p0", "p1", "p2"])
        #expect(change.refusals.map(\.contact.id) == ["p3", "p4"])
    }

    @Test func minimumReachedThenAttemptedBelowThenNoLongerAtMinimum() async throws {
        let (source, recorder) = try await source([MinimumSelectedCount(1)])
        source.select([people[0], people[1]])
        source.deselect(people[0])
        #expect(recorder.events.value.suffix(2) == ["deselected(P0 Q)", "filter(reachedMinimum(count: 1))"])
        let change = source.deselect(people[1])
        #expect(change.changed.isEmpty)
        #expect(change.refusals.first?.reason == "at least 1 contact must stay selected")
        #expect(recorder.events.value.last?.hasPrefix("filter(attemptedToGoBelowMinimum") == true)
        source.select(people[2])
        #expect(recorder.events.value.suffix(2) == ["selected(P2 Q)", "filter(noLongerAtMinimum)"])
    }

    @Test func requiredFieldSelectionRefusesContactsWithoutTheField() async throws {
        let (source, _) = try await source([RequiredFieldSelection(.phoneNumber)])
        let change = source.select([people[3], people[4]])
        #expect(change.changed.map(\.id) == ["p3"])
        #expect(change.refusals.map(\.contact.id) == ["p4"])
        #expect(change.refusals.first?.description == "P4 Q: refused by RequiredFieldSelection: has no phone number")
    }

    @Test func requiredFieldSelectionIgnoresBlankValues() {
        var contact = person("A", "B")
        contact.fields = [.phone("   ")]
        let result = RequiredFieldSelection(.phoneNumber).filter(selecting: [contact], selected: [])
        #expect(result.allowed.isEmpty)
    }

    @Test func predicateSelectionUsesItsNameAndReason() {
        let filter = SelectionPredicate(name: "PhoneOrEmail", reason: "needs a phone number or email") {
            !$0.phoneNumbers.isEmpty || !$0.emailAddresses.isEmpty
        }
        let result = filter.filter(selecting: [people[0], people[4]], selected: [])
        #expect(result.allowed.map(\.id) == ["p0"])
        #expect(result.refusals.map(\.filterName) == ["PhoneOrEmail"])
    }
}
