/// A small, fast, portable pseudo-random number generator with a 64-bit state.
///
/// Every random choice PuzzleLab makes while generating a puzzle comes from one
/// `SplitMix64` seeded by the caller, so the same seed gives the same puzzle on
/// every run, process and machine. The algorithm is Steele, Lea and Flood's
/// SplitMix64 (the seeding generator of xoshiro); its output sequence is fixed
/// by the constants below and never depends on the platform.
///
///     var rng = SplitMix64(seed: 42)
///     print(rng.next())
///     // Prints "13679457532755275413"
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The current state; the next output is a function of it alone.
    public private(set) var state: UInt64

    /// Creates a generator whose sequence is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// Creates a generator from a signed seed (the bit pattern is used).
    public init(seed: Int) {
        state = UInt64(bitPattern: Int64(seed))
    }

    /// Returns the next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed whose generator returns `output` first: every step of
    /// ``next()`` can be undone (a shift-xor by xoring the shifts back in,
    /// a multiplication by an odd number by multiplying with its inverse
    /// modulo 2^64), so each output has exactly one such seed.
    ///
    ///     var rng = SplitMix64(seed: 42)
    ///     print(SplitMix64.seed(firstOutput: rng.next()))
    ///     // Prints "42"
    ///
    /// - Parameter output: a first output of ``next()``.
    /// - Returns: the seed that gives it.
    public static func seed(firstOutput output: UInt64) -> UInt64 {
        /// Undoes `x ^ (x >> shift)`: `x` is `y ^ (y >> shift) ^ (y >> 2·shift) ^ …`.
        func unshift(_ y: UInt64, _ shift: UInt64) -> UInt64 {
            var x = y, term = y >> shift
            while term != 0 {
                x ^= term
                term >>= shift
            }
            return x
        }
        /// The inverse of an odd number modulo 2^64, by Newton's iteration
        /// (each round doubles the correct low bits: 3, 6, 12, 24, 48, 96).
        func inverse(_ odd: UInt64) -> UInt64 {
            var x = odd
            for _ in 0..<5 { x = x &* (2 &- odd &* x) }
            return x
        }
        // next()'s steps and constants, backwards.
        var z = unshift(output, 31)
        z = unshift(z &* inverse(0x94D0_49BB_1331_11EB), 27)
        z = unshift(z &* inverse(0xBF58_476D_1CE4_E5B9), 30)
        return z &- 0x9E37_79B9_7F4A_7C15
    }
}

extension RandomNumberGenerator {
    /// Returns a uniformly distributed integer in `range` (inclusive).
    ///
    /// Unlike `Int.random(in:using:)`, whose algorithm the standard library may
    /// change between releases, this uses Lemire's multiply-shift with
    /// rejection, written out here, so generated puzzles stay identical across
    /// Swift versions.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func uniform(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if span == 0 { return Int(Int64(bitPattern: next())) }  // the full 64-bit range
        var product = next().multipliedFullWidth(by: span)
        if product.low < span {
            let threshold = (0 &- span) % span
            while product.low < threshold {
                product = next().multipliedFullWidth(by: span)
            }
        }
        return range.lowerBound &+ Int(Int64(bitPattern: product.high))
    }

    /// Returns a uniformly distributed index in `0..<count`; `count` must be positive.
    @inlinable
    public mutating func index(below count: Int) -> Int {
        uniform(in: 0...(count - 1))
    }

    /// Returns `true` with probability `numerator / denominator`.
    @inlinable
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        uniform(in: 0...(denominator - 1)) < numerator
    }
}

extension MutableCollection where Self: RandomAccessCollection, Index == Int {
    /// Shuffles the collection in place with a Fisher–Yates shuffle driven by
    /// ``RandomNumberGenerator/uniform(in:)``, stable across Swift versions.
    @inlinable
    public mutating func stableShuffle(using rng: inout some RandomNumberGenerator) {
        guard count > 1 else { return }
        var i = endIndex - 1
        while i > startIndex {
            let j = rng.uniform(in: startIndex...i)
            if i != j { swapAt(i, j) }
            i -= 1
        }
    }
}
