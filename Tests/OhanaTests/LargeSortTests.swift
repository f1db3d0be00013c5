import Foundation
import OhanaSampleData
import Testing
@testable import Ohana

@Suite("AlphabeticalSort on a book large enough to be sorted a share per core")
struct LargeSortTests {
    @Test("20,000 generated contacts come out as one sequential sort of their keys orders them")
    func sharesMergeIntoTheSequentialOrder() throws {
        var contacts = ContactGenerator(seed: 7).generate(count: 20_000)
        // A few without a name to sort by: they go last, in input order.
        for index in stride(from: 5, to: contacts.count, by: 997) {
            contacts[index].givenName = nil
            contacts[index].familyName = nil
            contacts[index].formattedName = nil
            contacts[index].organization = nil
            contacts[index].middleName = nil
            contacts[index].namePrefix = nil
            contacts[index].nameSuffix = nil
        }
        let locale = Locale(identifier: "en_US")
        let sorted = AlphabeticalSort(.fullName, locale: locale).sorted(contacts)

        // The order a single sort of (key bytes, length, input position) gives.
        let names = contacts.map { $0.fullName.isBlank ? nil : $0.fullName }
        let collator = Collator(locale: locale, strings: names.compactMap { $0 })
        var keyed: [(key: [UInt8], index: Int)] = []
        var missing: [Int] = []
        for (index, name) in names.enumerated() {
            guard let name else {
                missing.append(index)
                continue
            }
            var key: [UInt8] = []
            collator.appendKey(name, to: &key)
            key.append(1)
            keyed.append((key, index))
        }
        keyed.sort { a, b in
            a.key.lexicographicallyPrecedes(b.key) || (a.key == b.key && a.index < b.index)
        }
        let expected = keyed.map { contacts[$0.index].id } + missing.map { contacts[$0].id }
        #expect(!missing.isEmpty)
        #expect(sorted.count == contacts.count)
        #expect(sorted.map(\.id) == expected)
    }
}
