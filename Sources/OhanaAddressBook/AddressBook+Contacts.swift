import Foundation
import Ohana

extension AddressBook {
    /// The contacts of a page of the list in a name order (for formats that show whole contacts, such as JSContact).
    public func contacts(order: AlphabeticalSort.Mode, offset: Int, limit: Int) -> [Contact] {
        let list = list(order)
        let start = min(max(offset, 0), list.contacts.count)
        return Array(list.contacts[start..<min(start + max(limit, 0), list.contacts.count)])
    }

    /// One whole contact by id.
    public func contact(id: String) throws(AddressBookError) -> Contact {
        try contact(withID: id)
    }

    /// What in the loaded contacts needs a person's decision (``AttentionReport``), the contacts in
    /// the list's `order`; their numbers resolved as the page shows them (the address book's region).
    public func attentionReport(order: AlphabeticalSort.Mode = .fullName) -> AttentionReport {
        AttentionReport(contacts: list(order).contacts, defaultRegion: region).omitting(reviewKept)
    }

    /// Deletes or keeps review items of one kind, all of them or those of one contact (and value)
    /// (``ContactStoreService/act(_:on:in:contactID:value:)``), reloads, and returns the review as it is now.
    public func act(_ action: ReviewAction, on kind: AttentionReport.Kind, contactID: String?,
                    value: String?) async throws -> (result: ReviewActionResult, report: AttentionReport) {
        let result: ReviewActionResult
        do {
            result = try await ContactStoreService(store: store)
                .act(action, on: kind, in: attentionReport(), contactID: contactID, value: value)
        } catch let error as AddressBookError {
            throw error
        } catch {
            throw AddressBookError(.internalError, "cannot act on the review in the contact store: \(error)")
        }
        // Deletions are edits of contacts (caught up one by one); kept items are a setting.
        do {
            reviewKept = try await ContactStoreService(store: store).reviewKeptValues()
        } catch {
            throw AddressBookError(.internalError, "cannot read the contact store: \(error)")
        }
        try await catchUp()
        return (result, attentionReport())
    }

    /// Records the person's choice of `region` for a number of the contact `contactID` (with
    /// `alike`, for every number written alike on a card that says the same about its country;
    /// ``ContactStoreService/chooseRegion(_:forNumber:of:alike:defaultRegion:)``), reloads, and
    /// returns the review as it is now.
    public func chooseRegion(_ region: String, forNumber number: String, of contactID: String,
                             alike: Bool) async throws -> AttentionReport {
        do {
            try await ContactStoreService(store: store)
                .chooseRegion(region, forNumber: number, of: ContactID(rawValue: contactID), alike: alike, defaultRegion: self.region)
        } catch let error as AddressBookError {
            throw error
        } catch {
            throw AddressBookError(.internalError, "cannot keep the choice in the contact store: \(error)")
        }
        try await reload()
        return attentionReport()
    }
}
