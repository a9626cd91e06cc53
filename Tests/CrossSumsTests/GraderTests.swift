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

    @Test(arguments: fixtures.indices)
    func eachFixtureNeedsItsTechnique(_ index: Int) throws {
        let (technique, _) = Self.fixtures[index]
        let puzzle = try Self.puzzle(technique)
        let report = try Grader(puzzle: puzzle).grade()
        #expect(report.outcome == .solved)
        #expect(report.hardestTechnique == technique)
        #expect(report.difficulty == technique.difficulty)
        #expect(report.label == technique.difficulty?.rawValue)
        #expect(report.guesses == 0)
        #expect(report.isUnique)
        #expect(report.solution == (try Self.onlySolution(puzzle)))
        // One technique less is not enough (the easy pair shares a difficulty).
        if let lower = Technique(rawValue: technique.rawValue - 1) {
            let limited = try Grader(puzzle: puzzle).grade(upTo: lower)
            #expect(limited.outcome == .stuck)
            #expect(limited.label == "stuck")
        }
    }

    @Test(arguments: fixtures.indices)
    func replayingTheTraceNeverContradictsTheSolution(_ index: Int) throws {
        let puzzle = try Self.puzzle(Self.fixtures[index].0)
        let solution = try Self.onlySolution(puzzle)
        let report = try Grader(puzzle: puzzle).grade()
        var decided = Array(repeating: Array(repeating: Bool?.none, count: puzzle.columns), count: puzzle.rows)
        for step in report.steps {
            #expect(!step.moves.isEmpty)
            #expect(!step.explanation.isEmpty)
            for move in step.moves {
                let p = move.position
                #expect(decided[p.row][p.column] == nil, "decided twice: \(move)")
                #expect(solution[p.row][p.column] == (move.decision == .keep), "wrong: \(move) — \(step.explanation)")
                decided[p.row][p.column] = move.decision == .keep
            }
        }
        #expect(decided.allSatisfy { $0.allSatisfy { $0 != nil } })
        #expect(report.stepsPerTechnique.reduce(0, +) == report.steps.count)
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
            let report = try Grader(puzzle: puzzle).grade()
            #expect(report.solutionsUpTo2 == min(count, 2))
            if count == 0 {
                #expect(report.outcome == .noSolution)
                continue
            }
            #expect(report.outcome == .solved)
            let mask = try #require(report.solution)
            #expect(puzzle.isSolved(by: mask))
            if report.guesses == 0 {
                #expect(count == 1, "\(puzzle)")
                for move in report.steps.flatMap(\.moves) {
                    #expect(mask[move.position.row][move.position.column] == (move.decision == .keep))
                }
            }
        }
    }

    @Test func metricsOfATwoRoundPuzzle() throws {
        let report = try Grader(puzzle: try Self.puzzle(.allNeeded)).grade()
        #expect(report.steps.map(\.technique) == [.tooBig, .allNeeded, .tooBig, .allNeeded])
        #expect(report.steps.map(\.round) == [1, 1, 2, 3])
        #expect(report.rounds == 3)
        #expect(report.meanStepsPerRound == 4.0 / 3.0)
        // Step 1: only row 3 (sum 0) has a move; step 2: row 1 and column 1
        // can both keep everything they have left: three cells on offer.
        #expect(report.steps.map(\.movesOnOffer) == [2, 3, 1, 1])
        #expect(report.forcedShare == 0.5)
        #expect(report.longestForcedRun == 2)
        #expect(report.score == 4)
        #expect(report.steps(.tooBig) == 2)
        let row = report.reportRow
        #expect(row["label"] == .string("easy"))
        #expect(row["tooBigSteps"] == .int(2))
        #expect(row["solutionsUpTo2"] == .int(1))
        #expect(row["movesOnOffer"] == .json("[2,3,1,1]"))
        #expect(row.csvHeader.hasPrefix("id,rows,columns,label,score,hardestTechnique"))
    }

    @Test func explanationsReadAsSentences() throws {
        let easy = try Grader(puzzle: try Self.puzzle(.allNeeded)).grade()
        #expect(easy.explanation == [
            "1. Row 3 must add up to 0, so remove the 5 in column 1 and the 3 in column 2.",
            "2. Row 1 needs 15 and its undecided numbers, the 9 in column 1 and the 6 in column 2, add up to exactly 15, so keep them.",
            "3. Column 2 already adds up to 6 with the numbers kept, so remove the rest: the 3 in row 2.",
            "4. Row 2 needs 5 and only the 5 in column 1 is left undecided, so keep it.",
        ])
        let hard = try Grader(puzzle: try Self.puzzle(.combinations)).grade()
        #expect(hard.steps[0].explanation == "Row 2 needs 5: the 9 in column 2 is too big, so remove it.")
        #expect(hard.steps[1].explanation == "Row 1 needs 11 from 4, 7 and 9. The only way is 4 + 7, so keep the 4 in column 1 and the 7 in column 2 and remove the 9 in column 3.")
        let medium = try Grader(puzzle: try Self.puzzle(.mustKeep)).grade()
        #expect(medium.steps.contains { $0.explanation == "Row 2 still needs 4 and its undecided numbers add up to 5, 1 more than that, so every number bigger than 1 stays: keep the 4 in column 1." })
        let extra = try Grader(puzzle: try Self.puzzle(.rowAndColumn)).grade()
        let step = try #require(extra.steps.first { $0.technique == .rowAndColumn })
        #expect(step.explanation.hasPrefix("Suppose the "))
        #expect(step.explanation.contains(" could no longer reach ") || step.explanation.contains(" could make ") || step.explanation.contains(" more than "))
        #expect(step.lines.count >= 2)
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
        let report = try Grader(puzzle: puzzle).grade()
        #expect(report.outcome == .solved)
        #expect(report.label == "guess-required")
        #expect(report.difficulty == nil)
        #expect(report.guesses >= 1)
        #expect(report.maxGuessDepth == 1)
        #expect(report.solutionsUpTo2 == 2)
        #expect(!report.isUnique)
        #expect(report.hardestTechnique == .guess)
        #expect(puzzle.isSolved(by: try #require(report.solution)))
        let guess = try #require(report.steps.first { $0.technique == .guess })
        #expect(guess.guessDepth == 1)
        #expect(guess.explanation.hasPrefix("No rule decides a number here, so try: keep the 1"))
        #expect(report.score == report.steps.filter { $0.technique != .guess }.map(\.technique.weight).reduce(0, +) + 25)
    }

    @Test func guessingBacksUpFromDeadEnds() throws {
        // Keeping the first 1 of row 1 fails; the grader must back up.
        let puzzle = try TextFormat.read(". 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n", file: "perm.xsum")
        let report = try Grader(puzzle: puzzle).grade(upTo: .guess)
        #expect(report.outcome == .solved)
        #expect(puzzle.isSolved(by: try #require(report.solution)))
        #expect(report.solutionsUpTo2 == 2)  // counted up to 2
        let budget = try Grader(puzzle: puzzle).grade(guessBudget: 0)
        #expect(budget.outcome == .budgetExceeded)
        #expect(budget.label == "budget-exceeded")
    }

    @Test func aTimeLimitStopsHopelessGrading() throws {
        // 14x14 ones, seven kept per line: astronomically many solutions and
        // nothing to deduce, so every step is a row-and-column search or a guess.
        let grid = Array(repeating: Array(repeating: 1, count: 14), count: 14)
        let puzzle = Puzzle(id: "ones", difficulty: "custom", grid: grid, solution: nil,
                            rowSums: Array(repeating: 7, count: 14), columnSums: Array(repeating: 7, count: 14))
        let clock = ContinuousClock()
        let start = clock.now
        let report = try Grader(puzzle: puzzle).grade(guessBudget: 1_000_000, timeLimit: .milliseconds(200))
        #expect(start.duration(to: clock.now) < .seconds(10))
        #expect(report.outcome == .budgetExceeded || report.outcome == .solved)
    }

    @Test func aPuzzleWithoutSolutionIsReported() throws {
        let report = try Grader(puzzle: try TextFormat.read(". 5 1\n3 2 1\n4 3 4\n", file: "none.xsum")).grade()
        #expect(report.outcome == .noSolution)
        #expect(report.label == "no-solution")
        #expect(report.solutionsUpTo2 == 0)
        #expect(report.solution == nil)
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
        let report = try Grader(puzzle: puzzle).grade(timeLimit: .zero)
        #expect(report.outcome == .noSolution && report.guesses == 0)
        // An unknown count (stopped by its budget) is no such proof.
        let open = Puzzle(id: "open", difficulty: "custom", grid: ones, solution: nil,
                          rowSums: [1, 1, 1], columnSums: [1, 1, 1])
        let unknown = try CrossSumsFamily().grade(open, solutionsUpTo2: nil, explain: false, timeLimit: .zero)
        #expect(unknown.label != "no-solution" && unknown.solutionsUpTo2 == nil)
    }

    @Test func theDocumentationExampleHolds() throws {
        let report = try Grader(puzzle: try TextFormat.read(". 3 2\n3 3 5\n2 7 2\n", file: "tiny.xsum")).grade()
        #expect(report.label == "easy" && report.score == 4)
        #expect(report.explanation[0] == "1. Row 1 needs 3: the 5 in column 2 is too big, so remove it.")
        #expect(report.steps[0].movesOnOffer == 2)
    }

    @Test func gradingIsDeterministic() throws {
        for (technique, _) in Self.fixtures {
            let puzzle = try Self.puzzle(technique)
            let a = try Grader(puzzle: puzzle).grade()
            let b = try Grader(puzzle: puzzle).grade()
            #expect(a.steps == b.steps)
            #expect(a.reportRow == b.reportRow)
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
