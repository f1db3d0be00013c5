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
        AttentionReport(contacts: list(order).contacts, defaultRegion: region)
    }
}
