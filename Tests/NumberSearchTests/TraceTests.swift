import PuzzleDrawing
import PuzzleKit
import Testing
@testable import NumberSearch

/// The grade is computed from one trace, and the drawings replay it.
@Suite struct TraceTests {
    let family = NumberSearchFamily()

    @Test(arguments: NumberSearchFamily().profiles.map(\.id))
    func drawingsReplayTheTrace(_ profileID: String) throws {
        let profile = try family.profile(named: profileID)
        for seed in 1...25 {
            let level = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
            try checkTraceReplay(family, level, name: "\(profileID) seed \(seed)")
        }
    }

    /// A hand-made level without answer paths, one question with two paths:
    /// the trace still draws every answer, and the solved board is the
    /// trace's (the level has none of its own).
    @Test func aLevelWithoutPathsReplaysTheGradersAnswers() throws {
        let level = Puzzle(id: "t", profile: "custom", pathMode: .straight, grid: [[6, 8, 6], [1, 2, 0]],
                           questions: [Question(operands: [60, 8], target: 68), Question(operands: [10, 2], target: 12)])
        try checkTraceReplay(family, level, name: "hand-made")
        #expect(throws: DrawingError.self) { try family.board(level, solved: true) }
        let graded = try family.graded(level, timeLimit: nil)
        let solved = try graded.solvedBoard(of: level.id)
        #expect(solved.cells.contains { $0.text == "68" && $0.style == .answer } && solved.paths.count == 2)
    }

    @Test func stepsAreTheQuestionsEasiestFirst() throws {
        let level = try family.generate(family.profiles[2], GenerationRequest(seed: 4)).puzzle
        let questions = try Grader.grade(level).questions
        let trace = try family.trace(level, solutionsUpTo2: nil, timeLimit: nil)
        #expect(trace.steps.map(\.facts.index) == EasiestFirst.order(questions.map(\.hardest)))
        for step in trace.steps {
            let graded = questions[step.facts.index]
            #expect(step.technique == graded.hardest && step.points == graded.score && step.round == 1)
            #expect(step.reads == [.item(step.facts.index)])
            #expect(step.decides == [TraceDecision(.item(step.facts.index), .value("\(graded.question.target)"))]
                + graded.path.map { TraceDecision(.cell($0), .path) })
            #expect(step.movesOnOffer == graded.pathCount && step.openCells == graded.pathCount + graded.nearMisses)
        }
        #expect(trace.score == questions.reduce(0) { $0 + $1.score })
        // Drawn: the operands are read, the answer box and the path decided.
        let marks = try family.graded(level, timeLimit: nil).steps
        for (step, mark) in zip(trace.steps, marks) {
            let row = level.rows + 1 + step.facts.index
            #expect(mark.uses == [GridPosition(row: row, column: 0), GridPosition(row: row, column: 2)])
            #expect(mark.fixes == [GridPosition(row: row, column: 4)] + step.facts.grade.path && mark.path == step.facts.grade.path)
            #expect(mark.writes.map(\.text) == ["\(step.facts.grade.question.target)"])
        }
    }

    /// The grade row: the core keys, `nearMisses`, one count per feature;
    /// each key with one JSON type over many levels.
    @Test func gradeFieldsFollowTheOneSchema() throws {
        var types: [String: Set<String>] = [:]
        for profile in family.profiles {
            for seed in 1...10 {
                let level = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
                let grade = try family.grade(level, solutionsUpTo2: nil, explain: false, timeLimit: nil)
                #expect(grade.fields.map(\.key) == GradeResult.coreKeys + ["nearMisses"] + Technique.allCases.map { "steps_" + $0.code })
                for (key, value) in grade.fields { types[key, default: []].insert(jsonType(value)) }
                let misses = try Grader.grade(level).questions.reduce(0) { $0 + $1.nearMisses }
                #expect(grade.familyFields.first { $0.key == "nearMisses" }?.value == .int(misses))
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
