import Foundation

/// A merged contact in the store whose members are recorded, so that it can be split again.
public struct MergedContactReport: Codable, Sendable {
    /// The merged contact.
    public var contact: ContactRow
    /// Its members, each as its latest recorded version.
    public var members: [ContactRow]
}

/// What splitting a merged contact, or taking one member out of it, did to the store.
public struct MergeSplitResult: Codable, Sendable {
    /// The contacts stored on their own again, as they were recorded.
    public var restored: [ContactRow]
    /// The merged contact rebuilt from the members that stay together; `nil` when the merge was undone whole.
    public var remaining: ContactRow?
    /// How many contacts the store held before.
    public var contactsBefore: Int
    /// How many it holds after.
    public var contactsAfter: Int
    /// The outcome in words.
    public var message: String
}
