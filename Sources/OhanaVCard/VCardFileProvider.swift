import Foundation
import Ohana

/// A provider that loads contacts from vCard files: one file, several files, or folders of `.vcf`
/// files (a vdir, one card per file).
///
/// Each contact's provenance names this provider and, as its record, the card's `UID` (for a file)
/// or the card's file name (in a folder). Identifiers are unique across the files read: a card
/// whose `UID` an earlier file already gave gets one derived from its file and position instead.
public struct VCardFileProvider: ContactsDataProvider {
    /// The provider's identifier.
    public let identifier: String
    /// The files and folders to read, in order.
    public let urls: [URL]
    /// The reader options (limits).
    public let options: VCardReadingOptions

    /// Creates a provider for one file or folder.
    public init(url: URL, identifier: String? = nil, options: VCardReadingOptions = .init()) {
        self.init(urls: [url], identifier: identifier ?? "vcard:\(url.lastPathComponent)", options: options)
    }

    /// Creates a provider for several files or folders, read in the order given.
    public init(urls: [URL], identifier: String, options: VCardReadingOptions = .init()) {
        self.urls = urls
        self.identifier = identifier
        var options = options
        options.providerID = identifier
        self.options = options
    }

    /// Reads every file; a file that cannot be read throws, a bad card is a diagnostic.
    public func loadContacts() async throws(ContactsProviderError) -> LoadedContacts {
        var result = LoadedContacts(contacts: [])
        let reader = VCardReader(options: options)
        var identifiers = Set<ContactID>()
        for url in urls {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw .unavailable(providerID: identifier, source: url.path, reason: "no such file")
            }
            if isDirectory.boolValue {
                let files: [URL]
                do {
                    files = try Self.cardFiles(in: url)
                } catch {
                    throw .unavailable(providerID: identifier, source: url.path, reason: readFailureReason(error))
                }
                for file in files {
                    do {
                        var loaded = try reader.read(contentsOf: file)
                        Self.keepUnique(&loaded, source: file.path, among: &identifiers)
                        for i in loaded.contacts.indices {
                            loaded.contacts[i].provenance = [Provenance(providerID: identifier, recordID: file.lastPathComponent)]
                        }
                        result.append(loaded)
                    } catch {
                        result.diagnostics.append(Diagnostic(.error, source: file.path, message: readFailureReason(error)))
                    }
                }
            } else {
                do {
                    var loaded = try reader.read(contentsOf: url)
                    Self.keepUnique(&loaded, source: url.path, among: &identifiers)
                    result.append(loaded)
                } catch {
                    throw .unavailable(providerID: identifier, source: url.path, reason: readFailureReason(error))
                }
            }
        }
        return result
    }

    /// Gives a contact whose identifier an earlier file already gave one derived from its file and
    /// position, with a warning.
    static func keepUnique(_ loaded: inout LoadedContacts, source: String, among identifiers: inout Set<ContactID>) {
        // Room for them all first: growing the set one doubling at a time hashed every identifier
        // again at each doubling (a tenth of a second for 100,000 cards, on one core).
        identifiers.reserveCapacity(identifiers.count + loaded.contacts.count)
        for i in loaded.contacts.indices where !identifiers.insert(loaded.contacts[i].id).inserted {
            let repeated = loaded.contacts[i].id
            loaded.contacts[i].id = ContactID(stableFor: source, position: i)
            identifiers.insert(loaded.contacts[i].id)
            loaded.diagnostics.append(Diagnostic(.warning, source: source,
                message: "UID \(repeated.rawValue.prefix(60)) repeats a card of an earlier file; given a new identifier"))
        }
    }

    /// The `.vcf` and `.vcard` files of a folder, sorted by name.
    static func cardFiles(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { ["vcf", "vcard"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
