import Foundation

/// Cards of one person written by two apps, as they arrive from a CardDAV server: an iPhone's
/// (Apple's `itemN` label group, `type=` parameters, ISO dates) and DAVx5's (ez-vcard), each with
/// its own `PRODID` and `REV`.
package enum TwoAppsCards {
    /// The iPhone's card.
    package static let iPhone = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Apple Inc.//iPhone OS 17.4//EN\r
        N:Okafor;Chidi;;;\r
        FN:Chidi Okafor\r
        item1.EMAIL;type=INTERNET;type=pref:chidi@example.org\r
        item1.X-ABLabel:_$!<Other>!$_\r
        TEL;type=CELL;type=VOICE;type=pref:+1 202 555 0147\r
        BDAY:1952-08-21\r
        REV:2024-03-01T10:00:00Z\r
        UID:0A4F1C2E-7D3B-4E59-9C61-2B8D4F7A1E30\r
        END:VCARD\r

        """
    /// DAVx5's card of the same person.
    package static let davx5 = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9\r
        PRODID:+//IDN bitfire.at//DAVx5/4.3.14-ose ez-vcard/0.12.1\r
        FN:Chidi Okafor\r
        N:Okafor;Chidi;;;\r
        TEL;TYPE=cell:+1 202 555 0147\r
        EMAIL;TYPE=home:chidi.okafor@mail.example.net\r
        REV:20240615T083000Z\r
        END:VCARD\r

        """
    /// Someone else in the same address book.
    package static let other = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Apple Inc.//iPhone OS 17.4//EN\r
        N:Lindqvist;Maja;;;\r
        FN:Maja Lindqvist\r
        TEL;type=CELL;type=VOICE;type=pref:+46 70 123 45 67\r
        UID:9B2C7E15-3A4D-4F6B-8E2A-5C1D9F0B7A64\r
        END:VCARD\r

        """
}
