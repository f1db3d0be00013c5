import Foundation
import Ohana
import OhanaPhoneNumbers

/// The phone numbers of one contact in an explained match: its region evidence gathered once,
/// each number resolved once (an explanation asks for a number's E.164 form and its region's source
/// several times). The contact is read in place, through a pointer into the book.
struct ExplainedPhones {
    let contact: UnsafePointer<Contact>
    private var evidence: PhoneRegionEvidence?
    private var resolved: [(fieldIndex: Int, details: PhoneNumberDetails)] = []

    init(contact: UnsafePointer<Contact>) {
        self.contact = contact
    }

    /// The resolution of `key`'s number with the contact's evidence, as ``KeyExtractor/parse(_:of:)`` makes it.
    private mutating func details(of key: PhoneKey, _ extractor: inout KeyExtractor) -> PhoneNumberDetails {
        if let known = resolved.first(where: { $0.fieldIndex == key.fieldIndex }) { return known.details }
        let details: PhoneNumberDetails
        if Self.isWrittenWithPlus(key.parseInput) {
            // A number written with its country code is read by it alone: the contact's evidence
            // (its addresses, other numbers, email domains) is not gathered for it.
            details = extractor.phoneResolver.resolve(
                key.parseInput, evidence: PhoneRegionEvidence(defaultRegion: extractor.rules.defaultRegion), labeledMobile: key.labeledMobile)
        } else {
            if evidence == nil { evidence = extractor.phoneEvidence(of: contact.pointee) }
            details = extractor.phoneResolver.resolve(key.parseInput, evidence: evidence!, labeledMobile: key.labeledMobile)
        }
        resolved.append((key.fieldIndex, details))
        return details
    }

    /// Whether `text` is ASCII and its first character other than a space or tab is `+`: then the
    /// resolver reads it by its country code, whatever the evidence.
    static func isWrittenWithPlus(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), utf8[first] == UInt8(ascii: "+") else { return false }
        return utf8.allSatisfy { $0 < 0x80 }
    }

    /// ``KeyExtractor/parse(_:of:)`` of `key`.
    mutating func e164(of key: PhoneKey, _ extractor: inout KeyExtractor) -> String? {
        key.isParsed ? key.e164 : details(of: key, &extractor).e164
    }

    /// The evidence that decided the country of `key`'s number (as recorded when the phone
    /// formatting post processor resolved it, else from the one resolution), `nil` when unresolved.
    mutating func regionSource(of key: PhoneKey, _ extractor: inout KeyExtractor) -> PhoneRegionSource? {
        if let details = contact.pointee.fields[key.fieldIndex].phoneNumber, details.status == .resolved, let source = details.regionSource {
            return source
        }
        return details(of: key, &extractor).regionSource
    }
}

extension DuplicateMerging {
    /// The report of a detection: clusters with their explained matches, and what was not merged.
    /// Without `explaining`, the clusters list their contacts and names only, and no match (not
    /// merged, or refused by an override) is listed: nothing is explained.
    ///
    /// The detection is consumed: its key tables and the matches not listed are freed once the
    /// matches are explained, before the clusters are made.
    func report(_ detection: consuming Detection, contacts: [Contact], explaining: Bool = true) -> DuplicateReport {
        guard explaining else { return unexplainedReport(detection, contacts: contacts) }
        // Matches not merged: the first of each reason are listed (and explained), the rest only
        // counted. A million-card book has hundreds of thousands (households, namesakes at one
        // address, weak evidence); explaining them all took most of the analysis and its memory.
        let clock = ContinuousClock.now
        var rejected: [(edge: Edge, reason: Rejection)] = []
        // Counted by the reason's place in `reasonKinds`: no string hashed per match not merged.
        var seen = [Int](repeating: 0, count: Self.reasonKinds.count)
        var unlistedByKind = [Int](repeating: 0, count: Self.reasonKinds.count)
        for rejection in detection.rejected {
            let kind = Self.reasonIndex(rejection.reason)
            seen[kind] += 1
            if seen[kind] > Self.listedRejectedMatchesPerReason {
                unlistedByKind[kind] += 1
                continue
            }
            rejected.append(rejection)
        }
        // The matches not listed are freed before the others are explained, and the memory
        // detection freed handed back: in a heap left in pieces by its millions of small blocks,
        // each larger block asked for (libphonenumber's regular expressions ask for one per
        // number read) sorted through the free ones first, most of the explaining's time.
        detection.rejected = []
        releaseFreedMemory()
        var unlistedByReason: [String: Int] = [:]
        for (kind, count) in zip(Self.reasonKinds, unlistedByKind) where count > 0 { unlistedByReason[kind] = count }
        let unlisted = unlistedByKind.reduce(0, +)
        let refusedCount = detection.refused.count
        let matches = explained(detection.refused + rejected.map(\.edge), contacts, detection.tables)
        let clusters = explainedClusters(detection.unions, roots: detection.roots, contacts, detection.tables)
        detection.tables = KeyTables(entries: [], pool: [], counts: [])
        duplicatesLogger.debug("duplicate report: matches explained", metadata: [
            "contacts": "\(contacts.count)", "matches": "\(detection.unions.count + matches.count)", "seconds": secondsSince(clock)])
        let merged = clusters.reduce(0) { $0 + $1.contactIDs.count - 1 }
        let (oversized, shared) = widelySharedValues(detection, contacts)
        let rejectedMatches = zip(rejected, matches.dropFirst(refusedCount)).map { rejection, match in
            RejectedMatch(match: match, reason: reason(rejection.reason, contacts))
        }
        return DuplicateReport(
            contactsIn: contacts.count, contactsOut: contacts.count - merged, clusters: clusters,
            refusedMatches: Array(matches.prefix(refusedCount)), oversizedBlocks: oversized,
            comparedPairs: detection.comparedPairs, rejectedMatches: rejectedMatches, sharedValues: shared,
            unlistedRejectedMatches: unlisted, unlistedRejectedMatchesByReason: unlistedByReason)
    }

    /// ``report(_:contacts:explaining:)`` without explanations: the clusters (grouped as the
    /// explained ones are, ``ClusterGrouping``), the oversized blocks and shared values.
    private func unexplainedReport(_ detection: Detection, contacts: [Contact]) -> DuplicateReport {
        let grouping = ClusterGrouping(unions: detection.unions, roots: detection.roots)
        let clusters = (0..<grouping.count).map { cluster in
            let members = grouping.members(of: cluster)
            return DuplicateCluster(contactIDs: members.map { contacts[Int($0)].id }, names: members.map { contacts[Int($0)].fullName }, matches: [])
        }
        let merged = clusters.reduce(0) { $0 + $1.contactIDs.count - 1 }
        let (oversized, shared) = widelySharedValues(detection, contacts)
        return DuplicateReport(
            contactsIn: contacts.count, contactsOut: contacts.count - merged, clusters: clusters, oversizedBlocks: oversized,
            comparedPairs: detection.comparedPairs, sharedValues: shared)
    }

    /// The oversized blocks and the values too widely shared to be evidence, each with its value written out.
    private func widelySharedValues(_ detection: Detection, _ contacts: [Contact]) -> (oversized: [OversizedBlock], shared: [SharedValue]) {
        var state = Explaining(extractor: KeyExtractor(rules: rules))
        let oversized = detection.oversized.map { block in
            OversizedBlock(kind: block.kind, value: blockValue(block.kind, hash: block.hash, block.member, contacts, &state), size: block.size)
        }
        let shared = detection.shared.map { value in
            SharedValue(kind: value.kind, value: blockValue(value.kind, hash: value.hash, value.member, contacts, &state), contacts: value.size)
        }
        return (oversized, shared)
    }

    /// The rule name of a match between cards equal on everything they hold.
    static let identicalCardsRule = "identical cards"

    /// How many matches not merged a report lists for each reason (``reasonKind(_:)``).
    static let listedRejectedMatchesPerReason = 2_000

    /// The reason a match was not merged, in short: the key of ``DuplicateReport/unlistedRejectedMatchesByReason``.
    static func reasonKind(_ rejection: Rejection) -> String {
        reasonKinds[reasonIndex(rejection)]
    }

    /// Every ``reasonKind(_:)``, in the order of ``reasonIndex(_:)``.
    static let reasonKinds = ["names of two people", "clusters of two people", "evidence too weak", "cluster too large"]

    /// The place of `rejection`'s ``reasonKind(_:)`` in ``reasonKinds``.
    static func reasonIndex(_ rejection: Rejection) -> Int {
        switch rejection {
        case .namesConflict: 0
        case .incoherent: 1
        case .tooWeak: 2
        case .clusterTooLarge: 3
        }
    }

    private func reason(_ rejection: Rejection, _ contacts: [Contact]) -> String {
        switch rejection {
        case .namesConflict: return "names of two people"
        case .tooWeak: return "evidence too weak: under \(MatchWeights.format(rules.minimumMatchWeight)) with counter evidence"
        case .clusterTooLarge: return "the cluster would exceed \(rules.maximumClusterSize) contacts"
        case .incoherent(let a, let b):
            let first = contacts[Int(a)]
            let second = contacts[Int(b)]
            return "the clusters would hold '\(first.fullName)' [\(first.id)] and '\(second.fullName)' [\(second.id)], names of two people"
        }
    }

    /// `edge` explained: its rule, its evidence with their weights, and its score. The contacts are
    /// read in place at `base`, their keys and numbers' resolutions kept in `state` for their other matches.
    func match(_ edge: Edge, _ base: UnsafePointer<Contact>, _ tables: KeyTables, _ state: inout Explaining) -> DuplicateMatch {
        let a = Int(edge.first)
        let b = Int(edge.second)
        guard edge.rule >= 0 || edge.rule == Edge.identicalCards else {
            return DuplicateMatch(first: base[a].id, second: base[b].id, rule: "kept together", evidence: [])
        }
        let rule = edge.rule == Edge.identicalCards ? Self.identicalCardsRule : rules.rules[Int(edge.rule)].name
        let slotA = state.slot(a, base)
        let slotB = state.slot(b, base)
        var phonesA = state.phones(at: slotA)
        var phonesB = state.phones(at: slotB)
        // A rule that needs the name matched two names one typo apart where their forms differ.
        let nameRequired = edge.rule >= 0 && rules.rules[Int(edge.rule)].requirements.contains(.name)
        var evidence = explain(a, b, state.keys(at: slotA), state.keys(at: slotB), &phonesA, &phonesB, base, tables,
                               nameRequired: nameRequired, extractor: &state.extractor)
        state.setPhones(phonesA, at: slotA)
        state.setPhones(phonesB, at: slotB)
        evidence += OtherEvidence.values(base + a, base + b, rules: rules, extractor: &state.extractor)
        let score = evidence.reduce(0) { $0 + ($1.weight ?? 0) }
        return DuplicateMatch(first: base[a].id, second: base[b].id, rule: rule, evidence: evidence,
                              score: (score * 10).rounded() / 10)
    }

    private func blockValue(_ kind: DuplicateEvidence, hash: UInt64, _ member: Int, _ contacts: [Contact], _ state: inout Explaining) -> String {
        contacts.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            state.forget()
            defer { state.forget() }
            let slot = state.slot(member, base)
            let keys = state.keys(at: slot)
            switch kind {
            case .name: return keys.nameForms.first { stableHash($0) == hash }.map { String($0.dropFirst(2)) } ?? keys.displayName
            case .email: return keys.emails.first { stableHash($0.normalized) == hash }?.normalized ?? ""
            case .organization: return keys.organization ?? ""
            case .birthday, .address: return ""
            case .phone:
                guard let phone = keys.phones.first(where: { stableHash($0.trailing) == hash || $0.e164.map(stableHash) == hash }) else { return "" }
                return state.extractor.parse(phone, at: base + member) ?? phone.written
            }
        }
    }

    /// Every kind of evidence two contacts share, with its weight and how many contacts carry it:
    /// phone, email, name, organization.
    private func explain(_ a: Int, _ b: Int, _ keysA: ContactKeys, _ keysB: ContactKeys,
                         _ phonesA: inout ExplainedPhones, _ phonesB: inout ExplainedPhones, _ base: UnsafePointer<Contact>,
                         _ tables: KeyTables, nameRequired: Bool, extractor: inout KeyExtractor) -> [MatchedValue] {
        let ea = tables.entries[a]
        let eb = tables.entries[b]
        var values: [MatchedValue] = []
        // Phone: the heaviest shared number.
        var bestPhone: MatchedValue?
        for (ka, pa) in keysA.phones.enumerated() where ka < Int(ea.phoneCount) {
            let slot = Int(ea.start) + Int(ea.nameCount) + 2 * ka
            let count = Int(max(tables.counts[slot], tables.counts[slot + 1]))
            for pb in keysB.phones where pa.trailing == pb.trailing || (pa.e164 != nil && pa.e164 == pb.e164) {
                // Written with the same digits, neither read yet: one number, as the merge keeps
                // it and as detection weighs it with the names, whatever each card's evidence would
                // make of it; not resolved (most matched numbers, each a libphonenumber parse).
                let sameDigits = !pa.isParsed && !pb.isParsed && pa.digits == pb.digits
                // Numbers are parsed lazily: tell an exact match from one in the last digits now.
                let e164 = sameDigits ? nil : phonesA.e164(of: pa, &extractor)
                let exact = sameDigits || (e164 != nil && e164 == phonesB.e164(of: pb, &extractor))
                let weight = MatchWeights.phone(count: count, loose: !exact)
                guard bestPhone.map({ weight > $0.weight ?? 0 }) ?? true else { continue }
                var notes: [String] = []
                if !exact { notes.append("last \(rules.matchingTrailingDigits) digits") }
                if sameDigits { notes.append("same digits") }
                if exact, !sameDigits, let sa = phonesA.regionSource(of: pa, &extractor), let sb = phonesB.regionSource(of: pb, &extractor) {
                    // Which evidence decided each side's country (issue #11: explanations show it).
                    notes.append(sa == sb ? "country by \(sa.explanation)" : "country by \(sa.explanation) ~ \(sb.explanation)")
                }
                if count > 1 { notes.append("\(count) names carry it") }
                let shown = exact ? e164 : nil
                bestPhone = MatchedValue(kind: .phone, first: shown ?? pa.written, second: shown ?? pb.written,
                                         note: notes.isEmpty ? nil : notes.joined(separator: ", "), weight: weight, count: count)
            }
        }
        if let bestPhone { values.append(bestPhone) }
        // Email: the heaviest shared address.
        var bestEmail: MatchedValue?
        for (ka, address) in keysA.emails.enumerated() where ka < Int(ea.emailCount) {
            let slot = ea.emailSlots.lowerBound + ka
            let count = Int(tables.counts[slot])
            for (kb, other) in keysB.emails.enumerated() where kb < Int(eb.emailCount) && address.normalized == other.normalized {
                let isRole = ea.roleEmails & (1 << UInt32(ka)) != 0 || eb.roleEmails & (1 << UInt32(kb)) != 0
                let weight = MatchWeights.email(count: count, isRole: isRole)
                guard bestEmail.map({ weight > $0.weight ?? 0 }) ?? true else { continue }
                var notes: [String] = []
                if address.written != other.written {
                    notes.append(address.written.lowercased() == other.written.lowercased() ? "case" : "provider rules")
                }
                if isRole { notes.append("role address") }
                if count > 1 { notes.append("\(count) names carry it") }
                bestEmail = MatchedValue(kind: .email, first: address.written, second: other.written,
                                         note: notes.isEmpty ? nil : notes.joined(separator: ", "), weight: weight, count: count)
            }
        }
        if let bestEmail { values.append(bestEmail) }
        values.append(nameEvidence(ea, tables.entries[b], keysA, keysB, base + a, base + b, tables, nameRequired: nameRequired,
                                   extractor: &extractor))
        if ea.organization != 0 && ea.organization == eb.organization && !ea.isOrganizationOnly {
            let organizationA = base[a].organization
            let organizationB = base[b].organization
            values.append(MatchedValue(kind: .organization, first: organizationA ?? "", second: organizationB ?? "",
                                       note: organizationA == organizationB ? nil : "case and accents",
                                       weight: MatchWeights.organization))
        }
        return values
    }

    private func nameEvidence(_ ea: CompactKeys, _ eb: CompactKeys, _ a: ContactKeys, _ b: ContactKeys,
                              _ ca: UnsafePointer<Contact>, _ cb: UnsafePointer<Contact>,
                              _ tables: KeyTables, nameRequired: Bool, extractor: inout KeyExtractor) -> MatchedValue {
        if NameGeneration.conflict(ea.generation, eb.generation) {
            let note = "two people: \(NameGeneration.name(ea.generation)) and \(NameGeneration.name(eb.generation))"
            return MatchedValue(kind: .name, first: a.displayName, second: b.displayName, note: note, weight: MatchWeights.conflictingName)
        }
        // Two or three forms a name: compared in place, no set built.
        if a.nameForms.contains(where: b.nameForms.contains) {
            let count = Int(tables.counts[Int(ea.start)])
            var note = nameNote(a, b, ca, cb)
            let weight = Double(min(ea.nameWeight, eb.nameWeight))
            if count > 2 { note = (note.map { $0 + ", " } ?? "") + "\(count) contacts have it" }
            if weight < MatchWeights.sameName(count: Double(count)) - 0.05 { note = (note.map { $0 + ", " } ?? "") + "common words" }
            return MatchedValue(kind: .name, first: a.displayName, second: b.displayName, note: note,
                                weight: weight, count: count)
        }
        let signatureA = NameSignature(ca.pointee, extractor: &extractor)
        let signatureB = NameSignature(cb.pointee, extractor: &extractor)
        if nameRequired && signatureA.differsByOneTypo(from: signatureB, nicknames: rules.nicknames, wordCounts: tables.wordCounts) {
            let weight = MatchWeights.typoName(sameName: Double(min(ea.nameWeight, eb.nameWeight)))
            return MatchedValue(kind: .name, first: a.displayName, second: b.displayName, note: "one typo", weight: weight)
        }
        let relation = signatureA.relation(to: signatureB, nicknames: rules.nicknames, wordCounts: tables.wordCounts)
        let (weight, note): (Double, String) = switch relation {
        case .same: (Double(min(ea.nameWeight, eb.nameWeight)), "same words")
        case .compatible: (MatchWeights.compatibleName, "compatible: initial, nickname or typo")
        case .missing: (MatchWeights.missingName, "one card has no name")
        case .conflicting: (MatchWeights.conflictingName, "two people")
        }
        return MatchedValue(kind: .name, first: a.displayName, second: b.displayName, note: note, weight: weight)
    }

    private func nameNote(_ a: ContactKeys, _ b: ContactKeys, _ ca: UnsafePointer<Contact>, _ cb: UnsafePointer<Contact>) -> String? {
        let nameA = [ca.pointee.givenName, ca.pointee.familyName].compactMap { $0 }.joined(separator: " ")
        let nameB = [cb.pointee.givenName, cb.pointee.familyName].compactMap { $0 }.joined(separator: " ")
        var notes: [String] = []
        if a.isOrganizationOnly { notes.append("organization") }
        let literal = a.literalNameForms.contains(where: b.literalNameForms.contains)
        if !literal { notes.append("nickname") }
        let scriptA = nameA.unicodeScalars.contains { $0.value >= 0x250 }
        let scriptB = nameB.unicodeScalars.contains { $0.value >= 0x250 }
        if scriptA != scriptB { notes.append("script") }
        else if a.displayName == b.displayName && nameA != nameB && nameA.lowercased() != nameB.lowercased()
            && (ca.pointee.givenName == nil) == (cb.pointee.givenName == nil) {
            notes.append("accents")
        } else if a.displayName == b.displayName && nameA != nameB && nameA.lowercased() == nameB.lowercased() {
            notes.append("case")
        }
        if literal && a.displayName != b.displayName && !notes.contains("script") {
            let sortedA = a.displayName.split(separator: " ").sorted()
            let sortedB = b.displayName.split(separator: " ").sorted()
            notes.append(sortedA == sortedB ? "word order" : "spacing")
        }
        return notes.isEmpty ? nil : notes.joined(separator: ", ")
    }
}
