import Testing
import PuzzleKit

@Suite struct SplitMix64Tests {
    @Test func matchesTheReferenceSequence() {
        // First outputs of the reference C implementation for seed 0 and 42.
        var zero = SplitMix64(seed: UInt64(0))
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
        var fortyTwo = SplitMix64(seed: 42)
        #expect(fortyTwo.next() == 13_679_457_532_755_275_413)
    }

    @Test func uniformStaysInRangeAndCoversIt() {
        var rng = SplitMix64(seed: 7)
        var seen = Set<Int>()
        for _ in 0..<2000 {
            let v = rng.uniform(in: -3...3)
            #expect((-3...3).contains(v))
            seen.insert(v)
        }
        #expect(seen.count == 7)
        #expect(rng.uniform(in: 5...5) == 5)
        _ = rng.uniform(in: Int.min...Int.max)
    }

    @Test func shuffleIsAPermutationAndReproducible() {
        var a = SplitMix64(seed: 3), b = SplitMix64(seed: 3)
        var x = Array(0..<50), y = Array(0..<50)
        x.stableShuffle(using: &a)
        y.stableShuffle(using: &b)
        #expect(x == y)
        #expect(x.sorted() == Array(0..<50))
        #expect(x != Array(0..<50))
    }
}
