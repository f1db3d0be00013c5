import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// The real-world corpus in ../shared/corpus/vcards: every file loads, broken files are reported,
/// and reading what was written gives the same contacts.
@Suite struct CorpusTests {
    /// Files their source project treats as unreadable: nothing or only part of them loads.
    static let brokenFiles: Set<String> = [
        "l0b0-vcard/dot_at_line_start.vcf", "l0b0-vcard/invalid_begin.vcf", "l0b0-vcard/missing_start.vcf",
        "l0b0-vcard/missing_end.vcf", "l0b0-vcard/missing_n_value.vcf", "l0b0-vcard/missing_fn.vcf",
        "l0b0-vcard/missing_n.vcf", "l0b0-vcard/missing_version.vcf", "l0b0-vcard/missing_properties.vcf",
        "l0b0-vcard/continuation_at_start.vcf", "khard/vcards/unparsable.vcf", "radicale/broken-vcard.vcf",
        "radicale/broken-vcards.vcf", "radicale/broken-vcards2.vcf", "radicale/broken-vcards2-no_uid.vcf",
        "ical4j-vcard/invalid/vcard-dirk-whitespaceafterbegin.vcf", "ical4j-vcard/invalid/vcard-incompletenproperty.vcf",
    ]

    static func relative(_ url: URL) -> String {
        String(url.path.dropFirst(Corpus.root.path.count + 1))
    }

    @Test func corpusIsThere() {
        #expect(Corpus.files.count >= 160, "expected the corpus at \(Corpus.root.path)")
    }

    @Test(arguments: Corpus.files.map(relative))
    func everyValidFileLoadsWithContent(_ file: String) throws {
        let loaded = try Corpus.read(file)
        if Self.brokenFiles.contains(file) { return }
        #expect(!loaded.contacts.isEmpty, "\(file): no contact loaded")
        for contact in loaded.contacts {
            let hasSomething = !contact.fullName.isEmpty || !contact.fields.isEmpty || !contact.postalAddresses.isEmpty || contact.photo != nil
                || !contact.unmappedProperties.isEmpty
            #expect(hasSomething, "\(file): an empty contact")
        }
        #expect(!loaded.diagnostics.contains { $0.severity == .error && $0.line == nil }, "\(file): error without a line")
    }

    @Test(arguments: Array(brokenFiles).sorted())
    func brokenFileIsReportedWithFileAndLine(_ file: String) throws {
        let loaded = try Corpus.read(file)
        #expect(!loaded.diagnostics.isEmpty, "\(file): no diagnostic")
        for d in loaded.diagnostics {
            #expect(d.source.hasSuffix(file))
            #expect(d.line != nil)
            #expect(d.description.contains("\(file):\(d.line ?? 0): "))
        }
    }

    @Test(arguments: Corpus.files.map(relative))
    func roundTripLosesNothing(_ file: String) throws {
        let first = try Corpus.read(file).contacts
        for target in VCardTarget.allCases {
            let written = VCardWriter(target: target).write(first)
            let second = VCardReader().read(written, source: "\(file) as \(target)")
            #expect(second.contacts.count == first.count, "\(file) → \(target): card count")
            #expect(!second.diagnostics.contains { $0.severity == .error }, "\(file) → \(target): \(second.diagnostics)")
            for (a, b) in zip(first.map(withinCardinalities), second.contacts) where !a.hasSameContent(as: b) {
                Issue.record("\(file) → \(target): contact differs\n\(describeDifference(a, b))\n--- written:\n\(String(decoding: written, as: UTF8.self).prefix(3000))")
            }
        }
    }
}

/// A contact as a written card keeps it (RFC 6350's cardinalities): one app's PRODID (none when
/// several apps' say Ohana wrote it), only its latest REV, and a second value of another
/// property allowed once under its `X-OHANA-EXTRA-` name.
func withinCardinalities(_ contact: Contact) -> Contact {
    var c = contact
    var seen: Set<String> = ["N", "UID"]
    if c.birthday != nil { seen.insert("BDAY") }
    let latest = VCardCardinality.latestRevision(c.unmappedProperties)
    let productID = VCardCardinality.keptProductID(c.unmappedProperties)
    var kept: [UnmappedProperty] = []
    for (index, u) in c.unmappedProperties.enumerated() {
        let key = u.name.uppercased()
        guard VCardCardinality.atMostOnce.contains(key) else { kept.append(u); continue }
        if (key == "PRODID" && index != productID) || (key == "REV" && index != latest) { continue }
        var p = u
        if !seen.insert(key).inserted, !u.parameters.contains(where: { $0.name == "ALTID" }) { p.name = VCardCardinality.extraName(key) }
        kept.append(p)
    }
    c.unmappedProperties = kept
    return c
}

/// The properties two contacts differ in, for failure messages.
func describeDifference(_ a: Contact, _ b: Contact) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var x = a, y = b
    x.id = ""; y.id = ""; x.provenance = []; y.provenance = []
    let left = (try? encoder.encode(x)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let right = (try? encoder.encode(y)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    let l = left.split(separator: "\n"), r = right.split(separator: "\n")
    var out: [String] = []
    for i in 0..<max(l.count, r.count) {
        let p = i < l.count ? String(l[i]) : "", q = i < r.count ? String(r[i]) : ""
        if p != q { out.append("- \(p)\n+ \(q)") }
        if out.count > 12 { break }
    }
    return out.joined(separator: "\n")
}

/// Concrete values from real clients' files.
@Suite struct CorpusSpotChecks {
    @Test func iPhone() throws {
        let c = try #require(try Corpus.read("ez-vcard/John_Doe_IPHONE.vcf").contacts.first)
        #expect(c.familyName == "Doe" && c.givenName == "John" && c.namePrefix == "Mr." && c.nameSuffix == "Sr.")
        #expect(c.formattedName == "Mr. John Richter James Doe Sr.")
        #expect(c.organization == "IBM" && c.department == "Accounting" && c.jobTitle == "Money Counter")
        #expect(c.phoneNumbers.map(\.value) == ["905-555-1234", "905-666-1234", "905-777-1234", "905-888-1234", "905-999-1234", "905-111-1234", "905-222-1234"])
        #expect(c.phoneNumbers.map(\.label) == [.mobile, .home, .work, .homeFax, .workFax, .pager, "AssistantPhone"])
        #expect(c.phoneNumbers[0].isPreferred)
        #expect(c.emailAddresses.first?.value == "john.doe@ibm.com")
        #expect(c.fields(ofType: .url).first?.value == "http://www.ibm.com")
        #expect(c.fields(ofType: .url).first?.label == "HomePage")
        #expect(c.postalAddresses.count == 2)
        #expect(c.postalAddresses[1].street == ["Street4", "Building 6", "Floor 8"])
        #expect(c.postalAddresses[1].label == .work && c.postalAddresses[1].city == "New York")
        #expect(c.birthday == Birthday(year: 2012, month: 6, day: 6))
        #expect(c.photo?.mediaType == "image/jpeg")
        #expect(c.photo?.data.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
        #expect(c.unmappedProperties.contains { $0.name == "X-ABADR" && $0.group == "item3" })
    }

    @Test func outlook2007() throws {
        let c = try #require(try Corpus.read("ez-vcard/outlook-2007.vcf").contacts.first)
        #expect(c.familyName == "Angstadt" && c.givenName == "Michael" && c.nameSuffix == "Jr.")
        #expect(c.organization == "TheCompany" && c.department == "TheDepartment")
        #expect(c.phoneNumbers.prefix(4).map(\.value) == ["(111) 555-1111", "(111) 555-2222", "(111) 555-4444", "(111) 555-3333"])
        #expect(c.phoneNumbers.prefix(4).map(\.label) == [.work, .home, .mobile, .workFax])
        #expect(c.emailAddresses.first?.value == "mike.angstadt@gmail.com")
        #expect(c.fields(ofType: .instantMessage).first?.value == "im@aim.com")
        #expect(c.postalAddresses.first?.street == ["222 Broadway"])
        #expect(c.postalAddresses.first?.city == "New York" && c.postalAddresses.first?.isPreferred == true)
        #expect(c.note?.hasPrefix("This is the NOTE field\t\nI assume it encodes this text") == true)
        #expect(c.birthday == Birthday(year: 1922, month: 3, day: 10))
        #expect(c.unmappedProperties.contains { $0.name == "LABEL" && $0.value.hasPrefix("222 Broadway\\nNew York") })
        #expect(c.unmappedProperties.contains { $0.name == "KEY" })
    }

    @Test func outlook2003InWindows1252WithoutCharset() throws {
        let loaded = try Corpus.read("ical4j-vcard/vcard-antoni-outlook2003.vcf")
        let c = try #require(loaded.contacts.first)
        #expect(c.familyName == "Mylka")
        #expect(c.unmappedProperties.contains { $0.name == "LABEL" && $0.value.contains("Kraków, małopolskie") == false && $0.value.contains("Krakó") })
        #expect(loaded.diagnostics.contains { $0.line == 16 && $0.message.contains("Windows-1252") })
    }

    @Test func shiftJISFeaturePhone() throws {
        let c = try #require(try Corpus.read("android-vcard/v21_japanese_1.vcf").contacts.first)
        #expect(c.familyName == "安藤ロイド")
        #expect(c.phoneNumbers.first?.value == "0300000000" && c.phoneNumbers.first?.isPreferred == true)
    }

    @Test func macAddressBookExportWithThirtyCards() throws {
        let loaded = try Corpus.read("ical4j-vcard/vcard-vCards-SAP.vcf")
        #expect(loaded.contacts.count == 30)
        #expect(loaded.contacts.first { $0.givenName == "Gwendolina" }?.emailAddresses.first?.value == "Gwendolina.Brown@sap.com")
        #expect(!loaded.diagnostics.contains { $0.severity == .error })
    }

    @Test func gmailListAndAppleItemGroupsInKContactsFile() throws {
        #expect(try Corpus.read("ez-vcard/gmail-list.vcf").contacts.count == 3)
        let c = try #require(try Corpus.read("kcontacts/vcardwithitemasapplesupport.vcf").contacts.first)
        #expect(c.phoneNumbers.first?.value == "(111) 111-1111" && c.phoneNumbers.first?.label == .work)
        #expect(c.postalAddresses.first?.city == "CITY" && c.postalAddresses.first?.label == .work)
        #expect(c.postalAddresses.first?.isPreferred == true)
    }

    @Test func dataURIPhotos() throws {
        let v4 = try #require(try Corpus.read("radicale/contact_photo_with_data_uri_v4.vcf").contacts.first)
        #expect(v4.photo?.mediaType == "image/png")
        #expect(v4.photo?.data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let khard = try #require(try Corpus.read("khard/vcards/photov4.vcf").contacts.first)
        #expect(khard.photo?.data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func birthdayWithoutYear() throws {
        let c = try #require(try Corpus.read("radicale/contact4-with-bday-no-year.vcf").contacts.first)
        #expect(c.birthday?.year == nil)
        #expect(c.birthday != nil)
    }
}
