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
        let h = withUnsafeBytes(of: high.bigEndian, Array.init)
        let l = withUnsafeBytes(of: low.bigEndian, Array.init)
        self.init(uuid: (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7],
                         l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7]))
    }
}
