/// The outcome of one arithmetic step on puzzle numbers.
public enum ArithmeticOutcome: Sendable, Equatable {
    case value(PuzzleNumber)
    /// Undefined by the rules: a division by zero or with a remainder.
    case undefined
    /// Beyond what this build represents (64 bits without the `GMP` trait).
    case overflow
}

/// The message for a number this build cannot represent.
public let puzzleNumberLimit = PuzzleNumber.isArbitraryPrecision
    ? "no limit" : "64 bits (at most \(Int.max)); \(puzzleNumberHint ?? "")"

/// What to do about a puzzle number beyond this build's limit, if anything.
public let puzzleNumberHint: String? = PuzzleNumber.isArbitraryPrecision ? nil : "build with --traits GMP for larger numbers"

#if !GMP
/// The integer type of puzzle values: `Int` with overflow-checked arithmetic
/// in this build. Building with the `GMP` trait makes it arbitrary-precision.
public typealias PuzzleNumber = Int

extension Int {
    /// False: values are limited to 64 bits in this build.
    public static var isArbitraryPrecision: Bool { false }

    /// Parses ASCII decimal digits; `nil` when the value exceeds 64 bits.
    @inlinable
    public init?(decimalDigits text: Substring) {
        guard let value = Int(text) else { return nil }
        self = value
    }

    @inlinable public func adding(_ other: Int) -> ArithmeticOutcome {
        let (r, o) = addingReportingOverflow(other)
        return o ? .overflow : .value(r)
    }

    @inlinable public func subtracting(_ other: Int) -> ArithmeticOutcome {
        let (r, o) = subtractingReportingOverflow(other)
        return o ? .overflow : .value(r)
    }

    @inlinable public func multiplying(_ other: Int) -> ArithmeticOutcome {
        let (r, o) = multipliedReportingOverflow(by: other)
        return o ? .overflow : .value(r)
    }

    /// The exact quotient: undefined for a zero divisor or a remainder.
    @inlinable public func dividingExactly(_ other: Int) -> ArithmeticOutcome {
        guard other != 0 else { return .undefined }
        let (q, o) = dividedReportingOverflow(by: other)
        if o { return .overflow }
        return q.multipliedReportingOverflow(by: other) == (self, false) ? .value(q) : .undefined
    }

    /// The value as an `Int` (always, in this build).
    @inlinable public var intValue: Int? { self }

    /// `self / divisor` rounded down, for a non-negative value and a positive
    /// divisor.
    @inlinable public func quotientRoundingDown(_ divisor: Int) -> Int { self / divisor }

    /// A uniformly random value in `range`, from `rng` (see
    /// ``RandomNumberGenerator/uniform(in:)``).
    @inlinable
    public static func random(in range: ClosedRange<Int>, using rng: inout some RandomNumberGenerator) -> Int {
        rng.uniform(in: range)
    }

    /// The value as JSON: a number.
    public var jsonText: String { String(self) }
}
#endif

extension PuzzleNumber {
    /// The integer square root rounded down, for a non-negative value whose
    /// root fits in an `Int` (enough to bound divisor searches).
    public var integerSquareRootBound: Int {
        guard let v = intValue else { return Int.max }
        var r = Int(Double(v).squareRoot())
        while r > 0 && r.multipliedReportingOverflow(by: r).overflow { r -= 1 }
        while r.multipliedReportingOverflow(by: r).partialValue > v { r -= 1 }
        while !(r + 1).multipliedReportingOverflow(by: r + 1).overflow && (r + 1) * (r + 1) <= v { r += 1 }
        return r
    }
}
