/// An error describing why a restriction or a constraint was rejected by a ``Model``.
///
/// Every `Model` mutation that takes indices or values validates them and
/// throws a `ModelError` instead of trapping. A rejected call leaves the model
/// unchanged.
public struct ModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category of a model error.
    public enum Kind: String, Sendable, Equatable {
        /// A variable index is not in `0..<variableCount`.
        case variableOutOfRange
        /// A value index is not in `0..<domainSize` of its variable.
        case valueOutOfRange
        /// Two arrays that must have matching lengths do not.
        case lengthMismatch
        /// A count or coefficient is negative.
        case negativeNumber
        /// A linear-sum variable has more than two values.
        case notBoolean
        /// The sum of coefficients or counts overflows `Int`.
        case overflow
    }

    /// The category of the error.
    public var kind: Kind
    /// A human-readable explanation naming the offending index or value.
    public var message: String

    /// Creates an error of the given kind with an explanation.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "ModelError.\(kind.rawValue): \(message)" }
}
