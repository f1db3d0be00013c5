import Ohana

extension PhoneRegionEvidence {
    /// The regions the city or postal code of a contact's addresses that name no country (no
    /// country, no ISO code, no `X-ABADR` in the address's group) fit, each once: a city of
    /// ``uniqueCities`` (unless the address's postal code is not written as its country writes
    /// them), else a postal code written as exactly one region of `candidates` writes them and as
    /// none of the others does (a candidate whose format is not known might fit, so then none is
    /// named). A 5-digit code fits Germany, the US, France, Mexico... and decides nothing among them.
    public static func localityRegions(of contact: Contact, candidates: [String]) -> [String] {
        var regions: [String] = []
        var abadrGroups: [String] = []
        for property in contact.unmappedProperties where property.name.utf8.count == 7 && property.name.uppercased() == "X-ABADR" {
            if let group = property.group { abadrGroups.append(group.lowercased()) }
        }
        for address in contact.postalAddresses {
            guard isBlank(address.country), isBlank(address.isoCountryCode) else { continue }
            if let group = address.group, abadrGroups.contains(group.lowercased()) { continue }
            guard let found = localityRegion(city: address.city, postalCode: address.postalCode, candidates: candidates),
                  !regions.contains(found) else { continue }
            regions.append(found)
        }
        return regions
    }

    /// The one region a city and postal code fit (see ``localityRegions(of:candidates:)``), or `nil`.
    static func localityRegion(city: String?, postalCode: String?, candidates: [String]) -> String? {
        let code = postalCode.map(PostalCodeShape.init).flatMap { $0.isEmpty ? nil : $0 }
        if let city, let region = uniqueCities[city.trimmingSpaces.lowercased()] {
            // A postal code written otherwise than the city's country writes them: the card disagrees with itself.
            guard let code, let fits = code.fits(region) else { return region }
            return fits ? region : nil
        }
        guard let code, !candidates.isEmpty else { return nil }
        var fitting: String?
        for region in candidates {
            switch code.fits(region) {
            case true?:
                guard fitting == nil || fitting == region else { return nil }
                fitting = region
            case false?: continue
            case nil: return nil
            }
        }
        return fitting
    }

    /// Large cities whose name (as written here: native spelling, or the one common English name)
    /// no city or town of another country shares, as far as the world's gazetteers list them.
    /// Names shared with a town elsewhere are left out, however small the town: `Paris` (Texas),
    /// `London` (Ontario), `Berlin` (New Hampshire), `Sydney` (Nova Scotia), `Toronto` (Ohio),
    /// `Moscow` (Idaho), `Barcelona` (Venezuela), `Guadalajara` (Spain), `Hyderabad` (Pakistan),
    /// `Zurich` without its umlaut (Ontario), `Los Angeles` (Chile).
    static let uniqueCities: [String: String] = {
        let table: [(String, [String])] = [
            ("DE", ["München", "Köln", "Düsseldorf", "Nürnberg", "Frankfurt am Main", "Leipzig"]),
            ("AT", ["Graz", "Innsbruck"]),
            ("CH", ["Zürich", "Genève"]),
            ("FR", ["Marseille", "Montpellier"]),
            ("IT", ["Napoli", "Torino", "Firenze", "Bologna"]),
            ("NL", ["Den Haag", "'s-Gravenhage", "Eindhoven"]),
            ("PL", ["Warszawa", "Kraków", "Wrocław", "Gdańsk"]),
            ("CZ", ["Praha"]),
            ("SE", ["Göteborg", "Malmö"]),
            ("DK", ["København", "Aarhus", "Århus"]),
            ("FI", ["Helsinki", "Tampere"]),
            ("RU", ["Москва", "Санкт-Петербург", "Moskva"]),
            ("TR", ["İstanbul", "Istanbul", "Ankara", "İzmir"]),
            ("JP", ["東京", "東京都", "Tokyo", "大阪", "大阪市", "Osaka", "横浜", "横浜市", "Yokohama", "名古屋", "Nagoya", "札幌", "Sapporo", "京都", "Kyoto"]),
            ("CN", ["北京", "北京市", "Beijing", "上海", "上海市", "Shanghai", "广州", "Guangzhou", "深圳", "Shenzhen"]),
            ("KR", ["서울", "서울특별시", "Seoul", "부산", "Busan"]),
            ("IN", ["Mumbai", "Bengaluru", "Chennai", "Kolkata", "New Delhi", "Pune", "Ahmedabad"]),
            ("BR", ["São Paulo", "Rio de Janeiro", "Brasília", "Belo Horizonte"]),
            ("MX", ["Ciudad de México", "CDMX", "Tijuana"]),
            ("CO", ["Bogotá"]),
            ("CA", ["Montréal", "Mississauga", "Winnipeg"]),
            ("US", ["Chicago", "Seattle", "Philadelphia", "Pittsburgh", "Minneapolis", "Honolulu", "Albuquerque", "Indianapolis"]),
            ("AU", ["Canberra"]),
            ("AE", ["Dubai", "Abu Dhabi"]),
            ("TH", ["Bangkok"]),
            ("ID", ["Jakarta"]),
            ("MY", ["Kuala Lumpur"]),
            ("SG", ["Singapore"]),
            ("HK", ["香港"]),
            ("KE", ["Nairobi"]),
            ("IS", ["Reykjavík"]),
        ]
        var cities: [String: String] = [:]
        for (region, names) in table {
            for name in names { cities[name.lowercased()] = region }
        }
        return cities
    }()

    private static func isBlank(_ text: String?) -> Bool {
        text.map { $0.trimmingSpaces.isEmpty } ?? true
    }
}

/// A postal code's shape: each digit `9`, each letter `A`, spaces and hyphens kept (`80331` → `99999`,
/// `SW1A 1AA` → `AA9A 9AA`), a leading `〒` dropped.
struct PostalCodeShape: Equatable {
    private var shape: String

    /// The shape of `code`; empty when it holds anything but letters, digits, spaces and hyphens.
    init(_ code: String) {
        var shape = ""
        for scalar in code.trimmingSpaces.unicodeScalars {
            switch scalar {
            case "0"..."9": shape.append("9")
            case "a"..."z", "A"..."Z": shape.append("A")
            case " ", "-": shape.append(Character(scalar))
            case "〒" where shape.isEmpty: continue
            default: self.shape = ""; return
            }
        }
        self.shape = shape
    }

    /// Whether no shape is left.
    var isEmpty: Bool { shape.isEmpty }

    /// Whether `region` writes its postal codes this way; `nil` when its formats are not known.
    func fits(_ region: String) -> Bool? {
        Self.formats[region].map { $0.contains(shape) }
    }

    /// How regions write their postal codes, by shape (the common writings, from each postal
    /// service's format: the UPU's postal addressing pages).
    private static let formats: [String: Set<String>] = {
        let five: Set<String> = ["99999"]
        let four: Set<String> = ["9999"]
        let six: Set<String> = ["999999"]
        // Britain: outward code (A9, A99, AA9, AA99, A9A, AA9A), a space, inward code (9AA).
        let british = Set(["A9", "A99", "AA9", "AA99", "A9A", "AA9A"].flatMap { [$0 + " 9AA", $0 + "9AA"] })
        var formats: [String: Set<String>] = [
            "US": ["99999", "99999-9999"],
            "CA": ["A9A 9A9", "A9A9A9"],
            "GB": british,
            "NL": ["9999 AA", "9999AA"],
            "JP": ["999-9999", "9999999"],
            "BR": ["99999-999", "99999999"],
            "PT": ["9999-999"],
            "PL": ["99-999"],
            "SE": ["999 99", "99999"], "CZ": ["999 99", "99999"], "SK": ["999 99", "99999"], "GR": ["999 99", "99999"],
            "IN": ["999999", "999 999"],
            "CL": ["9999999", "999-9999"],
            "IL": ["9999999"],
            "AR": ["A9999AAA", "9999"],
        ]
        for region in ["DE", "FR", "ES", "IT", "MX", "FI", "KR", "TR", "TH", "MY", "ID", "SA", "UA", "HR", "EG", "MA", "PK"] {
            formats[region] = five
        }
        for region in ["AU", "AT", "CH", "BE", "DK", "NO", "NZ", "ZA", "HU", "PH", "BG", "LU", "CY", "SI"] {
            formats[region] = four
        }
        for region in ["CN", "RU", "SG", "KZ", "BY", "RO", "CO", "EC", "VN", "NG"] {
            formats[region] = six
        }
        return formats
    }()
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
