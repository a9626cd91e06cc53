#if GMP
import CGMP
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An arbitrary-precision integer for puzzle values (the `GMP` trait).
///
/// Values that fit in an `Int` are stored as one, and arithmetic on them
/// runs on machine integers; only a result that overflows moves to libgmp.
/// Every value has exactly one representation (a large value never fits in
/// an `Int`), so equality and hashing compare representations. Large values
/// live in an immutable `mpz` owned by one reference-counted box and freed
/// exactly once when the last copy goes away.
public struct PuzzleNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
    @usableFromInline
    enum Storage: Sendable, Hashable {
        case small(Int)
        case big(_MPZ)
    }

    @usableFromInline var storage: Storage

    @inlinable public init(_ value: Int) { storage = .small(value) }

    init(normalizing box: _MPZ) {
        storage = box.fitsInt ? .small(box.intValue) : .big(box)
    }

    /// True: this build has no size limit.
    public static var isArbitraryPrecision: Bool { true }

    /// Parses ASCII decimal digits of any length.
    public init?(decimalDigits text: Substring) {
        if let small = Int(text) {
            self.init(small)
            return
        }
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let box = _MPZ()
        guard __gmpz_set_str(&box.value, String(text), 10) == 0 else { return nil }
        self.init(normalizing: box)
    }

    /// The value as an `Int`, when it fits.
    @inlinable public var intValue: Int? {
        if case .small(let v) = storage { return v }
        return nil
    }

    public var description: String {
        switch storage {
        case .small(let v): return String(v)
        case .big(let box): return box.decimal
        }
    }

    // MARK: Arithmetic

    @inlinable public func adding(_ other: PuzzleNumber) -> ArithmeticOutcome {
        if case .small(let a) = storage, case .small(let b) = other.storage {
            let (r, o) = a.addingReportingOverflow(b)
            if !o { return .value(PuzzleNumber(r)) }
        }
        return .value(Self.big(self, other, __gmpz_add))
    }

    @inlinable public func subtracting(_ other: PuzzleNumber) -> ArithmeticOutcome {
        if case .small(let a) = storage, case .small(let b) = other.storage {
            let (r, o) = a.subtractingReportingOverflow(b)
            if !o { return .value(PuzzleNumber(r)) }
        }
        return .value(Self.big(self, other, __gmpz_sub))
    }

    @inlinable public func multiplying(_ other: PuzzleNumber) -> ArithmeticOutcome {
        if case .small(let a) = storage, case .small(let b) = other.storage {
            let (r, o) = a.multipliedReportingOverflow(by: b)
            if !o { return .value(PuzzleNumber(r)) }
        }
        return .value(Self.big(self, other, __gmpz_mul))
    }

    /// The exact quotient: undefined for a zero divisor or a remainder.
    @inlinable public func dividingExactly(_ other: PuzzleNumber) -> ArithmeticOutcome {
        if case .small(let a) = storage, case .small(let b) = other.storage {
            guard b != 0 else { return .undefined }
            let (q, o) = a.dividedReportingOverflow(by: b)
            if !o { return a % b == 0 ? .value(PuzzleNumber(q)) : .undefined }
        }
        return Self.bigDivide(self, other)
    }

    @usableFromInline
    static func big(_ a: PuzzleNumber, _ b: PuzzleNumber,
                    _ op: (UnsafeMutablePointer<__mpz_struct>, UnsafePointer<__mpz_struct>, UnsafePointer<__mpz_struct>) -> Void) -> PuzzleNumber {
        let x = a.box, y = b.box, result = _MPZ()
        op(&result.value, &x.value, &y.value)
        return PuzzleNumber(normalizing: result)
    }

    @usableFromInline
    static func bigDivide(_ a: PuzzleNumber, _ b: PuzzleNumber) -> ArithmeticOutcome {
        let x = a.box, y = b.box
        guard cgmp_sgn(&y.value) != 0, __gmpz_divisible_p(&x.value, &y.value) != 0 else { return .undefined }
        let result = _MPZ()
        __gmpz_divexact(&result.value, &x.value, &y.value)
        return .value(PuzzleNumber(normalizing: result))
    }

    /// The value as an `mpz` box (a new one for a small value).
    @usableFromInline var box: _MPZ {
        switch storage {
        case .big(let box): return box
        case .small(let v):
            let box = _MPZ()
            __gmpz_set_si(&box.value, v)
            return box
        }
    }

    /// `self / divisor` rounded down, for a non-negative value and a
    /// positive divisor.
    public func quotientRoundingDown(_ divisor: PuzzleNumber) -> PuzzleNumber {
        if case .small(let a) = storage, case .small(let b) = divisor.storage { return PuzzleNumber(a / b) }
        let x = box, y = divisor.box, result = _MPZ()
        __gmpz_fdiv_q(&result.value, &x.value, &y.value)
        return PuzzleNumber(normalizing: result)
    }

    /// A uniformly random value in `range`, drawn from `rng` 64 bits at a time
    /// (rejection sampling, so the result is exact and reproducible).
    public static func random(in range: ClosedRange<PuzzleNumber>, using rng: inout some RandomNumberGenerator) -> PuzzleNumber {
        let low = range.lowerBound
        if let lo = low.intValue, let hi = range.upperBound.intValue, !hi.subtractingReportingOverflow(lo).overflow {
            return PuzzleNumber(rng.uniform(in: lo...hi))
        }
        guard case .value(let span) = range.upperBound.subtracting(low) else { return low }
        let bound = span.box
        let bits = Int(__gmpz_sizeinbase(&bound.value, 2))
        let words = (bits + 63) / 64
        let topMask: UInt64 = bits % 64 == 0 ? ~0 : (1 << UInt64(bits % 64)) - 1
        while true {
            var limbs = (0..<words).map { _ in rng.next() }
            limbs[words - 1] &= topMask  // most significant word last
            let candidate = _MPZ()
            limbs.withUnsafeBufferPointer { buffer in
                __gmpz_import(&candidate.value, words, -1, 8, 0, 0, buffer.baseAddress)
            }
            if __gmpz_cmp(&candidate.value, &bound.value) <= 0,
               case .value(let result) = low.adding(PuzzleNumber(normalizing: candidate)) {
                return result
            }
        }
    }

    /// The value as JSON: a number when it fits in an `Int`, else a string.
    public var jsonText: String { intValue != nil ? description : "\"\(description)\"" }

    // MARK: Equatable, Hashable, Comparable (inlined fast paths for small values)

    @inlinable public static func == (a: PuzzleNumber, b: PuzzleNumber) -> Bool {
        if case .small(let x) = a.storage, case .small(let y) = b.storage { return x == y }
        return compareBig(a, b) == 0
    }

    @inlinable public static func < (a: PuzzleNumber, b: PuzzleNumber) -> Bool {
        if case .small(let x) = a.storage, case .small(let y) = b.storage { return x < y }
        return compareBig(a, b) < 0
    }

    @inlinable public func hash(into hasher: inout Hasher) {
        switch storage {
        case .small(let v): hasher.combine(v)
        case .big(let box): hasher.combine(box)
        }
    }

    @usableFromInline static func compareBig(_ a: PuzzleNumber, _ b: PuzzleNumber) -> Int32 {
        __gmpz_cmp(&a.box.value, &b.box.value)
    }
}

extension PuzzleNumber: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}

extension PuzzleNumber: Codable {
    /// Writes a JSON number when the value fits in an `Int`, its decimal
    /// string otherwise (JSON readers rarely hold larger numbers exactly);
    /// reads either.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            self.init(int)
        } else if let decimal = try? container.decode(Decimal.self),
                  let value = PuzzleNumber(decimalDigits: Substring(decimal.description)) {
            self = value  // a JSON number too long for an Int (exact up to 38 digits)
        } else {
            let text = try container.decode(String.self)
            guard let value = PuzzleNumber(decimalDigits: Substring(text)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an integer, found '\(text)'")
            }
            self = value
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let int = intValue { try container.encode(int) } else { try container.encode(description) }
    }
}

/// An immutable libgmp integer, cleared exactly once.
@usableFromInline
final class _MPZ: @unchecked Sendable, Hashable {
    // Written only while a new box is being filled, before it is shared.
    @usableFromInline var value = __mpz_struct()

    @usableFromInline init() { __gmpz_init(&value) }

    deinit { __gmpz_clear(&value) }

    var fitsInt: Bool { __gmpz_fits_slong_p(&value) != 0 }
    var intValue: Int { __gmpz_get_si(&value) }

    var decimal: String {
        guard let chars = __gmpz_get_str(nil, 10, &value) else { return "?" }
        defer { free(chars) }
        return String(cString: chars)
    }

    @usableFromInline static func == (a: _MPZ, b: _MPZ) -> Bool { __gmpz_cmp(&a.value, &b.value) == 0 }

    @usableFromInline func hash(into hasher: inout Hasher) {
        let size = cgmp_size(&value)
        hasher.combine(size)
        for i in 0..<Int(abs(size)) { hasher.combine(cgmp_limb(&value, Int32(i))) }
    }
}
#endif
