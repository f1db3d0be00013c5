import Logging
import Synchronization

/// Why a data source could not load.
public enum ContactsDataSourceError: Error, Sendable, CustomStringConvertible {
    /// The data source was created without providers.
    case noProviders
    /// A post processor threw; the previous contacts are kept.
    case postProcessorFailed(name: String, message: String)

    /// The error in one line.
    public var description: String {
        switch self {
        case .noProviders: "the data source has no providers: add at least one ContactsDataProvider"
        case .postProcessorFailed(let name, let message): "post processor \(name) failed: \(message)"
        }
    }
}

/// How far a piece of work done in steps has come, for progress displays: a load (its providers
/// and post processors), a duplicate merge (its stages).
public struct StepProgress: Sendable, Hashable {
    /// Steps finished so far.
    public var completedSteps: Int
    /// All steps of the work.
    public var totalSteps: Int
    /// What is happening now, in words.
    public var stage: String

    /// Creates a progress report.
    public init(completedSteps: Int, totalSteps: Int, stage: String) {
        self.completedSteps = completedSteps
        self.totalSteps = totalSteps
        self.stage = stage
    }

    /// Whether every step is done.
    public var isFinished: Bool { completedSteps >= totalSteps }
}

/// The outcome of a selection or deselection request.
public struct SelectionChange: Sendable {
    /// The contacts that were selected or deselected.
    public var changed: [Contact]
    /// The contacts a filter refused, with the filter and the reason.
    public var refusals: [SelectionRefusal]
}

/// Answers a provider's authorization challenge: return a credential to retry, or `nil` to refuse.
public typealias AuthorizationHandler = @Sendable (AuthorizationChallenge) async -> ProviderCredential?

/// Loads contacts from providers, runs them through post processors, and holds the result and the
/// user's selection (Ohana's `OHContactsDataSource`).
///
/// Providers load concurrently; their contacts are merged in provider order whatever finishes
/// first. A failing provider does not stop the others. Safe to use from any task; ``select(_:)``
/// and ``deselect(_:)`` are synchronous so a UI can call them directly.
public final class ContactsDataSource: Sendable {
    /// The providers, in merge order.
    public let providers: [any ContactsDataProvider]
    /// The post processors, in the order they run.
    public let postProcessors: [any ContactsPostProcessor]
    /// The selection filters, in the order they are asked.
    public let selectionFilters: [any ContactsSelectionFilter]

    private let authorizationHandler: AuthorizationHandler?
    private let maximumAuthorizationAttempts: Int
    private let hub: EventHub
    private let logger: Logger

    private struct State {
        var contacts: [Contact] = []
        var isLoaded = false
        var selected: [Contact] = []
        var lastReport: LoadReport?
        var generation = 0
    }

    private let state = Mutex(State())

    /// Creates a data source.
    ///
    /// - Parameters:
    ///   - providers: Where contacts come from, in merge order.
    ///   - postProcessors: Steps that shape the contacts, in order.
    ///   - selectionFilters: Rules for selecting and deselecting, in order.
    ///   - authorizationHandler: Asked when a provider needs authorization; `nil` refuses.
    ///   - maximumAuthorizationAttempts: How often one provider may ask during one load.
    ///   - logger: Where load progress is logged.
    ///   - eventTrackers: The trackers that receive every event as a ``TrackedEvent`` as well.
    public init(
        providers: [any ContactsDataProvider],
        postProcessors: [any ContactsPostProcessor] = [],
        selectionFilters: [any ContactsSelectionFilter] = [],
        authorizationHandler: AuthorizationHandler? = nil,
        maximumAuthorizationAttempts: Int = 3,
        logger: Logger = Logger(label: "ohana.datasource"),
        eventTrackers: EventTrackers = .shared
    ) {
        self.hub = EventHub(trackers: eventTrackers)
        self.providers = providers
        self.postProcessors = postProcessors
        self.selectionFilters = selectionFilters
        self.authorizationHandler = authorizationHandler
        self.maximumAuthorizationAttempts = maximumAuthorizationAttempts
        self.logger = logger
    }

    deinit { hub.finish() }

    // MARK: Contacts

    /// The contacts of the last completed load; empty before the first.
    public var contacts: [Contact] { state.withLock { $0.contacts } }

    /// Whether a load has completed.
    public var isLoaded: Bool { state.withLock { $0.isLoaded } }

    /// The report of the last completed load.
    public var lastReport: LoadReport? { state.withLock { $0.lastReport } }

    /// The loaded contacts for which `isIncluded` returns `true`, in order.
    public func contacts(passing isIncluded: (Contact) throws -> Bool) rethrows -> [Contact] {
        try contacts.filter(isIncluded)
    }

    /// Loads from every provider, runs the post processors, replaces ``contacts`` and sends
    /// ``ContactsEvent/ready(_:)``.
    ///
    /// When another load starts before this one ends, this one's result is dropped and only the
    /// newer load sends `ready`, so `ready` never fires with stale data.
    ///
    /// - Parameter onProgress: Called as each provider finishes and each post processor starts,
    ///   for progress displays.
    @discardableResult
    public func load(onProgress: (@Sendable (StepProgress) -> Void)? = nil) async throws(ContactsDataSourceError) -> LoadReport {
        guard !providers.isEmpty else { throw .noProviders }
        let totalSteps = providers.count + postProcessors.count
        var finishedSteps = 0
        let generation = state.withLock { state in
            state.generation += 1
            return state.generation
        }
        let clock = ContinuousClock()
        let start = clock.now
        logger.debug("loading", metadata: ["providers": "\(providers.count)"])

        // The post processors get ready (tables, metadata) while the providers load.
        let postProcessors = self.postProcessors
        async let prepared: Void = { for processor in postProcessors { await processor.prepare() } }()
        // Load concurrently; collect by index so the merge order is the providers' order.
        var outcomes = [(LoadedContacts?, LoadReport.ProviderStep)?](repeating: nil, count: providers.count)
        await withTaskGroup(of: (Int, LoadedContacts?, LoadReport.ProviderStep).self) { group in
            for (index, provider) in providers.enumerated() {
                group.addTask { [self] in
                    let (loaded, step) = await self.load(provider)
                    return (index, loaded, step)
                }
            }
            for await (index, loaded, step) in group {
                outcomes[index] = (loaded, step)
                finishedSteps += 1
                onProgress?(StepProgress(completedSteps: finishedSteps, totalSteps: totalSteps, stage: "loaded \(step.providerID)"))
                if let failure = step.failure {
                    logger.warning("provider failed", metadata: ["provider": "\(step.providerID)", "error": "\(failure)"])
                    hub.send([.providerFailed(providerID: step.providerID, error: failure)])
                }
            }
        }
        var contacts: [Contact] = []
        var providerSteps: [LoadReport.ProviderStep] = []
        // Each provider's array is let go as it is taken, so the contacts are never held twice
        // (one provider's array is taken as it is, without a copy).
        for index in outcomes.indices {
            guard let (loaded, step) = outcomes[index] else { continue }
            outcomes[index] = nil
            if let loaded {
                if contacts.isEmpty { contacts = loaded.contacts } else { contacts.append(contentsOf: loaded.contacts) }
            }
            providerSteps.append(step)
        }

        await prepared
        var processorSteps: [LoadReport.PostProcessorStep] = []
        for processor in postProcessors {
            let stepStart = clock.now
            let count = contacts.count
            onProgress?(StepProgress(completedSteps: finishedSteps, totalSteps: totalSteps, stage: processor.name))
            do {
                // Handed over: a processor changes the contacts in place instead of copying them.
                contacts = try await processor.process(consume contacts)
            } catch {
                throw .postProcessorFailed(name: processor.name, message: "\(error)")
            }
            finishedSteps += 1
            processorSteps.append(.init(
                name: processor.name, contactsIn: count, contactsOut: contacts.count, duration: clock.now - stepStart))
        }

        let report = LoadReport(
            providers: providerSteps, postProcessors: processorSteps, contactCount: contacts.count,
            duration: clock.now - start)
        let result = contacts
        let committed: Bool = state.withLock { state in
            guard state.generation == generation else { return false }
            state.contacts = result
            state.isLoaded = true
            state.lastReport = report
            // Keep selected contacts that still exist, in their new form.
            if !state.selected.isEmpty {
                let byID = Dictionary(result.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                state.selected = state.selected.compactMap { byID[$0.id] }
            }
            return true
        }
        if committed {
            logger.debug("ready", metadata: ["contacts": "\(report.contactCount)"])
            hub.send([.ready(report)])
        }
        return report
    }

    private func load(_ provider: any ContactsDataProvider) async -> (LoadedContacts?, LoadReport.ProviderStep) {
        let clock = ContinuousClock()
        let start = clock.now
        var attempts = 0
        while true {
            do {
                let loaded = try await provider.loadContacts()
                return (loaded, .init(
                    providerID: provider.identifier, contactsOut: loaded.contacts.count,
                    duration: clock.now - start, diagnostics: loaded.diagnostics, failure: nil))
            } catch {
                var failure = error
                if case .authorizationRequired(let challenge) = error {
                    if attempts < maximumAuthorizationAttempts, let handler = authorizationHandler,
                        let credential = await handler(challenge)
                    {
                        attempts += 1
                        await provider.authorize(with: credential)
                        continue
                    }
                    failure = .authorizationDenied(
                        providerID: provider.identifier,
                        reason: attempts == 0 ? "the app did not grant authorization" : "authorization failed after \(attempts) attempt\(attempts == 1 ? "" : "s")")
                }
                return (nil, .init(
                    providerID: provider.identifier, contactsOut: 0, duration: clock.now - start,
                    diagnostics: [], failure: failure))
            }
        }
    }

    // MARK: Selection

    /// The selected contacts, in the order they were selected.
    public var selectedContacts: [Contact] { state.withLock { $0.selected } }

    /// Whether a contact is selected.
    public func isSelected(_ contact: Contact) -> Bool {
        state.withLock { $0.selected.contains { $0.id == contact.id } }
    }

    /// Selects contacts that the selection filters allow; already selected ones are ignored.
    ///
    /// Sends ``ContactsEvent/selected(_:)`` for what was selected,
    /// ``ContactsEvent/selectionRefused(_:)`` for what a filter refused, and the filters' events.
    @discardableResult
    public func select(_ contacts: [Contact]) -> SelectionChange {
        change(contacts, selecting: true)
    }

    /// Selects one contact; see ``select(_:)-([Contact])``.
    @discardableResult
    public func select(_ contact: Contact) -> SelectionChange { select([contact]) }

    /// Deselects contacts that the selection filters allow; ones not selected are ignored.
    @discardableResult
    public func deselect(_ contacts: [Contact]) -> SelectionChange {
        change(contacts, selecting: false)
    }

    /// Deselects one contact; see ``deselect(_:)-([Contact])``.
    @discardableResult
    public func deselect(_ contact: Contact) -> SelectionChange { deselect([contact]) }

    /// Deselects everything, bypassing the filters (for resetting a picker).
    public func clearSelection() {
        let removed = state.withLock { state in
            defer { state.selected.removeAll() }
            return state.selected
        }
        if !removed.isEmpty { hub.send([.deselected(removed)]) }
    }

    private func change(_ requested: [Contact], selecting: Bool) -> SelectionChange {
        let (change, events): (SelectionChange, [ContactsEvent]) = state.withLock { state in
            let old = state.selected
            let selectedIDs = Set(old.map(\.id))
            var seen = Set<ContactID>()
            // Only contacts whose state would change are candidates; duplicates in the request count once.
            var candidates = requested.filter { contact in
                guard seen.insert(contact.id).inserted else { return false }
                return selectedIDs.contains(contact.id) != selecting
            }
            var refusals: [SelectionRefusal] = []
            var refusedByFilter: [[Contact]] = []
            for filter in selectionFilters {
                let result = selecting
                    ? filter.filter(selecting: candidates, selected: old)
                    : filter.filter(deselecting: candidates, selected: old)
                candidates = result.allowed
                refusals += result.refusals
                refusedByFilter.append(result.refusals.map(\.contact))
            }
            if selecting {
                state.selected.append(contentsOf: candidates)
            } else {
                let removed = Set(candidates.map(\.id))
                state.selected.removeAll { removed.contains($0.id) }
            }
            let new = state.selected
            var events: [ContactsEvent] = []
            if !candidates.isEmpty { events.append(selecting ? .selected(candidates) : .deselected(candidates)) }
            if !refusals.isEmpty { events.append(.selectionRefused(refusals)) }
            for (filter, refused) in zip(selectionFilters, refusedByFilter) {
                events += filter.events(from: old, to: new, refused: refused).map(ContactsEvent.filter)
            }
            return (SelectionChange(changed: candidates, refusals: refusals), events)
        }
        hub.send(events)
        return change
    }

    // MARK: Events

    /// A stream of every event from now on; it buffers the newest `limit` events for a slow reader.
    public func events(bufferingNewest limit: Int = 256) -> AsyncStream<ContactsEvent> {
        hub.stream(bufferingNewest: limit)
    }

    /// Calls `handler` with every event for as long as `observer` lives and the token is kept
    /// (the UberSignals model: the callback ends with the observer's lifetime).
    ///
    /// The handler runs on the task that caused the event.
    @discardableResult
    public func addObserver<Observer: AnyObject & Sendable>(
        _ observer: Observer, handler: @escaping @Sendable (Observer, ContactsEvent) -> Void
    ) -> ObservationToken {
        hub.addObserver(observer, handler: handler)
    }

    /// How many observer callbacks are still live.
    public var observerCount: Int { hub.observerCount }
}
