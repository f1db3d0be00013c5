// The less common parts of a contact, behind one reference (`Contact.details`, `nil` while they
// are all empty), and its birthday, packed into one word.
extension Contact {
    struct Details: Hashable, Sendable {
        var namePrefix: String?
        var middleName: String?
        var nameSuffix: String?
        var nickname: String?
        var department: String?
        var note: String?
        /// A birthday whose parts do not fit ``PackedBirthday`` (a year past 32 bits, say).
        var unusualBirthday: Birthday?

        var isEmpty: Bool {
            namePrefix == nil && middleName == nil && nameSuffix == nil && nickname == nil && department == nil
                && note == nil && unusualBirthday == nil
        }
    }

    /// Changes the less common parts, boxing them only for a value (`isNil`: the new value is
    /// `nil`, and a contact without the box keeps none) and dropping the box when the last is gone.
    private mutating func changeDetails(settingNil isNil: Bool, _ change: (inout Details) -> Void) {
        if isNil && details == nil { return }
        details.makeUniqueBox(empty: Details())
        change(&details!.value)
        if details!.value.isEmpty { details = nil }
    }

    /// Honorific prefix, such as "Dr.".
    public var namePrefix: String? {
        get { details?.value.namePrefix }
        set { changeDetails(settingNil: newValue == nil) { $0.namePrefix = newValue } }
    }
    /// Middle name or names.
    public var middleName: String? {
        get { details?.value.middleName }
        set { changeDetails(settingNil: newValue == nil) { $0.middleName = newValue } }
    }
    /// Honorific suffix, such as "Jr.".
    public var nameSuffix: String? {
        get { details?.value.nameSuffix }
        set { changeDetails(settingNil: newValue == nil) { $0.nameSuffix = newValue } }
    }
    /// Nickname.
    public var nickname: String? {
        get { details?.value.nickname }
        set { changeDetails(settingNil: newValue == nil) { $0.nickname = newValue } }
    }
    /// Department within the organization.
    public var department: String? {
        get { details?.value.department }
        set { changeDetails(settingNil: newValue == nil) { $0.department = newValue } }
    }
    /// Free-text note.
    public var note: String? {
        get { details?.value.note }
        set { changeDetails(settingNil: newValue == nil) { $0.note = newValue } }
    }
    /// Birthday; the year is optional.
    public var birthday: Birthday? {
        get { packedBirthday.birthday ?? details?.value.unusualBirthday }
        set {
            let packed = newValue.flatMap(PackedBirthday.init) ?? .none
            packedBirthday = packed
            let unusual = packed == .none ? newValue : nil
            changeDetails(settingNil: unusual == nil) { $0.unusualBirthday = unusual }
        }
    }
}

/// A ``Birthday`` in one word: the year (when known) in 32 bits, the month and the day in a byte
/// each, and two flags. Any birthday a source can write fits; one that does not is kept whole in
/// the contact's details.
struct PackedBirthday: Hashable, Sendable {
    private var bits: UInt64

    private static let isPresent: UInt64 = 1 << 63
    private static let hasYear: UInt64 = 1 << 62

    /// No birthday.
    static let none = PackedBirthday(bits: 0)

    private init(bits: UInt64) { self.bits = bits }

    /// `birthday` packed; `nil` when one of its parts does not fit.
    init?(_ birthday: Birthday) {
        guard let month = UInt8(exactly: birthday.month), let day = UInt8(exactly: birthday.day) else { return nil }
        var bits = Self.isPresent | UInt64(month) << 40 | UInt64(day) << 32
        if let year = birthday.year {
            guard let year = Int32(exactly: year) else { return nil }
            bits |= Self.hasYear | UInt64(UInt32(bitPattern: year))
        }
        self.bits = bits
    }

    /// The birthday; `nil` for ``none``.
    var birthday: Birthday? {
        guard bits & Self.isPresent != 0 else { return nil }
        let year = bits & Self.hasYear != 0 ? Int(Int32(bitPattern: UInt32(truncatingIfNeeded: bits))) : nil
        return Birthday(uncheckedYear: year, month: Int(bits >> 40 & 0xFF), day: Int(bits >> 32 & 0xFF))
    }
}
