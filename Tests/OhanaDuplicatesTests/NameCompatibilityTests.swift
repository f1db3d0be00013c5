import Foundation
import Ohana
@testable import OhanaDuplicates
import OhanaTestSupport
import Testing

@Suite("Names that can be one person")
struct NameCompatibilityTests {
    static func relation(_ a: (String?, String?), _ b: (String?, String?)) -> NameRelation {
        var extractor = KeyExtractor(rules: .default)
        let first = NameSignature(Fixtures.contact(a.0, a.1), extractor: &extractor)
        let second = NameSignature(Fixtures.contact(b.0, b.1), extractor: &extractor)
        return first.relation(to: second, nicknames: .builtIn)
    }

    static let onePerson: [(String?, String?, String?, String?)] = [
        ("Robert", "Smith", "Bob", "Smith"), ("J.", "Smith", "John", "Smith"), ("Smith", "John", "John", "Smith"),
        ("Michael", "Brown", "Micheal", "Brown"), ("Felix", "Schmidt", "Flix", "Schmidt"), ("Jürgen", "Müller", "Juergen", "Mueller"),
        ("지우", "윤", "Jiwoo", "Yoon"), ("서준", "이", "Seojun", "Lee"), ("Дмитрий", "Михайлов", "Dmitry", "Mikhailov"),
        ("Александр", "Иванов", "Sasha", "Ivanov"), ("A.", "Ivanov", "Sasha", "Ivanov"), (nil, "Miller", "Linda", "Miller"),
        ("Maria", "Garcia", "Maria", "Garcia Lopez"),
        // A nickname on one card, its full name mistyped on the other.
        ("Maggie", "Baker", "Margaaret", "Baker"), ("Uschi", "Fischer", "Ursuka", "Fischer"), ("Dan", "Walker", "Daneil", "Walker"),
        ("Kostas", "Papadopoulos", "Knstantinos", "Papadopoulos"),
        // Arabic writes no short vowels and the initial ʿain of عبد folds away.
        ("حسن", "عبد الله", "Hassan", "Abdallah"),
    ]

    static let twoPeople: [(String?, String?, String?, String?)] = [
        ("Linda", "Miller", "Laura", "Miller"), ("Steven", "Nguyen", "Sophia", "Nguyen"), ("지우", "윤", "지민", "윤"),
        ("지민", "윤", "Jiwoo", "Yoon"), ("Maria", "Rossi", "Mario", "Rossi"), ("Daniel", "Weber", "Daniela", "Weber"),
        ("Christian", "Klein", "Christina", "Klein"), ("Aleksandr", "Petrov", "Aleksandra", "Petrova"),
        ("예준", "장", "Minjun", "Jang"), ("磊", "王", "Li", "Wang"),
        // A nickname's full name is not a typo of another known name; short consonant skeletons prove nothing.
        ("준호", "최", "Yujin", "Choi"), ("Maggie", "Baker", "Marianne", "Baker"),
    ]

    @Test("nicknames, initials, word order, typos, umlauts and the other script are one person", arguments: onePerson)
    func compatible(_ pair: (String?, String?, String?, String?)) {
        #expect(Self.relation((pair.0, pair.1), (pair.2, pair.3)) != .conflicting)
    }

    @Test("different given names, gender forms and other syllables are two people", arguments: twoPeople)
    func conflicting(_ pair: (String?, String?, String?, String?)) {
        #expect(Self.relation((pair.0, pair.1), (pair.2, pair.3)) == .conflicting)
    }
}
