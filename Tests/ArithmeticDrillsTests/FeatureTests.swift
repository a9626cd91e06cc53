import ArithmeticDrills
import PuzzleKit
import Testing

@Suite struct FeatureTests {
    func codes(_ type: OperationType, _ a: Int, _ b: Int) -> [String] {
        Exercise(type, a, b, difficulty: .hard).features.features.map(\.code)
    }

    @Test func theWeightTable() {
        #expect(Technique.allCases.map(\.code) == ["count-on", "tie", "ten-complement", "near-anchor", "subtraction",
                                                       "big-operand", "no-anchor", "big-result", "cross-ten"])
        #expect(Technique.allCases.map(\.weight) == [1, 1, 1, 2, 1, 1, 3, 1, 3])
        #expect(Technique.allCases.map(\.gradeLabel) == ["warm-up", "warm-up", "warm-up", "practice", "practice",
                                                             "challenge", "challenge", "master", "master"])
        #expect(Technique.allCases.allSatisfy { Technique.gradeLabels.contains($0.gradeLabel) })
        #expect(Technique.allCases.allSatisfy { !$0.name.isEmpty && !$0.rule.isEmpty })
        #expect(Technique.crossTen.key == "crossTen" && Technique.tie.key == "tie")
    }

    @Test func handGradedExercises() {
        #expect(codes(.addition, 5, 1) == ["count-on"])
        #expect(codes(.addition, 8, 2) == ["count-on", "big-operand"])
        #expect(codes(.subtraction, 9, 2) == ["count-on", "subtraction", "big-operand"])
        #expect(codes(.addition, 4, 4) == ["tie"])
        #expect(codes(.subtraction, 8, 4) == ["tie", "subtraction", "big-operand"])
        #expect(codes(.addition, 7, 3) == ["ten-complement", "big-operand"])
        #expect(codes(.subtraction, 10, 3) == ["ten-complement", "subtraction", "big-operand"])
        #expect(codes(.addition, 4, 5) == ["near-anchor"])
        #expect(codes(.addition, 6, 5) == ["near-anchor", "big-operand", "big-result", "cross-ten"])  // next to ten (11) and to 5+5
        #expect(codes(.subtraction, 9, 4) == ["near-anchor", "subtraction", "big-operand"])
        #expect(codes(.addition, 3, 5) == ["no-anchor"])
        #expect(codes(.subtraction, 8, 5) == ["subtraction", "big-operand", "no-anchor"])
        #expect(codes(.addition, 7, 5) == ["big-operand", "no-anchor", "big-result", "cross-ten"])
        #expect(codes(.addition, 10, 3) == ["big-operand", "no-anchor", "big-result"])  // 10 + 3 touches no ten in between
        #expect(codes(.addition, 9, 9) == ["tie", "big-operand", "big-result", "cross-ten"])
        // Scores and labels.
        let hard = Exercise(.addition, 7, 5, difficulty: .hard).features
        #expect(hard.score == 8 && hard.label == "master" && hard.hardest == .crossTen)
        let easy = Exercise(.addition, 2, 2, difficulty: .hard).features
        #expect(easy.score == 1 && easy.label == "warm-up")
    }

    @Test func bridgingTheTen() {
        #expect(ExerciseFeatures.bridgesTen(Exercise(.addition, 7, 5, difficulty: .hard)))
        #expect(!ExerciseFeatures.bridgesTen(Exercise(.addition, 7, 3, difficulty: .hard)))
        #expect(!ExerciseFeatures.bridgesTen(Exercise(.subtraction, 10, 3, difficulty: .hard)))
        #expect(ExerciseFeatures.bridgesTen(Exercise(.subtraction, 12, 5, difficulty: .hard)))
        #expect(!ExerciseFeatures.bridgesTen(Exercise(.subtraction, 3, 5, difficulty: .hard)))
    }

    /// Property over every valid exercise: exactly one strategy feature, the
    /// score is the weight sum, the label the hardest feature's, and each
    /// feature's rule holds (written out here independently).
    @Test func everyExerciseHasOneStrategyAndTheRulesHold() {
        for difficulty in Difficulty.allCases {
            for e in Exercise.all(difficulty) {
                let f = e.features
                let set = Set(f.features)
                #expect(f.features.filter(Technique.strategies.contains).count == 1, "\(e)")
                #expect(f.score == f.features.map(\.weight).reduce(0, +))
                #expect(f.label == f.features.max()?.gradeLabel)
                #expect((1...8).contains(f.score))
                #expect(set.contains(.subtraction) == (e.type == .subtraction))
                #expect(set.contains(.bigOperand) == (e.firstNumber > 5 || e.secondNumber > 5))
                #expect(set.contains(.bigResult) == (e.correctAnswer > 10))
                let sum = e.type == .addition ? e.correctAnswer : e.firstNumber
                let parts = e.type == .addition ? (e.firstNumber, e.secondNumber) : (e.secondNumber, e.correctAnswer)
                // With operands up to 10 only an addition from below 10 to above 10 bridges a ten.
                #expect(set.contains(.crossTen) == (e.type == .addition && e.firstNumber < 10 && sum > 10))
                if set.contains(.countOn) { #expect(e.secondNumber <= 2) }
                if set.contains(.tie) { #expect(parts.0 == parts.1) }
                if set.contains(.tenComplement) { #expect(sum == 10) }
                if set.contains(.nearAnchor) { #expect(abs(parts.0 - parts.1) == 1 || abs(sum - 10) == 1) }
                if set.contains(.noAnchor) {
                    #expect(e.secondNumber > 2 && parts.0 != parts.1 && sum != 10 && abs(parts.0 - parts.1) != 1 && abs(sum - 10) != 1)
                }
                #expect(!f.strategy.isEmpty)
            }
        }
    }

    @Test func strategiesReadWell() {
        #expect(Exercise(.addition, 7, 5, difficulty: .hard).features.strategy == "7 + 5: 7 + 3 = 10, then + 2 = 12")
        #expect(Exercise(.addition, 8, 2, difficulty: .hard).features.strategy == "8 + 2: count on from 8: 9, 10")
        #expect(Exercise(.subtraction, 8, 4, difficulty: .hard).features.strategy == "8 - 4: the double 4 + 4 = 8, so 4")
        #expect(Exercise(.addition, 4, 5, difficulty: .hard).features.strategy == "4 + 5: next to the double 4 + 4 = 8, so 4 + 5 = 9")
    }

    @Test func harderRangesReachHigherScores() {
        let maxima = Difficulty.allCases.map { Generator(difficulty: $0).scores.max() ?? 0 }
        #expect(maxima == maxima.sorted())
        #expect(Generator(difficulty: .veryEasy).scores.max()! < Generator(difficulty: .hard).scores.max()!)
    }
}
