import PuzzleKit
import CrossSums
import Testing

@Suite struct GameTests {
    /// The combinations fixture; its one solution keeps
    /// `[[4, 7, -], [5, -, -], [-, -, 9]]`.
    static func game(lives: Int = 3) throws -> GameSession {
        try GameSession(puzzle: try GraderTests.puzzle(.combinations), lives: lives)
    }

    static let removed = [(0, 2), (1, 1), (1, 2), (2, 0), (2, 1)]

    @Test func startsUndecidedWithFullLives() throws {
        let game = try Self.game()
        #expect(game.state.livesRemaining == 3)
        #expect(game.state.playerGridMask == Array(repeating: [true, true, true], count: 3))
        #expect(game.marks.allSatisfy { $0.allSatisfy { $0 == .undecided } })
        #expect(game.solution == [[true, true, false], [true, false, false], [false, false, true]])
        #expect(!game.isLevelComplete && !game.isGameOver)
    }

    @Test func aCorrectMoveIsAppliedAndCostsNothing() throws {
        var game = try Self.game()
        let outcome1 = game.toggleCell(row: 0, col: 2)
        #expect(outcome1 == .correct)
        #expect(game.marks[0][2] == .removed)
        #expect(game.state.playerGridMask[0][2] == false)
        let outcome2 = game.mark(row: 0, column: 0, as: .keep)
        #expect(outcome2 == .correct)
        #expect(game.marks[0][0] == .kept)
        #expect(game.state.playerGridMask[0][0] == true)
        let outcome3 = game.mark(row: 0, column: 0, as: .keep)
        #expect(outcome3 == .unchanged)
        #expect(game.state.livesRemaining == 3)
        #expect(game.mistakes == 0)
    }

    @Test func mistakesCostALifeAndAreNotApplied() throws {
        var game = try Self.game()
        // Removing a number the solution keeps.
        let outcome4 = game.toggleCell(row: 0, col: 0)
        #expect(outcome4 == .mistake)
        #expect(game.marks[0][0] == .undecided)
        #expect(game.state.livesRemaining == 2)
        // Keeping a number the solution removes.
        let outcome5 = game.mark(row: 1, column: 1, as: .keep)
        #expect(outcome5 == .mistake)
        #expect(game.marks[1][1] == .undecided)
        #expect(game.state.livesRemaining == 1)
        #expect(game.mistakes == 2)
        // Toggling a correctly removed number back is keeping it: a mistake.
        let outcome6 = game.toggleCell(row: 1, col: 1)
        #expect(outcome6 == .correct)
        let outcome7 = game.toggleCell(row: 1, col: 1)
        #expect(outcome7 == .mistake)
        #expect(game.marks[1][1] == .removed)
        #expect(game.state.livesRemaining == 0)
    }

    @Test func theGameIsOverAtZeroLives() throws {
        var game = try Self.game(lives: 2)
        let outcome8 = game.toggleCell(row: 0, col: 0)
        #expect(outcome8 == .mistake)
        #expect(!game.isGameOver)
        let outcome9 = game.toggleCell(row: 0, col: 1)
        #expect(outcome9 == .mistake)
        #expect(game.isGameOver)
        #expect(game.state.livesRemaining == 0)
        let outcome10 = game.toggleCell(row: 0, col: 2)
        #expect(outcome10 == .ignored)
        #expect(game.marks[0][2] == .undecided)
        let outcome11 = game.useHint()
        #expect(outcome11 == nil)
    }

    @Test func removingEveryRemovedNumberWinsTheLevel() throws {
        var game = try Self.game()
        for (r, c) in Self.removed {
            #expect(!game.isLevelComplete)
            let outcome12 = game.toggleCell(row: r, col: c)
            #expect(outcome12 == .correct)
        }
        #expect(game.isLevelComplete)
        let won = game.checkForWinCondition()
        #expect(won)
        #expect(game.state.playerGridMask == game.solution)
        let outcome13 = game.toggleCell(row: 0, col: 0)
        #expect(outcome13 == .ignored)
        let outcome14 = game.useHint()
        #expect(outcome14 == nil)
    }

    @Test func aHintRevealsTheNextDeductionAtNoCost() throws {
        var game = try Self.game()
        let hintResult = game.useHint()
        let hint = try #require(hintResult)
        #expect(hint.technique == .tooBig)
        #expect(hint.move == CellMove(position: GridPosition(row: 1, column: 1), decision: .remove))
        #expect(hint.explanation == "Row 2 needs 5: the 9 in column 2 is too big, so remove it.")
        #expect(game.marks[1][1] == .removed)
        #expect(game.hintsUsed == 1)
        #expect(game.state.livesRemaining == 3)
        // Hints alone finish the level, each one correct.
        var count = 1
        while let next = game.useHint() {
            let p = next.move.position
            #expect(game.solution[p.row][p.column] == (next.move.decision == .keep))
            count += 1
            #expect(count <= 9)
        }
        #expect(game.isLevelComplete)
        #expect(game.hintsUsed == count)
        #expect(game.state.livesRemaining == 3)
    }

    @Test func aHintFollowsThePlayersMarks() throws {
        var game = try Self.game()
        game.toggleCell(row: 1, col: 1)  // the first deduction, done by the player
        let hintResult = game.useHint()
        let hint = try #require(hintResult)
        #expect(hint.technique == .combinations)
        #expect(hint.move == CellMove(position: GridPosition(row: 0, column: 0), decision: .keep))
    }

    @Test func withoutADeductionAHintRevealsFromTheSolution() throws {
        // Two solutions; the game judges by the one the puzzle carries.
        let puzzle = Puzzle(id: "x", difficulty: "custom", grid: [[1, 1], [1, 1]],
                            solution: [[true, false], [false, true]], rowSums: [1, 1], columnSums: [1, 1])
        var game = try GameSession(puzzle: puzzle)
        let hintResult = game.useHint()
        let hint = try #require(hintResult)
        #expect(hint.technique == nil)
        #expect(hint.move == CellMove(position: GridPosition(row: 0, column: 1), decision: .remove))
        #expect(hint.explanation.contains("the solution removes the 1 at row 1, column 2"))
        // Now the rest follows by logic.
        let logical = game.useHint()
        #expect(logical?.technique != nil)
    }

    @Test func restartClearsEverything() throws {
        var game = try Self.game()
        game.toggleCell(row: 0, col: 2)
        game.toggleCell(row: 0, col: 0)
        _ = game.useHint()
        game.restart()
        #expect(game.marks.allSatisfy { $0.allSatisfy { $0 == .undecided } })
        #expect(game.state == GameState(playerGridMask: Array(repeating: [true, true, true], count: 3), livesRemaining: 3))
        #expect(game.hintsUsed == 0 && game.mistakes == 0)
        #expect(!game.isLevelComplete && !game.isGameOver)
        // Restart also revives a lost game.
        var lost = try Self.game(lives: 1)
        lost.toggleCell(row: 0, col: 0)
        #expect(lost.isGameOver)
        lost.restart()
        #expect(!lost.isGameOver)
        let outcome15 = lost.toggleCell(row: 0, col: 2)
        #expect(outcome15 == .correct)
    }

    @Test func movesOutsideTheGridAreIgnored() throws {
        var game = try Self.game()
        let outcome16 = game.toggleCell(row: 3, col: 0)
        #expect(outcome16 == .ignored)
        let outcome17 = game.mark(row: -1, column: 0, as: .keep)
        #expect(outcome17 == .ignored)
        #expect(game.state.livesRemaining == 3)
    }

    @Test func aPuzzleWithoutSolutionIsSolvedFirst() throws {
        var puzzle = try GraderTests.puzzle(.combinations)
        puzzle.solution = nil
        let game = try GameSession(puzzle: puzzle)
        #expect(game.solution == [[true, true, false], [true, false, false], [false, false, true]])
        let ambiguous = Puzzle(id: "x", difficulty: "custom", grid: [[1, 1], [1, 1]], solution: nil, rowSums: [1, 1], columnSums: [1, 1])
        #expect(throws: SolveError.notUnique(solutionCount: 2)) { try GameSession(puzzle: ambiguous) }
        let impossible = Puzzle(id: "x", difficulty: "custom", grid: [[2]], solution: nil, rowSums: [1], columnSums: [1])
        #expect(throws: SolveError.notUnique(solutionCount: 0)) { try GameSession(puzzle: impossible) }
        var wrong = try GraderTests.puzzle(.combinations)
        wrong.solution = Array(repeating: [true, true, true], count: 3)
        #expect(throws: SolveError.self) { try GameSession(puzzle: wrong) }
    }

    @Test(arguments: Profile.allCases)
    func hintsAloneSolveGeneratedLevelsWithoutMistakes(_ difficulty: Profile) throws {
        let puzzle = try Generator().generate(difficulty: difficulty, seed: 5).puzzle
        var game = try GameSession(puzzle: puzzle)
        var techniques: Set<Technique> = []
        while let hint = game.useHint() {
            let p = hint.move.position
            #expect(game.solution[p.row][p.column] == (hint.move.decision == .keep))
            techniques.insert(try #require(hint.technique, "a generated level never needs the solution revealed"))
            #expect(game.hintsUsed <= puzzle.rows * puzzle.columns)
        }
        #expect(game.isLevelComplete)
        #expect(game.mistakes == 0)
        #expect(techniques.contains(difficulty.hardestTechnique))
    }

    @Test func generatedLevelsArePlayable() throws {
        for difficulty in Profile.allCases {
            let puzzle = try Generator().generate(difficulty: difficulty, seed: 11).puzzle
            var game = try GameSession(puzzle: puzzle)
            for p in puzzle.positions where !game.solution[p.row][p.column] {
                let outcome18 = game.toggleCell(row: p.row, col: p.column)
                #expect(outcome18 == .correct)
            }
            #expect(game.isLevelComplete)
        }
    }
}
