import Foundation
import Testing
@testable import Ohana

/// A post processor that records its `prepare()` and checks, when it processes, that it came first.
private struct PreparingProcessor: ContactsPostProcessor {
    let prepared: LockedValue<Bool>

    func prepare() async { prepared.withValue { $0 = true } }

    func process(_ contacts: consuming [Contact]) async throws -> [Contact] {
        guard prepared.value else { throw CancellationError() }
        return contacts
    }
}

/// A provider that gives its contacts only once the post processor has prepared (or after ten
/// seconds, saying so): it loads while the preparation runs, or not at all.
private struct WaitingForPreparation: ContactsDataProvider {
    let identifier = "waiting"
    let prepared: LockedValue<Bool>
    let sawPreparation: LockedValue<Bool>

    func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        let deadline = ContinuousClock.now + .seconds(10)
        while !prepared.value, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        let seen = prepared.value
        sawPreparation.withValue { $0 = seen }
        return LoadedContacts(contacts: [person("Homer", "Simpson", id: "homer")])
    }
}

@Suite("Post processors prepare while the providers load")
struct PostProcessorPreparationTests {
    @Test("the data source prepares its post processors while its providers are still loading")
    func preparationOverlapsLoading() async throws {
        let prepared = LockedValue(false), saw = LockedValue(false)
        let source = ContactsDataSource(
            providers: [WaitingForPreparation(prepared: prepared, sawPreparation: saw)],
            postProcessors: [PreparingProcessor(prepared: prepared)])
        let report = try await source.load()
        #expect(saw.value, "the provider finished loading before any post processor was prepared")
        #expect(source.contacts.map(\.id) == ["homer"])
        #expect(report.postProcessors.count == 1)
    }

    @Test("a composite prepares every post processor inside it")
    func compositePreparesItsParts() async throws {
        let first = LockedValue(false), second = LockedValue(false)
        let composite = Composite(.or, [PreparingProcessor(prepared: first), PreparingProcessor(prepared: second)])
        await composite.prepare()
        #expect(first.value && second.value)
        let kept = try await composite.process([person("Marge", "Simpson", id: "marge")])
        #expect(kept.map(\.id) == ["marge"])
    }

    @Test("post processors without preparation work as before (the default does nothing)")
    func defaultPreparationDoesNothing() async throws {
        let sort = AlphabeticalSort(.lastName, locale: Locale(identifier: "en_US"))
        await sort.prepare()
        let sorted = try await sort.process([person("Bart", "Simpson", id: "b"), person("Ned", "Flanders", id: "n")])
        #expect(sorted.map(\.id) == ["n", "b"])
    }
}
