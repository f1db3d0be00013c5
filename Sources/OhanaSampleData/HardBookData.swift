// Names, numbers and mail domains for HardDuplicateBook, per naming culture.
//
// Each name is written as its owner writes it natively and in the Latin spelling they use
// themselves (which is often not what a transliteration table gives: 지우 is "Jiwoo", not "Jiu").

/// A name in its own script and in the Latin spelling its owner uses.
struct HardName: Sendable {
    var native: String
    var latin: String
    /// Short forms people put on cards (Bob for Robert), in the Latin spelling.
    var nicknames: [String]
}

/// How one culture names people, numbers phones and picks mail providers.
struct HardCulture: Sendable {
    var code: String
    var given: [HardName]
    var family: [HardName]
    /// Whether the family name is written first.
    var familyFirst: Bool
    /// Whether the native script is not Latin.
    var otherScript: Bool
    var callingCode: String
    var trunk: String
    /// Area or mobile prefixes (without the trunk prefix) and the digits after them.
    var prefixes: [String]
    var subscriberDigits: Int
    var mailDomains: [String]
    var cities: [String]
    var companySuffixes: [String]
}

enum HardBookData {
    static func names(_ list: String) -> [HardName] {
        list.split(separator: ",").map { entry in
            let parts = entry.split(separator: "/", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
            let native = parts[0]
            let latin = parts.count > 1 && !parts[1].isEmpty ? parts[1] : native
            let nicknames = parts.count > 2 ? parts[2].split(separator: "|").map(String.init) : []
            return HardName(native: native, latin: latin, nicknames: nicknames)
        }
    }

    /// Role addresses at public mail providers that several unrelated people type on cards.
    static let publicRoleAddresses = ["hello@outlook.com", "sales@aol.com", "support@outlook.com", "info@gmail.com", "contact@yahoo.com"]

    /// Role local parts companies use.
    static let companyRoles = ["info", "sales", "office", "contact", "support", "hello", "admin", "team"]

    static let companyStems = [
        "Initech", "Globex", "Umbrella", "Stark", "Wayne", "Hooli", "Vandelay", "Soylent", "Tyrell", "Cyberdyne", "Wonka",
        "Acme", "Oscorp", "Gringotts", "Nakatomi", "Monarch", "Aperture", "Massive Dynamic", "Blue Sun", "Dunder Mifflin",
        "Ромашка", "Вектор", "東京電子", "大和商事", "삼화전자", "한빛소프트", "华为科技", "长城贸易", "Müller Logistik", "Hansa Bau",
        "Iberia Textil", "Sol y Mar", "Tata Infotech", "Saigon Foods", "Lotus Trading", "Northwind", "Contoso", "Fabrikam",
    ]

    static let cultures: [HardCulture] = [
        HardCulture(
            code: "US",
            given: names("Robert//Bob|Rob,William//Bill|Will,James//Jim,Michael//Mike,Steven//Steve,Christopher//Chris,Daniel//Dan,Joseph//Joe,Thomas//Tom,David//Dave,John//Johnny,Kevin,Brian,Jason,Linda,Laura,Lisa,Sophia,Susan//Sue,Elizabeth//Liz|Beth,Jennifer//Jen,Katherine//Kate|Katie,Margaret//Maggie|Peggy,Patricia//Pat|Trish,Emily,Sarah,Megan,Ashley,Jessica//Jess,Rebecca//Becky,Daniela,Mario,Maria"),
            family: names("Smith,Johnson,Williams,Brown,Jones,Miller,Davis,Wilson,Anderson,Taylor,Moore,Jackson,Martin,Lee,Thompson,White,Harris,Clark,Lewis,Walker,Young,Allen,King,Wright,Scott,Green,Baker,Adams,Nelson,Carter"),
            familyFirst: false, otherScript: false, callingCode: "1", trunk: "",
            prefixes: ["212", "415", "312", "617", "206", "512", "646", "718", "310", "404"], subscriberDigits: 7,
            mailDomains: ["gmail.com", "yahoo.com", "aol.com", "outlook.com", "icloud.com", "comcast.net"],
            cities: ["New York", "Los Angeles", "Chicago", "Houston", "San Francisco", "Boston"],
            companySuffixes: ["LLC", "Inc.", "Corp."]),
        HardCulture(
            code: "KR",
            given: names("지우/Jiwoo,지민/Jimin,서연/Seoyeon,서준/Seojun,민준/Minjun,하은/Haeun,도윤/Doyoon,수아/Sua,예준/Yejun,지호/Jiho,유진/Yujin,현우/Hyunwoo,은지/Eunji,준호/Junho"),
            family: names("김/Kim,이/Lee,박/Park,최/Choi,정/Jung,윤/Yoon,장/Jang,임/Lim,한/Han,오/Oh,서/Seo,신/Shin"),
            familyFirst: true, otherScript: true, callingCode: "82", trunk: "0",
            prefixes: ["10"], subscriberDigits: 8,
            mailDomains: ["naver.com", "daum.net", "gmail.com", "kakao.com"],
            cities: ["서울특별시", "부산광역시", "인천광역시"],
            companySuffixes: ["주식회사", "Co., Ltd."]),
        HardCulture(
            code: "CN",
            given: names("伟/Wei,芳/Fang,娜/Na,敏/Min,静/Jing,丽/Li,强/Qiang,磊/Lei,军/Jun,洋/Yang,小明/Xiaoming,晓红/Xiaohong,建国/Jianguo,海燕/Haiyan"),
            family: names("王/Wang,李/Li,张/Zhang,刘/Liu,陈/Chen,杨/Yang,黄/Huang,赵/Zhao,吴/Wu,周/Zhou"),
            familyFirst: true, otherScript: true, callingCode: "86", trunk: "",
            prefixes: ["138", "139", "135", "186", "151"], subscriberDigits: 8,
            mailDomains: ["qq.com", "163.com", "126.com", "gmail.com"],
            cities: ["北京", "上海", "深圳", "广州"],
            companySuffixes: ["有限公司", "Co., Ltd."]),
        HardCulture(
            code: "RU",
            given: names("Александр/Alexander/Sasha,Дмитрий/Dmitry/Dima,Сергей/Sergey,Андрей/Andrey,Алексей/Alexey,Иван/Ivan/Vanya,Мария/Maria/Masha,Анна/Anna/Anya,Елена/Elena/Lena,Ольга/Olga/Olya,Наталья/Natalia/Natasha,Татьяна/Tatiana/Tanya"),
            family: names("Иванов/Ivanov,Смирнов/Smirnov,Кузнецов/Kuznetsov,Попов/Popov,Васильев/Vasiliev,Петров/Petrov,Соколов/Sokolov,Михайлов/Mikhailov,Новиков/Novikov,Фёдоров/Fedorov"),
            familyFirst: false, otherScript: true, callingCode: "7", trunk: "8",
            prefixes: ["912", "916", "903", "926", "495"], subscriberDigits: 7,
            mailDomains: ["mail.ru", "yandex.ru", "gmail.com", "rambler.ru"],
            cities: ["Москва", "Санкт-Петербург", "Новосибирск"],
            companySuffixes: ["ООО", "АО"]),
        HardCulture(
            code: "DE",
            given: names("Jürgen/Juergen,Günter/Guenter,Stefan,Andreas,Thomas/Thomas/Tom,Michael/Michael/Micha,Katharina/Katharina/Kathi,Ursula/Ursula/Uschi,Sabine,Petra,Monika,Julia,Lukas,Felix,Jörg/Joerg"),
            family: names("Müller/Mueller,Schmidt,Schneider,Fischer,Weber,Meyer,Wagner,Becker,Schulz,Hoffmann,Schäfer/Schaefer,Koch,Bauer,Richter,Klein"),
            familyFirst: false, otherScript: false, callingCode: "49", trunk: "0",
            prefixes: ["30", "40", "89", "221", "69", "151", "160", "170"], subscriberDigits: 8,
            mailDomains: ["gmx.de", "web.de", "t-online.de", "gmail.com"],
            cities: ["Berlin", "Hamburg", "München", "Köln"],
            companySuffixes: ["GmbH", "AG"]),
        HardCulture(
            code: "MX",
            given: names("José/Jose/Pepe,Francisco/Francisco/Paco,Juan,Luis,Carlos,Jesús/Jesus/Chuy,Guadalupe/Guadalupe/Lupe,María José/Maria Jose,Ana,Sofía/Sofia,Valentina,Fernanda,Alejandro/Alejandro/Alex,Daniela,Mario"),
            family: names("García/Garcia,Hernández/Hernandez,Martínez/Martinez,López/Lopez,González/Gonzalez,Pérez/Perez,Rodríguez/Rodriguez,Sánchez/Sanchez,Ramírez/Ramirez,Torres,Flores,Cruz"),
            familyFirst: false, otherScript: false, callingCode: "52", trunk: "",
            prefixes: ["55", "33", "81"], subscriberDigits: 8,
            mailDomains: ["gmail.com", "hotmail.com", "yahoo.com.mx", "outlook.com"],
            cities: ["Ciudad de México", "Guadalajara", "Monterrey"],
            companySuffixes: ["S.A. de C.V.", "S. de R.L."]),
        HardCulture(
            code: "VN",
            given: names("Anh,Minh,Linh,Huong/Huong,Thảo/Thao,Tuấn/Tuan,Hùng/Hung,Lan,Mai,Dũng/Dung,Phương/Phuong,Quang"),
            family: names("Nguyễn/Nguyen,Trần/Tran,Lê/Le,Phạm/Pham,Hoàng/Hoang,Huỳnh/Huynh,Phan,Vũ/Vu,Đặng/Dang,Bùi/Bui"),
            familyFirst: true, otherScript: false, callingCode: "84", trunk: "0",
            prefixes: ["90", "91", "98", "24", "28"], subscriberDigits: 7,
            mailDomains: ["gmail.com", "yahoo.com.vn", "outlook.com"],
            cities: ["Hà Nội", "Thành phố Hồ Chí Minh", "Đà Nẵng"],
            companySuffixes: ["JSC", "Co., Ltd."]),
        HardCulture(
            code: "IN",
            given: names("Rahul,Amit,Priya,Anjali,Vikram,Sunita,Arjun,Deepika,Rohan,Kavya,Venkatesh/Venkatesh/Venky,Lakshmi"),
            family: names("Sharma,Patel,Singh,Kumar,Gupta,Reddy,Iyer,Nair,Mehta,Rao"),
            familyFirst: false, otherScript: false, callingCode: "91", trunk: "0",
            prefixes: ["98", "99", "97", "22", "80"], subscriberDigits: 8,
            mailDomains: ["gmail.com", "yahoo.co.in", "rediffmail.com", "outlook.com"],
            cities: ["Mumbai", "Bengaluru", "New Delhi", "Chennai"],
            companySuffixes: ["Pvt. Ltd.", "Ltd."]),
        // Greek: a few names most people carry (Papadopoulos is the most common surname, Giorgos
        // the most common given name), listed several times so that namesakes are everywhere.
        HardCulture(
            code: "GR",
            given: names("Γιώργος/Giorgos,Γιώργος/Giorgos,Γιώργος/Giorgos,Κωνσταντίνος/Konstantinos/Kostas,Γιάννης/Giannis,Γιάννης/Giannis,Δημήτρης/Dimitris,Νίκος/Nikos,Παναγιώτης/Panagiotis/Panos,Μαρία/Maria,Μαρία/Maria,Ελένη/Eleni,Αικατερίνη/Aikaterini/Katerina,Βασιλική/Vasiliki/Vicky,Σοφία/Sofia"),
            family: names("Παπαδόπουλος/Papadopoulos,Παπαδόπουλος/Papadopoulos,Παπαδόπουλος/Papadopoulos,Παπαγεωργίου/Papageorgiou,Οικονόμου/Oikonomou,Γεωργίου/Georgiou,Νικολάου/Nikolaou,Βλάχος/Vlachos,Αντωνίου/Antoniou,Καραγιάννης/Karagiannis"),
            familyFirst: false, otherScript: true, callingCode: "30", trunk: "",
            prefixes: ["69", "21"], subscriberDigits: 8,
            mailDomains: ["otenet.gr", "yahoo.gr", "gmail.com", "hotmail.gr"],
            cities: ["Αθήνα", "Θεσσαλονίκη", "Πάτρα"],
            companySuffixes: ["Α.Ε.", "Ε.Π.Ε."]),
    ]
}
