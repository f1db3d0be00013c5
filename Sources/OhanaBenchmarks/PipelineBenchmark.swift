import ArgumentParser
import Foundation
import Ohana
import OhanaBenchmarkSupport
import OhanaJSON
import OhanaPhoneNumbers
import OhanaSampleData

/// `ohana-bench pipeline`: each core stage on generated address books of growing size, so the
/// figures show how cost grows (every stage must stay at n log n or better).
struct PipelineBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipeline",
        abstract: "Data source and post processors on generated contacts: contacts/s and peak memory per stage and size.")

    @Option(name: .long, parsing: .upToNextOption, help: "Address book sizes to measure.")
    var counts: [Int] = [10_000, 100_000]

    @Option(name: .long, help: "Generator seed.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Region for phone formatting.")
    var region = "US"

    func run() async throws {
        for count in counts {
            let contacts = ContactGenerator(seed: seed).generate(count: count)
            let n = contacts.count
            let en = Locale(identifier: "en_US")
            await measure("pipeline.\(n).load(in-memory provider)", contacts: n) {
                _ = try? await ContactsDataSource(providers: [InMemoryContactsProvider(contacts: contacts)]).load()
            }
            let steps: [any ContactsPostProcessor] = [
                RequiredField(.phoneNumber), RequiredPostalAddress(), ReverseOrder(),
                AlphabeticalSort(.fullName, locale: en), AlphabeticalSort(.firstName, locale: en), AlphabeticalSort(.lastName, locale: en),
                SplitOnFieldType(.phoneNumber), Statistics(),
                Composite(.xor, [RequiredField(.phoneNumber), RequiredField(.emailAddress)]),
                PhoneNumberFormatting(formats: .all, defaultRegion: region),
            ]
            for step in steps {
                try await measure("pipeline.\(n).\(step.name)", contacts: n) { _ = try await step.process(contacts) }
            }
            await measure("pipeline.\(n).search(\"mar\")", contacts: n) { _ = ContactSearch().contacts(in: contacts, matching: "mar") }
            await measure("pipeline.\(n).search(\"555 01\")", contacts: n) { _ = ContactSearch().contacts(in: contacts, matching: "555 01") }
            let json = try await measure("pipeline.\(n).json.encode", contacts: n) { try ContactsJSON.encode(contacts) }
            var written = 0
            try await measure("pipeline.\(n).json.write(streamed, kept nowhere)", contacts: n) {
                try ContactsJSON.write(contacts) { written += $0.count }
            }
            _ = try await measure("pipeline.\(n).json.decode", contacts: n) { try ContactsJSON.decode(json, source: "bench") }
            let source = ContactsDataSource(
                providers: [InMemoryContactsProvider(contacts: contacts)],
                postProcessors: [RequiredField(.phoneNumber), PhoneNumberFormatting(formats: [.e164], defaultRegion: region), AlphabeticalSort(.lastName, locale: en)])
            await measure("pipeline.\(n).full(require phone → E.164 → sort)", contacts: n) { _ = try? await source.load() }
        }
    }
}
