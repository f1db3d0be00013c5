import Foundation
import Ohana

/// Folds names and other text for comparison: case, accents and script are ignored, so that
/// `Jürgen`, `JURGEN` and `Jurgen` are equal, and `Иван Петров` equals `Ivan Petrov`. The folding
/// is the package's one (`TextFolding` with its Latin transliteration, in the core); this cuts
/// the result into the words duplicate detection compares.
public enum NameFolding {
    /// The folded words of `text`: lowercase ASCII letters and digits, other scripts transliterated
    /// to Latin, apostrophes dropped, split at spaces, hyphens and other punctuation.
    ///
    /// `O'Brien-Smith, José` → `["obrien", "smith", "jose"]`; `王小明` → `["wang", "xiao", "ming"]`.
    public static func words(_ text: String) -> [String] {
        var cache: [String: String] = [:]
        return words(text, cache: &cache)
    }

    /// The folded text as one string of words separated by single spaces.
    public static func fold(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    static func words(_ text: String, cache: inout [String: String]) -> [String] {
        let latin = TextFolding.latinized(text, cache: &cache)
        var result: [String] = []
        var current = ""
        for scalar in latin.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A: current.unicodeScalars.append(Unicode.Scalar(scalar.value + 32)!)
            case 0x61...0x7A, 0x30...0x39: current.unicodeScalars.append(scalar)
            case 0x27, 0x2019, 0x2BC, 0x2B9, 0x2BA, 0x60, 0xB4: continue  // apostrophes and primes join
            default:
                if !current.isEmpty { result.append(current); current = "" }
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}

/// Nicknames and the names they stand for (Bob → Robert, Paco → Francisco, Саша → Александр),
/// compared after ``NameFolding``. Extensible: add your own with ``add(_:for:)``.
public struct NicknameTable: Hashable, Sendable {
    /// Folded nickname → the folded full names it can stand for.
    private(set) var fullNames: [String: [String]] = [:]
    /// Every folded name of the table, full names and nicknames.
    private(set) var knownNames: Set<String> = []

    /// Creates an empty table.
    public init() {}

    /// Creates a table from groups whose first element is a full name and the rest its nicknames.
    public init(groups: [[String]]) {
        for group in groups where group.count > 1 {
            add(Array(group.dropFirst()), for: group[0])
        }
    }

    /// Adds nicknames for a full name.
    public mutating func add(_ nicknames: [String], for fullName: String) {
        let full = NameFolding.words(fullName).joined()
        guard !full.isEmpty else { return }
        for nickname in nicknames {
            let key = NameFolding.words(nickname).joined()
            guard !key.isEmpty, key != full else { continue }
            var names = fullNames[key, default: []]
            if !names.contains(full) { names.append(full) }
            fullNames[key] = names
            knownNames.insert(key)
            knownNames.insert(full)
        }
    }

    /// The full names a folded word may stand for; the word itself when it is no known nickname.
    public func fullNames(for word: String) -> [String] {
        fullNames[word] ?? [word]
    }

    /// Whether a folded word is a known nickname.
    public func isNickname(_ word: String) -> Bool { fullNames[word] != nil }

    /// Whether a folded word is a name of the table, full name or nickname.
    public func isKnownName(_ word: String) -> Bool { knownNames.contains(word) }

    /// The number of nicknames in the table.
    public var count: Int { fullNames.count }

    /// Common nicknames in English, German, French, Spanish, Portuguese, Italian, Polish and Russian.
    public static let builtIn = NicknameTable(groups: [
        // English
        ["Robert", "Bob", "Bobby", "Rob", "Robbie", "Bert"], ["William", "Bill", "Billy", "Will", "Willy", "Liam"],
        ["James", "Jim", "Jimmy", "Jamie"], ["Michael", "Mike", "Mikey", "Mick"], ["Richard", "Rick", "Ricky", "Dick", "Rich"],
        ["Thomas", "Tom", "Tommy"], ["Christopher", "Chris", "Kit"], ["Daniel", "Dan", "Danny"], ["Joseph", "Joe", "Joey"],
        ["Anthony", "Tony"], ["Andrew", "Andy", "Drew"], ["Edward", "Ed", "Eddie", "Ted", "Teddy", "Ned"],
        ["Charles", "Charlie", "Chuck", "Chas"], ["Matthew", "Matt", "Matty"], ["Benjamin", "Ben", "Benny"],
        ["Nicholas", "Nick", "Nicky"], ["Jonathan", "Jon", "Jonny"], ["Steven", "Steve"], ["Stephen", "Steve"],
        ["Alexander", "Alex", "Al", "Sandy", "Xander", "Sasha"], ["David", "Dave", "Davey"], ["Samuel", "Sam", "Sammy"], ["Timothy", "Tim", "Timmy"],
        ["Patrick", "Pat", "Paddy"], ["Peter", "Pete"], ["Gregory", "Greg"], ["Jeffrey", "Jeff"], ["Kenneth", "Ken", "Kenny"],
        ["Lawrence", "Larry"], ["Raymond", "Ray"], ["Ronald", "Ron", "Ronnie"], ["Donald", "Don", "Donnie"],
        ["Douglas", "Doug"], ["Frederick", "Fred", "Freddie"], ["Gerald", "Gerry", "Jerry"], ["Henry", "Hank", "Harry"],
        ["Joshua", "Josh"], ["Zachary", "Zach", "Zack"], ["Nathaniel", "Nate", "Nat"], ["Oliver", "Ollie"],
        ["Elizabeth", "Liz", "Lizzie", "Beth", "Betty", "Eliza", "Liza", "Libby"], ["Katherine", "Kate", "Katie", "Kathy", "Kat", "Kay"],
        ["Catherine", "Cathy", "Kate", "Cat"], ["Jennifer", "Jen", "Jenny"], ["Margaret", "Maggie", "Meg", "Peggy", "Marge"],
        ["Patricia", "Pat", "Patty", "Trish", "Tricia"], ["Susan", "Sue", "Susie"], ["Deborah", "Debbie", "Deb"],
        ["Samantha", "Sam", "Sammy"], ["Victoria", "Vicky", "Tori"], ["Rebecca", "Becky", "Becca"], ["Jessica", "Jess", "Jessie"],
        ["Abigail", "Abby"], ["Alexandra", "Alex", "Sandra", "Lexi"], ["Christine", "Chris", "Chrissy"], ["Christina", "Chris", "Tina"],
        ["Barbara", "Barb", "Babs"], ["Dorothy", "Dot", "Dottie"], ["Eleanor", "Ellie", "Nell", "Nora"], ["Amelia", "Millie", "Amy"],
        ["Charlotte", "Lottie", "Charlie"], ["Frances", "Fran", "Frankie"], ["Pamela", "Pam"], ["Theresa", "Terry", "Tess"],
        ["Kimberly", "Kim"], ["Cynthia", "Cindy"], ["Judith", "Judy"], ["Virginia", "Ginny"], ["Melissa", "Mel", "Missy"],
        // German
        ["Johannes", "Hans", "Jo", "Hannes"], ["Wolfgang", "Wolf"], ["Friedrich", "Fritz"], ["Matthias", "Matze", "Hias"],
        ["Maximilian", "Max", "Maxi"], ["Stefanie", "Steffi"], ["Katharina", "Kathi", "Katja", "Kati"], ["Ursula", "Uschi"],
        ["Elisabeth", "Lisa", "Liesl", "Sissi"], ["Alexander", "Alex"], ["Christian", "Chris"], ["Gabriele", "Gabi"],
        // French
        ["Frédéric", "Fred"], ["Nicolas", "Nico"], ["Christophe", "Chris"], ["Jean-Pierre", "JP"], ["Isabelle", "Isa"],
        ["Dominique", "Dom"], ["Alexandre", "Alex"],
        // Spanish and Portuguese
        ["Francisco", "Paco", "Pancho", "Curro", "Chico", "Quico"], ["José", "Pepe", "Chepe"], ["Ignacio", "Nacho"],
        ["Manuel", "Manolo", "Manu"], ["Enrique", "Quique"], ["Jesús", "Chus", "Chuy", "Chucho"], ["Dolores", "Lola", "Loli"],
        ["Concepción", "Concha", "Conchi", "Conchita"], ["María José", "Marijose"], ["Mercedes", "Merche"], ["Pilar", "Pili"],
        ["Guadalupe", "Lupe", "Lupita"], ["Guillermo", "Memo", "Guille"], ["Eduardo", "Lalo", "Edu"], ["Leticia", "Lety"],
        ["Rosario", "Charo", "Chayo"], ["Alejandro", "Alex", "Ale"], ["Antônio", "Toninho", "Tonho", "Toni"],
        ["Antonio", "Toño", "Toni"], ["José Carlos", "Zé Carlos"], ["Sebastião", "Tião"], ["Rodrigo", "Digo"], ["Gustavo", "Guga", "Guto"],
        ["Fernanda", "Nanda"], ["Gabriela", "Gabi"], ["Beatriz", "Bia", "Bea"],
        // Italian
        ["Giuseppe", "Beppe", "Peppe", "Pino"], ["Francesco", "Franco", "Cesco"], ["Alessandro", "Sandro", "Ale"],
        ["Lorenzo", "Enzo"], ["Giovanni", "Gianni", "Nanni"], ["Francesca", "Franci"], ["Federica", "Fede"], ["Elisabetta", "Betta"],
        // Polish
        ["Wojciech", "Wojtek"], ["Tomasz", "Tomek"], ["Aleksander", "Olek", "Alek"], ["Grzegorz", "Grzesiek"],
        ["Małgorzata", "Gosia", "Małgosia"], ["Katarzyna", "Kasia"], ["Agnieszka", "Aga"], ["Joanna", "Asia"], ["Zofia", "Zosia"],
        ["Krzysztof", "Krzysiek"], ["Magdalena", "Magda"],
        // Russian
        ["Иван", "Ваня"], ["Александр", "Саша", "Шура"], ["Дмитрий", "Дима"], ["Михаил", "Миша"], ["Владимир", "Володя", "Вова"],
        ["Анна", "Аня"], ["Екатерина", "Катя"], ["Мария", "Маша"], ["Анастасия", "Настя"], ["Ольга", "Оля"], ["Наталья", "Наташа"],
        ["Алексей", "Лёша"], ["Сергей", "Серёжа"], ["Татьяна", "Таня"], ["Елена", "Лена"],
        // Russian names in the Latin letters their owners use
        ["Dmitry", "Dima"], ["Aleksandr", "Sasha", "Sanya"], ["Dmitrij", "Dima"], ["Maria", "Masha"], ["Natalia", "Natasha"], ["Tatiana", "Tanya"], ["Elena", "Lena"],
        ["Anna", "Anya"], ["Olga", "Olya"], ["Ivan", "Vanya"], ["Alexey", "Lyosha"], ["Sergey", "Seryozha"],
        // German short forms
        ["Michael", "Micha"],
        // Greek, in the Latin letters their owners use
        ["Georgios", "Giorgos", "Giorgis", "Yorgos"], ["Ioannis", "Giannis", "Yannis"], ["Konstantinos", "Kostas", "Kostis", "Dinos"],
        ["Dimitrios", "Dimitris", "Mitsos"], ["Nikolaos", "Nikos"], ["Panagiotis", "Panos", "Takis"], ["Vasiliki", "Vicky", "Vaso"],
        ["Aikaterini", "Katerina", "Katia"], ["Vasileios", "Vasilis", "Vasos"], ["Eleni", "Lena"],
        // Other
        ["Venkatesh", "Venky"],
    ])
}
