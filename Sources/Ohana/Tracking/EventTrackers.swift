import Synchronization

/// The trackers an app registered, each receiving every event the library sends through it, in
/// order. ``shared`` is the one the library's parts use unless they are given another; with no
/// tracker registered, sending an event costs one atomic load and the event is never built.
public final class EventTrackers: Sendable {
    /// The registry the library's parts send to by default.
    public static let shared = EventTrackers()

    private struct State {
        var nextKey = 0
        var trackers: [(key: Int, tracker: any ContactsEventTracker)] = []
    }

    private let state = Mutex(State())
    private let count = Atomic<Int>(0)

    /// Creates an empty registry (for an app, or a test, that keeps its events apart from ``shared``).
    public init() {}

    /// Whether any tracker is registered.
    public var hasTrackers: Bool { count.load(ordering: .relaxed) > 0 }

    /// Registers `tracker`; it receives events until the returned registration is cancelled.
    @discardableResult
    public func add(_ tracker: any ContactsEventTracker) -> TrackerRegistration {
        let key = state.withLock { state in
            let key = state.nextKey
            state.nextKey += 1
            state.trackers.append((key, tracker))
            count.store(state.trackers.count, ordering: .relaxed)
            return key
        }
        return TrackerRegistration { [weak self] in
            guard let self else { return }
            self.state.withLock { state in
                state.trackers.removeAll { $0.key == key }
                self.count.store(state.trackers.count, ordering: .relaxed)
            }
        }
    }

    /// Sends the event `make` builds to every tracker, in the order they were added; `make` is not
    /// called when no tracker is registered.
    public func track(_ make: @autoclosure () -> TrackedEvent) {
        guard hasTrackers else { return }
        let trackers = state.withLock { $0.trackers.map(\.tracker) }
        guard !trackers.isEmpty else { return }
        let event = make()
        for tracker in trackers { tracker.track(event) }
    }

    /// Sends several events, in order, to every tracker; `make` is not called when no tracker is registered.
    public func track(all make: () -> [TrackedEvent]) {
        guard hasTrackers else { return }
        let trackers = state.withLock { $0.trackers.map(\.tracker) }
        guard !trackers.isEmpty else { return }
        for event in make() {
            for tracker in trackers { tracker.track(event) }
        }
    }
}

/// A tracker's registration; ``cancel()`` stops its events. Dropping it does not.
public final class TrackerRegistration: Sendable {
    private let cancelAction: @Sendable () -> Void

    init(cancel: @escaping @Sendable () -> Void) { cancelAction = cancel }

    /// Stops sending events to the tracker.
    public func cancel() { cancelAction() }
}
