extension ContactsEvent {
    /// The event as data for trackers: a load becomes `contacts.loaded` with one
    /// `contacts.provider_loaded` per provider and one `contacts.post_processed` per post processor
    /// before it; selection changes carry counts and filter names, never a contact's data.
    public var trackedEvents: [TrackedEvent] {
        switch self {
        case .ready(let report):
            let providers = report.providers.map { step in
                TrackedEvent("contacts.provider_loaded", [
                    "provider": .text(step.providerID), "contacts": .integer(step.contactsOut),
                    "diagnostics": .integer(step.diagnostics.count), "failed": .flag(step.failure != nil),
                    "seconds": .number(step.duration.inSeconds),
                ])
            }
            let processors = report.postProcessors.map { step in
                TrackedEvent("contacts.post_processed", [
                    "post_processor": .text(step.name), "contacts_in": .integer(step.contactsIn),
                    "contacts_out": .integer(step.contactsOut), "seconds": .number(step.duration.inSeconds),
                ])
            }
            return providers + processors + [TrackedEvent("contacts.loaded", [
                "providers": .integer(report.providers.count), "failed_providers": .integer(report.failures.count),
                "contacts": .integer(report.contactCount), "seconds": .number(report.duration.inSeconds),
            ])]
        case .providerFailed(let providerID, let error):
            return [TrackedEvent("contacts.provider_failed", ["provider": .text(providerID), "reason": .text(error.trackedKind)])]
        case .selected(let contacts):
            return [TrackedEvent("contacts.selected", ["count": .integer(contacts.count)])]
        case .deselected(let contacts):
            return [TrackedEvent("contacts.deselected", ["count": .integer(contacts.count)])]
        case .selectionRefused(let refusals):
            let filters = Set(refusals.map(\.filterName)).sorted().joined(separator: ",")
            return [TrackedEvent("contacts.selection_refused", ["count": .integer(refusals.count), "filters": .text(filters)])]
        case .filter(let event):
            return [TrackedEvent("contacts.selection_filter", ["filter": .text(event.filterName), "kind": .text(event.kind.trackedName)])]
        }
    }
}

extension ContactsProviderError {
    /// The kind of failure, without the source's text (which may name a person's file).
    var trackedKind: String {
        switch self {
        case .authorizationRequired: "authorization_required"
        case .authorizationDenied: "authorization_denied"
        case .unavailable: "unavailable"
        case .invalidData: "invalid_data"
        }
    }
}

extension SelectionFilterEvent.Kind {
    /// The kind's name, without the contacts it may carry.
    var trackedName: String {
        switch self {
        case .reachedMaximum: "reached_maximum"
        case .attemptedToExceedMaximum: "attempted_to_exceed_maximum"
        case .noLongerAtMaximum: "no_longer_at_maximum"
        case .reachedMinimum: "reached_minimum"
        case .attemptedToGoBelowMinimum: "attempted_to_go_below_minimum"
        case .noLongerAtMinimum: "no_longer_at_minimum"
        case .custom(let name): name
        }
    }
}
