// Name, place, phone and mail data for ContactGenerator, one culture per country.

/// A name in its own script, with the Latin spelling its owner uses in email addresses.
struct NameEntry: Sendable {
    var native: String
    var latin: String
    /// Common short forms of the name (Bob for Robert), in the same script.
    var nicknames: [String]

    init(_ native: String, _ latin: String? = nil, nicknames: [String] = []) {
        self.native = native
        self.latin = latin ?? native
        self.nicknames = nicknames
    }
}

/// One way of numbering phones in a country: prefixes, the digits after them, and how people write them.
struct PhonePlan: Sendable {
    /// Area codes or mobile prefixes, without the trunk prefix.
    var prefixes: [String]
    /// Group lengths of the digits after the prefix.
    var groups: [Int]
    /// Whether numbers of this plan are mobile numbers.
    var isMobile: Bool
    /// Ways of writing the number; tokens: {cc} {trunk} {area} {g1} {g2} {g3} {rest}.
    var templates: [String]
    /// Digits allowed first after the prefix.
    var leadingDigits: String = "23456789"
}

/// A city with its region and postal code pattern (`#` a digit, `@` a capital letter).
struct City: Sendable {
    var name: String
    var region: String?
    var postalCode: String
}

/// Everything the generator needs to make a plausible person from one country.
struct Culture: Sendable {
    var isoCode: String
    var countryNames: [String]
    var weight: Int
    var male: [NameEntry]
    var female: [NameEntry]
    var family: [NameEntry]
    /// Whether the family name comes first when the name is written out (China, Japan, Korea, Vietnam, Hungary).
    var familyFirst: Bool = false
    /// Family names that change with gender (Polish -ski/-ska, Russian -ov/-ova); female form per male form.
    var femaleFamily: [String: String] = [:]
    var cities: [City]
    var streets: [String]
    /// Whether the house number is written before the street name.
    var numberFirst: Bool
    var callingCode: String
    var trunkPrefix: String
    var phonePlans: [PhonePlan]
    var mailDomains: [String]
    var companies: [String]
    var jobTitles: [String]
    var notes: [String]
    var customLabels: [String]
    /// Whether the script is not Latin, so a Latin spelling variant is realistic.
    var usesOtherScript: Bool = false
}

enum GeneratorData {
    static let photosBase64: [(String, String)] = [
        ("image/png", "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR42mM4EWADRAwQCgAnbgVRjO5r1QAAAABJRU5ErkJggg=="),
        ("image/png", "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR42mOwqTgBRAwQCgAnbgXxFDv9AQAAAABJRU5ErkJggg=="),
        ("image/png", "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR42mOIWhUFRAwQCgAmVgV5TxZFUgAAAABJRU5ErkJggg=="),
        ("image/jpeg", "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCaAFVL/9k="),
        ("image/jpeg", "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCSAogL/9k="),
    ]

    /// Sources a contact can come from, as provider identifiers.
    static let providers = ["icloud", "google", "exchange", "carddav:fastmail", "sim", "vcf:backup-2019", "linkedin-export"]

    /// Phone strings people store that are not phone numbers.
    static let invalidPhones = ["12", "n/a", "000", "ask reception", "+", "555", "1234567890123456789", "ext. 42", "–"]

    static let internationalMailDomains = ["gmail.com", "outlook.com", "yahoo.com", "hotmail.com", "icloud.com", "proton.me"]

    static func n(_ names: String) -> [NameEntry] {
        names.split(separator: ",").map { NameEntry(String($0).trimmingCharactersSpaces()) }
    }

    static let cultures: [Culture] = [
        Culture(
            isoCode: "US", countryNames: ["United States", "USA", "United States of America"], weight: 22,
            male: [NameEntry("Robert", nicknames: ["Bob", "Rob", "Bobby"]), NameEntry("William", nicknames: ["Bill", "Will"]),
                   NameEntry("James", nicknames: ["Jim", "Jimmy"]), NameEntry("Michael", nicknames: ["Mike"]),
                   NameEntry("Richard", nicknames: ["Rick", "Dick"]), NameEntry("Thomas", nicknames: ["Tom"]),
                   NameEntry("Christopher", nicknames: ["Chris"]), NameEntry("Daniel", nicknames: ["Dan", "Danny"]),
                   NameEntry("Joseph", nicknames: ["Joe"]), NameEntry("Anthony", nicknames: ["Tony"]),
                   NameEntry("Andrew", nicknames: ["Andy", "Drew"]), NameEntry("Edward", nicknames: ["Ed", "Ted"]),
                   NameEntry("Charles", nicknames: ["Charlie", "Chuck"]), NameEntry("Matthew", nicknames: ["Matt"]),
                   NameEntry("Benjamin", nicknames: ["Ben"]), NameEntry("Nicholas", nicknames: ["Nick"]),
                   NameEntry("Jonathan", nicknames: ["Jon"]), NameEntry("Steven", nicknames: ["Steve"]),
                   NameEntry("Kevin"), NameEntry("Brian"), NameEntry("Tyler"), NameEntry("Jason"), NameEntry("DeShawn"),
                   NameEntry("Kenji"), NameEntry("Ethan"), NameEntry("Logan")],
            female: [NameEntry("Elizabeth", nicknames: ["Liz", "Beth", "Betty"]), NameEntry("Katherine", nicknames: ["Kate", "Katie", "Kathy"]),
                     NameEntry("Jennifer", nicknames: ["Jen", "Jenny"]), NameEntry("Margaret", nicknames: ["Maggie", "Peggy"]),
                     NameEntry("Patricia", nicknames: ["Pat", "Trish"]), NameEntry("Susan", nicknames: ["Sue"]),
                     NameEntry("Deborah", nicknames: ["Debbie", "Deb"]), NameEntry("Samantha", nicknames: ["Sam"]),
                     NameEntry("Victoria", nicknames: ["Vicky", "Tori"]), NameEntry("Rebecca", nicknames: ["Becky"]),
                     NameEntry("Jessica", nicknames: ["Jess"]), NameEntry("Abigail", nicknames: ["Abby"]),
                     NameEntry("Emily"), NameEntry("Ashley"), NameEntry("Sarah"), NameEntry("Megan"), NameEntry("Olivia"),
                     NameEntry("Madison"), NameEntry("Lakisha"), NameEntry("Hannah"), NameEntry("Chloe"), NameEntry("Grace")],
            family: n("Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Wilson, Anderson, Taylor, Thomas, Moore, Jackson, Martin, Lee, Thompson, White, Harris, Clark, Lewis, Robinson, Walker, Young, Allen, King, Wright, Scott, Hill, Green, Adams, Baker, Nelson, Carter, Mitchell, Roberts, Turner, Phillips, Campbell, Parker, Evans, O'Brien, McAllister"),
            cities: [City(name: "San Francisco", region: "CA", postalCode: "941##"), City(name: "New York", region: "NY", postalCode: "100##"),
                     City(name: "Chicago", region: "IL", postalCode: "606##"), City(name: "Boston", region: "MA", postalCode: "021##"),
                     City(name: "Seattle", region: "WA", postalCode: "981##"), City(name: "Austin", region: "TX", postalCode: "787##"),
                     City(name: "Denver", region: "CO", postalCode: "802##"), City(name: "Atlanta", region: "GA", postalCode: "303##"),
                     City(name: "Miami", region: "FL", postalCode: "331##"), City(name: "Portland", region: "OR", postalCode: "972##")],
            streets: ["Main Street", "Oak Avenue", "Maple Drive", "Market Street", "Elm Street", "Washington Blvd", "Park Avenue", "Cedar Lane", "Sunset Boulevard", "Lake Shore Drive"],
            numberFirst: true, callingCode: "1", trunkPrefix: "1",
            phonePlans: [PhonePlan(prefixes: ["415", "212", "312", "617", "206", "512", "303", "404", "305", "503", "646", "718", "650", "408"],
                                   groups: [3, 4], isMobile: false,
                                   templates: ["({area}) {g1}-{g2}", "{area}-{g1}-{g2}", "+{cc} {area} {g1} {g2}", "+{cc} ({area}) {g1}-{g2}",
                                               "{area}.{g1}.{g2}", "{trunk}-{area}-{g1}-{g2}", "+{cc}{area}{rest}", "{area} {g1} {g2}"])],
            mailDomains: ["gmail.com", "yahoo.com", "aol.com", "comcast.net", "outlook.com", "icloud.com"],
            companies: ["Acme Corporation", "Globex Inc.", "Initech", "Umbrella Health", "Stark Industries", "Pied Piper", "Hooli", "Blue Ridge Bakery", "Golden Gate Dental"],
            jobTitles: ["Software Engineer", "Product Manager", "Account Executive", "Nurse Practitioner", "Attorney", "Teacher", "CFO", "Plumber", "Realtor"],
            notes: ["Met at the WWDC meetup", "Kids: Emma and Jack", "Prefers texts over calls", "Allergic to peanuts", "Neighbor, two doors down"],
            customLabels: ["Vacation home", "Assistant", "Office line"]),
        Culture(
            isoCode: "GB", countryNames: ["United Kingdom", "UK", "Great Britain"], weight: 7,
            male: [NameEntry("Oliver", nicknames: ["Ollie"]), NameEntry("Harry"), NameEntry("George"), NameEntry("Alexander", nicknames: ["Alex", "Sandy"]),
                   NameEntry("Edward", nicknames: ["Ed", "Ted", "Eddie"]), NameEntry("Jack"), NameEntry("Alfie"), NameEntry("Callum"), NameEntry("Rhys"), NameEntry("Arjun")],
            female: [NameEntry("Charlotte", nicknames: ["Lottie", "Charlie"]), NameEntry("Amelia", nicknames: ["Millie"]), NameEntry("Isla"),
                     NameEntry("Eleanor", nicknames: ["Ellie", "Nell"]), NameEntry("Siobhan"), NameEntry("Freya"), NameEntry("Imogen"), NameEntry("Priya")],
            family: n("Taylor, Davies, Evans, Wright, Walker, Roberts, Hughes, Edwards, Patel, Khan, Murphy, Ó Súilleabháin, Fitzgerald, Armstrong-Jones"),
            cities: [City(name: "London", region: nil, postalCode: "SW1A #@@"), City(name: "Manchester", region: nil, postalCode: "M1 #@@"),
                     City(name: "Edinburgh", region: "Scotland", postalCode: "EH1 #@@"), City(name: "Cardiff", region: "Wales", postalCode: "CF10 #@@")],
            streets: ["High Street", "Church Road", "Station Road", "Victoria Road", "Baker Street", "Queen's Gate"],
            numberFirst: true, callingCode: "44", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["20"], groups: [4, 4], isMobile: false,
                                   templates: ["{trunk}{area} {g1} {g2}", "+{cc} {area} {g1} {g2}", "+{cc} (0){area} {g1} {g2}", "({trunk}{area}) {g1} {g2}"],
                                   leadingDigits: "378"),
                         PhonePlan(prefixes: ["7700", "7911", "7400", "7812", "7950"], groups: [6], isMobile: true,
                                   templates: ["{trunk}{area} {g1}", "+{cc} {area} {g1}", "+{cc}{area}{rest}", "{trunk}{area}{rest}"])],
            mailDomains: ["btinternet.com", "gmail.com", "hotmail.co.uk", "sky.com", "yahoo.co.uk"],
            companies: ["Marks & Spencer", "Barclays", "Wessex Water", "Pret Catering Ltd", "Royal Mail Group"],
            jobTitles: ["Solicitor", "GP", "Barrister", "Site Manager", "Head of Marketing"],
            notes: ["Met at the Edinburgh Fringe", "Supports Arsenal", "Call after 6pm"],
            customLabels: ["Flat", "Chambers"]),
        Culture(
            isoCode: "DE", countryNames: ["Germany", "Deutschland"], weight: 8,
            male: [NameEntry("Johannes", nicknames: ["Hans", "Jo"]), NameEntry("Wolfgang", nicknames: ["Wolf"]), NameEntry("Friedrich", nicknames: ["Fritz"]),
                   NameEntry("Jürgen"), NameEntry("Klaus"), NameEntry("Stefan"), NameEntry("Matthias", nicknames: ["Matze"]), NameEntry("Lukas"),
                   NameEntry("Jörg"), NameEntry("Sören"), NameEntry("Maximilian", nicknames: ["Max"]), NameEntry("Dieter")],
            female: [NameEntry("Stefanie", nicknames: ["Steffi"]), NameEntry("Katharina", nicknames: ["Kathi", "Katja"]), NameEntry("Ursula", nicknames: ["Uschi"]),
                     NameEntry("Gisela"), NameEntry("Sabine"), NameEntry("Käthe"), NameEntry("Annelie"), NameEntry("Sophie"), NameEntry("Lena")],
            family: n("Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schulz, Hoffmann, Schäfer, Koch, Bauer, Richter, Klein, Wolf, Schröder, Neumann, Schwarz, Zimmermann, Krüger, Hofmann, Lößner, von Weizsäcker"),
            cities: [City(name: "Berlin", region: "Berlin", postalCode: "10###"), City(name: "München", region: "Bayern", postalCode: "80###"),
                     City(name: "Hamburg", region: "Hamburg", postalCode: "20###"), City(name: "Köln", region: "Nordrhein-Westfalen", postalCode: "50###"),
                     City(name: "Frankfurt am Main", region: "Hessen", postalCode: "60###"), City(name: "Düsseldorf", region: "Nordrhein-Westfalen", postalCode: "40###")],
            streets: ["Hauptstraße", "Schillerstraße", "Goethestraße", "Bahnhofstraße", "Lindenallee", "Am Markt", "Friedrichstraße", "Kurfürstendamm"],
            numberFirst: false, callingCode: "49", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["30", "89", "40", "221", "69", "211"], groups: [7], isMobile: false,
                                   templates: ["{trunk}{area} {rest}", "{trunk}{area}/{rest}", "+{cc} {area} {rest}", "+{cc} (0){area} {rest}",
                                               "00{cc} {area} {rest}", "({trunk}{area}) {rest}", "{trunk}{area}-{rest}"]),
                         PhonePlan(prefixes: ["151", "160", "170", "171", "172", "176", "152"], groups: [4, 4], isMobile: true,
                                   templates: ["{trunk}{area} {g1}{g2}", "+{cc} {area} {g1}{g2}", "{trunk}{area}-{g1} {g2}", "+{cc}{area}{rest}", "{trunk}{area} {g1} {g2}"])],
            mailDomains: ["web.de", "gmx.de", "t-online.de", "gmail.com", "posteo.de", "freenet.de"],
            companies: ["Müller & Söhne GmbH", "Bäckerei Schäfer", "Siemens AG", "Deutsche Bahn AG", "Zahnarztpraxis Dr. Koch", "Stadtwerke München"],
            jobTitles: ["Geschäftsführer", "Softwareentwicklerin", "Steuerberater", "Ärztin", "Projektleiter", "Sachbearbeiterin"],
            notes: ["Kennengelernt auf dem Oktoberfest", "Schwager von Klaus", "Bitte nur werktags anrufen", "Hat einen Schlüssel zur Wohnung"],
            customLabels: ["Büro", "Ferienhaus", "Zentrale"]),
        Culture(
            isoCode: "FR", countryNames: ["France"], weight: 6,
            male: [NameEntry("Frédéric", nicknames: ["Fred"]), NameEntry("Nicolas", nicknames: ["Nico"]), NameEntry("Christophe", nicknames: ["Chris"]),
                   NameEntry("Jean-Pierre", nicknames: ["JP"]), NameEntry("François"), NameEntry("Hervé"), NameEntry("Jérôme"), NameEntry("Théo"), NameEntry("Benoît"), NameEntry("Mathieu")],
            female: [NameEntry("Isabelle", nicknames: ["Isa"]), NameEntry("Hélène"), NameEntry("Amélie"), NameEntry("Céline"), NameEntry("Chloé"),
                     NameEntry("Marie-Claire"), NameEntry("Élodie"), NameEntry("Françoise"), NameEntry("Camille"), NameEntry("Noémie")],
            family: n("Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau, Lefèvre, Girard, Mercier, Lefebvre, Fontaine, Chevalier, Le Gall, Besançon"),
            cities: [City(name: "Paris", region: "Île-de-France", postalCode: "750##"), City(name: "Lyon", region: "Auvergne-Rhône-Alpes", postalCode: "6900#"),
                     City(name: "Marseille", region: "Provence-Alpes-Côte d'Azur", postalCode: "130##"), City(name: "Toulouse", region: "Occitanie", postalCode: "310##")],
            streets: ["rue de la Paix", "avenue des Champs-Élysées", "boulevard Saint-Germain", "rue Victor Hugo", "place de la République", "rue du Faubourg Saint-Honoré"],
            numberFirst: true, callingCode: "33", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["1", "4", "5"], groups: [2, 2, 2, 2], isMobile: false,
                                   templates: ["{trunk}{area} {g1} {g2} {g3} {g4}", "{trunk}{area}.{g1}.{g2}.{g3}.{g4}", "+{cc} {area} {g1} {g2} {g3} {g4}", "+{cc} (0){area} {g1} {g2} {g3} {g4}", "{trunk}{area}{rest}"],
                                   leadingDigits: "1234567"),
                         PhonePlan(prefixes: ["6", "7"], groups: [2, 2, 2, 2], isMobile: true,
                                   templates: ["{trunk}{area} {g1} {g2} {g3} {g4}", "+{cc} {area} {g1} {g2} {g3} {g4}", "{trunk}{area}{rest}", "{trunk}{area}.{g1}.{g2}.{g3}.{g4}"],
                                   leadingDigits: "12345678")],
            mailDomains: ["orange.fr", "free.fr", "laposte.net", "gmail.com", "sfr.fr", "wanadoo.fr"],
            companies: ["Boulangerie Dupont", "Société Générale", "Cabinet Médical Pasteur", "Renault SAS", "Librairie Gallimard"],
            jobTitles: ["Directrice commerciale", "Ingénieur", "Avocate", "Pharmacien", "Chef de projet"],
            notes: ["Rencontré à Lyon", "Cousine de Hélène", "Préfère le courriel"],
            customLabels: ["Bureau", "Maison de campagne"]),
        Culture(
            isoCode: "ES", countryNames: ["Spain", "España"], weight: 5,
            male: [NameEntry("Francisco", nicknames: ["Paco", "Curro"]), NameEntry("José", nicknames: ["Pepe"]), NameEntry("Ignacio", nicknames: ["Nacho"]),
                   NameEntry("Manuel", nicknames: ["Manolo"]), NameEntry("Enrique", nicknames: ["Quique"]), NameEntry("Jesús", nicknames: ["Chus"]),
                   NameEntry("Álvaro"), NameEntry("Sergio"), NameEntry("Íñigo"), NameEntry("Andrés")],
            female: [NameEntry("Dolores", nicknames: ["Lola"]), NameEntry("Concepción", nicknames: ["Concha", "Conchi"]), NameEntry("María José", nicknames: ["Marijose"]),
                     NameEntry("Lucía"), NameEntry("Mercedes", nicknames: ["Merche"]), NameEntry("Begoña"), NameEntry("Inés"), NameEntry("Rocío"), NameEntry("Pilar", nicknames: ["Pili"])],
            family: n("García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez, Gómez, Martín, Jiménez, Ruiz, Hernández, Díaz, Moreno, Muñoz, Álvarez, Romero, Ibáñez, Castaño"),
            cities: [City(name: "Madrid", region: "Madrid", postalCode: "280##"), City(name: "Barcelona", region: "Cataluña", postalCode: "080##"),
                     City(name: "Sevilla", region: "Andalucía", postalCode: "410##"), City(name: "València", region: "Comunitat Valenciana", postalCode: "460##")],
            streets: ["Calle Mayor", "Gran Vía", "Calle de Alcalá", "Paseo de la Castellana", "Avenida de la Constitución", "Calle del Prado"],
            numberFirst: false, callingCode: "34", trunkPrefix: "",
            phonePlans: [PhonePlan(prefixes: ["91", "93", "95", "96"], groups: [3, 2, 2], isMobile: false,
                                   templates: ["{area} {g1} {g2} {g3}", "+{cc} {area} {g1} {g2} {g3}", "{area}{rest}", "+{cc}{area}{rest}"]),
                         PhonePlan(prefixes: ["6", "7"], groups: [2, 3, 3], isMobile: true,
                                   templates: ["{area}{g1} {g2} {g3}", "+{cc} {area}{g1} {g2} {g3}", "{area}{rest}", "0034 {area}{g1} {g2} {g3}"],
                                   leadingDigits: "0123456789")],
            mailDomains: ["gmail.com", "hotmail.es", "yahoo.es", "telefonica.net"],
            companies: ["Telefónica", "Bar Casa Pepe", "Clínica Dental Sonrisas", "Inditex"],
            jobTitles: ["Abogada", "Médico", "Jefa de ventas", "Arquitecto"],
            notes: ["Amiga de la universidad", "Vive en el tercer piso"],
            customLabels: ["Oficina", "Casa de la playa"]),
        Culture(
            isoCode: "MX", countryNames: ["Mexico", "México"], weight: 5,
            male: [NameEntry("Francisco", nicknames: ["Pancho", "Paco"]), NameEntry("José Luis"), NameEntry("Alejandro", nicknames: ["Alex"]),
                   NameEntry("Guillermo", nicknames: ["Memo"]), NameEntry("Eduardo", nicknames: ["Lalo"]), NameEntry("Jesús", nicknames: ["Chuy"]), NameEntry("Ramón")],
            female: [NameEntry("Guadalupe", nicknames: ["Lupe", "Lupita"]), NameEntry("Ximena"), NameEntry("María Fernanda"), NameEntry("Leticia", nicknames: ["Lety"]),
                     NameEntry("Rosario", nicknames: ["Charo"]), NameEntry("Itzel"), NameEntry("Sofía")],
            family: n("Hernández, García, Martínez, López, González, Pérez, Rodríguez, Sánchez, Ramírez, Cruz, Flores, Gómez, Morales, Vázquez, Reyes, Jiménez, Torres, Gutiérrez, Ruiz, Mendoza"),
            cities: [City(name: "Ciudad de México", region: "CDMX", postalCode: "06###"), City(name: "Guadalajara", region: "Jalisco", postalCode: "44###"),
                     City(name: "Monterrey", region: "Nuevo León", postalCode: "64###"), City(name: "Puebla", region: "Puebla", postalCode: "72###")],
            streets: ["Avenida Insurgentes Sur", "Paseo de la Reforma", "Calle Madero", "Avenida Juárez", "Calle Hidalgo"],
            numberFirst: false, callingCode: "52", trunkPrefix: "",
            phonePlans: [PhonePlan(prefixes: ["55", "33", "81"], groups: [4, 4], isMobile: true,
                                   templates: ["{area} {g1} {g2}", "+{cc} {area} {g1} {g2}", "+{cc} 1 {area} {g1} {g2}", "({area}) {g1}-{g2}", "{area}{rest}"])],
            mailDomains: ["gmail.com", "hotmail.com", "yahoo.com.mx", "prodigy.net.mx"],
            companies: ["Taquería El Güero", "Cemex", "Grupo Bimbo", "Farmacias del Ahorro"],
            jobTitles: ["Contador", "Ingeniera civil", "Gerente", "Maestra"],
            notes: ["Compadre de Ramón", "Cumpleaños de su hija en mayo"],
            customLabels: ["Oficina", "Recados"]),
        Culture(
            isoCode: "BR", countryNames: ["Brazil", "Brasil"], weight: 6,
            male: [NameEntry("João"), NameEntry("Antônio", nicknames: ["Toninho", "Tonho"]), NameEntry("José Carlos", nicknames: ["Zé Carlos"]), NameEntry("Luiz"),
                   NameEntry("Sebastião", nicknames: ["Tião"]), NameEntry("Rodrigo", nicknames: ["Digo"]), NameEntry("Thiago"), NameEntry("Gustavo", nicknames: ["Guga"])],
            female: [NameEntry("Fernanda", nicknames: ["Nanda"]), NameEntry("Conceição"), NameEntry("Luíza"), NameEntry("Gabriela", nicknames: ["Gabi"]),
                     NameEntry("Letícia"), NameEntry("Ana Júlia"), NameEntry("Márcia"), NameEntry("Beatriz", nicknames: ["Bia"])],
            family: n("Silva, Santos, Oliveira, Souza, Rodrigues, Ferreira, Alves, Pereira, Lima, Gomes, Ribeiro, Carvalho, Araújo, Conceição, Magalhães, Gonçalves, Assunção"),
            cities: [City(name: "São Paulo", region: "SP", postalCode: "01###-###"), City(name: "Rio de Janeiro", region: "RJ", postalCode: "22###-###"),
                     City(name: "Belo Horizonte", region: "MG", postalCode: "30###-###"), City(name: "Salvador", region: "BA", postalCode: "40###-###")],
            streets: ["Avenida Paulista", "Rua Augusta", "Rua das Laranjeiras", "Avenida Atlântica", "Rua XV de Novembro"],
            numberFirst: false, callingCode: "55", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["11", "21", "31", "71"], groups: [5, 4], isMobile: true,
                                   templates: ["({area}) {g1}-{g2}", "+{cc} {area} {g1}-{g2}", "+{cc} ({area}) {g1}-{g2}", "{area} {g1}{g2}", "+{cc}{area}{rest}"],
                                   leadingDigits: "9"),
                         PhonePlan(prefixes: ["11", "21"], groups: [4, 4], isMobile: false,
                                   templates: ["({area}) {g1}-{g2}", "+{cc} {area} {g1}-{g2}", "{trunk}{area} {g1}-{g2}"],
                                   leadingDigits: "2345")],
            mailDomains: ["uol.com.br", "bol.com.br", "gmail.com", "terra.com.br", "hotmail.com"],
            companies: ["Padaria Pão Quente", "Petrobras", "Itaú Unibanco", "Natura Cosméticos"],
            jobTitles: ["Advogada", "Engenheiro", "Gerente de vendas", "Dentista"],
            notes: ["Conheci no carnaval", "Irmão do Thiago"],
            customLabels: ["Escritório", "Recado"]),
        Culture(
            isoCode: "PT", countryNames: ["Portugal"], weight: 2,
            male: [NameEntry("João"), NameEntry("Gonçalo"), NameEntry("Duarte"), NameEntry("Tomás")],
            female: [NameEntry("Inês"), NameEntry("Leonor"), NameEntry("Mariana"), NameEntry("Matilde")],
            family: n("Silva, Santos, Ferreira, Pereira, Costa, Martins, Sousa, Gonçalves, Magalhães"),
            cities: [City(name: "Lisboa", region: nil, postalCode: "1###-###"), City(name: "Porto", region: nil, postalCode: "4###-###")],
            streets: ["Rua Augusta", "Avenida da Liberdade", "Rua de Santa Catarina"],
            numberFirst: false, callingCode: "351", trunkPrefix: "",
            phonePlans: [PhonePlan(prefixes: ["91", "93", "96"], groups: [1, 3, 3], isMobile: true,
                                   templates: ["{area}{g1} {g2} {g3}", "+{cc} {area}{g1} {g2} {g3}", "{area}{rest}"], leadingDigits: "0123456789"),
                         PhonePlan(prefixes: ["21", "22"], groups: [3, 4], isMobile: false,
                                   templates: ["{area} {g1} {g2}", "+{cc} {area} {g1} {g2}"])],
            mailDomains: ["sapo.pt", "gmail.com", "netcabo.pt"],
            companies: ["Pastelaria Belém", "Galp Energia"],
            jobTitles: ["Enfermeira", "Professor"],
            notes: ["Vizinho em Lisboa"],
            customLabels: ["Escritório"]),
        Culture(
            isoCode: "PL", countryNames: ["Poland", "Polska"], weight: 4,
            male: [NameEntry("Wojciech", nicknames: ["Wojtek"]), NameEntry("Tomasz", nicknames: ["Tomek"]), NameEntry("Aleksander", nicknames: ["Olek"]),
                   NameEntry("Łukasz"), NameEntry("Paweł"), NameEntry("Grzegorz", nicknames: ["Grzesiek"]), NameEntry("Michał")],
            female: [NameEntry("Małgorzata", nicknames: ["Gosia"]), NameEntry("Katarzyna", nicknames: ["Kasia"]), NameEntry("Agnieszka", nicknames: ["Aga"]),
                     NameEntry("Joanna", nicknames: ["Asia"]), NameEntry("Żaneta"), NameEntry("Zofia", nicknames: ["Zosia"])],
            family: n("Nowak, Kowalski, Wiśniewski, Wójcik, Kowalczyk, Kamiński, Lewandowski, Zieliński, Szymański, Woźniak, Dąbrowski, Kozłowski, Mazur, Krawczyk, Grabowski, Wróbel"),
            femaleFamily: ["Kowalski": "Kowalska", "Wiśniewski": "Wiśniewska", "Kamiński": "Kamińska", "Lewandowski": "Lewandowska",
                           "Zieliński": "Zielińska", "Szymański": "Szymańska", "Dąbrowski": "Dąbrowska", "Kozłowski": "Kozłowska", "Grabowski": "Grabowska"],
            cities: [City(name: "Warszawa", region: "mazowieckie", postalCode: "00-###"), City(name: "Kraków", region: "małopolskie", postalCode: "30-###"),
                     City(name: "Gdańsk", region: "pomorskie", postalCode: "80-###"), City(name: "Łódź", region: "łódzkie", postalCode: "90-###")],
            streets: ["ul. Marszałkowska", "ul. Floriańska", "ul. Długa", "al. Jerozolimskie", "ul. Piotrkowska"],
            numberFirst: false, callingCode: "48", trunkPrefix: "",
            phonePlans: [PhonePlan(prefixes: ["50", "60", "69", "79", "88", "51"], groups: [1, 3, 3], isMobile: true,
                                   templates: ["{area}{g1} {g2} {g3}", "+{cc} {area}{g1} {g2} {g3}", "{area}{g1}-{g2}-{g3}", "+{cc}{area}{rest}"],
                                   leadingDigits: "0123456789"),
                         PhonePlan(prefixes: ["22", "12", "58"], groups: [3, 2, 2], isMobile: false,
                                   templates: ["{area} {g1} {g2} {g3}", "+{cc} {area} {g1} {g2} {g3}", "({area}) {g1}-{g2}-{g3}"])],
            mailDomains: ["wp.pl", "onet.pl", "o2.pl", "interia.pl", "gmail.com"],
            companies: ["Orlen", "Piekarnia Złoty Kłos", "PKO Bank Polski"],
            jobTitles: ["Programista", "Księgowa", "Kierownik projektu"],
            notes: ["Poznaliśmy się w Krakowie", "Szwagier Tomka"],
            customLabels: ["Praca", "Działka"]),
        Culture(
            isoCode: "TR", countryNames: ["Turkey", "Türkiye"], weight: 3,
            male: [NameEntry("Mehmet"), NameEntry("Mustafa"), NameEntry("Ahmet"), NameEntry("İbrahim"), NameEntry("Uğur"), NameEntry("Çağlar"), NameEntry("Barış")],
            female: [NameEntry("Ayşe"), NameEntry("Fatma"), NameEntry("Şule"), NameEntry("Gülşen"), NameEntry("Özlem"), NameEntry("Elif"), NameEntry("İrem")],
            family: n("Yılmaz, Kaya, Demir, Şahin, Çelik, Yıldız, Yıldırım, Öztürk, Aydın, Özdemir, Arslan, Doğan, Kılıç, Aslan, Çetin, Koç"),
            cities: [City(name: "İstanbul", region: nil, postalCode: "34###"), City(name: "Ankara", region: nil, postalCode: "06###"), City(name: "İzmir", region: nil, postalCode: "35###")],
            streets: ["İstiklal Caddesi", "Bağdat Caddesi", "Atatürk Bulvarı", "Cumhuriyet Caddesi"],
            numberFirst: false, callingCode: "90", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["532", "533", "542", "505", "555"], groups: [3, 2, 2], isMobile: true,
                                   templates: ["{trunk}{area} {g1} {g2} {g3}", "+{cc} {area} {g1} {g2} {g3}", "{trunk} ({area}) {g1} {g2} {g3}", "+{cc}{area}{rest}"]),
                         PhonePlan(prefixes: ["212", "216", "312"], groups: [3, 2, 2], isMobile: false,
                                   templates: ["{trunk}{area} {g1} {g2} {g3}", "+{cc} {area} {g1} {g2} {g3}"])],
            mailDomains: ["gmail.com", "hotmail.com", "yandex.com.tr", "mynet.com"],
            companies: ["Türk Telekom", "Koç Holding", "Simit Sarayı"],
            jobTitles: ["Mühendis", "Avukat", "Öğretmen"],
            notes: ["Kuzenim", "İstanbul'da tanıştık"],
            customLabels: ["İş", "Yazlık"]),
        Culture(
            isoCode: "VN", countryNames: ["Vietnam", "Việt Nam"], weight: 3,
            male: [NameEntry("Văn Đức"), NameEntry("Minh Tuấn"), NameEntry("Quốc Bảo"), NameEntry("Hoàng Long"), NameEntry("Thành Công")],
            female: [NameEntry("Thị Hương"), NameEntry("Ngọc Anh"), NameEntry("Thu Trang"), NameEntry("Phương Linh"), NameEntry("Bảo Ngọc")],
            family: n("Nguyễn, Trần, Lê, Phạm, Hoàng, Huỳnh, Phan, Vũ, Võ, Đặng, Bùi, Đỗ"),
            familyFirst: true,
            cities: [City(name: "Hà Nội", region: nil, postalCode: "100000"), City(name: "Thành phố Hồ Chí Minh", region: nil, postalCode: "700000"), City(name: "Đà Nẵng", region: nil, postalCode: "550000")],
            streets: ["Phố Hàng Bạc", "Đường Lê Lợi", "Đường Nguyễn Huệ", "Phố Tràng Tiền"],
            numberFirst: true, callingCode: "84", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["91", "98", "90", "93"], groups: [3, 4], isMobile: true,
                                   templates: ["{trunk}{area} {g1} {g2}", "+{cc} {area} {g1} {g2}", "{trunk}{area}{rest}", "{trunk}{area}.{g1}.{g2}"])],
            mailDomains: ["gmail.com", "yahoo.com.vn", "fpt.vn"],
            companies: ["Công ty TNHH Minh Phát", "Vietcombank", "Phở Hòa"],
            jobTitles: ["Kỹ sư", "Giám đốc", "Kế toán"],
            notes: ["Bạn học cũ"],
            customLabels: ["Cơ quan"]),
        Culture(
            isoCode: "CN", countryNames: ["China", "中国"], weight: 6,
            male: [NameEntry("小明", "Xiaoming"), NameEntry("伟", "Wei"), NameEntry("建国", "Jianguo"), NameEntry("志强", "Zhiqiang"), NameEntry("浩然", "Haoran"), NameEntry("俊杰", "Junjie")],
            female: [NameEntry("娜", "Na"), NameEntry("秀英", "Xiuying"), NameEntry("丽", "Li"), NameEntry("婷婷", "Tingting"), NameEntry("雪梅", "Xuemei"), NameEntry("欣怡", "Xinyi")],
            family: [NameEntry("王", "Wang"), NameEntry("李", "Li"), NameEntry("张", "Zhang"), NameEntry("刘", "Liu"), NameEntry("陈", "Chen"), NameEntry("杨", "Yang"),
                     NameEntry("黄", "Huang"), NameEntry("赵", "Zhao"), NameEntry("吴", "Wu"), NameEntry("周", "Zhou"), NameEntry("徐", "Xu"), NameEntry("孙", "Sun"),
                     NameEntry("马", "Ma"), NameEntry("胡", "Hu"), NameEntry("郭", "Guo"), NameEntry("林", "Lin")],
            familyFirst: true,
            cities: [City(name: "北京", region: "北京市", postalCode: "100###"), City(name: "上海", region: "上海市", postalCode: "200###"),
                     City(name: "深圳", region: "广东省", postalCode: "518###"), City(name: "成都", region: "四川省", postalCode: "610###")],
            streets: ["长安街", "南京路", "淮海中路", "建国路", "人民路"],
            numberFirst: false, callingCode: "86", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["138", "139", "136", "150", "186", "189", "158"], groups: [4, 4], isMobile: true,
                                   templates: ["{area} {g1} {g2}", "+{cc} {area} {g1} {g2}", "{area}{rest}", "+{cc}-{area}-{g1}-{g2}", "{area}-{g1}-{g2}"],
                                   leadingDigits: "0123456789"),
                         PhonePlan(prefixes: ["10", "21"], groups: [4, 4], isMobile: false,
                                   templates: ["{trunk}{area} {g1} {g2}", "+{cc} {area} {g1} {g2}", "({trunk}{area}) {g1}-{g2}", "{trunk}{area}-{g1}{g2}"])],
            mailDomains: ["qq.com", "163.com", "126.com", "sina.com", "gmail.com"],
            companies: ["华为技术有限公司", "阿里巴巴集团", "北京大学", "腾讯"],
            jobTitles: ["工程师", "经理", "教授", "会计"],
            notes: ["大学同学", "在上海认识的"],
            customLabels: ["单位", "宅电"],
            usesOtherScript: true),
        Culture(
            isoCode: "JP", countryNames: ["Japan", "日本"], weight: 5,
            male: [NameEntry("太郎", "Taro"), NameEntry("健太", "Kenta"), NameEntry("大輔", "Daisuke"), NameEntry("翔太", "Shota"), NameEntry("拓也", "Takuya"), NameEntry("誠", "Makoto")],
            female: [NameEntry("花子", "Hanako"), NameEntry("さくら", "Sakura"), NameEntry("美咲", "Misaki"), NameEntry("陽子", "Yoko"), NameEntry("愛", "Ai"), NameEntry("由美", "Yumi")],
            family: [NameEntry("佐藤", "Sato"), NameEntry("鈴木", "Suzuki"), NameEntry("高橋", "Takahashi"), NameEntry("田中", "Tanaka"), NameEntry("渡辺", "Watanabe"),
                     NameEntry("伊藤", "Ito"), NameEntry("山本", "Yamamoto"), NameEntry("中村", "Nakamura"), NameEntry("小林", "Kobayashi"), NameEntry("加藤", "Kato"),
                     NameEntry("山田", "Yamada"), NameEntry("吉田", "Yoshida")],
            familyFirst: true,
            cities: [City(name: "東京都港区", region: "東京都", postalCode: "105-####"), City(name: "大阪市", region: "大阪府", postalCode: "530-####"),
                     City(name: "京都市", region: "京都府", postalCode: "600-####"), City(name: "横浜市", region: "神奈川県", postalCode: "220-####")],
            streets: ["六本木1-2-3", "梅田2-4-9", "烏丸通", "みなとみらい3-5-1"],
            numberFirst: false, callingCode: "81", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["3", "6"], groups: [4, 4], isMobile: false,
                                   templates: ["{trunk}{area}-{g1}-{g2}", "+{cc} {area}-{g1}-{g2}", "+{cc} {area} {g1} {g2}", "{trunk}{area}({g1}){g2}"],
                                   leadingDigits: "3456"),
                         PhonePlan(prefixes: ["90", "80", "70"], groups: [4, 4], isMobile: true,
                                   templates: ["{trunk}{area}-{g1}-{g2}", "+{cc} {area}-{g1}-{g2}", "+{cc} {area} {g1} {g2}", "{trunk}{area}{rest}"],
                                   leadingDigits: "123456789")],
            mailDomains: ["docomo.ne.jp", "yahoo.co.jp", "gmail.com", "ezweb.ne.jp", "icloud.com"],
            companies: ["株式会社サンプル", "トヨタ自動車", "ソニー株式会社", "山田商店"],
            jobTitles: ["部長", "エンジニア", "営業", "課長"],
            notes: ["大学の先輩", "大阪出張で会った"],
            customLabels: ["会社", "実家"],
            usesOtherScript: true),
        Culture(
            isoCode: "KR", countryNames: ["South Korea", "대한민국"], weight: 4,
            male: [NameEntry("민준", "Minjun"), NameEntry("서준", "Seojun"), NameEntry("지훈", "Jihoon"), NameEntry("현우", "Hyunwoo"), NameEntry("도윤", "Doyun")],
            female: [NameEntry("서연", "Seoyeon"), NameEntry("지민", "Jimin"), NameEntry("수빈", "Subin"), NameEntry("하은", "Haeun"), NameEntry("지우", "Jiwoo")],
            family: [NameEntry("김", "Kim"), NameEntry("이", "Lee"), NameEntry("박", "Park"), NameEntry("최", "Choi"), NameEntry("정", "Jung"), NameEntry("강", "Kang"),
                     NameEntry("조", "Cho"), NameEntry("윤", "Yoon"), NameEntry("장", "Jang"), NameEntry("임", "Lim")],
            familyFirst: true,
            cities: [City(name: "서울특별시", region: nil, postalCode: "0####"), City(name: "부산광역시", region: nil, postalCode: "4####"), City(name: "인천광역시", region: nil, postalCode: "2####")],
            streets: ["세종대로", "테헤란로", "강남대로", "해운대로"],
            numberFirst: false, callingCode: "82", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["10"], groups: [4, 4], isMobile: true,
                                   templates: ["{trunk}{area}-{g1}-{g2}", "+{cc} {area}-{g1}-{g2}", "+{cc} {area} {g1} {g2}", "{trunk}{area}{rest}", "{trunk}{area} {g1} {g2}"],
                                   leadingDigits: "23456789"),
                         PhonePlan(prefixes: ["2"], groups: [4, 4], isMobile: false,
                                   templates: ["{trunk}{area}-{g1}-{g2}", "+{cc} {area}-{g1}-{g2}"])],
            mailDomains: ["naver.com", "daum.net", "gmail.com", "kakao.com"],
            companies: ["삼성전자", "현대자동차", "네이버", "LG전자"],
            jobTitles: ["과장", "대리", "개발자", "팀장"],
            notes: ["대학 동기", "회사 동료"],
            customLabels: ["회사", "집전화"],
            usesOtherScript: true),
        Culture(
            isoCode: "AE", countryNames: ["United Arab Emirates", "الإمارات العربية المتحدة"], weight: 2,
            male: [NameEntry("محمد", "Mohammed"), NameEntry("أحمد", "Ahmed"), NameEntry("خالد", "Khaled"), NameEntry("عمر", "Omar"), NameEntry("يوسف", "Youssef")],
            female: [NameEntry("فاطمة", "Fatima"), NameEntry("مريم", "Maryam"), NameEntry("نور", "Noor"), NameEntry("ليلى", "Layla"), NameEntry("سارة", "Sara")],
            family: [NameEntry("الهاشمي", "Al Hashimi"), NameEntry("المنصوري", "Al Mansouri"), NameEntry("الشامسي", "Al Shamsi"), NameEntry("حداد", "Haddad"),
                     NameEntry("النعيمي", "Al Nuaimi"), NameEntry("الكعبي", "Al Kaabi")],
            cities: [City(name: "دبي", region: nil, postalCode: ""), City(name: "Abu Dhabi", region: nil, postalCode: "")],
            streets: ["شارع الشيخ زايد", "Al Wasl Road", "شارع الكورنيش"],
            numberFirst: false, callingCode: "971", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["50", "52", "55", "56"], groups: [3, 4], isMobile: true,
                                   templates: ["{trunk}{area} {g1} {g2}", "+{cc} {area} {g1} {g2}", "+{cc}{area}{rest}", "{trunk}{area}-{g1}{g2}"])],
            mailDomains: ["gmail.com", "hotmail.com", "eim.ae", "outlook.com"],
            companies: ["طيران الإمارات", "Emaar Properties", "مستشفى دبي"],
            jobTitles: ["مدير", "مهندس", "Consultant"],
            notes: ["صديق العائلة", "Met at GITEX"],
            customLabels: ["مكتب"],
            usesOtherScript: true),
        Culture(
            isoCode: "EG", countryNames: ["Egypt", "مصر"], weight: 2,
            male: [NameEntry("مصطفى", "Mostafa"), NameEntry("محمود", "Mahmoud"), NameEntry("حسن", "Hassan"), NameEntry("كريم", "Karim")],
            female: [NameEntry("منى", "Mona"), NameEntry("هدى", "Hoda"), NameEntry("ياسمين", "Yasmin"), NameEntry("دينا", "Dina")],
            family: [NameEntry("عبد الله", "Abdallah"), NameEntry("السيد", "El Sayed"), NameEntry("إبراهيم", "Ibrahim"), NameEntry("فاروق", "Farouk"), NameEntry("سليمان", "Soliman")],
            cities: [City(name: "القاهرة", region: nil, postalCode: "11###"), City(name: "الإسكندرية", region: nil, postalCode: "21###")],
            streets: ["شارع التحرير", "شارع الهرم"],
            numberFirst: false, callingCode: "20", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["10", "11", "12"], groups: [4, 4], isMobile: true,
                                   templates: ["{trunk}{area} {g1} {g2}", "+{cc} {area} {g1} {g2}", "{trunk}{area}{rest}"],
                                   leadingDigits: "0123456789")],
            mailDomains: ["gmail.com", "yahoo.com", "hotmail.com"],
            companies: ["البنك الأهلي المصري", "Orascom"],
            jobTitles: ["طبيب", "محاسب"],
            notes: ["زميل الدراسة"],
            customLabels: ["العمل"],
            usesOtherScript: true),
        Culture(
            isoCode: "IN", countryNames: ["India", "भारत"], weight: 7,
            male: [NameEntry("राहुल", "Rahul"), NameEntry("अमित", "Amit"), NameEntry("Vikram"), NameEntry("Suresh"), NameEntry("Arjun"), NameEntry("संजय", "Sanjay"), NameEntry("Venkatesh", nicknames: ["Venky"])],
            female: [NameEntry("प्रिया", "Priya"), NameEntry("Ananya"), NameEntry("सुनीता", "Sunita"), NameEntry("Lakshmi"), NameEntry("Deepika"), NameEntry("Kavya")],
            family: [NameEntry("शर्मा", "Sharma"), NameEntry("Patel"), NameEntry("Singh"), NameEntry("गुप्ता", "Gupta"), NameEntry("Reddy"), NameEntry("Iyer"),
                     NameEntry("Nair"), NameEntry("Kumar"), NameEntry("Chatterjee"), NameEntry("वर्मा", "Verma"), NameEntry("Mehta"), NameEntry("Rao")],
            cities: [City(name: "Mumbai", region: "Maharashtra", postalCode: "400###"), City(name: "Bengaluru", region: "Karnataka", postalCode: "560###"),
                     City(name: "New Delhi", region: "Delhi", postalCode: "110###"), City(name: "Chennai", region: "Tamil Nadu", postalCode: "600###")],
            streets: ["MG Road", "Linking Road", "Anna Salai", "Brigade Road", "Connaught Place"],
            numberFirst: true, callingCode: "91", trunkPrefix: "0",
            phonePlans: [PhonePlan(prefixes: ["98", "99", "97", "91", "90", "88", "70"], groups: [3, 5], isMobile: true,
                                   templates: ["+{cc} {area}{g1} {g2}", "{area}{g1} {g2}", "{trunk}{area}{g1} {g2}", "+{cc}-{area}{g1}-{g2}", "{area}{rest}"],
                                   leadingDigits: "0123456789")],
            mailDomains: ["gmail.com", "rediffmail.com", "yahoo.co.in", "outlook.com"],
            companies: ["Tata Consultancy Services", "Infosys", "Reliance Industries", "Sharma Sweets"],
            jobTitles: ["Software Engineer", "Chartered Accountant", "Doctor", "Manager"],
            notes: ["Cousin from Pune", "Diwali party contact"],
            customLabels: ["Office", "Native place"]),
        Culture(
            isoCode: "RU", countryNames: ["Russia", "Россия"], weight: 5,
            male: [NameEntry("Иван", "Ivan", nicknames: ["Ваня"]), NameEntry("Александр", "Aleksandr", nicknames: ["Саша"]), NameEntry("Дмитрий", "Dmitrij", nicknames: ["Дима"]),
                   NameEntry("Михаил", "Mikhail", nicknames: ["Миша"]), NameEntry("Владимир", "Vladimir", nicknames: ["Володя", "Вова"]), NameEntry("Борис", "Boris"),
                   NameEntry("Олег", "Oleg"), NameEntry("Игорь", "Igor")],
            female: [NameEntry("Анна", "Anna", nicknames: ["Аня"]), NameEntry("Екатерина", "Ekaterina", nicknames: ["Катя"]), NameEntry("Мария", "Marija", nicknames: ["Маша"]),
                     NameEntry("Анастасия", "Anastasija", nicknames: ["Настя"]), NameEntry("Ольга", "Olga", nicknames: ["Оля"]), NameEntry("Наталья", "Natalja", nicknames: ["Наташа"]),
                     NameEntry("Ирина", "Irina")],
            family: [NameEntry("Петров", "Petrov"), NameEntry("Иванов", "Ivanov"), NameEntry("Смирнов", "Smirnov"), NameEntry("Кузнецов", "Kuznecov"),
                     NameEntry("Попов", "Popov"), NameEntry("Соколов", "Sokolov"), NameEntry("Волков", "Volkov"), NameEntry("Морозов", "Morozov"), NameEntry("Новиков", "Novikov")],
            femaleFamily: ["Петров": "Петрова", "Иванов": "Иванова", "Смирнов": "Смирнова", "Кузнецов": "Кузнецова", "Попов": "Попова",
                           "Соколов": "Соколова", "Волков": "Волкова", "Морозов": "Морозова", "Новиков": "Новикова",
                           "Petrov": "Petrova", "Ivanov": "Ivanova", "Smirnov": "Smirnova", "Kuznecov": "Kuznecova", "Popov": "Popova",
                           "Sokolov": "Sokolova", "Volkov": "Volkova", "Morozov": "Morozova", "Novikov": "Novikova"],
            cities: [City(name: "Москва", region: nil, postalCode: "101###"), City(name: "Санкт-Петербург", region: nil, postalCode: "190###"), City(name: "Новосибирск", region: "Новосибирская область", postalCode: "630###")],
            streets: ["ул. Тверская", "Невский проспект", "ул. Арбат", "Ленинский проспект"],
            numberFirst: false, callingCode: "7", trunkPrefix: "8",
            phonePlans: [PhonePlan(prefixes: ["912", "916", "903", "926", "985"], groups: [3, 2, 2], isMobile: true,
                                   templates: ["+{cc} {area} {g1}-{g2}-{g3}", "{trunk} ({area}) {g1}-{g2}-{g3}", "{trunk} {area} {g1} {g2} {g3}", "+{cc}{area}{rest}", "+{cc} ({area}) {g1}{g2}{g3}"]),
                         PhonePlan(prefixes: ["495", "812"], groups: [3, 2, 2], isMobile: false,
                                   templates: ["+{cc} {area} {g1}-{g2}-{g3}", "{trunk} ({area}) {g1}-{g2}-{g3}"])],
            mailDomains: ["mail.ru", "yandex.ru", "gmail.com", "rambler.ru"],
            companies: ["Газпром", "Яндекс", "ООО «Ромашка»", "Сбербанк"],
            jobTitles: ["Инженер", "Бухгалтер", "Директор", "Программист"],
            notes: ["Коллега по работе", "Познакомились в Сочи"],
            customLabels: ["Работа", "Дача"],
            usesOtherScript: true),
        Culture(
            isoCode: "IT", countryNames: ["Italy", "Italia"], weight: 4,
            male: [NameEntry("Giuseppe", nicknames: ["Beppe", "Peppe"]), NameEntry("Francesco", nicknames: ["Franco", "Cesco"]), NameEntry("Alessandro", nicknames: ["Sandro", "Ale"]),
                   NameEntry("Niccolò"), NameEntry("Lorenzo", nicknames: ["Enzo"]), NameEntry("Giovanni", nicknames: ["Gianni"])],
            female: [NameEntry("Francesca", nicknames: ["Franci"]), NameEntry("Giulia"), NameEntry("Chiara"), NameEntry("Federica", nicknames: ["Fede"]), NameEntry("Elisabetta", nicknames: ["Betta"])],
            family: n("Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, De Luca, D'Angelo, Lombardi"),
            cities: [City(name: "Roma", region: "RM", postalCode: "001##"), City(name: "Milano", region: "MI", postalCode: "201##"), City(name: "Napoli", region: "NA", postalCode: "801##")],
            streets: ["Via Roma", "Via Garibaldi", "Corso Vittorio Emanuele II", "Piazza del Popolo"],
            numberFirst: false, callingCode: "39", trunkPrefix: "",
            phonePlans: [PhonePlan(prefixes: ["333", "347", "339", "320"], groups: [3, 4], isMobile: true,
                                   templates: ["{area} {g1} {g2}", "+{cc} {area} {g1} {g2}", "{area}{rest}", "+{cc} {area} {rest}"],
                                   leadingDigits: "123456789"),
                         PhonePlan(prefixes: ["06", "02"], groups: [4, 4], isMobile: false,
                                   templates: ["{area} {g1} {g2}", "+{cc} {area} {g1} {g2}", "{area}/{g1}{g2}"])],
            mailDomains: ["libero.it", "gmail.com", "tiscali.it", "virgilio.it"],
            companies: ["Trattoria da Mario", "Fiat", "Banca Intesa"],
            jobTitles: ["Avvocato", "Architetta", "Commercialista"],
            notes: ["Amico d'infanzia"],
            customLabels: ["Ufficio", "Casa al mare"]),
    ]
}

extension String {
    func trimmingCharactersSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
