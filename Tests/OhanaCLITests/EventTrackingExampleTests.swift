import Foundation
import OhanaTestSupport
import Testing

@Suite("Event tracking example")
struct EventTrackingExampleTests {
    @Test("the example's two trackers receive the same events")
    func twoTrackersReceiveTheSameEvents() async throws {
        let result = try await CLI.run([], product: "EventTracking")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let printed = lines.filter { $0.hasPrefix("printer: ") }.map { String($0.dropFirst("printer: ".count)) }
        #expect(printed.first == "contacts.provider_loaded")
        #expect(printed.contains("contacts.loaded") && printed.contains("contacts.selected"))
        var counts: [String: Int] = [:]
        for name in printed { counts[name, default: 0] += 1 }
        let expected = "counter: " + counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        #expect(lines.last == expected)
    }
}
