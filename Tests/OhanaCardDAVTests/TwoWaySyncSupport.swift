import Foundation
import Ohana
@testable import OhanaCardDAV
@testable import OhanaSync
import OhanaStore
import OhanaStoreSQLite
import OhanaVCard

/// Address-book cards shaped like real exports: groups with Apple labels, unknown X- properties,
/// categories, several phones; people imported twice with a second email.
enum SyncFixtures {
    static let givenNames = ["Ada", "Blaise", "Carl", "Dora", "Emmy", "Félix", "Grace", "Hedy", "Ivan", "Jörg", "Kofi", "Leila",
                             "Marie", "Nils", "Olga", "Pablo", "Quinn", "Rosa", "Sven", "Tomás"]
    static let familyNames = ["Lovelace", "Pascal", "Gauss", "Maar", "Noether", "Klein", "Hopper", "Lamarr", "Petrov", "Müller",
                              "Annan", "Haddad", "Curie", "Bohr", "Ivanova"]

    /// The name of person `index`.
    static func name(_ index: Int) -> (given: String, family: String) {
        (givenNames[index % givenNames.count], familyNames[(index / givenNames.count) % familyNames.count])
    }

    /// A card of person `index`; `duplicateOf` makes it a second card of that person (another email, same phone).
    static func card(_ index: Int, duplicateOf original: Int? = nil) -> String {
        let person = original ?? index
        let (given, family) = name(person)
        let phone = String(format: "+1 202 555 %04d", person)
        let email = original == nil ? "\(given.lowercased()).\(person)@example.com" : "\(given.lowercased())@home.example.net"
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "UID:uid-\(index)", "FN:\(given) \(family)", "N:\(family);\(given);;;",
                     "TEL;TYPE=CELL:\(phone)", "item1.EMAIL;TYPE=INTERNET:\(email)", "item1.X-ABLabel:_$!<Other>!$_"]
        if index % 3 == 0 { lines.append("ORG:Acme \(index % 7)") }
        if index % 4 == 0 { lines.append("X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/p\(person)") }
        if index % 5 == 0 { lines.append("CATEGORIES:friends") }
        lines += ["X-OHANA-TEST:kept", "END:VCARD"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A contact's content in a comparable form: the card written from it, identity and provenance aside.
    static func canonical(_ contact: Contact) -> String { canonicalCard(contact) }

    /// The contents found on one side only (as canonical cards), for comparing server and store.
    static func difference(_ server: [Contact], _ store: [Contact]) -> (onlyServer: [String], onlyStore: [String]) {
        var counts: [String: Int] = [:]
        for contact in server { counts[canonical(contact), default: 0] += 1 }
        for contact in store { counts[canonical(contact), default: 0] -= 1 }
        return (counts.filter { $0.value > 0 }.keys.sorted(), counts.filter { $0.value < 0 }.keys.sorted())
    }

    /// Every card on the server, read with the library's reader.
    static func serverContacts(_ account: TestAccount) async throws -> [String: Contact] {
        let references = try await account.client.cardReferences(in: account.bookURL)
        let fetched = await account.client.fetchCards(references.map(\.href), in: account.bookURL)
        var contacts: [String: Contact] = [:]
        for card in fetched.cards {
            contacts[card.href] = VCardReader().read(Data(card.vCard.utf8), source: card.href).contacts.first
        }
        return contacts
    }
}

/// A second, independent client: plain WebDAV requests (Python's standard library) parsed with vobject
/// (installed in .venv from PyPI with Radicale). Prints one JSON object per card.
let independentClientScript = #"""
import base64, json, sys, urllib.parse, urllib.request, xml.etree.ElementTree as ET
import vobject

url, user, password = sys.argv[1:4]
auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()

def request(method, target, body=None, headers=None):
    req = urllib.request.Request(target, data=body, method=method, headers={"Authorization": auth, **(headers or {})})
    with urllib.request.urlopen(req) as response:
        return response.read()

listing = request("PROPFIND", url, b'<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
                  {"Depth": "1", "Content-Type": "application/xml"})
own = urllib.parse.urlparse(url).path.rstrip("/")
cards = []
for response in ET.fromstring(listing).findall("{DAV:}response"):
    href = response.find("{DAV:}href").text
    if urllib.parse.unquote(href).rstrip("/") == own:
        continue
    card = vobject.readOne(request("GET", urllib.parse.urljoin(url, href)).decode("utf-8"))
    cards.append({
        "fn": card.fn.value,
        "tel": sorted(t.value for t in card.contents.get("tel", [])),
        "email": sorted(e.value for e in card.contents.get("email", [])),
    })
print(json.dumps(cards))
"""#

/// Runs the independent client on an address book; its cards as (name, phones, emails) lines,
/// sorted. A Dispatch thread waits for it, not one of the concurrency pool's (two on two cores).
func readWithIndependentClient(_ account: TestAccount) async throws -> [String] {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try readWithIndependentClientWaiting(account) }) }
    }
}

private func readWithIndependentClientWaiting(_ account: TestAccount) throws -> [String] {
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("ohana-read-book-\(UUID().uuidString).py")
    try independentClientScript.write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    let process = Process()
    process.executableURL = RepositoryPaths.python
    process.arguments = [script.path, account.bookURL.absoluteString, account.user, account.password]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw TestServerError(description: "independent client failed: "
            + String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
    let cards = try JSONDecoder().decode([IndependentCard].self, from: data)
    return cards.map(\.line).sorted()
}

/// A card as the independent client read it.
struct IndependentCard: Decodable {
    var fn: String
    var tel: [String]
    var email: [String]

    var line: String { "\(fn) | \(tel.joined(separator: ",")) | \(email.joined(separator: ","))" }

    /// The same line for a stored contact.
    static func line(of contact: Contact) -> String {
        "\(contact.fullName) | \(contact.phoneNumbers.map(\.value).sorted().joined(separator: ",")) | "
            + contact.emailAddresses.map(\.value).sorted().joined(separator: ",")
    }
}

/// A write transaction from async test code (the store's async overloads want `@Sendable` blocks).
@discardableResult
func syncWrite<T>(_ store: SQLiteContactStore, _ body: (SQLiteWriteTransaction) throws -> T) throws -> T { try store.write(body) }

/// A read transaction from async test code.
func syncRead<T>(_ store: SQLiteContactStore, _ body: (SQLiteReadTransaction) throws -> T) throws -> T { try store.read(body) }

extension TestAccount {
    /// The href of the fixture card `card-INDEX.vcf` in the account's address book.
    func href(_ index: Int) -> String { bookURL.appendingPathComponent("card-\(index).vcf").path }
}
