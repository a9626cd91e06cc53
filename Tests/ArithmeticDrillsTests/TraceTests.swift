import PuzzleDrawing
import PuzzleKit
import Testing
@testable import ArithmeticDrills

/// The grade is computed from one trace, and the drawings replay it.
@Suite struct TraceTests {
    let family = ArithmeticDrillsFamily()

    @Test(arguments: ArithmeticDrillsFamily().profiles.map(\.id))
    func drawingsReplayTheTrace(_ profileID: String) throws {
        let profile = try family.profile(named: profileID)
        for seed in 1...25 {
            let sheet = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
            try checkTraceReplay(family, sheet, name: "\(profileID) seed \(seed)")
        }
    }

    /// A sheet with answers written in, one of them wrong: the replay writes
    /// the right answer over it only at its step.
    @Test func aSheetWithWrittenAnswersReplays() throws {
        let sheet = try TextFormat.read("profile: hard\n4 + 4 = 8\n7 + 5 = 11\n9 - 4\n", file: "w.drill")
        try checkTraceReplay(family, sheet, name: "written answers")
        let graded = try family.graded(sheet, timeLimit: nil)
        #expect(graded.start.cells.contains { $0.position == GridPosition(row: 1, column: 5) && $0.text == "11" })
        #expect(graded.board(before: graded.steps.count + 1).cells.contains { $0.position == GridPosition(row: 1, column: 5) && $0.text == "12" })
    }

    /// Every step's technique is its exercise's heaviest feature; its points
    /// are the exercise's score, whose grade is the exercise's.
    @Test func stepsAreTheExercisesEasiestFirst() throws {
        for profile in family.profiles {
            for seed in 1...50 {
                let sheet = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
                let trace = try family.trace(sheet, solutionsUpTo2: nil, timeLimit: nil)
                let graded = sheet.exercises.map(ExerciseFeatures.init)
                #expect(trace.steps.map(\.reads) == EasiestFirst.order(graded.map(\.hardest)).map { [.item($0)] })
                for (done, step) in trace.steps.enumerated() {
                    guard case .item(let index) = step.reads.first else { continue }
                    #expect(step.technique == graded[index].hardest && step.points == graded[index].score)
                    #expect(Technique.label(score: step.points) == graded[index].label)
                    #expect(step.decides == [TraceDecision(.item(index), .value("\(sheet.exercises[index].correctAnswer)"))])
                    #expect(step.round == 1 && step.movesOnOffer == trace.steps.count - done)
                }
                // Drawn: the two numbers are read, the answer box is written.
                for (step, mark) in zip(trace.steps, try family.graded(sheet, timeLimit: nil).steps) {
                    guard case .item(let row) = step.reads.first else { continue }
                    #expect(mark.uses == [GridPosition(row: row, column: 1), GridPosition(row: row, column: 3)])
                    #expect(mark.fixes == [GridPosition(row: row, column: 5)])
                }
            }
        }
    }

    /// The label rule: the median exercise's grade (`quantile(0.5)`), not
    /// the hardest's; an exercise's grade is that of its score, so it is
    /// the grade of the median score.
    @Test func theSheetLabelIsTheMedianExercises() throws {
        #expect(family.labelRule == .quantile(0.5))
        // Scores 1 1 1 1 3 4 4 4 8 8: warm-up ×4, practice ×4, master ×2 → practice.
        let sheet = try TextFormat.read("2 + 2\n3 + 1\n5 + 5\n4 + 4\n9 - 4\n7 - 3\n3 + 5\n7 - 4\n7 + 5\n8 + 6\n", file: "m.drill")
        #expect(sheet.exercises.map(\.features.score).sorted() == [1, 1, 1, 1, 3, 4, 4, 4, 8, 8])
        let labels = sheet.exercises.map(\.features.label)
        #expect(labels.filter { $0 == "warm-up" }.count == 4 && labels.filter { $0 == "practice" }.count == 4
            && labels.filter { $0 == "master" }.count == 2)
        let grade = try family.grade(sheet, solutionsUpTo2: nil, explain: false, timeLimit: nil)
        #expect(grade.label == "practice" && grade.hardestTechnique?.code == "cross-ten")
        // The same by the generic quantile over each exercise's grade.
        let ranks = labels.map { Technique.gradeLabels.firstIndex(of: $0) ?? 0 }.sorted()
        #expect(Technique.gradeLabels[ranks[ranks.count / 2]] == grade.label)
    }

    /// The grade row: the core keys, `exerciseScores`, one count per
    /// feature; each key with one JSON type over many sheets.
    @Test func gradeFieldsFollowTheOneSchema() throws {
        var types: [String: Set<String>] = [:]
        for profile in family.profiles {
            for seed in 1...10 {
                let sheet = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
                let grade = try family.grade(sheet, solutionsUpTo2: nil, explain: false, timeLimit: nil)
                #expect(grade.fields.map(\.key) == GradeResult.coreKeys + ["exerciseScores"] + Technique.allCases.map { "steps_" + $0.code })
                for (key, value) in grade.fields { types[key, default: []].insert(jsonType(value)) }
            }
        }
        #expect(types.filter { $0.value.count != 1 }.isEmpty, "keys with more than one type: \(types.filter { $0.value.count != 1 })")
    }

    private func jsonType(_ value: ReportValue) -> String {
        switch value {
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .bool: "bool"
        case .null: "null"
        case .json: "json"
        }
    }
}
