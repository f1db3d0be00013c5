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
}
