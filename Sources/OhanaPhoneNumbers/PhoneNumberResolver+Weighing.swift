import CPhoneNumberShim
import Ohana

extension PhoneNumberResolver {
    /// How far the likeliest region must lead the next one for a number to be resolved to it.
    static let winningMargin = 2

    /// One reading of a number: the number libphonenumber found when reading it in `region`.
    private struct Reading {
        /// The number read.
        var raw: ohpn_number
        /// The region it was read in.
        var region: String
        /// Whether it was read after the region's international prefix (so its country is its own).
        var afterExitCode: Bool
        /// The evidence that names the region, strongest first, and its weight.
        var sources: [PhoneRegionSource]
        var weight: Int
        /// How it is written compared with the region's forms; `nil` until compared.
        var writing: PhoneWritingMatch?

        var score: Int { weight + (writing?.points ?? 0) }

        /// Whether two readings are the same number (read in two regions that share a country code).
        func isSameNumber(as other: Reading) -> Bool {
            raw.country_code == other.raw.country_code && raw.national_number == other.raw.national_number
                && raw.italian_leading_zero == other.raw.italian_leading_zero
                && raw.number_of_leading_zeros == other.raw.number_of_leading_zeros
        }
    }

    /// Resolves one number in the weighed regions of its contact's evidence (worked out once a
    /// contact, not once a number).
    mutating func resolve(
        _ text: String, regions: [(region: String, sources: [PhoneRegionSource], weight: Int)], defaultRegion: String,
        labeledMobile: Bool = false
    ) -> PhoneNumberDetails {
        let written = WrittenPhoneNumber(text)
        if written.hasPlus {
            if let raw = parse(text, region: "ZZ"), raw.is_valid || isPossible(raw) {
                return details(text, raw, region: nil, source: .countryCode)
            }
            return unresolved(written, reason: "not a valid number for the country code it is written with")
        }
        if written.digitCount == 0 { return junk("not a phone number") }
        if written.digitCount < 5 && written.wordLetterCount == 0 { return junk("too few digits for a phone number") }
        if written.isOnlyZeros { return junk("only zeros, not a phone number") }
        var readings: [Reading] = []
        // Whether a region of the evidence reads the number after its own international prefix
        // (Australia's `0011`, which `00` would misread): then `00` is not read on its own.
        var readAfterExitCode = false
        for (position, (region, sources, weight)) in regions.enumerated() {
            if position > 0, readings.count == 1,
               let settled = settledWithout(regions[position...], text, written, readings[0], defaultRegion: defaultRegion) {
                return settled
            }
            guard let raw = parse(text, region: region) else { continue }
            let afterExitCode = raw.country_code_source == Int32(OHPN_SOURCE_IDD.rawValue)
            readAfterExitCode = readAfterExitCode || afterExitCode
            // Letters stand for keypad digits in North America's vanity numbers (`1-800-FLOWERS`);
            // elsewhere a number with words (`(555) CALL-NOW`) is not read as one.
            guard raw.is_valid, written.wordLetterCount < 3 || raw.country_code == 1 else { continue }
            // The default region's international prefix, and North America's `011` wherever the
            // evidence names a North American region, are certain: the country code decides.
            if afterExitCode, region == defaultRegion || PhoneNumberUtility.shared.countryCode(forRegion: region) == 1 {
                return details(text, raw, region: nil, source: .countryCode)
            }
            let reading = Reading(raw: raw, region: region, afterExitCode: afterExitCode, sources: sources, weight: weight)
            if let same = readings.firstIndex(where: { $0.isSameNumber(as: reading) }) {
                readings[same].weight += weight
                readings[same].sources += sources.filter { !readings[same].sources.contains($0) }
            } else {
                readings.append(reading)
            }
        }
        // After `00`: an international number wherever the caller is.
        if !readAfterExitCode, let digits = written.afterDoubleZero, let reading = international(digits, tail: written.tail),
           reading.raw.is_valid {
            return details(reading.text, reading.raw, region: nil, source: .countryCode)
        }
        guard !readings.isEmpty else {
            // No region of the evidence makes it valid.
            let tried = regions.map { Self.describe($0.region, $0.sources) }
            let reason = tried.isEmpty ? "no region to read it in" : "not valid in " + tried.joined(separator: " nor ")
            return unresolved(written, reason: reason)
        }
        let shape = PhoneWritingShape(text[..<(written.tail.isEmpty ? text.endIndex : written.tail.startIndex)])
        if readings.count == 1 {
            // Only the default region places it: a region that writes numbers as it is written, or
            // where a number labeled mobile is a mobile number, may contest it. The details are
            // needed either way, and hold the forms the writing is compared with (when asked for).
            let result = resolved(text, readings[0], candidates: nil)
            guard readings[0].sources == [.defaultRegion], !readings[0].afterExitCode else { return result }
            var rivals: [Reading] = []
            if shape.groups.count > 1 {
                let home = writing(of: readings[0], shape, national: result.national, international: result.international)
                readings[0].writing = home
                if home == .none { rivals = rivalsByWriting(text, shape, defaultRegion: defaultRegion) }
            }
            if rivals.isEmpty, labeledMobile { rivals = rivalsByMobileLabel(text, defaultRegion: defaultRegion) }
            guard !rivals.isEmpty else { return result }
            readings += rivals
        }
        // Several regions make it valid: how it is written weighs too.
        var candidates: [PhoneRegionCandidate] = []
        for index in readings.indices where readings[index].writing == nil {
            readings[index].writing = readings[index].afterExitCode ? PhoneWritingMatch.none : writing(of: readings[index], shape)
        }
        // Stable: equal scores keep the order of the evidence.
        readings = readings.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }.map(\.element)
        for reading in readings {
            var raw = reading.raw
            candidates.append(PhoneRegionCandidate(
                region: reading.region, e164: PhoneNumberUtility.shared.render(&raw, as: .e164),
                evidence: reading.sources, writing: reading.writing ?? .none, score: reading.score))
        }
        // A region no evidence names (only its way of writing, or a mobile label) never wins.
        let named = readings[0].sources.contains { $0 != .mobileLabel }
        if readings[0].score - readings[1].score >= Self.winningMargin, named {
            return resolved(text, readings[0], candidates: candidates)
        }
        let close = !named ? candidates[...] : candidates.prefix { readings[0].score - $0.score < Self.winningMargin }
        return PhoneNumberDetails(
            isParsed: false, isValid: false,
            problem: "valid in " + close.map(\.explanation).joined(separator: " and ") + ": no region clearly wins",
            status: .ambiguous, candidates: candidates)
    }

    /// How `text` is written compared with `region`'s national and international forms of the
    /// number it is there; ``PhoneWritingMatch/none`` when it is no valid national number there.
    public static func writingMatch(of text: String, in region: String) -> PhoneWritingMatch {
        let utility = PhoneNumberUtility.shared
        guard case .success(var raw) = utility.rawParse(text, defaultRegion: region, withType: false), raw.is_valid,
              raw.country_code_source != Int32(OHPN_SOURCE_IDD.rawValue) else { return .none }
        let written = WrittenPhoneNumber(text)
        let shape = PhoneWritingShape(text[..<(written.tail.isEmpty ? text.endIndex : written.tail.startIndex)])
        return shape.match(national: utility.render(&raw, as: .national)) { utility.render(&raw, as: .international) }
    }

    /// The details of the one reading found when the regions left (lighter evidence, heaviest
    /// first) cannot change the outcome, so that they need not be read: none can come within the
    /// winning margin even written exactly as there, and none can read the number after an
    /// international prefix that decides (the default region's, North America's `011`). `nil` when
    /// they might. Reading a region costs a parse; comparing the writing costs at most two renders,
    /// taken from the details when they hold them, and only when the lead needs the writing's points.
    private mutating func settledWithout(
        _ left: ArraySlice<(region: String, sources: [PhoneRegionSource], weight: Int)>, _ text: String,
        _ written: WrittenPhoneNumber, _ reading: Reading, defaultRegion: String
    ) -> PhoneNumberDetails? {
        guard let strongest = left.first?.weight, reading.weight - strongest >= Self.winningMargin,
              !reading.afterExitCode, written.afterDoubleZero == nil else { return nil }
        for (region, _, _) in left {
            let info = prefixInfo(of: region)
            guard region == defaultRegion || info.isNorthAmerican else { continue }
            guard let prefix = info.prefix, !written.leadingDigits.starts(with: prefix) else { return nil }
        }
        // The points the writing must bring for the lead to hold against a region written exactly as there.
        let needed = strongest + PhoneWritingMatch.groupingAndSeparators.points + Self.winningMargin - reading.weight
        let result = resolved(text, reading, candidates: nil)
        guard needed > 0 else { return result }
        let shape = PhoneWritingShape(text[..<(written.tail.isEmpty ? text.endIndex : written.tail.startIndex)])
        let writing = writing(of: reading, shape, national: result.national, international: result.international)
        return writing.points >= needed ? result : nil
    }

    /// The details of the reading that won.
    private mutating func resolved(_ text: String, _ reading: Reading, candidates: [PhoneRegionCandidate]?) -> PhoneNumberDetails {
        let ownCode = reading.raw.country_code_source != Int32(OHPN_SOURCE_DEFAULT_COUNTRY.rawValue)
        var result = details(
            text, reading.raw, region: ownCode ? nil : reading.region, source: ownCode ? .countryCode : reading.sources[0])
        result.candidates = candidates
        return result
    }

    /// Regions whose way of writing numbers is distinct and common in address books, tried when
    /// only the default region places a number (`(718) 285-1598` is valid in Germany too).
    static let distinctWritingRegions = ["US", "GB", "FR", "DE", "IT", "ES", "MX", "BR", "JP", "CN", "IN", "RU", "AU", "NL", "KR"]

    /// Readings in ``distinctWritingRegions`` (of another country code than the default region's)
    /// where the number is valid and grouped as there, while it is not grouped as the default
    /// region groups it: they name no evidence, so they never win, but the number is then not the
    /// default region's either. Empty when the number is grouped as the default region groups it.
    private mutating func rivalsByWriting(_ text: String, _ shape: PhoneWritingShape, defaultRegion: String) -> [Reading] {
        let utility = PhoneNumberUtility.shared
        let homeCode = utility.countryCode(forRegion: defaultRegion)
        var rivals: [Reading] = []
        for region in Self.distinctWritingRegions where utility.countryCode(forRegion: region) != homeCode {
            guard var other = parse(text, region: region), other.is_valid,
                  other.country_code_source == Int32(OHPN_SOURCE_DEFAULT_COUNTRY.rawValue) else { continue }
            let writing = shape.match(national: utility.render(&other, as: .national)) { utility.render(&other, as: .international) }
            guard writing != .none else { continue }
            rivals.append(Reading(raw: other, region: region, afterExitCode: false, sources: [], weight: 0, writing: writing))
        }
        return rivals
    }

    /// Readings in ``distinctWritingRegions`` (of another country code than the default region's)
    /// where a number labeled mobile is a valid mobile number, while the default region reads it as
    /// a fixed line (`07950 660690`, a British mobile, is a landline in Germany). Like rivals by
    /// writing they never win; the number is then not the default region's either. Empty where the
    /// default region does not tell mobiles from landlines (North America).
    private func rivalsByMobileLabel(_ text: String, defaultRegion: String) -> [Reading] {
        let utility = PhoneNumberUtility.shared
        let homeCode = utility.countryCode(forRegion: defaultRegion)
        guard homeCode != 1, case .success(let home) = utility.rawParse(text, defaultRegion: defaultRegion),
              PhoneNumberType(shimValue: home.type) == .fixedLine else { return [] }
        var rivals: [Reading] = []
        for region in Self.distinctWritingRegions where utility.countryCode(forRegion: region) != homeCode {
            guard case .success(let other) = utility.rawParse(text, defaultRegion: region), other.is_valid,
                  other.country_code_source == Int32(OHPN_SOURCE_DEFAULT_COUNTRY.rawValue),
                  PhoneNumberType(shimValue: other.type) == .mobile else { continue }
            rivals.append(Reading(raw: other, region: region, afterExitCode: false, sources: [.mobileLabel], weight: 0))
        }
        return rivals
    }

    /// How `shape` compares with the reading's national and international forms, rendered unless
    /// given (a resolved number's details hold them when its formats include both).
    private func writing(
        of reading: Reading, _ shape: PhoneWritingShape, national: String? = nil, international: String? = nil
    ) -> PhoneWritingMatch {
        let utility = PhoneNumberUtility.shared
        var raw = reading.raw
        return shape.match(national: national ?? utility.render(&raw, as: .national)) {
            international ?? utility.render(&raw, as: .international)
        }
    }

    /// A region with the evidence that names it, such as `AE (address)`.
    private static func describe(_ region: String, _ sources: [PhoneRegionSource]) -> String {
        "\(region) (\(sources.map(\.shortExplanation).joined(separator: ", ")))"
    }
}
