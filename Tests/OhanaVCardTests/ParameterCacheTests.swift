import Foundation
import Ohana
import Testing
@testable import OhanaVCard

/// Parameter lists taken from the cache are what parsing each line on its own gives, warnings
/// included, and a repeated list is parsed once and shared.
@Suite struct ParameterCacheTests {
    /// Parameter texts as clients write them, with ones that warn, ones at and past the cache's 40 bytes,
    /// and ones that differ only in case, order or their last byte.
    static let texts = [
        "TYPE=cell", "TYPE=CELL", "TYPE=home", "TYPE=work", "TYPE=work,fax", "TYPE=iphone,cell", "TYPE=home;CC=US",
        "TYPE=home;CC=DE", "CC=US;TYPE=home", "CC=US", "PREF=1", "TYPE=cell;PREF=1", "HOME;VOICE", "CHARSET=UTF-8",
        "ENCODING=QUOTED-PRINTABLE", "TYPE=", "TYPE=;PREF=1", "=x", ";;TYPE=cell", "TYPE=\"home,work\"",
        "LABEL=\"Ünïcode\"", "X-A=^n^'", "TYPE=cell;X-SERVICE-TYPE=a", "TYPE=cell;X-SERVICE-TYPE=b",
        "TYPE=home;LABEL=123 Main Street", "TYPE=home;LABEL=123 Main Streets", "TYPE=x23456789012345678901",
        "TYPE=x234567890123456789012", "TYPE=\"unbalanced", "", "type=INTERNET;type=HOME;type=pref",
        "type=CELL;type=VOICE;type=pref", "type=INTERNET;type=WORK;type=pref", "TYPE=x2345678901234567890123456789012345",
        "TYPE=x23456789012345678901234567890123456", "TYPE=x234567890123456789012345678901234567",
    ]

    static func line(_ text: String, _ number: Int) -> LogicalLine {
        LogicalLine(bytes: Array("TEL\(text.isEmpty ? "" : ";")\(text):1".utf8)[...], line: number)
    }

    @Test func cachedParametersAreWhatEachLineGivesAlone() throws {
        var cache = ParameterCache()
        var random = SystemRandomNumberGenerator()
        for number in 1...3000 {
            let text = Self.texts.randomElement(using: &random)!
            var alone: [String] = [], cached: [String] = []
            let expected = try ContentLineParser.parse(Self.line(text, number)) { alone.append($0) }
            let found = try ContentLineParser.parse(Self.line(text, number), cache: &cache) { cached.append($0) }
            #expect(found.parameters == expected.parameters, "\(text)")
            #expect(cached == alone, "\(text)")
        }
    }

    @Test func aRepeatedListIsParsedOnceAndShared() throws {
        var cache = ParameterCache()
        let first = try ContentLineParser.parse(Self.line("TYPE=home;CC=US", 1), cache: &cache) { _ in }
        let second = try ContentLineParser.parse(Self.line("TYPE=home;CC=US", 2), cache: &cache) { _ in }
        #expect(first.parameters == [PropertyParameter(name: "TYPE", values: ["home"]), PropertyParameter(name: "CC", values: ["US"])])
        let shared = first.parameters.withUnsafeBufferPointer { a in second.parameters.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress } }
        #expect(shared)
        // A list that warns is parsed (and warns) every time.
        var warnings = 0
        for number in 3...4 { _ = try ContentLineParser.parse(Self.line("TYPE=", number), cache: &cache) { _ in warnings += 1 } }
        #expect(warnings == 2)
    }
}
