import Foundation

extension UUID {
    /// A version-4-shaped UUID that is a pure function of `namespace` and
    /// `index`, so levels built from the same seed or file carry the same ids
    /// (and byte-identical JSON) in every run.
    public init(stable namespace: UInt64, _ index: Int) {
        var rng = SplitMix64(seed: namespace ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93))
        var high = rng.next()
        var low = rng.next()
        high = (high & ~0xF000) | 0x4000  // version 4
        low = (low & ~(0xC000_0000_0000_0000)) | 0x8000_0000_0000_0000  // RFC 4122 variant
        // Big-endian bytes, most significant first (no arrays: this runs for
        // every cell of every generated level).
        @inline(__always) func byte(_ word: UInt64, _ i: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * i)) }
        self.init(uuid: (byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
                         byte(high, 4), byte(high, 5), byte(high, 6), byte(high, 7),
                         byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
                         byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)))
    }
}
