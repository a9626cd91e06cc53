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

    /// Ids that generated levels carry (class_1 seed 9 and sq40 seed 1,
    /// written by 7713fd1): an id's bytes are its two random words, most
    /// significant byte first, whatever way they are put together.
    @Test func idsAreTheOnesGeneratedLevelsCarry() {
        let written: [(namespace: UInt64, index: Int, id: String)] = [
            (9, 0, "AEAF52FE-BE70-4064-802D-8A5E87AFEA62"),
            (9, 37, "C36E62C9-99CD-4831-ACEA-67E814A88468"),
            (9, 64, "17326AED-8DC5-4A07-9025-32F3C822DFA8"),  // the first equation, after 64 cells
            (1, 0, "910A2DEC-8902-4CC1-BEEB-8DA1658EEC67"),
            (1, 1599, "07EFC541-BDA9-4995-AC84-4BCFFA2DD022"),
            (1, 1600 + 135, "6BCA1E48-86CE-42C9-8886-4EE32CE1819D"),
        ]
        for (namespace, index, id) in written {
            #expect(UUID(stable: namespace, index).uuidString == id, "\(namespace) \(index)")
            #expect(UUID(stable: namespace, index) == UUID(uuidString: id))
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
