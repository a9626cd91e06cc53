import Foundation
import MathCrossword
import PuzzleDrawing
import PuzzleKit
import Testing

/// The grade's trace replayed onto the board: what `render --step N` and the
/// review page draw.
@Suite struct TraceTests {
    let family = MathCrosswordFamily()

    /// The cells each step of `trace` writes, with the number it places.
    func writes(_ trace: Grader.Trace) -> [[(position: GridPosition, text: String)]] {
        trace.steps.map { step in
            step.decides.compactMap { decision -> (GridPosition, String)? in
                guard case .cell(let position) = decision.place, case .value(let text) = decision.mark else { return nil }
                return (position, text)
            }
        }
    }

    /// For every N, the board before step N shows the numbers of steps
    /// 1…N−1 and the start board's cell wherever a later step decides; after
    /// the last step it is the solved board, and each step's drawing
    /// carries its sentence.
    func expectReplay(_ level: Puzzle, _ name: String, drawSteps: Bool) throws {
        let graded = try family.graded(level, timeLimit: nil)
        let trace = try family.trace(level, solutionsUpTo2: nil, timeLimit: nil)
        let writes = writes(trace)
        #expect(graded.steps.count == trace.steps.count && graded.grade.explanation.count == trace.steps.count, "\(name)")
        #expect(graded.steps.map(\.sentence) == trace.steps.map { family.sentence($0, in: level, language: .english) }, "\(name)")
        let start = Dictionary(graded.start.cells.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
        for n in 1...(trace.steps.count + 1) {
            let board = graded.board(before: n)
            let cells = Dictionary(board.cells.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
            for (index, stepWrites) in writes.enumerated() {
                for (position, text) in stepWrites {
                    if index < n - 1 {
                        #expect(cells[position]?.text == text && cells[position]?.style == .answer,
                                "\(name): before step \(n), step \(index + 1)'s \(text) at \(position)")
                    } else {
                        #expect(cells[position] == start[position] && start[position]?.style == .empty,
                                "\(name): before step \(n), \(position) decided by step \(index + 1) is not as it started")
                    }
                }
            }
            if drawSteps, n <= trace.steps.count {
                let sentence = family.sentence(trace.steps[n - 1], in: level, language: .english)
                // The caption wraps the sentence over lines (text elements): compared without tags and spaces.
                #expect(Self.words(try family.draw(level, step: n)).contains(Self.words(escapeXML("\(n). \(sentence)"))),
                        "\(name): step \(n)")
            }
        }
        if level.solution != nil, trace.outcome == .solved, trace.solutionsUpTo2 == 1 {
            #expect(graded.board(before: trace.steps.count + 1) == (try family.board(level, solved: true)), "\(name)")
            #expect(graded.solved == (try family.board(level, solved: true)), "\(name)")
        }
    }

    /// The text of an SVG document without its tags and white space.
    static func words(_ svg: String) -> String {
        svg.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression).filter { !$0.isWhitespace }
    }

    @Test(arguments: Profile.classProfiles)
    func replayingTheTraceShowsTheBoardAsItStands(_ profile: Profile) throws {
        for seed in 1...40 {
            let unique = seed.isMultiple(of: 2)
            let level = unique ? try Generator().generateUnique(difficulty: profile, seed: seed).level
                               : try Generator().generate(difficulty: profile, seed: seed).level
            #expect(level.solution != nil)
            try expectReplay(level, "\(profile.id) seed \(seed)", drawSteps: seed <= 4)
        }
    }

    @Test(arguments: GraderTests.examples.indices)
    func replayingEachTechniquesExample(_ index: Int) throws {
        let (technique, text) = GraderTests.examples[index]
        var level = try TextFormat.read(text, file: "g.mcw")
        let solution = try Solver(level: level).solve(.init(solutions: 1, keepSolutions: 1)).solutions.first
        level.solution = solution
        try expectReplay(level, technique.code, drawSteps: true)
    }

    /// A level without a solution of its own has no solved board to draw;
    /// the grade's drawing falls back to the trace's.
    @Test func theSolvedBoardIsOnlyTheLevelsOwn() throws {
        let level = try TextFormat.read("pool: 5 10\n7 + ? = 12\n. . x . .\n. . 2 . .\n. . = . .\n. . ? . .\n", file: "x.mcw")
        #expect(level.solution == nil)
        #expect(throws: DrawingError.self) { try family.board(level, solved: true) }
        let graded = try family.graded(level, timeLimit: nil)
        #expect(graded.solved?.cells.filter { $0.style == .answer }.map(\.text) == ["5", "10"])
        // Several solutions: the grader's path, which guesses, reaches one.
        let several = try TextFormat.read("pool: 5 7\n? + ? = 12\n", file: "s.mcw")
        #expect(try family.graded(several, timeLimit: nil).solved?.cells.filter { $0.style == .answer }.count == 2)
    }

    /// Steps read their equations' cells and decide one cell, with the
    /// number as the board writes it.
    @Test func stepsReadEquationsAndLockedCells() throws {
        let level = try TextFormat.read(GraderTests.examples[6].1, file: "p.mcw")
        let trace = try family.trace(level, solutionsUpTo2: nil, timeLimit: nil)
        let counting = try #require(trace.steps.first { $0.technique == .poolCounting })
        #expect(counting.reads.contains { if case .cell = $0 { true } else { false } })
        #expect(counting.reads.contains { if case .item = $0 { true } else { false } })
        let first = try #require(trace.steps.first)
        #expect(first.decides.count == 1)
        for place in first.reads {
            #expect(!family.positions(of: place, in: level).isEmpty)
        }
        #expect(family.positions(of: .item(0), in: level) == level.equations[0].cellPositions)
        #expect(family.positions(of: .item(level.equations.count), in: level).isEmpty)
    }

    /// The grade's fields: the core keys, the family's own, then one count
    /// per technique, each key with one JSON type over many puzzles.
    @Test func gradeFieldsAreTheCoreKeysTheFamilysOwnAndTechniqueCounts() throws {
        let own = ["blanks", "distinctPoolValues", "crossingCells", "blankCrossingCells", "minCrossingsPerEquation",
                   "meanCrossingsPerEquation", "logicLabel", "arithmeticLabel", "arithmeticLoadMedian", "arithmeticLoadMax",
                   "arithmeticLoadMean"]
        let expected = GradeResult.coreKeys + own + Technique.allCases.map { GradeResult.techniqueKeyPrefix + $0.code }
        var types: [String: Set<String>] = [:]
        var levels = try GraderTests.examples.map { try TextFormat.read($0.1, file: "e.mcw") }
        levels += try [TextFormat.read("pool: 5 7\n? + ? = 12\n", file: "s.mcw"), TextFormat.read("pool: 5 8\n? + ? = 12\n", file: "n.mcw"),
                       TextFormat.read("pool:\n7 + 5 = 12\n", file: "z.mcw")]
        for profile in Profile.classProfiles {
            levels += try (1...10).map { try Generator().generate(difficulty: profile, seed: $0).level }
        }
        for level in levels {
            let grade = try family.grade(level, solutionsUpTo2: nil, explain: false)
            #expect(grade.fields.map(\.key) == expected)
            for (key, value) in grade.fields {
                switch value {
                case .null: break
                case .int: types[key, default: []].insert("int")
                case .double: types[key, default: []].insert("double")
                case .string: types[key, default: []].insert("string")
                case .bool: types[key, default: []].insert("bool")
                default: types[key, default: []].insert("\(value)")
                }
            }
        }
        #expect(types.filter { $0.value.count > 1 }.isEmpty, "\(types.filter { $0.value.count > 1 })")
    }

    /// The label rule: the hardest technique's label; `guess-required` for a
    /// level the grader does not finish; what the steps so far need when
    /// time stops it.
    @Test func labelsFollowTheHardestTechniqueAndTheOutcome() throws {
        let noSolution = try TextFormat.read("pool: 5 8\n? + ? = 12\n", file: "n.mcw")
        let trace = try family.trace(noSolution, solutionsUpTo2: nil, timeLimit: nil)
        #expect(trace.outcome == .noSolution && trace.stopReason == .exhausted && trace.solutionsUpTo2 == 0)
        #expect(family.label(trace) == "guess-required")
        let empty = try TextFormat.read("pool:\n7 + 5 = 12\n", file: "z.mcw")
        let none = try family.grade(empty, solutionsUpTo2: nil, explain: false)
        #expect(none.label == "easy" && none.score == 0 && none.hardestTechnique == nil && none.outcome == .solved)
        let level = try Generator().generateUnique(difficulty: .class4, seed: 3).level
        let stopped = try family.trace(level, solutionsUpTo2: 1, timeLimit: .zero)
        #expect(stopped.stopReason == .timeLimit && stopped.outcome == .stuck && !stopped.complete)
        #expect(family.label(stopped) == "easy")
    }
}
