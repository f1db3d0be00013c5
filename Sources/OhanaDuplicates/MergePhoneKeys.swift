import Ohana
import OhanaPhoneNumbers

extension KeyExtractor {
    /// ``phones(of:)``, handing back the contact's region evidence when it was gathered (to parse
    /// a number), so that a caller that needs it again gathers it once per contact.
    mutating func phones(of contact: Contact, evidence: inout PhoneRegionEvidence?) -> [PhoneKey] {
        withUnsafePointer(to: contact) { phones(at: $0, evidence: &evidence) }
    }
}

/// The numbers one merge resolves: each member's region evidence gathered once, and each number
/// resolved once per distinct (text, evidence, mobile label) in the cluster (near-duplicates
/// mostly carry the same numbers and the same evidence).
struct ClusterPhoneResolutions {
    /// Per member: its evidence, once gathered.
    var evidences: [PhoneRegionEvidence?]
    /// Per member: the place of its evidence in `distinct`, once known.
    private var slots: [Int?]
    /// The cluster's distinct evidences.
    private var distinct: [PhoneRegionEvidence] = []
    /// Numbers resolved: (text, evidence's place, labeled mobile) → E.164.
    private var resolved: [Resolution: String?] = [:]

    private struct Resolution: Hashable {
        var text: String
        var slot: Int
        var labeledMobile: Bool
    }

    init(members: Int) {
        evidences = Array(repeating: nil, count: members)
        slots = Array(repeating: nil, count: members)
    }

    /// Member `m`'s evidence (`contact` is that member), gathered once.
    mutating func evidence(of m: Int, _ contact: Contact, extractor: inout KeyExtractor) -> PhoneRegionEvidence {
        if let known = evidences[m] { return known }
        let evidence = extractor.phoneEvidence(of: contact)
        evidences[m] = evidence
        return evidence
    }

    /// `text` resolved with member `m`'s evidence, as ``KeyExtractor/e164(_:evidence:labeledMobile:)`` resolves it.
    mutating func e164(_ text: String, member m: Int, _ contact: Contact, labeledMobile: Bool, extractor: inout KeyExtractor) -> String? {
        let slot: Int
        if let known = slots[m] {
            slot = known
        } else {
            slot = place(of: evidence(of: m, contact, extractor: &extractor))
            slots[m] = slot
        }
        return e164(text, slot: slot, labeledMobile: labeledMobile, extractor: &extractor)
    }

    /// `text` resolved with `evidence` (one no member gave, such as the default region's alone).
    mutating func e164(_ text: String, evidence: PhoneRegionEvidence, labeledMobile: Bool, extractor: inout KeyExtractor) -> String? {
        e164(text, slot: place(of: evidence), labeledMobile: labeledMobile, extractor: &extractor)
    }

    private mutating func e164(_ text: String, slot: Int, labeledMobile: Bool, extractor: inout KeyExtractor) -> String? {
        let key = Resolution(text: text, slot: slot, labeledMobile: labeledMobile)
        if let known = resolved[key] { return known }
        let e164 = extractor.e164(text, evidence: distinct[slot], labeledMobile: labeledMobile)
        resolved[key] = e164
        return e164
    }

    private mutating func place(of evidence: PhoneRegionEvidence) -> Int {
        if let index = distinct.firstIndex(of: evidence) { return index }
        distinct.append(evidence)
        return distinct.count - 1
    }
}

extension ContactMerger {
    /// The de-duplication keys of the members' phone numbers (E.164 form or digits), by member and
    /// field index (`nil`: no key, as for a number of too few or too many digits).
    ///
    /// Numbers with the same digits are one number. Only numbers whose last digits agree while
    /// their digits differ (`(415) 555-0100` and `+1 415 555 0100`) are parsed to compare them in
    /// E.164: parsing every number would cost more than all the rest of the merge.
    func phoneKeys(_ members: [Contact], resolutions: inout ClusterPhoneResolutions, extractor: inout KeyExtractor) -> [[String?]] {
        let phones = members.indices.map { extractor.phones(of: members[$0], evidence: &resolutions.evidences[$0]) }
        var e164s = phones.map { $0.map(\.e164) }
        // Numbers grouped by their last digits: a cluster has a handful, searched in a list; a
        // group kept together by the user may have many, found through a dictionary.
        var groups: [(trailing: String, entries: [(member: Int, phone: Int)])] = []
        var groupOf: [String: Int]? = phones.reduce(0) { $0 + $1.count } > 32 ? [:] : nil
        for (m, list) in phones.enumerated() {
            for (p, phone) in list.enumerated() {
                let known = groupOf.map { $0[phone.trailing] } ?? groups.firstIndex { $0.trailing == phone.trailing }
                if let g = known {
                    groups[g].entries.append((m, p))
                } else {
                    groupOf?[phone.trailing] = groups.count
                    groups.append((phone.trailing, [(m, p)]))
                }
            }
        }
        let defaultEvidence = PhoneRegionEvidence(defaultRegion: rules.defaultRegion)
        for (_, entries) in groups where entries.count > 1 {
            let first = phones[entries[0].member][entries[0].phone]
            guard entries.contains(where: { phones[$0.member][$0.phone].digits != first.digits || phones[$0.member][$0.phone].isParsed })
            else { continue }
            for entry in entries where !phones[entry.member][entry.phone].isParsed {
                let number = phones[entry.member][entry.phone]
                // A number written with its country code resolves whatever the contact's evidence
                // says (``PhoneNumberResolver``): only the others need the contact's evidence.
                if !resolvesEveryNumberWithEvidence && number.parseInput.utf8.first == UInt8(ascii: "+") {
                    e164s[entry.member][entry.phone] = resolutions.e164(
                        number.parseInput, evidence: defaultEvidence, labeledMobile: number.labeledMobile, extractor: &extractor)
                } else {
                    e164s[entry.member][entry.phone] = resolutions.e164(
                        number.parseInput, member: entry.member, members[entry.member], labeledMobile: number.labeledMobile,
                        extractor: &extractor)
                }
            }
        }
        return members.indices.map { m in
            var keys = [String?](repeating: nil, count: members[m].fields.count)
            // Bare, as ``normalizedKey(of:e164:extractor:)`` makes a number's key.
            for (p, phone) in phones[m].enumerated() { keys[phone.fieldIndex] = e164s[m][p] ?? phone.digits }
            return keys
        }
    }
}
