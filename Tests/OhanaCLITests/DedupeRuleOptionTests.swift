import Foundation
import OhanaTestSupport
import Testing

/// `ohana dedupe --rule`: rules that can match are accepted, those that never could are refused.
@Suite("ohana dedupe --rule")
struct DedupeRuleOptionTests {
    @Test("--rule with birthday or address is refused with the reason; name+phone and email run", arguments: ["birthday", "name+birthday", "address", "phone+address"])
    func ruleThatCannotMatch(rule: String) async throws {
        let result = try await CLI.run(["dedupe", "Samples/addressbook.vcf", "--dry-run", "--rule", rule])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--rule '\(rule)'"), "\(result.stderr)")
        #expect(result.stderr.contains("only weighed, never enough to merge"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("--rule name+phone and --rule email are accepted")
    func rulesThatCanMatch() async throws {
        let result = try await CLI.run(["dedupe", "Samples/addressbook.vcf", "--dry-run", "--rule", "name+phone", "--rule", "email"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("70 contacts in"), "\(result.stdout)")
    }
}
