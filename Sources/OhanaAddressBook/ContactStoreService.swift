import Foundation
import Ohana
import OhanaFormats
import OhanaPhoneNumbers
import OhanaStore

/// The address book's operations on a contact store that need no loaded ``AddressBook``: importing
/// while keeping the user's merges, undoing a merge, the change feed and exporting every contact.
/// `ohana import`, `ohana dedupe --undo`, `ohana changes` and `ohana export` are each one call here,
/// and ``AddressBook/splitMerge(of:)`` and ``AddressBook/removeMember(_:fromMerged:)`` undo merges
/// through ``undoMerge(of:removingMember:)``, so the tool and the page split a merge the same way.
///
/// It opens and closes nothing: the caller owns the store (either backend).
public struct ContactStoreService: Sendable {
    /// The store the operations read and write.
    public let store: any ContactStorage

    /// Creates the operations on an open store.
    public init(store: any ContactStorage) {
        self.store = store
    }

    // MARK: Import

    /// Imports contacts into the store in one transaction, keeping the user's merges
    /// (``StoredMerges/importContacts(_:into:)``): a contact replaces the one stored from the same
    /// source record, or is added; a contact from a source of a merged contact updates that merged
    /// contact, rebuilt from its members' latest versions. Nothing is removed. Store errors are
    /// passed on as thrown (``OhanaStore/ContactStoreError`` for the store's own).
    public func importContacts(_ contacts: [Contact]) async throws -> ContactImportResult {
        let summary = try await StoredMerges.importContacts(contacts, into: store)
        return ContactImportResult(
            contactCount: contacts.count, summary: summary, storeLocation: store.locationDescription,
            token: try await store.currentChangeToken())
    }

    /// Replaces every stored contact with `contacts` in one transaction (``OhanaStore/ContactSaveMode/replace``):
    /// stored contacts not among them are removed. How `ohana serve --sample` fills its store.
    @discardableResult
    public func replaceContacts(with contacts: [Contact]) async throws -> ContactSaveSummary {
        try await store.save(contacts, mode: .replace)
    }

    // MARK: Review

    /// What in the store needs a person's decision (``AttentionReport``): every contact's phone
    /// numbers resolved with `region` as the default region and the person's stored choices
    /// (``regionChoices()``), as the page resolves them, the contacts in `ordering`'s list order.
    public func attentionReport(region: String? = nil, ordering: ContactOrdering = ContactOrdering()) async throws -> AttentionReport {
        let region = region?.uppercased() ?? RegionCodes.defaultRegion
        var contacts = try await store.allContacts(order: .insertion)
        let formatting = PhoneNumberFormatting(formats: [.e164], defaultRegion: region, regionChoices: try await regionChoices())
        var resolver = PhoneNumberResolver(formats: [.e164])
        for index in contacts.indices { formatting.format(&contacts[index], resolver: &resolver) }
        return AttentionReport(contacts: ordering.sorted(contacts), defaultRegion: region).omitting(try await reviewKeptValues())
    }

    /// The store setting that keeps the person's phone region choices.
    public static let regionChoicesSetting = "ohana.phoneRegionChoices"

    /// The person's phone region choices kept in the store (none when never chosen).
    public func regionChoices() async throws -> PhoneRegionChoices {
        guard let data = try await store.setting(Self.regionChoicesSetting) else { return PhoneRegionChoices() }
        return try JSONDecoder().decode(PhoneRegionChoices.self, from: data)
    }

    /// Records the person's choice of `region` for the number written `number` of the contact
    /// `contactID`; with `alike`, for every number written in its pattern on a card whose evidence
    /// reads as this card's (a ``OhanaPhoneNumbers/PhoneRegionChoices/Rule``), read with `defaultRegion`
    /// as the review reads it. Kept in the store; numbers are re-resolved with it from then on.
    ///
    /// Throws ``AddressBookError/Kind/notFound`` when the contact has no such number and
    /// ``AddressBookError/Kind/badRequest`` when `region` is no region libphonenumber knows.
    @discardableResult
    public func chooseRegion(
        _ region: String, forNumber number: String, of contactID: ContactID, alike: Bool, defaultRegion: String? = nil
    ) async throws -> PhoneRegionChoices {
        let region = region.uppercased()
        guard PhoneNumberUtility.shared.isSupportedRegion(region) else {
            throw AddressBookError(.badRequest, "'\(region)' is no region a phone number can belong to (an ISO code such as DE)")
        }
        guard let contact = try await store.contact(withID: contactID),
              contact.phoneNumbers.contains(where: { $0.value == number }) else {
            throw AddressBookError(.notFound, "no contact '\(contactID.rawValue)' with the number \"\(number)\"")
        }
        var choices = try await regionChoices()
        // The latest decision about this number is the one kept, whichever kind it is.
        choices.numbers.removeAll { $0.contactID == contactID && $0.number == number }
        if alike {
            var resolver = PhoneNumberResolver(formats: [.e164])
            let evidence = resolver.evidence(for: contact, defaultRegion: defaultRegion?.uppercased() ?? RegionCodes.defaultRegion)
            let rule = PhoneRegionChoices.Rule(pattern: PhoneRegionChoices.pattern(of: number), evidence: evidence.signature, region: region)
            choices.rules.removeAll { $0.pattern == rule.pattern && $0.evidence == rule.evidence }
            choices.rules.append(rule)
        } else {
            choices.numbers.append(.init(contactID: contactID, number: number, region: region))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try await store.setSetting(try encoder.encode(choices), for: Self.regionChoicesSetting)
        return choices
    }

    // MARK: Undoing merges

    /// Undoes the merge that made the stored contact `id`: its members are stored on their own again
    /// as they were recorded and kept apart from now on (``OhanaStore/ContactStorage/undoMerge(of:)``).
    /// With `member`, only that member is taken out and the others stay merged, rebuilt with
    /// ``StoredMerges/mergedContact(of:)`` (split whole when one is left).
    ///
    /// Throws ``AddressBookError/Kind/notFound`` when `id` is no merged contact with recorded members
    /// or `member` is not one of them, ``AddressBookError/Kind/internalError`` when the store fails.
    public func undoMerge(of id: ContactID, removingMember member: ContactID? = nil) async throws(AddressBookError) -> MergeUndoResult {
        do {
            if let member {
                return try await store.removeMember(member, fromMerged: id, remerging: StoredMerges.mergedContact(of:))
            }
            return try await store.undoMerge(of: id)
        } catch let error as ContactStoreError {
            guard case .contactNotFound(let missing) = error else {
                throw AddressBookError(.internalError, "cannot split the merged contact '\(id.rawValue)' in the store: \(error)")
            }
            let what = member.flatMap { $0 == missing && $0 != id ? $0 : nil }
                .map { "'\($0.rawValue)' is not a member of the merged contact '\(id.rawValue)'" }
                ?? "'\(id.rawValue)' is not a merged contact with recorded members"
            throw AddressBookError(.notFound, "\(what) (\(error.description))")
        } catch {
            throw AddressBookError(.internalError, "cannot split the merged contact '\(id.rawValue)' in the store: \(error)")
        }
    }

    // MARK: Change feed

    /// The token for the store's current state, to ask ``changes(since:)`` with later.
    public func currentChangeToken() async throws(AddressBookError) -> ChangeToken {
        do {
            return try await store.currentChangeToken()
        } catch {
            throw AddressBookError(.internalError, "cannot read the store's change token: \(error)")
        }
    }

    /// What changed in the store since a token given in its text form (`STORE-ID:NUMBER`, as
    /// ``ChangeToken/description`` writes it), with the token to ask with next time.
    ///
    /// Throws ``AddressBookError/Kind/badRequest`` for text that is no token or a token of another
    /// store (or from its future), ``AddressBookError/Kind/conflict`` for a token older than the
    /// history the store keeps: the caller reloads everything and starts again from
    /// ``currentChangeToken()``.
    public func changes(since text: String) async throws(AddressBookError) -> ContactChanges {
        guard let token = ChangeToken(text) else {
            throw AddressBookError(.badRequest, "'\(text.prefix(80))' is not a change token (expected STORE-ID:NUMBER)")
        }
        do {
            return try await store.changes(since: token)
        } catch let error as ContactStoreError {
            switch error {
            case .unknownChangeToken: throw AddressBookError(.badRequest, error.description)
            case .expiredChangeToken: throw AddressBookError(.conflict, error.description)
            default: throw AddressBookError(.internalError, error.description)
            }
        } catch {
            throw AddressBookError(.internalError, "cannot read the store's changes: \(error)")
        }
    }

    // MARK: Export

    /// Every stored contact, in the order they were first stored, cards linked across accounts as
    /// their aggregated contact: what an export writes.
    public func contactsToExport() async throws -> [Contact] {
        try await AggregatedContacts.reading(try await store.allContacts(order: .insertion), from: store)
    }

    /// Writes every stored contact (in the order they were first stored) with `writer`, a batch at
    /// a time, to `sink`; returns how many were written.
    @discardableResult
    public func export(with writer: ContactWriter, to sink: (Data) throws -> Void) async throws -> Int {
        let contacts = try await contactsToExport()
        try writer.write(contacts, to: sink)
        return contacts.count
    }

    /// Writes every stored contact with `writer` to a file (see ``OhanaFormats/ContactWriter/write(_:toFile:)``;
    /// a failed write throws ``OhanaFormats/ContactFileWriteError``); returns how many were written.
    @discardableResult
    public func export(with writer: ContactWriter, toFile url: URL) async throws -> Int {
        let contacts = try await contactsToExport()
        try writer.write(contacts, toFile: url)
        return contacts.count
    }
}

/// What importing contacts into a store did (``ContactStoreService/importContacts(_:)``).
public struct ContactImportResult: Sendable, Hashable {
    /// How many contacts were given.
    public var contactCount: Int
    /// How many were added, updated and unchanged.
    public var summary: ContactSaveSummary
    /// Where the store lives (``OhanaStore/ContactStorage/locationDescription``).
    public var storeLocation: String
    /// The store's change token after the import, to ask for later changes with.
    public var token: ChangeToken

    /// Creates a result.
    public init(contactCount: Int, summary: ContactSaveSummary, storeLocation: String, token: ChangeToken) {
        self.contactCount = contactCount
        self.summary = summary
        self.storeLocation = storeLocation
        self.token = token
    }

    /// The result for a reader, as `ohana import` prints it: `imported N contacts into STORE: A added,
    /// U updated, K unchanged`, then `change token: TOKEN`.
    public var summaryLines: [String] {
        ["imported \(contactCount) contact\(contactCount == 1 ? "" : "s") into \(storeLocation): "
            + "\(summary.added) added, \(summary.updated) updated, \(summary.unchanged) unchanged",
         "change token: \(token)"]
    }
}
