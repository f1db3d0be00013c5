import Synchronization

/// Something that happened in a ``ContactsDataSource``.
public enum ContactsEvent: Sendable {
    /// A load finished and ``ContactsDataSource/contacts`` holds its result.
    case ready(LoadReport)
    /// A provider failed during a load; the other providers' contacts still arrive.
    case providerFailed(providerID: String, error: ContactsProviderError)
    /// Contacts were selected.
    case selected([Contact])
    /// Contacts were deselected.
    case deselected([Contact])
    /// Selecting or deselecting was refused, with the filter and the reason for each contact.
    case selectionRefused([SelectionRefusal])
    /// A selection filter's own event, such as reaching the maximum.
    case filter(SelectionFilterEvent)
}

/// A registration of an observer callback. The callback ends when the observer goes away or
/// ``cancel()`` is called; dropping the token does not end it.
public final class ObservationToken: Sendable {
    private let cancelAction: @Sendable () -> Void

    init(cancel: @escaping @Sendable () -> Void) { self.cancelAction = cancel }

    /// Stops the callback.
    public func cancel() { cancelAction() }
}

/// Delivers events to async streams and to observer callbacks whose lifetime ends with the observer.
final class EventHub: Sendable {
    private struct Observer: Sendable {
        let isAlive: @Sendable () -> Bool
        let deliver: @Sendable (ContactsEvent) -> Void
    }

    private struct State {
        var nextKey = 0
        var streams: [Int: AsyncStream<ContactsEvent>.Continuation] = [:]
        var observers: [Int: Observer] = [:]
    }

    private let state = Mutex(State())
    private let trackers: EventTrackers

    /// Creates a hub that also sends every event to `trackers`, as data.
    init(trackers: EventTrackers) { self.trackers = trackers }

    /// A new stream of every event from now on.
    func stream(bufferingNewest limit: Int) -> AsyncStream<ContactsEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ContactsEvent.self, bufferingPolicy: .bufferingNewest(limit))
        let key = state.withLock { state in
            let key = state.nextKey
            state.nextKey += 1
            state.streams[key] = continuation
            return key
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: key) }
        }
        return stream
    }

    /// Registers a callback that lives as long as `observer` (held weakly) and the returned token.
    func addObserver<O: AnyObject & Sendable>(
        _ observer: O, handler: @escaping @Sendable (O, ContactsEvent) -> Void
    ) -> ObservationToken {
        let weakBox = WeakBox(observer)
        let entry = Observer(
            isAlive: { weakBox.value != nil },
            deliver: { event in if let o = weakBox.value { handler(o, event) } })
        let key = state.withLock { state in
            let key = state.nextKey
            state.nextKey += 1
            state.observers[key] = entry
            return key
        }
        return ObservationToken { [weak self] in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: key) }
        }
    }

    /// The number of live observer callbacks (for tests and diagnostics).
    var observerCount: Int {
        state.withLock { state in
            state.observers = state.observers.filter { $0.value.isAlive() }
            return state.observers.count
        }
    }

    /// Sends events to every stream and live observer, outside the lock, in order.
    func send(_ events: [ContactsEvent]) {
        guard !events.isEmpty else { return }
        let (streams, observers) = state.withLock { state in
            state.observers = state.observers.filter { $0.value.isAlive() }
            return (
                state.streams.sorted { $0.key < $1.key }.map(\.value),
                state.observers.sorted { $0.key < $1.key }.map(\.value))
        }
        for event in events {
            for continuation in streams { continuation.yield(event) }
            for observer in observers { observer.deliver(event) }
        }
        trackers.track(all: { events.flatMap(\.trackedEvents) })
    }

    /// Ends every stream.
    func finish() {
        let streams = state.withLock { state in
            defer { state.streams.removeAll() }
            return Array(state.streams.values)
        }
        for continuation in streams { continuation.finish() }
    }
}

private final class WeakBox<O: AnyObject & Sendable>: Sendable {
    weak let value: O?
    init(_ value: O) { self.value = value }
}
