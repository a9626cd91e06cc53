import Testing
import PuzzleKit
@testable import NumberSearch

@Suite struct GraderTests {
    static func level(_ grid: [[Int]], _ operands: [[Int]], mode: PathMode = .straight) -> Puzzle {
        Puzzle(id: "t", profile: "custom", pathMode: mode, grid: grid,
              questions: operands.map { Question(operands: $0, target: $0[0] + $0[1]) })
    }

    /// The family's grade of a level, computed from its trace.
    static func result(_ level: Puzzle) throws -> GradeResult {
        try NumberSearchFamily().grade(level, solutionsUpTo2: nil, explain: false, timeLimit: nil)
    }

    @Test func theTableIsOrderedAndComplete() {
        let all = Technique.allCases
        #expect(Set(all.map(\.code)).count == all.count)
        #expect(all.allSatisfy { $0.weight > 0 && !$0.name.isEmpty && !$0.rule.isEmpty && Technique(code: $0.code) == $0 })
        let labelRanks = all.map { Technique.labels.firstIndex(of: $0.gradeLabel) ?? -1 }
        #expect(labelRanks.allSatisfy { $0 >= 0 })
        #expect(labelRanks.isSorted(), "labels rise with the table order")
        #expect(Set(all.map(\.gradeLabel)) == Set(Technique.labels))
    }

    @Test(arguments: [
        ([[6, 8, 0]], Technique.forward),
        ([[0, 8, 6]], Technique.backward),
        ([[6, 0], [0, 8]], Technique.diagonal),
        ([[0, 6], [8, 0]], Technique.diagonal),
        ([[8, 0], [0, 6]], Technique.upwardDiagonal),
        ([[6], [8]], Technique.forward),
        ([[8], [6]], Technique.backward),
    ])
    func directionFeature(_ grid: [[Int]], _ expected: Technique) throws {
        let grade = try Grader.grade(Self.level(grid, [[60, 8]]))
        #expect(grade.questions[0].direction == expected)
        let result = try Self.result(Self.level(grid, [[60, 8]]))
        #expect(result.hardestTechnique?.code == expected.code)
        #expect(result.score == expected.weight)
        // One short answer scores below every floor above easy.
        #expect(result.label == "easy")
    }

    @Test func bentPathsInAnyMode() throws {
        let grade = try Grader.grade(Self.level([[1, 2], [0, 5]], [[100, 20]], mode: .any))
        #expect(grade.questions[0].path == [GridPosition(row: 0, column: 0), GridPosition(row: 0, column: 1), GridPosition(row: 1, column: 0)])
        #expect(grade.questions[0].techniques == [.bent, .longAnswer].sorted())
        let result = try Self.result(Self.level([[1, 2], [0, 5]], [[100, 20]], mode: .any))
        #expect(result.score == Technique.bent.weight + Technique.longAnswer.weight)
        #expect(result.label == "easy", "a bent three-cell answer alone scores 9, below the medium floor")
    }

    @Test func carryAndLongAnswerAddTheirWeights() throws {
        let grade = try Grader.grade(Self.level([[1, 2, 3]], [[45, 78]]))
        #expect(grade.questions[0].techniques == [.forward, .carry, .longAnswer])
        let result = try Self.result(Self.level([[1, 2, 3]], [[45, 78]]))
        #expect(result.score == Technique.forward.weight + Technique.carry.weight + Technique.longAnswer.weight)
        #expect(result.label == "easy", "score 6: a long answer alone does not make a master level")
    }

    @Test func nearMissesAndCrowded() throws {
        // 68 reads right at the start; the other 6s begin no answer, the lone 8 ends none.
        let few = try Grader.grade(Self.level([[6, 8, 0, 6, 0, 8]], [[60, 8]]))
        #expect(few.questions[0].prefixNearMisses == 1 && few.questions[0].reversalNearMisses == 1)
        #expect(few.questions[0].techniques == [.nearMiss, .forward])
        #expect(try Self.result(Self.level([[6, 8, 0, 6, 0, 8]], [[60, 8]])).score == 2 + Technique.forward.weight)
        let many = try Grader.grade(Self.level([[6, 8, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0], [6, 0, 6, 0, 6, 6]], [[60, 8]]))
        #expect(many.questions[0].nearMisses == 5)
        #expect(many.questions[0].techniques.contains(.crowded))
        let crowded = try Self.result(Self.level([[6, 8, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0], [6, 0, 6, 0, 6, 6]], [[60, 8]]))
        #expect(crowded.label == "medium", "score 10: crowded, but below the expert floor")
        #expect(crowded.score == 5 + Technique.crowded.weight + Technique.forward.weight)
    }

    @Test func aPathReadBackwardsIsNeverANearMiss() throws {
        // 86 to the right of 68: the only 8 ends the answer, so no reversal near miss.
        let grade = try Grader.grade(Self.level([[6, 8]], [[60, 8]]))
        #expect(grade.questions[0].nearMisses == 0)
        #expect(grade.questions[0].techniques == [.forward])
    }

    @Test func givenSolutionIsGradedElseTheEasiestPath() throws {
        var level = Self.level([[6, 8, 6]], [[60, 8]])
        #expect(try Grader.grade(level).questions[0].direction == .forward)
        level.questions[0].solutionPositions = [GridPosition(row: 0, column: 2), GridPosition(row: 0, column: 1)]
        let grade = try Grader.grade(level)
        #expect(grade.questions[0].direction == .backward)
        #expect(grade.questions[0].pathCount == 2)
    }

    @Test func unsolvableAndMalformedLevelsThrow() {
        #expect(throws: GradeError.unsolvable(question: 1, text: "60 + 9 = ?")) { try Grader.grade(Self.level([[6, 8]], [[60, 9]])) }
        #expect(throws: GradeError.self) { try Grader.grade(Self.level([[6, 18]], [[60, 8]])) }
    }

    @Test func hintsAndExplanations() throws {
        let level = Self.level([[0, 0, 0], [0, 0, 6], [0, 0, 8]], [[39, 29]])
        let grade = try Grader.grade(level)
        #expect(Grader.hint(path: grade.questions[0].path, in: level) == "The 6 in row 2, column 3 starts it.")
        let text = Grader.explanation(grade.questions[0], in: level)
        #expect(text.hasPrefix("39 + 29 = 68: the 6 in row 2, column 3 starts it; read down: 6, 8."))
        #expect(text.contains("The units 9 + 9 make 18, so carry one ten."))
    }

    /// The sentence names where the false starts are, not only how many.
    @Test func theExplanationNamesTheNearMisses() throws {
        // 68 reads right from row 1, column 1; the 6 in column 4 starts nothing, the 8 in column 6 ends nothing.
        let level = Self.level([[6, 8, 0, 6, 0, 8]], [[60, 8]])
        let grade = try Grader.grade(level)
        #expect(grade.questions[0].nearMissStarts == [GridPosition(row: 0, column: 3), GridPosition(row: 0, column: 5)])
        #expect(Grader.explanation(grade.questions[0], in: level).hasSuffix(
            "2 near misses to pass over: the 6 in row 1, column 4 and the 8 in row 1, column 6 look like the start (6) or the end (8) of 68 but lead nowhere."))
    }

    @Test func generatedProfilesRiseInScore() throws {
        var means: [Double] = []
        for n in 1...5 {
            var total = 0
            for seed in 1...100 { total += try Self.result(try Generator.generate(Profile.level(of: n), seed: seed).level).score }
            means.append(Double(total) / 100)
        }
        #expect(means.isSorted(), "mean scores \(means)")
    }
}
