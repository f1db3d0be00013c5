import Foundation
import Ohana
import Testing
@testable import OhanaJSContact
import OhanaVCard

/// Several titles, and localizations of entries besides the contact's own (RFC 9555 section 3.1:
/// each entry of a multivalued property is a property of its own with its id as `PROP-ID`; section
/// 2.9.6: `TITLE` and `ROLE` are `titles` entries; section 2.3.11 with RFC 6350 section 5.4: a
/// `LANGUAGE`-tagged property with the same `ALTID` is a localization). Both ways, nothing lost, no
/// `JSPROP`.
@Suite struct TitleEntryTests {
    let converter = JSContactConverter()

    /// The vCard lines written for a card's members, unfolded.
    func written(_ members: [String: JSONValue]) -> [String] {
        lines(exampleCard(members)).filter { !$0.isEmpty }
    }

    /// The card read back from the vCard written for it.
    func back(_ members: [String: JSONValue]) throws -> Card {
        converter.card(from: try contact(written(members).joined(separator: "\r\n")))
    }

    /// A card's members with the default kind of titles left out (RFC 9553 section 2.2.5: `title`).
    func withoutDefaultKinds(_ members: [String: JSONValue]) -> [String: JSONValue] {
        var m = members
        if let titles = m["titles"]?.object {
            m["titles"] = .object(titles.mapValues { t in
                var o = t.object ?? [:]
                if o["kind"] == "title" { o["kind"] = nil }
                return .object(o)
            })
        }
        return m
    }

    static let issueCard: [String: JSONValue] = [
        "titles": ["t1": ["name": "Boss"], "t2": ["kind": "title", "name": "Chief vCard Evangelist"]],
        "localizations": ["fr": ["titles/t1/name": "Patron"]],
    ]

    @Test func twoTitlesAndALocalizationAreThreeTitleLines() throws {
        let lines = written(Self.issueCard)
        let titles = lines.filter { $0.hasPrefix("TITLE") }
        #expect(Set(titles) == ["TITLE;ALTID=1;PROP-ID=t1:Boss", "TITLE;ALTID=1;PROP-ID=t1;LANGUAGE=fr:Patron", "TITLE;PROP-ID=t2:Chief vCard Evangelist"],
                "\(lines)")
        #expect(titles.count == 3)
        #expect(!lines.contains { $0.hasPrefix("JSPROP") }, "\(lines)")
        let card = try back(Self.issueCard)
        #expect(card["titles"] == withoutDefaultKinds(Self.issueCard)["titles"])
        #expect(card["localizations"] == Self.issueCard["localizations"])
        #expect(card.validate().isEmpty)
    }

    /// Titles that spell out their optional `@type` (as most producers do) are written the same way.
    @Test func titlesWithTheirTypeAreTitleLinesToo() throws {
        let typed: [String: JSONValue] = [
            "titles": ["t1": ["@type": "Title", "name": "Boss"], "t2": ["@type": "Title", "kind": "title", "name": "Chief vCard Evangelist"]],
            "localizations": ["fr": ["titles/t1/name": "Patron"]],
        ]
        let lines = written(typed)
        #expect(lines.filter { $0.hasPrefix("TITLE") }.count == 3, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("JSPROP") }, "\(lines)")
        let card = try back(typed)
        #expect(card["titles"] == withoutDefaultKinds(Self.issueCard)["titles"])
        // A title whose @type names another type is not one to write as a plain line.
        let wrong: [String: JSONValue] = ["titles": ["t1": ["@type": "Nickname", "name": "Boss"]]]
        #expect(!written(wrong).contains { $0.hasPrefix("TITLE") })
    }

    @Test func theTitleLinesReadAsTheTitlesAndComeBackAsWritten() throws {
        let vcard = "FN:A\nTITLE;ALTID=1;PROP-ID=t1:Boss\nTITLE;ALTID=1;PROP-ID=t1;LANGUAGE=fr:Patron\nTITLE;PROP-ID=t2:Chief vCard Evangelist"
        let first = try contact(vcard)
        let card = converter.card(from: first)
        #expect(card["titles"] == ["t1": ["name": "Boss"], "t2": ["name": "Chief vCard Evangelist"]])
        #expect(card["localizations"] == ["fr": ["titles/t1/name": "Patron"]])
        #expect(card["vCardProps"] == nil)
        // In this order (each localization after what it localizes) the lines need no exact copy.
        #expect(card[Vendor.exact + "Unmapped"] == nil)
        let second = converter.contact(from: card)
        #expect(second.hasSameContent(as: first))
        #expect(VCardWriter(target: .rfc6350).write([second]) == VCardWriter(target: .rfc6350).write([first]))
    }

    /// jmapio/jscontact-tests' `titles` case (RFC 9553 section 2.2.5's example), with a second title.
    @Test func titlesBesideARoleOfAnOrganization() throws {
        let members: [String: JSONValue] = [
            "organizations": ["o2": ["name": "ABC"]],
            "titles": ["k2": ["kind": "role", "name": "Project Leader", "organizationId": "o2"], "le9": ["kind": "title", "name": "Research Scientist"],
                       "x7": ["kind": "title", "name": "Adjunct Professor"]],
        ]
        let lines = written(members)
        #expect(lines.contains("TITLE;PROP-ID=x7:Adjunct Professor"), "\(lines)")
        #expect(lines.contains { $0.hasSuffix("ROLE;PROP-ID=k2:Project Leader") }, "\(lines)")
        let card = try back(members)
        #expect(card["titles"] == members["titles"])
        #expect(card["organizations"] == members["organizations"])
    }

    /// Localizations of nicknames and notes besides the contact's own, of a role, and ALTIDs by
    /// property name (RFC 6350 section 5.4: TITLE and ROLE number theirs apart).
    @Test func otherEntriesLocalizationsAreLinesWithTheirALTID() throws {
        let members: [String: JSONValue] = [
            "nicknames": ["n1": ["name": "Johnny"], "n2": ["name": "The John", "contexts": ["work": true]]],
            "notes": ["NOTE-1": ["note": "first"], "NOTE-2": ["note": "second, with a comma"]],
            "titles": ["t1": ["name": "Boss"], "t2": ["name": "Evangelist"], "r1": ["kind": "role", "name": "Leader"]],
            "localizations": [
                "de": ["nicknames/n2/name": "Der John", "notes/NOTE-2/note": "zweite, mit Komma", "titles/t2/name": "Evangelist",
                       "titles/r1/name": "Leiter"],
                "fr": ["titles/t1/name": "Patron", "titles/t2/name": "Évangéliste"],
            ],
        ]
        let lines = written(members)
        for line in ["NICKNAME;ALTID=1;PROP-ID=n2;TYPE=work:The John", "NICKNAME;ALTID=1;PROP-ID=n2;LANGUAGE=de:Der John",
                     "NOTE;ALTID=1:second\\, with a comma", "NOTE;ALTID=1;LANGUAGE=de:zweite\\, mit Komma",
                     "TITLE;ALTID=2;PROP-ID=t2:Evangelist", "TITLE;ALTID=2;PROP-ID=t2;LANGUAGE=fr:Évangéliste",
                     "ROLE;ALTID=1;PROP-ID=r1:Leader", "ROLE;ALTID=1;PROP-ID=r1;LANGUAGE=de:Leiter"] {
            #expect(lines.contains(line), "\(line) in \(lines)")
        }
        #expect(!lines.contains { $0.hasPrefix("JSPROP") }, "\(lines)")
        let card = try back(members)
        #expect(withoutDefaultKinds(card.members)["titles"] == members["titles"])
        for member in ["nicknames", "notes", "localizations"] { #expect(card[member] == members[member], "\(member)") }
        // And from those lines, the same lines again.
        let first = try contact(lines.joined(separator: "\r\n"))
        let second = converter.contact(from: converter.card(from: first))
        #expect(VCardWriter(target: .rfc6350).write([second]) == VCardWriter(target: .rfc6350).write([first]))
    }

    /// An entry's ALTID of its own (in `vCardParams`) is the one its localizations share.
    @Test func anEntrysOwnALTIDIsKept() throws {
        let members: [String: JSONValue] = [
            "titles": ["t1": ["name": "Boss"], "t2": ["name": "Evangelist", "vCardParams": ["altid": "e"]]],
            "localizations": ["de": ["titles/t2/name": "Verkünder"]],
        ]
        let lines = written(members)
        #expect(lines.contains("TITLE;ALTID=e;PROP-ID=t2;LANGUAGE=de:Verkünder"), "\(lines)")
        let card = try back(members)
        #expect(card["titles"] == members["titles"])
        #expect(card["localizations"] == members["localizations"])
    }

    /// The job title is the first title a job title can hold; a title before it in id order with
    /// other members is written after it, and a card with no such title keeps its titles as they are.
    @Test func titlesWithParametersGoAfterTheJobTitleOrStayAsTheyAre() throws {
        let members: [String: JSONValue] = ["titles": ["t1": ["name": "Boss", "vCardParams": ["x-a": "b"]], "t2": ["name": "Chief"]]]
        let lines = written(members)
        #expect(lines.filter { $0.hasPrefix("TITLE") } == ["TITLE;PROP-ID=t2:Chief", "TITLE;PROP-ID=t1;X-A=b:Boss"], "\(lines)")
        #expect(try back(members)["titles"] == members["titles"])
        let only: [String: JSONValue] = ["titles": ["t1": ["name": "Boss", "vCardParams": ["x-a": "b"]]]]
        #expect(written(only).contains { $0.hasPrefix("JSPROP") })
        #expect(try back(only)["titles"] == only["titles"])
    }
}
