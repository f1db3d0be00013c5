import Foundation
import Ohana
import OhanaDuplicates
import OhanaTestSupport
import Testing

@Suite("Shared values, compatible names and coherent clusters")
struct SharedValuesTests {
    let dedupe = DuplicateMerging()

    @Test("role addresses several unrelated cards carry never chain their companies together")
    func roleAddresses() {
        let cards = [
            Fixtures.contact("Peter", "Gibbons", id: "a", emails: ["hello@outlook.com", "peter@initech.com"], organization: "Initech LLC"),
            Fixtures.contact("Иван", "Петров", id: "b", emails: ["hello@outlook.com"], organization: "ООО «Ромашка»"),
            Fixtures.contact("太郎", "田中", id: "c", emails: ["sales@aol.com", "hello@outlook.com"], organization: "東京電子"),
            Fixtures.contact("Ana", "Ruiz", id: "d", emails: ["sales@aol.com"]),
            // Two cards of one company's front desk share `info@` and nothing else.
            Fixtures.contact(nil, nil, id: "e", emails: ["info@initech.com"], organization: "Initech LLC"),
            Fixtures.contact("Milton", "Waddams", id: "f", emails: ["info@initech.com"], organization: "Initech LLC"),
        ]
        let report = dedupe.analyze(cards)
        #expect(report.clusters.isEmpty)
        #expect(report.sharedValues.isEmpty, "three names are not many")
        let strict = DuplicateMerging(rules: DuplicateRules(maximumSharedValueCount: 2)).analyze(cards)
        #expect(strict.sharedValues.map(\.value) == ["hello@outlook.com"])
    }

    @Test("an initials-based address on two people's cards does not merge them: 윤지우 and 윤지민, Linda and Laura Miller")
    func initialsAddresses() {
        let jiwoo = Fixtures.contact("지우", "윤", id: "a", emails: ["jyoon@naver.com"], country: "KR")
        let jimin = Fixtures.contact("지민", "윤", id: "b", emails: ["jyoon@naver.com"], country: "KR")
        let linda = Fixtures.contact("Linda", "Miller", id: "c", emails: ["lmiller@example.com"])
        let laura = Fixtures.contact("Laura", "Miller", id: "d", emails: ["lmiller@example.com"])
        let report = dedupe.analyze([jiwoo, jimin, linda, laura])
        #expect(report.clusters.isEmpty)
        #expect(report.rejectedMatches.count == 2)
        let korean = report.rejectedMatches.first { $0.match.first == "a" }
        #expect(korean?.reason == "names of two people")
        #expect(korean?.match.evidence.last?.note == "two people")
        #expect((korean?.match.score ?? 0) < 0)
        // Her own card in Latin letters, with her address, is her.
        let latin = Fixtures.contact("Jiwoo", "Yoon", id: "e", emails: ["jyoon@naver.com"])
        #expect(dedupe.analyze([jiwoo, latin]).clusters.map(\.contactIDs) == [["a", "e"]])
        #expect(dedupe.analyze([jimin, latin]).clusters.isEmpty)
    }

    @Test("a household shares a home phone and a family address; a member's own second card still merges")
    func households() {
        let home = "+1 312 555 0142"
        let family = "thegreens@gmail.com"
        let dad = Fixtures.contact("Steven", "Nguyen", id: "a", phones: [home, "(312) 555-0177"], emails: [family], country: "US")
        let mom = Fixtures.contact("Sophia", "Nguyen", id: "b", phones: [home], emails: [family, "sophia.n@gmail.com"], country: "US")
        let kid = Fixtures.contact("Kevin", "Nguyen", id: "c", phones: [home], emails: [family], country: "US")
        let dadAgain = Fixtures.contact("Steve", "Nguyen", id: "d", phones: ["312.555.0177"], country: "US")
        // The spouse's address pasted on the wrong card.
        let momWithDadsMail = Fixtures.contact("Sophia", "Nguyen", id: "e", emails: ["sophia.n@gmail.com", "steven.nguyen@work.com"])
        let dadAtWork = Fixtures.contact("Steven", "Nguyen", id: "f", emails: ["steven.nguyen@work.com"])
        let report = dedupe.analyze([dad, mom, kid, dadAgain, momWithDadsMail, dadAtWork])
        #expect(report.clusters.map(\.contactIDs) == [["a", "d"], ["b", "e"]])
        #expect(report.rejectedMatches.contains { $0.match.first == "e" && $0.match.second == "f" })
    }

    @Test("colleagues with one name at one company share the switchboard and info@ but are two people")
    func sameNameColleagues() {
        let line = "+49 30 1234 5600"
        var staff = (0..<6).map { Fixtures.contact("Person\($0)", "Hansa", id: ContactID(rawValue: "s\($0)"), phones: [line], emails: ["info@hansa-bau.de"], organization: "Hansa Bau GmbH") }
        staff.append(Fixtures.contact("Thomas", "Müller", id: "t1", phones: [line, "+49 30 1234 5611"], emails: ["info@hansa-bau.de", "t.mueller@hansa-bau.de"], organization: "Hansa Bau GmbH"))
        staff.append(Fixtures.contact("Thomas", "Müller", id: "t2", phones: [line, "+49 30 1234 5622"], emails: ["info@hansa-bau.de", "thomas.mueller@hansa-bau.de"], organization: "Hansa Bau GmbH"))
        // His own second card (umlaut written out) shares his direct line.
        staff.append(Fixtures.contact("Thomas", "Mueller", id: "t3", phones: ["030 12345611"], organization: "Hansa Bau", country: "DE"))
        let report = dedupe.analyze(staff)
        #expect(report.clusters.map { Set($0.contactIDs) } == [["t1", "t3"]])
        #expect(report.sharedValues.contains { $0.value == "+493012345600" && $0.contacts == 7 })
    }

    @Test("a contact joins a cluster only if it fits every member: no chain from John through J. to Jane")
    func coherentClusters() throws {
        let john = Fixtures.contact("John", "Smith", id: "a", emails: ["john.smith@example.com"])
        let initial = Fixtures.contact("J.", "Smith", id: "b", phones: ["+1 617 555 0101"], emails: ["john.smith@example.com"])
        let jane = Fixtures.contact("Jane", "Smith", id: "c", phones: ["+1 617 555 0101"])
        let report = dedupe.analyze([john, initial, jane])
        #expect(report.clusters.count == 1)
        #expect(Set(try #require(report.clusters.first).contactIDs) == ["a", "b"])
        let split = try #require(report.rejectedMatches.first)
        #expect(split.reason.contains("[a]") && split.reason.contains("[c]") && split.reason.contains("names of two people"))
        #expect(report.description.contains("not merged ("))
    }

    @Test("a value's weight falls with the number of differently named contacts that carry it; the score is the sum")
    func frequencyWeights() throws {
        let a = Fixtures.contact("Ann", "Lee", id: "a", emails: ["ann@example.com"])
        let b = Fixtures.contact("Ann", "Lee", id: "b", emails: ["ann@example.com"])
        let alone = try #require(dedupe.analyze([a, b]).clusters.first?.matches.first)
        let c = Fixtures.contact("Bo", "Park", id: "c", emails: ["ann@example.com"])
        let shared = try #require(dedupe.analyze([a, b, c]).clusters.first?.matches.first)
        let weightAlone = try #require(alone.evidence.first { $0.kind == .email }?.weight)
        let weightShared = try #require(shared.evidence.first { $0.kind == .email }?.weight)
        #expect(weightShared < weightAlone)
        #expect(shared.evidence.first { $0.kind == .email }?.count == 2)
        for match in [alone, shared] {
            let sum = match.evidence.compactMap(\.weight).reduce(0, +)
            #expect(abs((match.score ?? 0) - sum) < 0.051)
        }
    }

    @Test("organization cards merge only with cards of the same organization, never with a person")
    func organizationCards() {
        let acme = Fixtures.organization("Acme Corp", id: "a", emails: ["office@acme.example"])
        let globex = Fixtures.organization("Globex", id: "b", phones: ["+1 415 555 0188"], emails: ["ceo@globex.example"])
        let globexAgain = Fixtures.organization("GLOBEX", id: "c", phones: ["(415) 555-0188"], country: "US")
        let person = Fixtures.contact("Hank", "Scorpio", id: "d", emails: ["ceo@globex.example"])
        let report = dedupe.analyze([acme, globex, globexAgain, person])
        #expect(report.clusters.map(\.contactIDs) == [["b", "c"]])
        #expect(report.rejectedMatches.map(\.match.second) == ["d"])
    }

    @Test("a report lists the first 2,000 matches not merged of each reason and counts the rest by reason")
    func rejectedMatchesCapped() {
        // 2,050 households: two people of one family who share an address, names of two people.
        var cards: [Contact] = []
        for k in 0..<2_050 {
            cards.append(Fixtures.contact("Linda", "Miller", id: ContactID(rawValue: "l\(k)"), emails: ["lmiller\(k)@example.com"]))
            cards.append(Fixtures.contact("Laura", "Miller", id: ContactID(rawValue: "m\(k)"), emails: ["lmiller\(k)@example.com"]))
        }
        let report = dedupe.analyze(cards)
        #expect(report.clusters.isEmpty)
        #expect(report.rejectedMatches.count == 2_000)
        #expect(report.unlistedRejectedMatches == 50)
        #expect(report.unlistedRejectedMatchesByReason == ["names of two people": 50])
        #expect(report.description.contains("50 more matches not merged (names of two people), not listed"))
        // Detection is not capped: without explanations the clusters are the same.
        #expect(dedupe.analyze(cards, explaining: false).contactsOut == cards.count)
    }
}
