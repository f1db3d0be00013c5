import Foundation
import Ohana

extension ContactRevision {
    /// The revision's stored form (JSON, the contacts with their photos), the same in every backend.
    package func encodedForStore() throws -> Data {
        try ContactCodec().encoder.encode(self)
    }

    /// A revision from its stored form, numbered `number`.
    package static func decodedFromStore(_ data: Data, number: Int64) throws -> ContactRevision {
        do {
            var revision = try ContactCodec().decoder.decode(ContactRevision.self, from: data)
            revision.number = number
            return revision
        } catch {
            throw ContactStoreError.corruptRecord(id: nil, reason: "revision \(number): \(error)")
        }
    }
}
