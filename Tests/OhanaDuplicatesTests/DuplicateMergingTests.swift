import Foundation
import Ohana
import OhanaDuplicates
import OhanaSampleData
import OhanaTestSupport
import Synchronization
import Testing

@Suite("Duplicate detection rules")
struct DuplicateRulesTests {
    let dedupe = DuplicateMerging()

    @Test("phone numbers equal after E.164 normalisation, and a nickname: Bob Smith is Robert Smith")
    func phoneAndNickname() throws {
        let a = Fixtures.contact("Robert", "Smith", id: "a", phones: ["(415) 555-0134"], country: "US")
        let b = Fixtures.contact("Bob", "Smith", id: "b", phones: ["+1 415 555 0134"])
        let report = dedupe.analyze([a, b])
        #expect(report.clusters.count == 1)
        let match = try #require(report.clusters.first?.matches.first)
        #expect(match.rule == "name and phone")
        #expect(match.evidence.map(\.kind) == [.phone, .name])
        #expect(match.evidence[0].first == "+14155550134")
        #expect(match.evidence[1].note == "nickname")
        #expect(match.description.hasSuffix(
            "phone +14155550134 (country by the contact's address ~ its own country code, +10.0) and name 'robert smith' ~ 'bob smith' (nickname, +7.0); score 17.0"))
        #expect(match.score == 17)
    }

    @Test("a national number is read in the region of the contact's address")
    func regionFromAddress() {
        let berlin = Fixtures.contact("Jürgen", "Müller", id: "a", phones: ["030 1234567"], country: "DE")
        let international = Fixtures.contact("Jurgen", "Muller", id: "b", phones: ["+49 30 1234567"])
        let report = dedupe.analyze([berlin, international])
        #expect(report.clusters.count == 1)
        #expect(report.clusters.first?.matches.first?.evidence.first?.first == "+49301234567")
        #expect(report.clusters.first?.matches.first?.evidence.last?.note == "accents")
    }

    @Test("emails equal ignoring case; Gmail dots and +tags only with provider rules")
    func emails() {
        let a = Fixtures.contact("Ann", "Lee", id: "a", emails: ["Ann.Lee@Example.com"])
        let b = Fixtures.contact("Ann", "Lee", id: "b", emails: ["ann.lee@example.com"])
        #expect(dedupe.analyze([a, b]).clusters.count == 1)

        let c = Fixtures.contact("Ann", "Lee", id: "c", emails: ["ann.lee@gmail.com"])
        let d = Fixtures.contact("Ann", "Lee", id: "d", emails: ["annlee+contacts@gmail.com"])
        #expect(dedupe.analyze([c, d]).clusters.count == 1)
        let strict = DuplicateMerging(rules: DuplicateRules(appliesMailProviderRules: false))
        #expect(strict.analyze([c, d]).clusters.isEmpty)
        // Dots matter at other providers.
        let e = Fixtures.contact("Ann", "Lee", id: "e", emails: ["annlee@example.com"])
        #expect(dedupe.analyze([b, e]).clusters.isEmpty)
    }

    @Test("word order, case and script are ignored in names")
    func nameFolding() {
        #expect(NameFolding.words("O'Brien-Smith, JOSÉ") == ["obrien", "smith", "jose"])
        #expect(NameFolding.words("Łukasz Żółć") == ["lukasz", "zolc"])
        #expect(NameFolding.fold("Иван Петров") == "ivan petrov")
        let swapped = Fixtures.contact("Smith", "Robert", id: "a", phones: ["+1 415 555 0134"])
        let normal = Fixtures.contact("Robert", "Smith", id: "b", phones: ["415-555-0134"], country: "US")
        let report = dedupe.analyze([swapped, normal])
        #expect(report.clusters.first?.matches.first?.evidence.last?.note == "word order")
        let cyrillic = Fixtures.contact("Иван", "Петров", id: "c", emails: ["ivan@mail.ru"], country: "RU")
        let latin = Fixtures.contact("Ivan", "Petrov", id: "d", phones: ["+7 912 345-67-89"], emails: ["ivan@mail.ru"])
        let scripts = DuplicateMerging(rules: DuplicateRules(rules: [.nameAndEmail])).analyze([cyrillic, latin])
        #expect(scripts.clusters.count == 1)
        #expect(scripts.clusters.first?.matches.first?.evidence.last?.note == "script")
        let chinese = Fixtures.contact("小明", "王", id: "e", phones: ["138 0013 8000"], country: "CN")
        let pinyin = Fixtures.contact("Xiaoming", "Wang", id: "f", phones: ["+86 138 0013 8000"])
        #expect(dedupe.analyze([chinese, pinyin]).clusters.count == 1)
    }

    @Test("a shared phone alone does not merge people of one household; the same name alone does not either")
    func notEnoughEvidence() {
        let husband = Fixtures.contact("Robert", "Smith", id: "a", phones: ["(415) 555-0134"], country: "US")
        let wife = Fixtures.contact("Susan", "Smith", id: "b", phones: ["+1 415 555 0134"])
        let namesake = Fixtures.contact("Robert", "Smith", id: "c", phones: ["(212) 555-0199"], country: "US")
        let report = dedupe.analyze([husband, wife, namesake])
        #expect(report.clusters.isEmpty)
        #expect(report.rejectedMatches.map(\.reason) == ["names of two people"])
        let phoneAlone = DuplicateMerging(rules: DuplicateRules(rules: [.sharedPhone]))
        #expect(phoneAlone.analyze([husband, wife, namesake]).clusters.isEmpty)
        // The same phone with a name that can be his (an initial) is him.
        let initial = Fixtures.contact("R.", "Smith", id: "d", phones: ["415-555-0134"], country: "US")
        #expect(phoneAlone.analyze([husband, initial]).clusters.map(\.contactIDs) == [["a", "d"]])
    }

    @Test("organization-only cards are compared by organization")
    func organizations() {
        let a = Fixtures.organization("ACME Corporation", id: "a", phones: ["+1 415 555 0100"])
        let b = Fixtures.organization("Acme Corporation", id: "b", phones: ["(415) 555-0100"], country: "US")
        let employee = Fixtures.contact("Robert", "Smith", id: "c", phones: ["(415) 555-0100"], organization: "Acme Corporation", country: "US")
        let report = dedupe.analyze([a, b, employee])
        #expect(report.clusters.map(\.contactIDs) == [["a", "b"]])
        #expect(report.clusters.first?.matches.first?.evidence.last?.note?.contains("organization") == true)
    }

    @Test("which evidence is enough is configurable")
    func configurableRules() {
        let a = Fixtures.contact("Ann", "Lee", id: "a", emails: ["ann@example.com"])
        let b = Fixtures.contact("A.", "Lee", id: "b", emails: ["ann@example.com"])
        #expect(DuplicateMerging().analyze([a, b]).clusters.count == 1)
        #expect(DuplicateMerging(rules: DuplicateRules(rules: [.nameAndEmail, .nameAndPhone])).analyze([a, b]).clusters.isEmpty)
    }

    @Test("nicknames are extensible")
    func extensibleNicknames() {
        let a = Fixtures.contact("Hieronymus", "Bosch", id: "a", phones: ["+31 73 612 3456"])
        let b = Fixtures.contact("Jeroen", "Bosch", id: "b", phones: ["+31 73 612 3456"])
        #expect(DuplicateMerging().analyze([a, b]).clusters.isEmpty)
        var rules = DuplicateRules()
        rules.nicknames.add(["Jeroen"], for: "Hieronymus")
        #expect(DuplicateMerging(rules: rules).analyze([a, b]).clusters.count == 1)
    }
}

@Suite("Duplicate merging")
struct DuplicateMergeTests {
    @Test("a merge keeps every distinct value, the best name, all provenance and the replaced ids")
    func mergeWithoutLoss() throws {
        var a = Fixtures.contact("Bob", "Smith", id: "a", phones: ["(415) 555-0134"], emails: ["bob@example.com"], country: "US", provider: "google")
        a.fields[0].label = .home
        a.note = "Met at WWDC"
        var b = Fixtures.contact("Robert", "Smith", id: "b", phones: ["+1 415 555 0134", "+1 212 555 0199"], emails: ["BOB@example.com"], provider: "icloud")
        b.fields[0].label = .work
        b.birthday = Birthday(year: 1970, month: 4, day: 12)
        b.organization = "Acme"
        b.tags = ["Work"]
        let other = Fixtures.contact("Ann", "Lee", id: "c", emails: ["ann@example.com"])
        let (contacts, report) = DuplicateMerging().merge([a, other, b])
        #expect(contacts.map(\.id) == ["a", "c"])
        #expect(report.summary == "3 contacts in, 1 duplicate clusters, 2 contacts out")
        let merged = contacts[0]
        #expect(merged.givenName == "Robert")
        #expect(merged.nickname == "Bob")
        #expect(merged.phoneNumbers.map(\.value) == ["(415) 555-0134", "+1 212 555 0199"])
        #expect(merged.phoneNumbers[0].label == .home)
        #expect(merged.phoneNumbers[0].customProperties["ohana.duplicates.otherLabels"] == .strings(["work"]))
        #expect(merged.phoneNumbers[0].customProperties["ohana.duplicates.otherSpellings"] == .strings(["+1 415 555 0134"]))
        #expect(merged.emailAddresses.map(\.value) == ["bob@example.com"])
        #expect(merged.emailAddresses[0].customProperties["ohana.duplicates.otherSpellings"] == .strings(["BOB@example.com"]))
        #expect(merged.phoneNumbers[1].provenance?.providerID == "icloud")
        #expect(merged.birthday == Birthday(year: 1970, month: 4, day: 12))
        #expect(merged.organization == "Acme")
        #expect(merged.note == "Met at WWDC")
        #expect(merged.tags == ["Work"])
        #expect(merged.postalAddresses.count == 1)
        #expect(merged.provenance.map(\.providerID) == ["google", "icloud"])
        #expect(merged.mergedContactIDs == ["b"])
        #expect(merged.customProperties["ohana.duplicates.otherNames"] == .strings(["Bob Smith"]))
        #expect(contacts[1] == other)
    }

    @Test("the post processor returns the merged contacts and changes nothing when there are no duplicates")
    func postProcessor() async throws {
        let contacts = ContactGenerator(seed: 5, duplicateRate: 0).generate(count: 300)
        let processed = try await DuplicateMerging().process(contacts)
        #expect(processed.count >= 295)
        let generated = ContactGenerator(seed: 5).generate(count: 300)
        let merged = try await DuplicateMerging().process(generated)
        #expect(merged.count < generated.count)
        #expect(merged == DuplicateMerging().merge(generated).contacts)
    }

    @Test("a dry run reports clusters without changing the input; it is deterministic")
    func dryRun() {
        let contacts = ContactGenerator(seed: 9).generate(count: 1_000)
        let first = DuplicateMerging().analyze(contacts)
        let second = DuplicateMerging().analyze(contacts)
        #expect(first == second)
        #expect(first.contactsIn == 1_000)
        #expect(first.contactsOut == 1_000 - first.clusters.reduce(0) { $0 + $1.contactIDs.count - 1 })
        #expect(first.clusters.allSatisfy { $0.matches.count == $0.contactIDs.count - 1 })
        #expect(first.description.contains("cluster of"))
    }

    @Test("an explanation names the evidence that decided each phone number's country")
    func explanationShowsRegionSource() throws {
        let a = Fixtures.contact("Jürgen", "Müller", id: "a", phones: ["030 1234567"], country: "Germany")
        let b = Fixtures.contact("Jürgen", "Müller", id: "b", phones: ["+49 30 1234567"])
        let report = DuplicateMerging().analyze([a, b])
        let cluster = try #require(report.clusters.first)
        let text = cluster.description
        #expect(text.contains("+49301234567"), "\(text)")
        #expect(text.contains("country by the contact's address ~ its own country code"), "\(text)")
    }

    @Test("overrides: keep together merges whatever the rules say, keep apart splits what they join")
    func overrides() {
        let a = Fixtures.contact("Robert", "Smith", id: "a", phones: ["(415) 555-0134"], country: "US")
        let b = Fixtures.contact("Bob", "Smith", id: "b", phones: ["+1 415 555 0134"])
        let c = Fixtures.contact("Robert", "Smith", id: "c", emails: ["rs@example.com"])
        let d = Fixtures.contact("Ann", "Lee", id: "d", emails: ["ann@example.com"])
        var overrides = DuplicateOverrides()
        overrides.keepApart(["a", "b"])
        overrides.keepTogether(["c", "d"])
        let report = DuplicateMerging(overrides: overrides).analyze([a, b, c, d])
        #expect(report.clusters.map(\.contactIDs) == [["c", "d"]])
        #expect(report.clusters.first?.matches.first?.rule == "kept together")
        #expect(report.refusedMatches.map(\.first) == ["a"])
        // Keep apart holds through a chain: a ~ b and b ~ e must not put a and e together.
        let e = Fixtures.contact("Robert", "Smith", id: "e", phones: ["415.555.0134"], country: "US")
        var apart = DuplicateOverrides()
        apart.keepApart(["a", "e"])
        let chained = DuplicateMerging(overrides: apart).analyze([a, b, e])
        #expect(chained.clusters.count == 1)
        #expect(chained.clusters.first?.contactIDs.contains("a") != chained.clusters.first?.contactIDs.contains("e"))
    }

    @Test("a line many differently named contacts share is reported and not compared; huge blocks are capped")
    func oversizedBlocks() {
        let line = "+1 415 555 0100"
        let staff = (0..<30).map { Fixtures.contact("Person\($0)", "Acme", id: ContactID(rawValue: "p\($0)"), phones: [line]) }
        let report = DuplicateMerging(rules: DuplicateRules(maximumBlockSize: 10)).analyze(staff)
        #expect(report.sharedValues.map(\.contacts) == [30])
        #expect(report.sharedValues.first?.value == "+14155550100")
        #expect(report.comparedPairs == 0)
        #expect(report.clusters.isEmpty)
        // Thirty copies of one card: one name, so the line is evidence; the block is compared by neighbours only.
        let copies = (0..<30).map { Fixtures.contact("Robert", "Smith", id: ContactID(rawValue: "c\($0)"), phones: [line]) }
        let capped = DuplicateMerging(rules: DuplicateRules(maximumBlockSize: 10, maximumClusterSize: 12)).analyze(copies)
        #expect(capped.oversizedBlocks.first?.size == 30)
        #expect(capped.comparedPairs < 30 * 29 / 2)
        #expect(capped.clusters.allSatisfy { $0.contactIDs.count <= 12 })
        #expect(capped.rejectedMatches.contains { $0.reason.contains("exceed 12") })
    }
}

@Suite("Duplicate detection quality")
struct DuplicateQualityTests {
    @Test("default rules on 12,000 generated contacts: precision ≥ 0.98 and recall ≥ 0.95 against the ground truth")
    func precisionAndRecall() {
        let contacts = ContactGenerator(seed: 2024).generate(count: 12_000)
        let report = DuplicateMerging().analyze(contacts)
        let person: [ContactID: String] = Dictionary(uniqueKeysWithValues: contacts.map {
            ($0.id, $0.customProperties[ContactGenerator.personKey]?.stringValue ?? "")
        })
        // Pairs the detector put together.
        var predicted = 0
        var correct = 0
        for cluster in report.clusters {
            let ids = cluster.contactIDs
            for i in ids.indices { for j in ids.indices where j > i {
                predicted += 1
                if person[ids[i]] == person[ids[j]] { correct += 1 }
            } }
        }
        // Pairs that are truly one person.
        var counts: [String: Int] = [:]
        for contact in contacts { counts[person[contact.id]!, default: 0] += 1 }
        let actual = counts.values.reduce(0) { $0 + $1 * ($1 - 1) / 2 }
        let precision = predicted == 0 ? 0 : Double(correct) / Double(predicted)
        let recall = actual == 0 ? 0 : Double(correct) / Double(actual)
        print("duplicate quality on \(contacts.count) contacts: precision \(String(format: "%.4f", precision)) (\(correct)/\(predicted) pairs), recall \(String(format: "%.4f", recall)) (\(correct)/\(actual) pairs), \(report.clusters.count) clusters, \(report.comparedPairs) pairs compared")
        if recall < 0.95 || precision < 0.98 {
            // Show a few misses to make a failure actionable.
            var clusterOf: [ContactID: Int] = [:]
            for (n, cluster) in report.clusters.enumerated() { for id in cluster.contactIDs { clusterOf[id] = n } }
            let byPerson = Dictionary(grouping: contacts) { person[$0.id]! }
            var shown = 0
            for cluster in report.clusters where Set(cluster.contactIDs.map { person[$0]! }).count > 1 && shown < 8 {
                shown += 1
                print("wrongly joined: \(cluster.description)")
                print("  persons: \(cluster.contactIDs.map { person[$0]! })")
            }
            shown = 0
            for (_, members) in byPerson.sorted(by: { $0.key < $1.key }) where members.count > 1 && shown < 10 {
                if Set(members.map { clusterOf[$0.id] ?? -1 }).count > 1 || clusterOf[members[0].id] == nil {
                    shown += 1
                    print("missed: " + members.map { "\($0.fullName) \($0.fields.map(\.value)) \($0.customProperties[ContactGenerator.variantKey].map { "\($0)" } ?? "")" }.joined(separator: " | "))
                }
            }
        }
        #expect(precision >= 0.98)
        #expect(recall >= 0.95)
    }

    @Test("default rules on the hard book (20,000 cards that share values between people, namesakes, typos, copies): precision ≥ 0.995, recall ≥ 0.969, no cluster over twice the largest true one")
    func hardBook() {
        let contacts = HardDuplicateBook(seed: 12).generate(count: 20_000)
        let report = DuplicateMerging().analyze(contacts)
        let quality = PairwiseQuality(clusters: report.clusters.map(\.contactIDs), contacts: contacts)
        print("duplicate quality on the hard book of \(contacts.count) cards: \(quality)")
        if quality.precision < 0.995 || quality.recall < 0.969 {
            let person = Dictionary(uniqueKeysWithValues: contacts.map { ($0.id, $0.customProperties[HardDuplicateBook.personKey]?.stringValue ?? "") })
            let byID = Dictionary(uniqueKeysWithValues: contacts.map { ($0.id, $0) })
            func show(_ c: Contact) -> String {
                "\(c.fullName) \(c.organization ?? "") \(c.fields.map(\.value)) \(c.customProperties["ohana.generator.variant"].map { "\($0)" } ?? "") \(c.customProperties[HardDuplicateBook.patternKey]?.stringValue ?? "")"
            }
            for cluster in report.clusters.filter({ Set($0.contactIDs.map { person[$0]! }).count > 1 }).prefix(8) {
                print("wrongly joined: \(cluster.description)")
            }
            var clusterOf: [ContactID: Int] = [:]
            for (n, cluster) in report.clusters.enumerated() { for id in cluster.contactIDs { clusterOf[id] = n } }
            var shown = 0
            for (_, members) in Dictionary(grouping: contacts, by: { person[$0.id]! }).sorted(by: { $0.key < $1.key }) where members.count > 1 && shown < 12 {
                if Set(members.map { clusterOf[$0.id] ?? -1 }).count > 1 || clusterOf[members[0].id] == nil {
                    shown += 1
                    print("missed: " + members.map { show(byID[$0.id]!) }.joined(separator: " | "))
                }
            }
        }
        #expect(quality.precision >= 0.995)
        #expect(quality.recall >= 0.969)
        #expect(quality.largestCluster <= 2 * quality.largestTrueCluster)
    }
}

/// The steps ``DuplicateMerging/progress`` hears, for each call.
@Suite("Duplicate merging progress")
struct DuplicateMergingProgressTests {
    final class Heard: Sendable {
        let reports = Mutex<[StepProgress]>([])
        func record(_ progress: StepProgress) { reports.withLock { $0.append(progress) } }
        var steps: [String] { reports.withLock { $0.filter { !$0.isFinished }.map(\.stage) } }
    }

    let book = ContactGenerator(seed: 4).generate(count: 300)
    /// The stages of detection, which every call runs first.
    let detection = ["reading names, numbers and addresses", "counting shared values", "comparing candidate pairs",
                     "checking names, joining clusters"]

    func merging(_ heard: Heard) -> DuplicateMerging {
        var merging = DuplicateMerging()
        merging.progress = { heard.record($0) }
        return merging
    }

    func checkCounts(_ heard: Heard, total: Int) {
        let reports = heard.reports.withLock { $0 }
        #expect(reports.count == total + 1, "each step as it starts, then once when done")
        #expect(reports.map(\.completedSteps) == Array(0...total))
        #expect(reports.allSatisfy { $0.totalSteps == total })
        #expect(reports.last?.isFinished == true)
        #expect(reports.dropLast().allSatisfy { !$0.isFinished })
    }

    @Test("process: the four detection steps, then merging")
    func processSteps() async throws {
        let heard = Heard()
        _ = try await merging(heard).process(book)
        #expect(heard.steps == detection + ["merging the clusters"])
        checkCounts(heard, total: 5)
    }

    @Test("analyze: explaining only when asked")
    func analyzeSteps() {
        let explained = Heard()
        _ = merging(explained).analyze(book, explaining: true)
        #expect(explained.steps == detection + ["explaining the matches"])
        checkCounts(explained, total: 5)

        let plain = Heard()
        _ = merging(plain).analyze(book, explaining: false)
        #expect(plain.steps == detection)
        checkCounts(plain, total: 4)
    }

    @Test("merge: detection, the explanation, then merging")
    func mergeSteps() {
        let heard = Heard()
        let (merged, report) = merging(heard).merge(book, explaining: true)
        #expect(heard.steps == detection + ["explaining the matches", "merging the clusters"])
        checkCounts(heard, total: 6)
        #expect(merged.count == report.contactsOut)
    }
}
