import Foundation
import Ohana
import OhanaCardDAV
import OhanaSync
import OhanaStore
import OhanaStoreSQLite
import OhanaTestSupport
import Synchronization
import Testing

/// A tracker that keeps the `sync.` events it receives.
private final class SyncEventRecorder: ContactsEventTracker {
    private let events = Mutex<[TrackedEvent]>([])
    var received: [TrackedEvent] { events.withLock { $0 } }
    func track(_ event: TrackedEvent) {
        guard event.name.hasPrefix("sync.") else { return }
        events.withLock { $0.append(event) }
    }
}

@Suite("Two-way sync as tracked events")
struct SyncEventTests {
    @Test("a sync sends sync.finished with what it pulled and pushed")
    func syncFinished() async throws {
        let recorder = SyncEventRecorder()
        let registration = EventTrackers.shared.add(recorder)
        defer { registration.cancel() }
        let account = try await TestAccount.make("user6")
        try await account.put(TwoAppsFixtures.iPhone, named: "iphone.vcf")
        try await account.put(TwoAppsFixtures.other, named: "other.vcf")
        let store = try SQLiteContactStore.inMemory()
        let report = try await CardDAVTwoWaySync(provider: try account.provider(), store: SQLiteContactStorage(store)).run()
        #expect(report.count(.pullAdd) == 2)
        // Other tests may sync at the same time: this run's event is the one with its counts.
        let expected = report.trackedEvent(duration: .zero).properties.filter { $0.key != "seconds" }
        let matching = recorder.received.filter { event in
            event.name == "sync.finished" && event.properties.filter { $0.key != "seconds" } == expected
        }
        #expect(matching.count >= 1, "\(recorder.received)")
        #expect(expected["pulled_added"] == .integer(2))
        #expect(expected["outcome"] == .text("synced"))
    }
}
