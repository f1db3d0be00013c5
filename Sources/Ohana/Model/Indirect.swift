/// A value kept on the heap behind one reference, so that the struct holding it stays small.
/// Copy on write: copies share the box, and the holder changes the value in place only while it
/// holds the one reference (``isKnownUniquelyReferenced(_:)``), otherwise it boxes a copy first.
/// Equal and hashed by its value. For the parts of a model type that most values do not have.
///
/// `@unchecked Sendable`: `value` is changed only through a holder's `mutating` access while the
/// box is uniquely referenced, so no other thread can see the box then (as with `Array`'s buffer).
package final class Indirect<Value: Hashable & Sendable>: Hashable, @unchecked Sendable {
    /// The value.
    package var value: Value

    /// Boxes `value`.
    package init(_ value: Value) { self.value = value }

    /// Whether both hold equal values.
    package static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs === rhs || lhs.value == rhs.value }

    /// Hashes the value.
    package func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}

extension Optional {
    /// For a holder's optional box: makes it present and uniquely referenced (boxing an `empty`
    /// value or a copy of the shared one), ready to be changed in place.
    package mutating func makeUniqueBox<Value>(empty: @autoclosure () -> Value) where Wrapped == Indirect<Value> {
        if self == nil {
            self = Indirect(empty())
        } else if !isKnownUniquelyReferenced(&self) {
            self = Indirect(self!.value)
        }
    }
}
