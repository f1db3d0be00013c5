import Foundation

/// A change to one contact, part by part: set or clear a name part, the organization or the note;
/// add, remove or replace a phone number, email address, URL or postal address; add or remove a
/// tag. What `ohana edit` flags, the page's edit form and `PATCH /api/contacts/ID` send.
///
/// Applying an edit (``Contact/applying(_:)``) changes only what it names: every other part of the
/// contact (its other values, their labels, parameters and groups, unknown properties, provenance)
/// stays exactly as it was, so a sync pushes the change and nothing else.
public struct ContactEdit: Hashable, Sendable, Codable {
    /// A single-valued part of a contact that an edit sets or clears.
    public enum Part: String, Hashable, Sendable, Codable, CaseIterable, CodingKeyRepresentable {
        /// ``Contact/namePrefix``.
        case namePrefix
        /// ``Contact/givenName``.
        case givenName
        /// ``Contact/middleName``.
        case middleName
        /// ``Contact/familyName``.
        case familyName
        /// ``Contact/nameSuffix``.
        case nameSuffix
        /// ``Contact/nickname``.
        case nickname
        /// ``Contact/formattedName``: the full name as written.
        case formattedName
        /// ``Contact/organization``.
        case organization
        /// ``Contact/department``.
        case department
        /// ``Contact/jobTitle``.
        case jobTitle
        /// ``Contact/note``.
        case note

        /// Whether the part is one of the name parts the full name is composed of.
        var isNamePart: Bool {
            switch self {
            case .namePrefix, .givenName, .middleName, .familyName, .nameSuffix: true
            default: false
            }
        }
    }

    /// One value to replace: the value as written now (matched as ``ContactEdit/removals`` are), and its new form.
    public struct Replacement: Hashable, Sendable, Codable {
        /// The kind of value.
        public var type: ContactFieldType
        /// The value as the contact has it now.
        public var old: String
        /// The new value (its label, when `nil`, stays the old one's).
        public var new: String
        /// The new label; `nil` keeps the old value's label.
        public var label: ContactFieldLabel?

        /// Creates a replacement.
        public init(type: ContactFieldType, old: String, new: String, label: ContactFieldLabel? = nil) {
            self.type = type
            self.old = old
            self.new = new
            self.label = label
        }
    }

    /// A value to remove: its kind and the value as written (see ``ContactEdit`` for how it is matched).
    public struct Removal: Hashable, Sendable, Codable {
        /// The kind of value.
        public var type: ContactFieldType
        /// The value, as written on the contact or (for phone numbers) with the same digits.
        public var value: String

        /// Creates a removal.
        public init(type: ContactFieldType, value: String) {
            self.type = type
            self.value = value
        }
    }

    /// Single-valued parts to set; an empty (or all-blank) text clears the part.
    public var parts: [Part: String]
    /// Values to add, in order, after the contact's values of the same kind.
    public var additions: [ContactField]
    /// Values to remove. Each must match a value of the contact, or applying the edit fails.
    public var removals: [Removal]
    /// Values to replace, keeping their place, parameters and group.
    public var replacements: [Replacement]
    /// Postal addresses to add.
    public var addedAddresses: [PostalAddress]
    /// Postal addresses to remove, each named by its one-line text (``PostalAddress/oneLine``).
    public var removedAddresses: [String]
    /// Tags to add (a tag the contact has, ignoring case, is not added twice).
    public var addedTags: [String]
    /// Tags to remove (ignoring case).
    public var removedTags: [String]

    /// Creates an edit.
    public init(parts: [Part: String] = [:], additions: [ContactField] = [], removals: [Removal] = [],
                replacements: [Replacement] = [], addedAddresses: [PostalAddress] = [], removedAddresses: [String] = [],
                addedTags: [String] = [], removedTags: [String] = []) {
        self.parts = parts
        self.additions = additions
        self.removals = removals
        self.replacements = replacements
        self.addedAddresses = addedAddresses
        self.removedAddresses = removedAddresses
        self.addedTags = addedTags
        self.removedTags = removedTags
    }

    /// Whether the edit changes nothing.
    public var isEmpty: Bool {
        parts.isEmpty && additions.isEmpty && removals.isEmpty && replacements.isEmpty && addedAddresses.isEmpty
            && removedAddresses.isEmpty && addedTags.isEmpty && removedTags.isEmpty
    }

    private enum CodingKeys: String, CodingKey {
        case parts, additions, removals, replacements, addedAddresses, removedAddresses, addedTags, removedTags
    }

    /// Decodes an edit; every key is optional.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            parts: try c.decodeIfPresent([Part: String].self, forKey: .parts) ?? [:],
            additions: try c.decodeIfPresent([ContactField].self, forKey: .additions) ?? [],
            removals: try c.decodeIfPresent([Removal].self, forKey: .removals) ?? [],
            replacements: try c.decodeIfPresent([Replacement].self, forKey: .replacements) ?? [],
            addedAddresses: try c.decodeIfPresent([PostalAddress].self, forKey: .addedAddresses) ?? [],
            removedAddresses: try c.decodeIfPresent([String].self, forKey: .removedAddresses) ?? [],
            addedTags: try c.decodeIfPresent([String].self, forKey: .addedTags) ?? [],
            removedTags: try c.decodeIfPresent([String].self, forKey: .removedTags) ?? [])
    }
}

/// Why an edit could not be applied to a contact; the contact is left unchanged.
public enum ContactEditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A value to remove or replace is not on the contact.
    case noSuchValue(ContactFieldType, String)
    /// A value to remove or replace matches several values of the contact (by digits or folded) and none exactly.
    case ambiguousValue(ContactFieldType, String, matches: [String])
    /// An address to remove is not on the contact.
    case noSuchAddress(String)
    /// A value to add is empty.
    case emptyValue(ContactFieldType)

    /// The error in one line.
    public var description: String {
        switch self {
        case .noSuchValue(let type, let value):
            "the contact has no \(type.editNoun) \"\(value)\""
        case .ambiguousValue(let type, let value, let matches):
            "\"\(value)\" matches several \(type.editNoun)s of the contact (\(matches.joined(separator: ", "))); write one as it is written"
        case .noSuchAddress(let text):
            "the contact has no address \"\(text)\""
        case .emptyValue(let type):
            "an empty \(type.editNoun) cannot be added"
        }
    }
}

extension ContactFieldType {
    /// The value kind in words, for edit errors.
    var editNoun: String {
        switch self {
        case .phoneNumber: "phone number"
        case .emailAddress: "email address"
        case .url: "URL"
        case .instantMessage: "messaging handle"
        case .other: "value"
        }
    }
}
