import ArithmeticDrills
import Foundation
import Testing

@Suite struct RulesTests {
    @Test func rangesAreTheSeeds() {
        #expect(Difficulty.veryEasy.range == 1...3)
        #expect(Difficulty.easy.range == 1...5)
        #expect(Difficulty.medium.range == 1...7)
        #expect(Difficulty.hard.range == 1...10)
        #expect(Difficulty.allCases.map(\.rawValue) == [1, 2, 3, 4])
        #expect(OperationType.addition.rawValue == "plus" && OperationType.subtraction.rawValue == "minus")
    }

    @Test func answersAndDisplayText() {
        let plus = Exercise(.addition, 3, 4, difficulty: .easy)
        let minus = Exercise(.subtraction, 9, 4, difficulty: .hard)
        #expect(plus.correctAnswer == 7 && minus.correctAnswer == 5)
        #expect(plus.displayText == "3 + 4 = ?" && minus.displayText == "9 - 4 = ?")
    }

    @Test func validationFollowsTheSeed() {
        #expect(throws: Never.self) { try Exercise(.subtraction, 3, 3, difficulty: .veryEasy).validate() }
        #expect(throws: Never.self) { try Exercise(.addition, 1, 10, difficulty: .hard).validate() }
        #expect(throws: ValidationError.negativeResult) { try Exercise(.subtraction, 3, 4, difficulty: .hard).validate() }
        #expect(throws: ValidationError.invalidNumber(0)) { try Exercise(.addition, 0, 4, difficulty: .hard).validate() }
        #expect(throws: ValidationError.invalidNumber(11)) { try Exercise(.addition, 4, 11, difficulty: .hard).validate() }
        // validate() checks 1...10 whatever the difficulty; the range check is separate.
        #expect(throws: Never.self) { try Exercise(.addition, 4, 6, difficulty: .easy).validate() }
        #expect(throws: ValidationError.outOfRange(6, .easy)) { try Exercise(.addition, 4, 6, difficulty: .easy).validateInRange() }
    }

    /// Brute force: every pair of operands 0...12 against the rules written out.
    @Test func allListsExactlyTheValidExercisesOfARange() {
        for difficulty in Difficulty.allCases {
            var expected: [Exercise] = []
            for type in OperationType.allCases {
                for a in 0...12 {
                    for b in 0...12 {
                        let e = Exercise(type, a, b, difficulty: difficulty)
                        let valid = difficulty.range.contains(a) && difficulty.range.contains(b) && (type == .addition || a - b >= 0)
                        #expect(e.problems.isEmpty == valid, "\(e)")
                        if valid { expected.append(e) }
                    }
                }
            }
            #expect(Exercise.all(difficulty) == expected.sorted())
            #expect(Exercise.all(difficulty).allSatisfy { $0.correctAnswer >= 0 })
        }
        #expect(Exercise.all(.hard).count == 100 + 55)
        #expect(Exercise.all(.veryEasy).count == 9 + 6)
    }
}
