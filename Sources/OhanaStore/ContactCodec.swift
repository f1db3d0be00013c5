import Foundation
import Ohana
import OhanaJSON

/// Encodes contacts to their stored form (JSON without the photo, the photo apart) and back.
package struct ContactCodec {
    package let encoder: JSONEncoder
    package let decoder: JSONDecoder

    package init() {
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    }

    /// The streaming encoder, set up as `encoder`: it writes the same bytes, faster.
    package static let bytesEncoder: JSONBytesEncoder = {
        var encoder = JSONBytesEncoder()
        encoder.escapesSlashes = false
        encoder.nonConformingFloatStrings = ("+Infinity", "-Infinity", "NaN")
        return encoder
    }()

    /// The streaming decoder, set up as `decoder`; what it does not accept goes to `decoder`.
    package static let bytesDecoder: JSONBytesDecoder = {
        var decoder = JSONBytesDecoder()
        decoder.nonConformingFloatStrings = ("+Infinity", "-Infinity", "NaN")
        return decoder
    }()

    /// The JSON of a contact without its photo.
    package func encodeJSON(_ contact: Contact) throws -> Data {
        var bare = contact
        bare.photo = nil
        do {
            return try Self.bytesEncoder.encodeData(bare)
        } catch is JSONBytesEncoder.Unsupported {
            return try encoder.encode(bare)
        }
    }

    /// Decodes a stored record.
    package func decode(_ record: StoredRecord) throws -> Contact {
        var contact: Contact
        do {
            contact = try (try? Self.bytesDecoder.decode(Contact.self, from: record.json))
                ?? decoder.decode(Contact.self, from: record.json)
        } catch {
            throw ContactStoreError.corruptRecord(id: record.id.map(ContactID.init(rawValue:)), reason: "\(error)")
        }
        if let data = record.photo {
            contact.photo = Photo(data: data, mediaType: record.photoType)
        }
        return contact
    }

    /// Decodes records in order, on every core when there are many.
    package static func decodeAll(_ records: [StoredRecord]) throws -> [Contact] {
        let results = parallelMap(records, minimumPerWorker: 512, state: { ContactCodec() }) { codec, record in
            Result { try codec.decode(record) }
        }
        return try results.map { try $0.get() }
    }
}

/// The stored form of one contact, as either backend reads it: id, JSON, photo and its media type.
package struct StoredRecord: Sendable {
    /// The contact's id, when the row carries it.
    package var id: String?
    /// The contact without its photo, as JSON.
    package var json: Data
    /// The photo's bytes.
    package var photo: Data?
    /// The photo's media type.
    package var photoType: String?

    /// Creates a record.
    package init(id: String?, json: Data, photo: Data?, photoType: String?) {
        self.id = id
        self.json = json
        self.photo = photo
        self.photoType = photoType
    }
}
