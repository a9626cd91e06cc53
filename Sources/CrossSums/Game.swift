import PuzzleKit
/// The player's mark on one number.
public enum CellMark: String, Codable, Sendable, CaseIterable {
    /// Not marked yet: the number is shown.
    case undecided
    /// Marked to keep (circled).
    case kept
    /// Marked to remove (erased).
    case removed
}

/// What a move did.
public enum MoveOutcome: String, Sendable, Equatable {
    /// The mark agrees with the solution and was applied.
    case correct
    /// The mark contradicts the solution: it was not applied and a life was lost.
    case mistake
    /// The cell already had this mark; nothing happened.
    case unchanged
    /// The game is over or the level complete, or the cell is outside the
    /// grid; nothing happened.
    case ignored
}

/// A revealed cell.
public struct Hint: Sendable, Equatable {
    /// The cell and its correct decision, now applied.
    public let move: CellMove
    /// The technique of the deduction that decides it, or `nil` when no
    /// deduction was available and the cell was taken from the solution.
    public let technique: Technique?
    /// Why the decision is right, as a sentence in the language
    /// ``GameSession/useHint(language:)`` was asked for.
    public let explanation: String
}

/// A level being played (the game logic without UI).
///
/// Every number starts undecided (shown). Marking a number *removed* that the
/// solution keeps, or *kept* that the solution removes, is a mistake: the
/// mark is not applied and a life is lost; at zero lives the game is over and
/// moves are ignored. The level is complete when every number the solution
/// removes has been removed (kept numbers may stay unmarked).
///
///     var game = try GameSession(puzzle: puzzle)
///     game.toggleCell(row: 0, col: 1)   // .correct: that 5 is removed
///     if let hint = game.useHint() { print(hint.explanation) }
///     print(game.isLevelComplete, game.state.livesRemaining)
///
/// A value type: an app keeps one in its view model and calls its mutating
/// methods.
public struct GameSession: Sendable {
    /// The standard number of lives.
    public static let defaultLives = 3

    public let puzzle: Puzzle
    /// The solution mistakes are judged against: the puzzle's own, or the
    /// one the solver found.
    public let solution: [[Bool]]
    public let maxLives: Int
    /// The game state: the mask shown (false where removed) and the lives left.
    public private(set) var state: GameState
    /// The player's mark on every number.
    public private(set) var marks: [[CellMark]]
    public private(set) var hintsUsed = 0
    public private(set) var mistakes = 0
    /// True once every number the solution removes is removed.
    public private(set) var isLevelComplete = false

    private let grader: Grader

    /// Starts a level.
    ///
    /// - Parameters:
    ///   - puzzle: a well-formed puzzle; without a `solution` it must have
    ///     exactly one, which the solver finds.
    ///   - lives: lives at the start and after ``restart()`` (at least 1).
    /// - Throws: ``SolveError`` when the puzzle is malformed or, lacking a
    ///   solution, does not have exactly one.
    public init(puzzle: Puzzle, lives: Int = GameSession.defaultLives) throws(SolveError) {
        if let problem = puzzle.problem { throw .invalidPuzzle(problem) }
        grader = try Grader(puzzle: puzzle)
        if let solution = puzzle.solution {
            self.solution = solution
        } else {
            let result = try Solver(puzzle: puzzle).solve(.init(solutions: 2, keepSolutions: 1))
            guard result.solutionCount == 1, let only = result.solutions.first else {
                throw .notUnique(solutionCount: result.solutionCount)
            }
            self.solution = only
        }
        self.puzzle = puzzle
        maxLives = max(1, lives)
        marks = Array(repeating: Array(repeating: .undecided, count: puzzle.columns), count: puzzle.rows)
        state = GameState(playerGridMask: Array(repeating: Array(repeating: true, count: puzzle.columns), count: puzzle.rows),
                          livesRemaining: maxLives)
        checkForWinCondition()
    }

    /// True when no lives are left.
    public var isGameOver: Bool { state.livesRemaining == 0 }

    /// Marks the number at (`row`, `column`) kept or removed.
    ///
    /// - Returns: ``MoveOutcome/correct`` when applied, ``MoveOutcome/mistake``
    ///   when it contradicts the solution (a life is lost, nothing else
    ///   changes), ``MoveOutcome/unchanged`` or ``MoveOutcome/ignored``.
    @discardableResult
    public mutating func mark(row: Int, column: Int, as decision: CellDecision) -> MoveOutcome {
        guard !isGameOver, !isLevelComplete, puzzle.contains(GridPosition(row: row, column: column)) else { return .ignored }
        let wanted: CellMark = decision == .keep ? .kept : .removed
        if marks[row][column] == wanted { return .unchanged }
        guard solution[row][column] == (decision == .keep) else {
            mistakes += 1
            state.livesRemaining = max(0, state.livesRemaining - 1)
            return .mistake
        }
        set(row, column, wanted)
        return .correct
    }

    /// A tap: a shown number (undecided or kept) is marked removed,
    /// a removed one kept again. See ``mark(row:column:as:)`` for the outcome.
    @discardableResult
    public mutating func toggleCell(row: Int, col: Int) -> MoveOutcome {
        guard puzzle.contains(GridPosition(row: row, column: col)) else { return .ignored }
        return mark(row: row, column: col, as: marks[row][col] == .removed ? .keep : .remove)
    }

    /// Reveals one correct cell: the first cell of the next logical
    /// deduction (the easiest technique that applies to the current marks),
    /// or, when only guessing would help, an undecided cell from the solution
    /// (one it removes, if any). The cell is marked at no cost.
    ///
    /// - Parameter language: the language of the hint's explanation.
    /// - Returns: `nil` when the game is over or the level complete.
    /// - Complexity: one grader step; a ``Technique/rowAndColumn`` step tries
    ///   every undecided cell.
    public mutating func useHint(language: Language = .english) -> Hint? {
        guard !isGameOver, !isLevelComplete else { return nil }
        let current: [[CellDecision?]] = marks.map { row in
            row.map { mark in mark == .undecided ? nil : CellDecision(kept: mark == .kept) }
        }
        let hint: Hint
        if let step = grader.nextStep(marks: current),
           let move = step.moves.first(where: { marks[$0.position.row][$0.position.column] == .undecided }) {
            hint = Hint(move: move, technique: step.technique, explanation: CrossSumsFamily().sentence(step, in: puzzle, language: language))
        } else {
            let open = puzzle.positions.filter { marks[$0.row][$0.column] == .undecided }
            guard let position = open.first(where: { !solution[$0.row][$0.column] }) ?? open.first else { return nil }
            let decision = CellDecision(kept: solution[position.row][position.column])
            let explain = Explain(puzzle: puzzle, language: language)
            hint = Hint(move: CellMove(position: position, decision: decision), technique: nil,
                        explanation: explain.text(decision == .keep ? "hint.solution.keeps" : "hint.solution.removes",
                                                  ["cell": explain.cell(position)]))
        }
        hintsUsed += 1
        let p = hint.move.position
        set(p.row, p.column, hint.move.decision == .keep ? .kept : .removed)
        return hint
    }

    /// Starts the level again: every mark cleared, all lives back, no hints
    /// or mistakes counted.
    public mutating func restart() {
        marks = Array(repeating: Array(repeating: .undecided, count: puzzle.columns), count: puzzle.rows)
        state = GameState(playerGridMask: Array(repeating: Array(repeating: true, count: puzzle.columns), count: puzzle.rows),
                          livesRemaining: maxLives)
        hintsUsed = 0
        mistakes = 0
        isLevelComplete = false
        checkForWinCondition()
    }

    /// Updates and returns ``isLevelComplete``: true when the shown numbers
    /// make every row and column sum.
    @discardableResult
    public mutating func checkForWinCondition() -> Bool {
        isLevelComplete = puzzle.isSolved(by: state.playerGridMask)
        return isLevelComplete
    }

    private mutating func set(_ row: Int, _ column: Int, _ mark: CellMark) {
        marks[row][column] = mark
        state.playerGridMask[row][column] = mark != .removed
        checkForWinCondition()
    }
}
