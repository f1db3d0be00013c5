/// One step of the pipeline that shapes loaded contacts for one need: sort, filter, split, format.
///
/// Post processors run in order after all providers have loaded; each receives the previous
/// one's output. They may add, change, reorder or remove contacts.
public protocol ContactsPostProcessor: Sendable {
    /// A short name for reports and traces; defaults to the type's name.
    var name: String { get }

    /// Returns the processed contacts.
    ///
    /// The array is handed over (`consuming`): when the caller lets go of it, as the data source's
    /// pipeline does, a post processor may change the contacts in place and return the same array
    /// without copying them. A conformer may still take it as a plain (borrowed) parameter.
    func process(_ contacts: consuming [Contact]) async throws -> [Contact]

    /// Gets ready to process, before any contact is loaded: loads the tables or metadata every run
    /// needs. ``ContactsDataSource`` calls it while its providers load, so that this work overlaps
    /// their reading instead of delaying the first contact processed. Optional: by default it does
    /// nothing, and ``process(_:)`` must not rely on it having been called.
    func prepare() async
}

extension ContactsPostProcessor {
    /// The type's name.
    public var name: String { String(describing: type(of: self)) }

    /// Nothing to prepare.
    public func prepare() async {}
}
