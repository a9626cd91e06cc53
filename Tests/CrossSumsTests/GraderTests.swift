import ConstraintSolver
import CrossSums
import PuzzleKit
import Testing

@Suite struct GraderTests {
    /// Hand-made puzzles, each needing exactly the named technique at most.
    static let fixtures: [(Technique, String)] = [
        (.tooBig, """
            . 0 0 0
            0 1 5 2
            0 2 5 5
            """),
        (.allNeeded, """
             . 14  6
            15  9  6
             5  5  3
             0  5  3
            """),
        (.mustKeep, """
             .  4  0  7  0  4  1
            10  1  4  5  6  4  1
             6  4  7  2  3  5  1
            """),
        (.combinations, """
             .  9  7  9
            11  4  7  9
             5  5  9  5
             9  6  7  9
            """),
        (.rowAndColumn, """
             . 13  4 15 17  4
             5  4  1  3  5  1
            10  9  4  4  6  2
            12  4  3  9  8  1
             5  3  3  2  1  2
            21  9  9  9  3  8
            """),
    ]

    static func puzzle(_ technique: Technique) throws -> Puzzle {
        let text = try #require(fixtures.first { $0.0 == technique }?.1)
        return try TextFormat.read(text, file: "\(technique.code).xsum")
    }

    static func onlySolution(_ puzzle: Puzzle) throws -> [[Bool]] {
        let result = try Solver(puzzle: puzzle).solve(SearchLimits(solutions: 2, keepSolutions: 1))
        try #require(result.solutionCount == 1)
        return try #require(result.solutions.first)
    }

    static let family = CrossSumsFamily()

    /// The mask a solved trace's decisions reach, `nil` for a trace that is
    /// not solved or leaves a cell undecided.
    static func solution(_ trace: CrossSumsFamily.Trace, _ puzzle: Puzzle) -> [[Bool]]? {
        guard trace.outcome == .solved else { return nil }
        var mask = Array(repeating: Array(repeating: Bool?.none, count: puzzle.columns), count: puzzle.rows)
        for move in trace.steps.flatMap(\.moves) { mask[move.position.row][move.position.column] = move.decision == .keep }
        return mask.allSatisfy { $0.allSatisfy { $0 != nil } } ? mask.map { $0.map { $0 == true } } : nil
    }

    /// The trace's sentences.
    static func explanation(_ trace: CrossSumsFamily.Trace, _ puzzle: Puzzle) -> [String] {
        trace.steps.map { family.sentence($0, in: puzzle, language: .english) }
    }

    @Test(arguments: fixtures.indices)
    func eachFixtureNeedsItsTechnique(_ index: Int) throws {
        let (technique, _) = Self.fixtures[index]
        let puzzle = try Self.puzzle(technique)
        let trace = try Grader(puzzle: puzzle).grade()
        #expect(trace.outcome == .solved && trace.stopReason == .exhausted && trace.complete)
        #expect(trace.hardestTechnique == technique)
        // The small grids score below the floors of their techniques' difficulties.
        let labels: [Technique: String] = [.tooBig: "easy", .allNeeded: "easy", .mustKeep: "easy", .combinations: "easy",
                                           .rowAndColumn: "hard"]
        #expect(Self.family.label(trace) == labels[technique])
        #expect(trace.guesses == 0)
        #expect(trace.solutionsUpTo2 == 1)
        #expect(Self.solution(trace, puzzle) == (try Self.onlySolution(puzzle)))
        // One technique less is not enough (the easy pair shares a difficulty).
        if let lower = Technique(rawValue: technique.rawValue - 1) {
            let limited = try Grader(puzzle: puzzle).grade(upTo: lower)
            #expect(limited.outcome == .stuck && limited.stopReason == .exhausted)
            #expect(Self.family.label(limited) == "stuck")
        }
    }

    @Test(arguments: fixtures.indices)
    func replayingTheTraceNeverContradictsTheSolution(_ index: Int) throws {
        let puzzle = try Self.puzzle(Self.fixtures[index].0)
        let solution = try Self.onlySolution(puzzle)
        let trace = try Grader(puzzle: puzzle).grade()
        var decided = Array(repeating: Array(repeating: Bool?.none, count: puzzle.columns), count: puzzle.rows)
        for step in trace.steps {
            #expect(!step.moves.isEmpty && step.moves.count == step.decides.count)
            let sentence = Self.family.sentence(step, in: puzzle, language: .english)
            #expect(!sentence.isEmpty)
            for move in step.moves {
                let p = move.position
                #expect(decided[p.row][p.column] == nil, "decided twice: \(move)")
                #expect(solution[p.row][p.column] == (move.decision == .keep), "wrong: \(move) — \(sentence)")
                decided[p.row][p.column] = move.decision == .keep
            }
        }
        #expect(decided.allSatisfy { $0.allSatisfy { $0 != nil } })
        #expect(trace.stepsPerTechnique.map(\.steps).reduce(0, +) == trace.steps.count)
    }

    /// The grader agrees with brute force on random puzzles: no solution is
    /// reported as such, anything else is solved with a mask that holds, and
    /// logic alone (no guess) only ever solves unique puzzles, step by step
    /// in agreement with the solution. Numbers up to 60 make sums above 127,
    /// so both bitset widths of the combinations reasoning are used.
    @Test func soundOnRandomPuzzles() throws {
        var rng = SplitMix64(seed: 99)
        for index in 0..<600 {
            let rows = rng.uniform(in: 1...5), columns = rng.uniform(in: 1...5)
            let range = index % 2 == 0 ? 1...9 : 1...60
            let puzzle = RandomPuzzles.make(rows: rows, columns: columns, range: range, randomSums: index % 5 == 0, using: &rng)
            let count = BruteForce.count(puzzle)
            let trace = try Grader(puzzle: puzzle).grade()
            #expect(trace.solutionsUpTo2 == min(count, 2))
            if count == 0 {
                #expect(trace.outcome == .noSolution)
                continue
            }
            #expect(trace.outcome == .solved)
            let mask = try #require(Self.solution(trace, puzzle))
            #expect(puzzle.isSolved(by: mask))
            if trace.guesses == 0 {
                #expect(count == 1, "\(puzzle)")
                for move in trace.steps.flatMap(\.moves) {
                    #expect(mask[move.position.row][move.position.column] == (move.decision == .keep))
                }
            }
        }
    }

    @Test func metricsOfATwoRoundPuzzle() throws {
        let puzzle = try Self.puzzle(.allNeeded)
        let trace = try Grader(puzzle: puzzle).grade()
        #expect(trace.steps.map(\.technique) == [.tooBig, .allNeeded, .tooBig, .allNeeded])
        #expect(trace.steps.map(\.round) == [1, 1, 2, 3])
        #expect(trace.metrics.rounds == 3)
        #expect(trace.metrics.meanStepsPerRound == 4.0 / 3.0)
        // Step 1: only row 3 (sum 0) has a move; step 2: row 1 and column 1
        // can both keep everything they have left: three cells on offer.
        #expect(trace.steps.map(\.movesOnOffer) == [2, 3, 1, 1])
        // Open cells before each step: 6, then 4 after row 3, 2, 1.
        #expect(trace.steps.map(\.openCells) == [6, 4, 2, 1])
        #expect(trace.metrics.forcedShare == 0.5)
        #expect(trace.metrics.longestForcedRun == 2)
        #expect(trace.metrics.visibility == (2.0 / 6 + 3.0 / 4 + 1.0 / 2 + 1.0 / 1) / 4)
        #expect(trace.score == 4)
        #expect(trace.stepsPerTechnique.first { $0.technique == .tooBig }?.steps == 2)
        let grade = Self.family.grade(trace, of: puzzle, explain: false)
        let fields = Dictionary(uniqueKeysWithValues: grade.fields.map { ($0.key, $0.value) })
        #expect(fields["label"] == .string("easy"))
        #expect(fields["steps_too-big"] == .int(2))
        #expect(fields["solutionsUpTo2"] == .int(1))
        #expect(fields["rows"] == .int(3) && fields["columns"] == .int(2))
    }

    /// The grade row is the core keys, the grid's size, and one count per
    /// technique, each key with one JSON type whatever the puzzle (solved,
    /// stuck, no solution, stopped by a budget).
    @Test func theGradeRowIsTheCoreKeysTheGridSizeAndTheTechniqueCounts() throws {
        let expected = GradeResult.coreKeys + ["rows", "columns"]
            + Technique.allCases.map { GradeResult.techniqueKeyPrefix + $0.code }
        let puzzles = try Self.fixtures.map { try Self.puzzle($0.0) } + [
            try TextFormat.read(". 5 1\n3 2 1\n4 3 4\n", file: "none.xsum"),
            try TextFormat.read(". 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n", file: "perm.xsum"),
        ]
        var types: [String: Set<String>] = [:]
        for puzzle in puzzles {
            for timeLimit in [nil, Duration.zero] {
                let grade = try Self.family.grade(puzzle, solutionsUpTo2: nil, explain: false, timeLimit: timeLimit)
                #expect(grade.fields.map(\.key) == expected)
                for (key, value) in grade.fields where value != .null { types[key, default: []].insert(Self.jsonType(value)) }
            }
        }
        let mixed = types.filter { $0.value.count > 1 }
        #expect(mixed.isEmpty, "\(mixed)")
    }

    static func jsonType(_ value: ReportValue) -> String {
        switch value {
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .bool: "bool"
        default: "\(value)"
        }
    }

    @Test func explanationsReadAsSentences() throws {
        let easyPuzzle = try Self.puzzle(.allNeeded)
        let easy = Self.family.grade(try Grader(puzzle: easyPuzzle).grade(), of: easyPuzzle, explain: true)
        #expect(easy.explanation == [
            "Row 3 must add up to 0, so remove the 5 in column 1 and the 3 in column 2.",
            "Row 1 needs 15 and its undecided numbers, the 9 in column 1 and the 6 in column 2, add up to exactly 15, so keep them.",
            "Column 2 already adds up to 6 with the numbers kept, so remove the rest: the 3 in row 2.",
            "Row 2 needs 5 and only the 5 in column 1 is left undecided, so keep it.",
        ])
        let hardPuzzle = try Self.puzzle(.combinations)
        let hard = Self.explanation(try Grader(puzzle: hardPuzzle).grade(), hardPuzzle)
        #expect(hard[0] == "Row 2 needs 5: the 9 in column 2 is too big, so remove it.")
        #expect(hard[1] == "Row 1 needs 11 from 4, 7 and 9. The only way is 4 + 7, so keep the 4 in column 1 and the 7 in column 2 and remove the 9 in column 3.")
        let mediumPuzzle = try Self.puzzle(.mustKeep)
        let medium = Self.explanation(try Grader(puzzle: mediumPuzzle).grade(), mediumPuzzle)
        #expect(medium.contains("Row 2 still needs 4 and its undecided numbers add up to 5, 1 more than that, so every number bigger than 1 stays: keep the 4 in column 1."))
        let extraPuzzle = try Self.puzzle(.rowAndColumn)
        let extra = try Grader(puzzle: extraPuzzle).grade()
        let step = try #require(extra.steps.first { $0.technique == .rowAndColumn })
        let sentence = Self.family.sentence(step, in: extraPuzzle, language: .english)
        #expect(sentence.hasPrefix("Suppose the "))
        #expect(sentence.contains(" could no longer reach ") || sentence.contains(" could make ") || sentence.contains(" more than "))
        // The failure names the numbers of the failed line, not only its target.
        #expect(sentence == "Suppose the 4 at row 3, column 1 were removed. Then row 3 would keep the 3 in column 2 and the 1 in column 5; "
                + "column 1 would keep the 4 in row 1; column 2 would remove the 4 in row 2 and the 3 in row 4; 2 more steps later, "
                + "column 2 would still need 1 but no undecided number is left, so it could no longer reach 4. So keep the 4.")
        #expect(step.reads.count >= 2)
        guard case .supposition(let refutation) = step.facts else {
            Issue.record("a row-and-column step without its supposition")
            return
        }
        // The supposition is the opposite of the decision.
        #expect(refutation.supposed.position == step.moves.first?.position)
        #expect(refutation.supposed.decision == step.moves.first?.decision.opposite)
    }

    /// Every sentence is built from the step's facts alone: the same facts
    /// give the same sentence, and a fact changed changes it.
    @Test func sentencesComeFromTheStepsFacts() throws {
        let puzzle = try Self.puzzle(.allNeeded)
        var step = try #require(try Grader(puzzle: puzzle).grade().steps.dropFirst().first)
        #expect(Self.family.sentence(step, in: puzzle, language: .english).hasPrefix("Row 1 needs 15 "))
        guard case .line(var state) = step.facts else {
            Issue.record("a line step without its line")
            return
        }
        state.need = 9
        step.facts = .line(state)
        #expect(Self.family.sentence(step, in: puzzle, language: .english).hasPrefix("Row 1 still needs 9 "))
    }

    /// `sentence(_:in:)` is public: facts that do not belong to the puzzle
    /// (numbers whose sum overflows, cells outside the grid) give a
    /// sentence, never a trap.
    @Test func aSentenceOfForeignFactsDoesNotTrap() {
        let puzzle = Puzzle(id: "huge", difficulty: "custom", grid: [[Int.max, Int.max, 1]], solution: nil,
                            rowSums: [1], columnSums: [1, 1, 1])
        let cells = [GridPosition(row: 0, column: 0), GridPosition(row: 0, column: 1), GridPosition(row: 5, column: 9)]
        let step = CrossSumsFamily.Trace.Step(
            technique: .combinations, reads: [.row(0)], decides: [TraceDecision(.cell(cells[0]), .removed)], round: 1,
            movesOnOffer: 1, facts: .line(LineState(line: .row(0), need: 1, undecidedTotal: 1, undecided: cells)))
        #expect(Self.family.sentence(step, in: puzzle, language: .english).hasPrefix("Row 1 needs 1 from \(Int.max), \(Int.max) and 0."))
    }

    @Test func aPuzzleWithTwoSolutionsNeedsAGuessAndIsFlagged() throws {
        let puzzle = try TextFormat.read("""
             . 14  8
             6  6  6
             7  7  4
             1  1  1
             7  3  7
             1  1  1
             0  1  9
            """, file: "two.xsum")
        let trace = try Grader(puzzle: puzzle).grade()
        #expect(trace.outcome == .solved)
        #expect(Self.family.label(trace) == "guess-required")
        #expect(trace.guesses >= 1)
        #expect(trace.maxGuessDepth == 1)
        #expect(trace.solutionsUpTo2 == 2)
        #expect(trace.hardestTechnique == .guess)
        #expect(puzzle.isSolved(by: try #require(Self.solution(trace, puzzle))))
        let guess = try #require(trace.steps.first { $0.technique == .guess })
        #expect(guess.guessDepth == 1 && guess.isGuess && guess.points == 25)
        #expect(Self.family.sentence(guess, in: puzzle, language: .english).hasPrefix("No rule decides a number here, so try: keep the 1"))
        #expect(trace.score == trace.steps.filter { $0.technique != .guess }.map(\.technique.weight).reduce(0, +) + 25)
    }

    @Test func guessingBacksUpFromDeadEnds() throws {
        // Keeping the first 1 of row 1 fails; the grader must back up.
        let puzzle = try TextFormat.read(". 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n", file: "perm.xsum")
        let trace = try Grader(puzzle: puzzle).grade(upTo: .guess)
        #expect(trace.outcome == .solved)
        #expect(puzzle.isSolved(by: try #require(Self.solution(trace, puzzle))))
        #expect(trace.solutionsUpTo2 == 2)  // counted up to 2
        let budget = try Grader(puzzle: puzzle).grade(guessBudget: 0)
        #expect(budget.outcome == .stuck && budget.stopReason == .guessLimit && !budget.complete)
        #expect(Self.family.label(budget) == "budget-exceeded")
    }

    /// A trace the steps do not finish carries the count's solution for
    /// drawing; a solved one does not. A 40×40 grid of ones, one kept per
    /// line: the count finds two solutions at once, the grader needs far
    /// more than a second (every cell's supposition, then a guess, forty times).
    @Test func anUnfinishedTraceCarriesTheCountsSolution() throws {
        let n = 40
        let puzzle = Puzzle(id: "ones", difficulty: "custom", grid: Array(repeating: Array(repeating: 1, count: n), count: n),
                            solution: nil, rowSums: Array(repeating: 1, count: n), columnSums: Array(repeating: 1, count: n))
        let stopped = try Self.family.trace(puzzle, solutionsUpTo2: nil, timeLimit: .seconds(1))
        #expect(stopped.outcome == .stuck && stopped.stopReason == .timeLimit && stopped.solutionsUpTo2 == 2)
        #expect(Self.family.label(stopped) == "budget-exceeded")
        #expect(stopped.foundSolution.count == n * n)
        var mask = Array(repeating: Array(repeating: false, count: n), count: n)
        for decision in stopped.foundSolution {
            guard case .cell(let p) = decision.place else { continue }
            mask[p.row][p.column] = decision.mark == .kept
        }
        #expect(puzzle.isSolved(by: mask))
        let small = try TextFormat.read(". 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n", file: "perm.xsum")
        let solved = try Self.family.trace(small, solutionsUpTo2: nil, timeLimit: nil)
        #expect(solved.outcome == .solved && solved.foundSolution.isEmpty)
    }

    @Test func aTimeLimitStopsHopelessGrading() throws {
        // 14x14 ones, seven kept per line: astronomically many solutions and
        // nothing to deduce, so every step is a row-and-column search or a guess.
        let grid = Array(repeating: Array(repeating: 1, count: 14), count: 14)
        let puzzle = Puzzle(id: "ones", difficulty: "custom", grid: grid, solution: nil,
                            rowSums: Array(repeating: 7, count: 14), columnSums: Array(repeating: 7, count: 14))
        let clock = ContinuousClock()
        let start = clock.now
        let trace = try Grader(puzzle: puzzle).grade(guessBudget: 1_000_000, timeLimit: .milliseconds(200))
        #expect(start.duration(to: clock.now) < .seconds(10))
        #expect(trace.outcome == .solved || (trace.outcome == .stuck && trace.stopReason == .timeLimit))
    }

    @Test func aPuzzleWithoutSolutionIsReported() throws {
        let trace = try Grader(puzzle: try TextFormat.read(". 5 1\n3 2 1\n4 3 4\n", file: "none.xsum")).grade()
        #expect(trace.outcome == .noSolution && trace.steps.isEmpty)
        #expect(Self.family.label(trace) == "no-solution")
        #expect(trace.solutionsUpTo2 == 0)
    }

    /// Issue 33: the count proves at once that a puzzle whose row and column
    /// totals differ has no solution; the grader takes that proof instead of
    /// searching (here with no time at all, where its search used to stop
    /// "budget-exceeded": nothing on one line contradicts).
    @Test func aCountedNoSolutionIsNotSearchedAgain() throws {
        let ones = Array(repeating: Array(repeating: 1, count: 3), count: 3)
        let puzzle = Puzzle(id: "totals", difficulty: "custom", grid: ones, solution: nil,
                            rowSums: [1, 1, 1], columnSums: [1, 1, 2])
        let grade = try CrossSumsFamily().grade(puzzle, solutionsUpTo2: nil, explain: false, timeLimit: .zero)
        #expect(grade.label == "no-solution" && grade.complete && grade.solutionsUpTo2 == 0)
        let trace = try Grader(puzzle: puzzle).grade(timeLimit: .zero)
        #expect(trace.outcome == .noSolution && trace.guesses == 0)
        // An unknown count (stopped by its budget) is no such proof.
        let open = Puzzle(id: "open", difficulty: "custom", grid: ones, solution: nil,
                          rowSums: [1, 1, 1], columnSums: [1, 1, 1])
        let unknown = try CrossSumsFamily().grade(open, solutionsUpTo2: nil, explain: false, timeLimit: .zero)
        #expect(unknown.label != "no-solution" && unknown.solutionsUpTo2 == nil)
    }

    @Test func theDocumentationExampleHolds() throws {
        let puzzle = try TextFormat.read(". 3 2\n3 3 5\n2 7 2\n", file: "tiny.xsum")
        let trace = try Grader(puzzle: puzzle).grade()
        #expect(Self.family.label(trace) == "easy" && trace.score == 4)
        #expect(Self.family.sentence(trace.steps[0], in: puzzle, language: .english) == "Row 1 needs 3: the 5 in column 2 is too big, so remove it.")
        #expect(trace.steps[0].movesOnOffer == 2)
    }

    @Test func gradingIsDeterministic() throws {
        for (technique, _) in Self.fixtures {
            let puzzle = try Self.puzzle(technique)
            let a = try Grader(puzzle: puzzle).grade()
            let b = try Grader(puzzle: puzzle).grade()
            #expect(a.steps.map(\.decides) == b.steps.map(\.decides))
            #expect(a.steps.map(\.facts) == b.steps.map(\.facts))
            let fields = { (trace: CrossSumsFamily.Trace) in
                Self.family.grade(trace, of: puzzle, explain: true).fields.map { "\($0.key)=\($0.value)" }
            }
            #expect(fields(a) == fields(b))
            #expect(Self.explanation(a, puzzle) == Self.explanation(b, puzzle))
        }
    }

    @Test func nextStepFollowsTheMarks() throws {
        let puzzle = try Self.puzzle(.allNeeded)
        let grader = try Grader(puzzle: puzzle)
        var marks = Array(repeating: Array(repeating: CellDecision?.none, count: 2), count: 3)
        let first = try #require(grader.nextStep(marks: marks))
        #expect(first.technique == .tooBig)
        #expect(first.moves.map(\.position) == [GridPosition(row: 2, column: 0), GridPosition(row: 2, column: 1)])
        marks[2] = [.remove, .remove]
        marks[0] = [.keep, .keep]
        let next = try #require(grader.nextStep(marks: marks))
        #expect(next.moves == [CellMove(position: GridPosition(row: 1, column: 1), decision: .remove)])
        #expect(next.openCells == 2)
        // Marks that break a sum give no step.
        marks[0] = [.remove, .remove]
        #expect(grader.nextStep(marks: marks) == nil)
        #expect(grader.nextStep(marks: []) == nil)
    }

    @Test func theCatalogueIsOneOrderedTable() {
        let all = Technique.allCases
        #expect(all.first == .tooBig && all.last == .guess)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.weight <= $1.weight && $0 < $1 })
        #expect(Set(all.map(\.code)).count == all.count)
        #expect(all.allSatisfy { !$0.rule.isEmpty && !$0.name.isEmpty && Technique(code: $0.code) == $0 })
        for difficulty in Profile.allCases {
            #expect(difficulty.hardestTechnique.difficulty == difficulty)
        }
        #expect(Profile(name: "Extra Hard") == .extraHard)
        #expect(Profile(name: "extraHard") == .extraHard)
        #expect(Profile(name: "extra-hard") == .extraHard)
        #expect(Profile(name: "impossible") == nil)
    }
}
