/// A contact's ``Contact/provenance`` as it is stored: nearly every contact has exactly one record
/// (the provider and record it was read from), which is kept inline instead of in an array of its
/// own (an array of one record is a 96-byte block on the heap and one more allocation per contact).
///
/// Always normalized (one record is in `single`, two or more in `several`), so that the synthesized
/// equality and hashing of ``Contact`` compare the records, not how they are held.
package struct ProvenanceRecords: RandomAccessCollection, Hashable, Sendable {
    private var single: Provenance?
    private var several: [Provenance]?

    /// No record.
    package static var none: ProvenanceRecords { ProvenanceRecords(single: nil, several: nil) }

    /// Exactly one record.
    package static func one(_ record: Provenance) -> ProvenanceRecords {
        ProvenanceRecords(single: record, several: nil)
    }

    /// Exactly one record, made in place from its parts (a record handed in would be copied).
    package init(providerID: String, record: IdentifierText?) {
        single = Provenance(providerID: providerID, record: record)
        several = nil
    }

    private init(single: Provenance?, several: [Provenance]?) {
        self.single = single
        self.several = several
    }

    /// Stores `records`.
    package init(_ records: [Provenance]) {
        switch records.count {
        case 0: self = .none
        case 1: self = .one(records[0])
        default: self.init(single: nil, several: records)
        }
    }

    /// The records as an array (allocated for a single record).
    package var array: [Provenance] {
        if let single { return [single] }
        return several ?? []
    }

    /// The first position.
    package var startIndex: Int { 0 }

    /// The position after the last record. O(1).
    package var endIndex: Int { single != nil ? 1 : several?.count ?? 0 }

    /// The record at `position`. O(1).
    package subscript(position: Int) -> Provenance {
        if let single {
            precondition(position == 0, "no provenance record at \(position)")
            return single
        }
        guard let several else { preconditionFailure("no provenance record at \(position)") }
        return several[position]
    }
}
