/// One step of the pipeline that shapes loaded contacts for one need: sort, filter, split, format.
///
/// Post processors run in order after all providers have loaded; each receives the previous
/// one's output. They may add, change, reorder or remove contacts.
public protocol ContactsPostProcessor: Sendable {
    /// A short name for reports and traces; defaults to the type's name.
    var name: String { get }

    /// Returns the processed contacts.
    func process(_ contacts: [Contact]) async throws -> [Contact]
}

extension ContactsPostProcessor {
    /// The type's name.
    public var name: String { String(describing: type(of: self)) }
}
