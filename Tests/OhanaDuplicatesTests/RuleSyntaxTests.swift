import Foundation
import Ohana
import OhanaDuplicates
import Testing

@Suite("Written rules and cluster explanations")
struct RuleSyntaxTests {
    @Test("evidence joined by + is a rule named by its evidence in order; org is organization; case and spaces ignored")
    func rules() throws {
        let rule = try DuplicateRule(parsing: "Phone + name")
        #expect(rule.requirements == [.name, .phone])
        #expect(rule.name == "name and phone")
        #expect(try DuplicateRule(parsing: "org+name").requirements == [.name, .organization])
        #expect(try DuplicateRule(parsing: "email") == DuplicateRule("email", requiring: [.email]))
    }

    @Test("unknown, weighed-only and missing evidence are refused with the reason",
          arguments: [("fax", "unknown evidence 'fax'"), ("name+birthday", "birthday is only weighed"),
                      ("address", "address is only weighed"), ("+", "needs at least one kind of evidence"),
                      ("", "needs at least one kind of evidence")])
    func refused(text: String, reason: String) {
        #expect {
            try DuplicateRule(parsing: text)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test("a cluster's explanation names its contacts (the id for a nameless one) and each match's values and rule")
    func explanation() {
        let a = ContactID(rawValue: "a"), b = ContactID(rawValue: "b")
        let cluster = DuplicateCluster(
            contactIDs: [a, b], names: ["Robert Smith", ""],
            matches: [DuplicateMatch(first: a, second: b, rule: "shared email", evidence: [])])
        #expect(cluster.explanationLines == [
            "", "2 contacts: Robert Smith | b", "  Robert Smith ~ b: shared email [shared email]", "  ids: a, b",
        ])
    }
}
