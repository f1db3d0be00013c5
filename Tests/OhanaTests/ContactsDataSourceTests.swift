import Foundation
import Testing
@testable import Ohana

@Suite("ContactsDataSource")
struct ContactsDataSourceTests {
    let homer = person("Homer", "Simpson", id: "homer", phones: ["555-0100"])
    let marge = person("Marge", "Simpson", id: "marge", emails: ["marge@example.com"])
    let bart = person("Bart", "Simpson", id: "bart")

    @Test func initialisationHoldsItsPartsAndNoContacts() {
        let provider = InMemoryContactsProvider(contacts: [homer])
        let source = ContactsDataSource(providers: [provider], postProcessors: [ReverseOrder()])
        #expect(source.providers.count == 1)
        #expect(source.postProcessors.count == 1)
        #expect(source.contacts.isEmpty)
        #expect(!source.isLoaded)
        #expect(source.selectedContacts.isEmpty)
    }

    @Test func loadingWithoutProvidersIsAClearError() async {
        let source = ContactsDataSource(providers: [])
        await #expect(throws: ContactsDataSourceError.self) { try await source.load() }
        do { try await source.load() } catch { #expect("\(error)".contains("no providers")) }
    }

    @Test func loadingMergesInProviderOrderWhateverFinishesFirst() async throws {
        let slow = DelayedProvider(identifier: "slow", contacts: [homer, marge], delay: .milliseconds(80))
        let fast = DelayedProvider(identifier: "fast", contacts: [bart], delay: .zero)
        let source = ContactsDataSource(providers: [slow, fast])
        let report = try await source.load()
        #expect(source.contacts.map(\.id) == ["homer", "marge", "bart"])
        #expect(report.providers.map(\.providerID) == ["slow", "fast"])
        #expect(report.providers.map(\.contactsOut) == [2, 1])
        #expect(source.isLoaded)
    }

    @Test func loadingRunsPostProcessorsInOrderAndReportsEachStep() async throws {
        let source = ContactsDataSource(
            providers: [InMemoryContactsProvider(contacts: [homer, marge, bart])],
            postProcessors: [RequiredField(.phoneNumber), ReverseOrder()])
        let report = try await source.load()
        #expect(source.contacts.map(\.id) == ["homer"])
        #expect(report.postProcessors.map(\.contactsIn) == [3, 1])
        #expect(report.postProcessors.map(\.contactsOut) == [1, 1])
        #expect(report.description.contains("RequiredField(phoneNumber): 3 → 1"))
    }

    @Test func aFailingProviderDoesNotStopTheOthersAndIsReported() async throws {
        let recorder = Recorder()
        let source = ContactsDataSource(providers: [FailingProvider(identifier: "broken"), InMemoryContactsProvider(contacts: [homer])])
        source.addObserver(recorder) { recorder, event in recorder.record(event) }
        let report = try await source.load()
        #expect(source.contacts.map(\.id) == ["homer"])
        #expect(report.failures.map(\.providerID) == ["broken"])
        #expect(report.description.contains("FAILED: /nowhere/book.vcf: no such file"))
        #expect(recorder.events.value == ["providerFailed(broken)", "ready(1)"])
    }

    @Test func readyFiresEvenWhenEveryProviderFails() async throws {
        let recorder = Recorder()
        let source = ContactsDataSource(providers: [FailingProvider(identifier: "a"), FailingProvider(identifier: "b")])
        source.addObserver(recorder) { recorder, event in recorder.record(event) }
        try await source.load()
        #expect(recorder.events.value.last == "ready(0)")
        #expect(source.isLoaded)
    }

    @Test func loadingAgainReplacesThePreviousResult() async throws {
        let provider = LockedValue([homer, marge])
        struct Changing: ContactsDataProvider {
            let identifier = "changing"
            let box: LockedValue<[Contact]>
            func loadContacts() async throws(ContactsProviderError) -> LoadedContacts { LoadedContacts(contacts: box.value) }
        }
        let source = ContactsDataSource(providers: [Changing(box: provider)])
        try await source.load()
        source.select([marge])
        provider.withValue { $0 = [bart, marge] }
        try await source.load()
        #expect(source.contacts.map(\.id) == ["bart", "marge"])
        #expect(source.selectedContacts.map(\.id) == ["marge"])
        provider.withValue { $0 = [bart] }
        try await source.load()
        #expect(source.selectedContacts.isEmpty, "a selected contact that is gone is no longer selected")
    }

    @Test func anOverlappingLoadNeverFiresReadyWithStaleData() async throws {
        let recorder = Recorder()
        let box = LockedValue<[Contact]>([homer])
        struct Slow: ContactsDataProvider {
            let identifier = "slow"
            let box: LockedValue<[Contact]>
            let delay: Duration
            func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
                let snapshot = box.value
                try? await Task.sleep(for: delay)
                return LoadedContacts(contacts: snapshot)
            }
        }
        let source = ContactsDataSource(providers: [Slow(box: box, delay: .milliseconds(150))])
        source.addObserver(recorder) { recorder, event in recorder.record(event) }
        async let first = source.load()
        try await Task.sleep(for: .milliseconds(30))
        box.withValue { $0 = [homer, marge] }
        let second = try await source.load()
        _ = try await first
        #expect(second.contactCount == 2)
        #expect(source.contacts.count == 2)
        #expect(recorder.events.value == ["ready(2)"], "the superseded first load must not fire ready")
    }

    @Test func authorizationChallengeIsAnsweredAndLoadingResumes() async throws {
        let locked = LockedProvider(password: "s3cret", contacts: [homer])
        let asked = LockedValue(0)
        let source = ContactsDataSource(providers: [locked]) { challenge in
            asked.withValue { $0 += 1 }
            #expect(challenge.providerID == "locked")
            return .password(user: "me", password: "s3cret")
        }
        let report = try await source.load()
        #expect(source.contacts.map(\.id) == ["homer"])
        #expect(asked.value == 1)
        #expect(locked.attempts.value == 2)
        #expect(report.failures.isEmpty)
    }

    @Test func refusedAuthorizationIsAFailureNotAHang() async throws {
        let locked = LockedProvider(password: "s3cret", contacts: [homer])
        let source = ContactsDataSource(providers: [locked, InMemoryContactsProvider(contacts: [bart])]) { _ in nil }
        let report = try await source.load()
        #expect(source.contacts.map(\.id) == ["bart"])
        guard case .authorizationDenied(let id, _)? = report.failures.first?.failure else {
            Issue.record("expected authorizationDenied, got \(String(describing: report.failures.first?.failure))")
            return
        }
        #expect(id == "locked")
    }

    @Test func wrongCredentialsStopAfterTheAttemptLimit() async throws {
        let locked = LockedProvider(password: "s3cret", contacts: [homer])
        let source = ContactsDataSource(providers: [locked], authorizationHandler: { _ in .password(user: "me", password: "wrong") }, maximumAuthorizationAttempts: 2)
        let report = try await source.load()
        #expect(source.contacts.isEmpty)
        #expect(locked.attempts.value == 3)
        #expect("\(report.failures.first!.failure!)".contains("after 2 attempts"))
        #expect(!"\(report.failures.first!.failure!)".contains("wrong"), "credentials never appear in errors")
    }

    @Test func contactsPassingAClosure() async throws {
        let source = ContactsDataSource(providers: [InMemoryContactsProvider(contacts: [homer, marge, bart])])
        try await source.load()
        #expect(source.contacts(passing: { $0.givenName?.hasPrefix("M") ?? false }).map(\.id) == ["marge"])
    }

    @Test func providerDiagnosticsReachTheReport() async throws {
        struct Warning: ContactsDataProvider {
            let identifier = "warn"
            func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
                LoadedContacts(contacts: [], diagnostics: [Diagnostic(.warning, source: "a.vcf", line: 3, message: "bad line")])
            }
        }
        let report = try await ContactsDataSource(providers: [Warning()]).load()
        #expect(report.diagnostics.map(\.description) == ["a.vcf:3: warning: bad line"])
    }
}

@Suite("ContactsDataSource selection")
struct SelectionTests {
    let homer = person("Homer", "Simpson", id: "homer", phones: ["555-0100"])
    let marge = person("Marge", "Simpson", id: "marge", emails: ["marge@example.com"])
    let bart = person("Bart", "Simpson", id: "bart")
    let lisa = person("Lisa", "Simpson", id: "lisa", phones: ["555-0101"])

    func loaded(_ filters: [any ContactsSelectionFilter] = []) async throws -> ContactsDataSource {
        let source = ContactsDataSource(providers: [InMemoryContactsProvider(contacts: [homer, marge, bart, lisa])], selectionFilters: filters)
        try await source.load()
        return source
    }

    @Test func selectingAddsInOrderAndSendsOneEvent() async throws {
        let source = try await loaded()
        let recorder = Recorder()
        source.addObserver(recorder) { $0.record($1) }
        let change = source.select([homer, marge])
        #expect(change.changed.map(\.id) == ["homer", "marge"])
        #expect(source.selectedContacts.map(\.id) == ["homer", "marge"])
        #expect(source.isSelected(homer))
        #expect(recorder.events.value == ["selected(Homer Simpson,Marge Simpson)"])
    }

    @Test func repeatSelectionChangesNothing() async throws {
        let source = try await loaded()
        let recorder = Recorder()
        source.select(homer)
        source.addObserver(recorder) { $0.record($1) }
        let change = source.select([homer, homer])
        #expect(change.changed.isEmpty)
        #expect(source.selectedContacts.map(\.id) == ["homer"])
        #expect(recorder.events.value.isEmpty)
    }

    @Test func aPassingFilterLetsSelectionAndDeselectionThrough() async throws {
        let source = try await loaded([MaximumSelectedCount(10)])
        source.select([homer, bart])
        source.deselect(homer)
        #expect(source.selectedContacts.map(\.id) == ["bart"])
    }

    @Test func aRefusingFilterSaysWhichRuleRefusedAndWhy() async throws {
        let source = try await loaded([RequiredFieldSelection(.phoneNumber)])
        let recorder = Recorder()
        source.addObserver(recorder) { $0.record($1) }
        let change = source.select([homer, marge])
        #expect(change.changed.map(\.id) == ["homer"])
        #expect(change.refusals.count == 1)
        #expect(change.refusals[0].contact.id == "marge")
        #expect(change.refusals[0].filterName == "RequiredFieldSelection")
        #expect(change.refusals[0].reason == "has no phone number")
        #expect(recorder.events.value == ["selected(Homer Simpson)", "refused(Marge Simpson)"])
    }

    @Test func deselectionThroughARefusingFilter() async throws {
        let source = try await loaded([MinimumSelectedCount(1)])
        source.select([homer, marge])
        let change = source.deselect([homer, marge])
        #expect(change.changed.map(\.id) == ["homer"])
        #expect(change.refusals.map(\.contact.id) == ["marge"])
        #expect(source.selectedContacts.map(\.id) == ["marge"])
    }

    @Test func deselectingWhatIsNotSelectedDoesNothing() async throws {
        let source = try await loaded()
        let recorder = Recorder()
        source.select(homer)
        source.addObserver(recorder) { $0.record($1) }
        let change = source.deselect(bart)
        #expect(change.changed.isEmpty)
        #expect(source.selectedContacts.map(\.id) == ["homer"])
        #expect(recorder.events.value.isEmpty)
    }

    @Test func filtersRunInOrderAndEachSeesWhatThePreviousAllowed() async throws {
        let source = try await loaded([RequiredFieldSelection(.phoneNumber), MaximumSelectedCount(1)])
        let change = source.select([marge, homer, lisa])
        #expect(change.changed.map(\.id) == ["homer"])
        #expect(change.refusals.map(\.filterName) == ["RequiredFieldSelection", "MaximumSelectedCount"])
        #expect(change.refusals.map(\.contact.id) == ["marge", "lisa"])
    }

    @Test func eventsArriveOnAnAsyncStream() async throws {
        let source = try await loaded([MaximumSelectedCount(1)])
        let stream = source.events()
        source.select([homer, bart])
        source.deselect(homer)
        var kinds: [String] = []
        for await event in stream {
            switch event {
            case .selected(let c): kinds.append("selected \(c.count)")
            case .deselected(let c): kinds.append("deselected \(c.count)")
            case .selectionRefused(let r): kinds.append("refused \(r.count)")
            case .filter(let e): kinds.append("\(e.kind)".components(separatedBy: "(").first!)
            default: kinds.append("other")
            }
            if kinds.count == 6 { break }
        }
        #expect(kinds == ["selected 1", "refused 1", "reachedMaximum", "attemptedToExceedMaximum", "deselected 1", "noLongerAtMaximum"])
    }

    @Test func observerCallbacksEndWithTheObserversLifetime() async throws {
        let source = try await loaded()
        let counter = LockedValue(0)
        var observer: Recorder? = Recorder()
        source.addObserver(observer!) { _, _ in counter.withValue { $0 += 1 } }
        source.select(homer)
        #expect(counter.value == 1)
        #expect(source.observerCount == 1)
        observer = nil
        source.select(bart)
        #expect(counter.value == 1, "no callback after the observer is gone")
        #expect(source.observerCount == 0)
    }

    @Test func cancellingATokenEndsTheCallback() async throws {
        let source = try await loaded()
        let recorder = Recorder()
        let token = source.addObserver(recorder) { $0.record($1) }
        token.cancel()
        source.select(homer)
        #expect(recorder.events.value.isEmpty)
    }

    @Test func selectionIsSafeFromManyTasksAtOnce() async throws {
        let many = (0..<200).map { person("P\($0)", "X", id: "p\($0)") }
        let source = ContactsDataSource(providers: [InMemoryContactsProvider(contacts: many)], selectionFilters: [MaximumSelectedCount(150)])
        try await source.load()
        await withTaskGroup(of: Void.self) { group in
            for contact in many { group.addTask { source.select(contact) } }
        }
        #expect(source.selectedContacts.count == 150)
        #expect(Set(source.selectedContacts.map(\.id)).count == 150)
    }
}
