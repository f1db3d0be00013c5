import ArgumentParser
import Foundation
import Ohana
import OhanaBenchmarkSupport
import OhanaJSON
import OhanaPhoneNumbers
import OhanaSampleData

/// `ohana-bench phones FILE.json [--region US]`: parsing and formatting every phone number.
///
/// Stage `phones.format4` does the work of ../shared/bench/peers/cpp_libphonenumber_format.cc:
/// parse every phone number with one default region and format it as E.164, international,
/// national and RFC 3966. Ohana's parse also classifies the number (validity, region, type), which
/// the peer does not. A second line gives the peer's extra figures (numbers, parse errors, valid
/// numbers, numbers per second, metadata load time). Stage `phones.postprocess` runs the whole
/// ``PhoneNumberFormatting`` post processor (weighed evidence, details on every field). The last
/// line, `phones.testset`, scores the resolution on ``PhoneNumberTestSet`` (issue #33's adversarial
/// cards with their truth): decided and real numbers right, wrong E.164s, ambiguous numbers,
/// E.164s that are not valid numbers, junk given a number.
struct PhonesBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phones",
        abstract: "Parse every phone number and format it four ways; then the phone formatting post processor.")

    @Argument(help: "A JSON file of contacts written by ContactsJSON (such as `ohana generate --format json`).")
    var file: String

    @Option(help: "Region assumed for numbers written without a country code.")
    var region = "US"

    @Option(help: "First write this many generated contacts (seed 1, as `ohana generate --count N`) to FILE, untimed.")
    var generate: Int?

    func run() async throws {
        // Setup, not timed: read and decode the contacts, collect the phone numbers.
        let url = URL(fileURLWithPath: file)
        if let generate {
            try ContactsJSON.encode(ContactGenerator(seed: 1).generate(count: generate)).write(to: url)
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw PhonesBenchmarkError(description: "cannot read \(file): \(error.localizedDescription)") }
        let contacts: [Contact]
        do { contacts = try ContactsJSON.decode(data, source: file) } catch { throw PhonesBenchmarkError(description: "\(error)") }
        let phones = contacts.flatMap { $0.phoneNumbers.map(\.value) }

        let initStart = ContinuousClock.now
        let utility = PhoneNumberUtility.shared
        let initSeconds = Self.seconds(ContinuousClock.now - initStart)

        struct Formatted { var e164, international, national, rfc3966: String }
        var parseErrors = 0
        var valid = 0
        let start = ContinuousClock.now
        let formatted: [Formatted?] = await measure("phones.format4", contacts: contacts.count) {
            phones.map { text in
                guard let number = try? utility.parse(text, defaultRegion: region) else {
                    parseErrors += 1
                    return nil
                }
                if number.isValid { valid += 1 }
                return Formatted(
                    e164: utility.format(number, as: .e164),
                    international: utility.format(number, as: .international),
                    national: utility.format(number, as: .national),
                    rfc3966: utility.format(number, as: .rfc3966))
            }
        }
        let seconds = Self.seconds(ContinuousClock.now - start)
        let extra: [String: Double] = [
            "tels": Double(phones.count), "parseErrors": Double(parseErrors), "valid": Double(valid),
            "telsPerSecond": seconds > 0 ? Double(phones.count) / seconds : 0, "initSeconds": initSeconds,
            "formatted": Double(formatted.count(where: { $0 != nil })),
        ]
        Self.printLine(stage: "phones.format4.counts", extra)

        let processor = PhoneNumberFormatting(formats: .all, defaultRegion: region)
        let processed = try await measure("phones.postprocess", contacts: contacts.count) {
            try await processor.process(contacts)
        }
        let unparsed = processed.reduce(0) { sum, contact in
            sum + contact.phoneNumbers.count(where: { $0.phoneNumber?.isParsed == false })
        }
        let unresolved = processed.reduce(0) { sum, contact in
            sum + contact.phoneNumbers.count(where: { $0.phoneNumber?.status == .unresolved })
        }
        let ambiguous = processed.reduce(0) { sum, contact in
            sum + contact.phoneNumbers.count(where: { $0.phoneNumber?.status == .ambiguous })
        }
        Self.printLine(stage: "phones.postprocess.counts", [
            "tels": Double(phones.count), "unparsed": Double(unparsed), "unresolved": Double(unresolved),
            "ambiguous": Double(ambiguous), "junk": Double(unparsed - unresolved - ambiguous),
        ])

        let testSet = try await PhoneNumberFormatting(formats: .e164, defaultRegion: PhoneNumberTestSet.defaultRegion)
            .process(PhoneNumberTestSet.contacts)
        let score = PhoneNumberTestSet.score(testSet)
        Self.printLine(stage: "phones.testset", [
            "decided": Double(score.decided), "decidedRight": Double(score.decidedRight), "decidedRate": score.decidedRate,
            "real": Double(score.real), "realRate": score.realRate, "wrong": Double(score.realWrong), "wrongRate": score.wrongRate,
            "ambiguous": Double(score.ambiguous), "invalidNumbered": Double(score.invalidNumbered), "invalidRate": score.invalidRate,
            "junk": Double(score.junk), "junkWithNumber": Double(score.junkWithNumber),
        ])
    }

    private static func seconds(_ duration: Duration) -> Double {
        duration.inSeconds
    }

    /// Prints extra figures of a stage as one JSON line with sorted keys.
    private static func printLine(stage: String, _ figures: [String: Double]) {
        var object: [String: Any] = ["tool": "ohana-swift", "stage": stage]
        for (key, value) in figures { object[key] = value.rounded() == value && abs(value) < 1e15 ? Int(value) as Any : value }
        if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
            print(String(decoding: data, as: UTF8.self))
        }
    }
}

/// A one-line failure of the phones benchmark (printed without the usage text).
private struct PhonesBenchmarkError: Error, CustomStringConvertible {
    var description: String
}
