import Ohana

extension ContactSaveSummary {
    /// The save as a tracked event, `store.saved`: the backend, the counts and the time it took.
    package func trackedEvent(backend: String, duration: Duration) -> TrackedEvent {
        TrackedEvent("store.saved", [
            "backend": .text(backend), "added": .integer(added), "updated": .integer(updated),
            "unchanged": .integer(unchanged), "removed": .integer(removed),
            "seconds": .number(duration.inSeconds),
        ])
    }
}

/// Runs a save and sends its `store.saved` event to the shared trackers (nothing is built when none is registered).
package func trackingSave(backend: String, _ save: () async throws -> ContactSaveSummary) async throws -> ContactSaveSummary {
    let start = ContinuousClock.now
    let summary = try await save()
    let duration = ContinuousClock.now - start
    EventTrackers.shared.track(summary.trackedEvent(backend: backend, duration: duration))
    return summary
}
