@testable import CrossSums
import PuzzleKit
import Testing

/// The generator's fast closure (``_Closure``, with its witnesses and the
/// hidden solution's shortcut) must reach exactly the grid the simple
/// closure of ``_Propagator`` reaches, or generated puzzles would change.
@Suite struct ClosureTests {
    @Test(arguments: Profile.allCases)
    func theFastClosureAgreesWithTheSimpleOne(_ difficulty: Profile) {
        let (rows, columns) = difficulty.size
        var rng = SplitMix64(seed: 22 + difficulty.rank)
        var classifier = _Classifier(rows: rows, columns: columns)
        var numbers = [Int](repeating: 0, count: rows * columns)
        var mask = [Bool](repeating: false, count: rows * columns)
        var verdicts: [String: Int] = [:]
        for _ in 0..<300 {
            for i in numbers.indices { numbers[i] = rng.uniform(in: 1...9) }
            Generator().drawMask(&mask, rows: rows, columns: columns, percent: difficulty.keepPercent, using: &rng)
            let fast = classifier.classify(numbers: numbers, mask: mask, difficulty: difficulty)
            let simple = classifier.classifyOnArrays(numbers: numbers, mask: mask, difficulty: difficulty)
            #expect(fast == simple, "\(numbers) \(mask)")
            verdicts["\(fast)".prefix(5).description, default: 0] += 1
        }
        // The candidates exercise every verdict the difficulty can give.
        #expect(verdicts["stuck"] ?? 0 > 0)
        #expect((verdicts["accep"] ?? 0) + (verdicts["tooEa"] ?? 0) > 0)
    }

    @Test func largeTargetsTakeTheSimplePath() {
        // Targets of 128 or more are beyond the fast path's bitsets: the
        // classifier falls back to the simple closure and still decides.
        var rng = SplitMix64(seed: 7)
        var classifier = _Classifier(rows: 5, columns: 5)
        var mask = [Bool](repeating: false, count: 25)
        for _ in 0..<50 {
            let numbers = (0..<25).map { _ in rng.uniform(in: 40...99) }
            Generator().drawMask(&mask, rows: 5, columns: 5, percent: 60, using: &rng)
            for difficulty in Profile.allCases {
                #expect(classifier.classify(numbers: numbers, mask: mask, difficulty: difficulty)
                        == classifier.classifyOnArrays(numbers: numbers, mask: mask, difficulty: difficulty))
            }
        }
    }
}
