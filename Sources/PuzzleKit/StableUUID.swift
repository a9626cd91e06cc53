import Foundation

extension UUID {
    /// A version-4-shaped UUID that is a pure function of `namespace` and
    /// `index`, so levels built from the same seed or file carry the same ids
    /// (and byte-identical JSON) in every run.
    public init(stable namespace: UInt64, _ index: Int) {
        var rng = SplitMix64(seed: namespace ^ Self.stableSpread(index))
        var high = rng.next()
        var low = rng.next()
        high = (high & ~0xF000) | 0x4000  // version 4
        low = (low & ~(0xC000_0000_0000_0000)) | 0x8000_0000_0000_0000  // RFC 4122 variant
        // The two words' big-endian bytes, most significant first, are the
        // UUID's 16 bytes (`uuid_t`, all a UUID holds). Cast as they lie:
        // this runs for every cell of every level generated or read, and
        // `init(uuid:)` takes the 16 bytes one by one, through a call into
        // Foundation.
        self = unsafeBitCast((high.bigEndian, low.bigEndian), to: UUID.self)
    }

    /// The namespaces `n` for which `UUID(stable: n, index)` is this UUID:
    /// in practice one for an id made so, none for any other. The first
    /// random word is this UUID's first eight bytes but for the four
    /// version bits, so each of their 16 values gives one seed
    /// (``SplitMix64/seed(firstOutput:)``), hence one namespace, which is
    /// kept when it makes the whole UUID.
    ///
    ///     let id = UUID(stable: 0x5eed, 3)
    ///     print(id.stableNamespaces(index: 3) == [0x5eed])
    ///     // Prints "true"
    ///
    /// - Parameter index: the index the UUID would have been made for.
    /// - Returns: the namespaces, in ascending order.
    public func stableNamespaces(index: Int) -> [UInt64] {
        let bytes = uuid
        let high = [bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5, bytes.6, bytes.7]
            .reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let found = (UInt64(0)..<16).map { version in
            SplitMix64.seed(firstOutput: (high & ~0xF000) | version << 12) ^ Self.stableSpread(index)
        }
        return found.filter { UUID(stable: $0, index) == self }.sorted()
    }

    /// What `index` changes in the namespace's seed.
    private static func stableSpread(_ index: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93
    }
}
