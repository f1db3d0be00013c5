import Foundation
import Ohana
import OhanaCardDAV
import OhanaStore
import OhanaVCard

/// The listing of the server's cards, kept up to date with what this sync writes and deletes.
extension AddressBookTwoWaySync {
    /// Records a card this sync wrote, with its new ETag, in the listing.
    mutating func noteOnServer(_ href: String, etag: String?) {
        let listed = listingHref[key(href)] ?? href
        listingHref[key(href)] = listed
        listing[listed] = etag ?? ""
    }

    /// Removes a card this sync deleted from the listing.
    mutating func noteGone(_ href: String) {
        guard let listed = listingHref.removeValue(forKey: key(href)) else { return }
        listing[listed] = nil
    }
}
