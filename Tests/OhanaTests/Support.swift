import Foundation
@testable import Ohana

/// Small builders for the core tests.
func person(
    _ given: String?, _ family: String?, id: String? = nil, phones: [String] = [], emails: [String] = [],
    photo: Bool = false, address: PostalAddress? = nil
) -> Contact {
    Contact(
        id: id.map { ContactID(rawValue: $0) } ?? ContactID(),
        givenName: given, familyName: family,
        fields: phones.map { .phone($0, label: .mobile) } + emails.map { .email($0, label: .home) },
        postalAddresses: address.map { [$0] } ?? [],
        photo: photo ? Photo(data: Data([0x89, 0x50, 0x4E, 0x47]), mediaType: "image/png") : nil)
}

/// A provider that answers after a delay, to check that merge order does not depend on timing.
struct DelayedProvider: ContactsDataProvider {
    let identifier: String
    let contacts: [Contact]
    let delay: Duration

    func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        try? await Task.sleep(for: delay)
        return LoadedContacts(contacts: contacts)
    }
}

/// A provider that always fails.
struct FailingProvider: ContactsDataProvider {
    let identifier: String
    func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        throw .unavailable(providerID: identifier, source: "/nowhere/book.vcf", reason: "no such file")
    }
}

/// A provider that needs a password before it loads.
final class LockedProvider: ContactsDataProvider {
    let identifier = "locked"
    let password: String
    let contacts: [Contact]
    private let granted = LockedValue<String?>(nil)
    let attempts = LockedValue(0)

    init(password: String, contacts: [Contact]) {
        self.password = password
        self.contacts = contacts
    }

    func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        attempts.withValue { $0 += 1 }
        guard granted.value == password else {
            throw .authorizationRequired(AuthorizationChallenge(providerID: identifier, realm: "test", message: "password needed"))
        }
        return LoadedContacts(contacts: contacts)
    }

    func authorize(with credential: ProviderCredential) async {
        if case .password(_, let password) = credential { granted.withValue { $0 = password } }
    }
}

/// A value behind a lock, for test doubles that are shared across tasks.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func withValue<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&stored) } }
}

/// An observer object for callback tests.
final class Recorder: Sendable {
    let events = LockedValue<[String]>([])
    func record(_ event: ContactsEvent) {
        let text: String = switch event {
        case .ready(let report): "ready(\(report.contactCount))"
        case .providerFailed(let id, _): "providerFailed(\(id))"
        case .selected(let contacts): "selected(\(contacts.map(\.fullName).joined(separator: ",")))"
        case .deselected(let contacts): "deselected(\(contacts.map(\.fullName).joined(separator: ",")))"
        case .selectionRefused(let refusals): "refused(\(refusals.map(\.contact.fullName).joined(separator: ",")))"
        case .filter(let event): "filter(\(event.kind))"
        }
        events.withValue { $0.append(text) }
    }
}

extension Array where Element == Contact {
    var names: [String] { map(\.fullName) }
}
