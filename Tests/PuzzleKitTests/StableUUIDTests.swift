import Foundation
import PuzzleKit
import Testing

/// Stable ids and the namespace they were made from: a compact math
/// crossword level writes the namespace instead of its ids, found again
/// from the ids of a level.
@Suite struct StableUUIDTests {
    @Test func aGeneratorsFirstOutputGivesBackItsSeed() {
        var rng = SplitMix64(seed: 19)
        for seed in [0, 1, 42, UInt64.max, 0x9E37_79B9_7F4A_7C15] + (0..<2000).map({ _ in rng.next() }) {
            var generator = SplitMix64(seed: seed)
            #expect(SplitMix64.seed(firstOutput: generator.next()) == seed)
        }
    }

    @Test func aStableIDGivesBackItsNamespace() {
        var rng = SplitMix64(seed: 23)
        for _ in 0..<2000 {
            let namespace = rng.next(), index = rng.uniform(in: -5...1_000_000)
            let id = UUID(stable: namespace, index)
            #expect(id.stableNamespaces(index: index) == [namespace], "\(namespace) \(index)")
            // Asked for another index, it names none.
            #expect(id.stableNamespaces(index: index + 1).allSatisfy { UUID(stable: $0, index + 1) == id })
        }
    }

    @Test func anIDMadeOtherwiseHasNoNamespace() {
        for _ in 0..<200 {
            #expect(UUID().stableNamespaces(index: 0).isEmpty)
        }
        // One bit off in the second random word: the first still gives a
        // namespace, which does not make the whole id.
        var bytes = UUID(stable: 7, 0).uuid
        bytes.15 ^= 1
        #expect(UUID(uuid: bytes).stableNamespaces(index: 0).isEmpty)
    }
}
