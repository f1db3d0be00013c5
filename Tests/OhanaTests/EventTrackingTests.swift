import Foundation
import MetricsTestKit
import Ohana
import Synchronization
import Testing

/// A tracker that keeps what it received.
private final class TrackingRecorder: ContactsEventTracker {
    private let events = Mutex<[TrackedEvent]>([])
    var received: [TrackedEvent] { events.withLock { $0 } }
    func track(_ event: TrackedEvent) { events.withLock { $0.append(event) } }
}

@Suite("Events as data, delivered to several trackers")
struct EventTrackingTests {
    private func dataSource(_ trackers: EventTrackers) -> ContactsDataSource {
        let provider = InMemoryContactsProvider(contacts: [
            Contact(givenName: "Marge", familyName: "Simpson", fields: [.phone("(939) 555-0113", label: .mobile)]),
            Contact(givenName: "Bart", familyName: "Simpson"),
        ])
        return ContactsDataSource(providers: [provider], postProcessors: [RequiredField(.phoneNumber)],
                                  selectionFilters: [MaximumSelectedCount(1)], eventTrackers: trackers)
    }

    @Test("two trackers receive the same events, in order, without a contact's data")
    func twoTrackersSeeTheSameEvents() async throws {
        let trackers = EventTrackers()
        let one = TrackingRecorder(), two = TrackingRecorder()
        trackers.add(one)
        trackers.add(two)
        let source = dataSource(trackers)
        try await source.load()
        source.select(source.contacts[0])
        source.select(Contact(givenName: "Lisa", familyName: "Simpson"))
        let names = one.received.map(\.name)
        #expect(Array(names.prefix(3)) == ["contacts.provider_loaded", "contacts.post_processed", "contacts.loaded"], "\(names)")
        #expect(names.contains("contacts.selected") && names.contains("contacts.selection_refused"), "\(names)")
        #expect(names.firstIndex(of: "contacts.selected")! < names.firstIndex(of: "contacts.selection_refused")!)
        #expect(one.received == two.received)
        let loaded = try #require(one.received.first { $0.name == "contacts.loaded" })
        #expect(loaded.properties["contacts"] == .integer(1))
        #expect(loaded.properties["providers"] == .integer(1))
        let processed = try #require(one.received.first { $0.name == "contacts.post_processed" })
        #expect(processed.properties["contacts_in"] == .integer(2))
        #expect(processed.properties["contacts_out"] == .integer(1))
        let text = one.received.map(\.description).joined(separator: "\n")
        // The number as written and as digits: "555" alone also turns up inside a duration's digits.
        for secret in ["Marge", "Simpson", "(939) 555-0113", "555-0113", "9395550113"] {
            #expect(!text.contains(secret), "\(secret) in \(text)")
        }
    }

    @Test("with no tracker the event is never built; a cancelled tracker gets nothing more")
    func noTrackerNoCost() {
        let trackers = EventTrackers()
        let built = Mutex(0)
        func make() -> TrackedEvent { built.withLock { $0 += 1 }; return TrackedEvent("test.built") }
        trackers.track(make())
        #expect(built.withLock { $0 } == 0)
        let recorder = TrackingRecorder()
        let registration = trackers.add(recorder)
        trackers.track(make())
        registration.cancel()
        trackers.track(make())
        #expect(built.withLock { $0 } == 1)
        #expect(recorder.received.map(\.name) == ["test.built"])
        #expect(!trackers.hasTrackers)
    }

    @Test("the metrics tracker counts events and times steps under Prometheus-style names")
    func metrics() async throws {
        let metrics = TestMetrics()
        let trackers = EventTrackers()
        trackers.add(MetricsEventTracker(factory: metrics))
        try await dataSource(trackers).load()
        #expect(try metrics.expectCounter("ohana_events_total", [("event", "contacts.loaded")]).values == [1])
        #expect(try metrics.expectCounter("ohana_contacts_loaded_contacts_total").values == [1])
        let step = try metrics.expectTimer("ohana_contacts_post_processed_seconds", [("post_processor", "RequiredField(phoneNumber)")])
        #expect(step.values.count == 1)
    }
}
