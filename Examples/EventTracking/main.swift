import Ohana
import Synchronization

/// An app's own tracker: here it prints each event; a real one would send it to an analytics service.
struct PrintingTracker: ContactsEventTracker {
    let name: String
    func track(_ event: TrackedEvent) { print("\(name): \(event.name)") }
}

/// A second tracker that counts the events by name.
final class CountingTracker: ContactsEventTracker {
    private let counts = Mutex<[String: Int]>([:])
    func track(_ event: TrackedEvent) { counts.withLock { $0[event.name, default: 0] += 1 } }
    var summary: String { counts.withLock { $0.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ") } }
}

let counter = CountingTracker()
EventTrackers.shared.add(PrintingTracker(name: "printer"))
EventTrackers.shared.add(counter)

let dataSource = ContactsDataSource(
    providers: [InMemoryContactsProvider(contacts: [
        Contact(givenName: "Marge", familyName: "Simpson", fields: [.phone("(939) 555-0113", label: .mobile)]),
        Contact(givenName: "Bart", familyName: "Simpson"),
    ])],
    postProcessors: [RequiredField(.phoneNumber), AlphabeticalSort(.lastName)])
try await dataSource.load()
dataSource.select(dataSource.contacts[0])
print("counter: \(counter.summary)")
