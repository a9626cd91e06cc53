import PuzzleKit

/// Cross sums played through `PlayGame` (`puzzlelab serve`,
/// `puzzlelab play`), on ``GameSession``, as the app's plan says.
///
/// - `keep` and `remove` (row, column of the numbers, 0-based, not counting
///   the sums) mark an undecided number. A mark the solution agrees with is
///   `right` and applied; one it contradicts is `wrong`: it is not applied
///   and costs a life (``GameSession/defaultLives``). With no life left the
///   game is over, lost. A number already decided is refused (a decided
///   number is always right; it is not tappable).
/// - `hint` applies ``GameSession/useHint(language:)``: one cell of the
///   grader's next step from the marks as they stand, decided at no cost.
extension CrossSumsFamily {
    /// The actions a game takes besides giving up.
    static let playActions = ["keep", "remove", PlayMove.hintAction]

    public func play(_ move: PlayMove, in session: inout GameSession, language: Language) -> PlayJudgement {
        let explain = Explain(puzzle: session.puzzle, language: language)
        switch move.action {
        case CellDecision.keep.rawValue, CellDecision.remove.rawValue:
            guard let position = move.position, let decision = CellDecision(rawValue: move.action) else {
                return .incomplete(move, language: language)
            }
            guard session.puzzle.contains(position) else {
                return PlayJudgement(.refused, explain.text("play.outside", ["row": Explain.counted(position.row),
                                                                             "column": Explain.counted(position.column)]))
            }
            guard session.marks[position.row][position.column] == .undecided else {
                return PlayJudgement(.refused, explain.text("play.decided", ["cell": explain.cell(position)]))
            }
            switch session.mark(row: position.row, column: position.column, as: decision) {
            case .correct:
                return PlayJudgement(.right, session.isLevelComplete ? explain.text("play.completed") : nil)
            case .mistake:
                if session.isGameOver { return PlayJudgement(.wrong, explain.text("play.lost")) }
                return PlayJudgement(.wrong, explain.text("play.wrong.\(decision.rawValue)", count: session.state.livesRemaining,
                                                          ["cell": explain.cell(position)]))
            case .unchanged, .ignored:
                return PlayJudgement(.refused, explain.text("play.decided", ["cell": explain.cell(position)]))
            }
        case PlayMove.hintAction:
            guard let hint = session.useHint(language: language) else { return PlayJudgement(.refused, explain.text("play.noHint")) }
            return PlayJudgement(.neutral, hint.explanation, hint: true)
        default:
            return .unknownAction(move, offered: Self.playActions, language: language)
        }
    }

    /// The grid as a player sees it, with the sums: the first row holds the
    /// column sums and the first column the row sums (`target` cells), a
    /// block in the corner; each number is `number` while undecided (and
    /// tappable while the game goes on), `kept` or `removed`.
    public func view(of session: GameSession, language: Language) -> PlayView {
        let puzzle = session.puzzle
        let finished = session.isLevelComplete || session.isGameOver
        let sums = [PlayCell("", kind: "block")] + (0..<puzzle.columns).map { PlayCell(sumText(puzzle.sum(of: .column($0))), kind: "target") }
        let rows = (0..<puzzle.rows).map { row in
            [PlayCell(sumText(puzzle.sum(of: .row(row))), kind: "target")] + (0..<puzzle.columns).map { column in
                let number = String(puzzle.grid[row][column])
                switch session.marks[row][column] {
                case .undecided: return PlayCell(number, kind: "number", tappable: !finished)
                case .kept: return PlayCell(number, kind: "kept")
                case .removed: return PlayCell(number, kind: "removed")
                }
            }
        }
        let explain = Explain(puzzle: puzzle, language: language)
        return PlayView(kind: info.name, title: title(of: puzzle, explain),
                        instructions: explain.text("play.instructions"), grid: [sums] + rows, firstRow: -1, firstColumn: -1,
                        actions: finished ? [] : Self.playActions,
                        status: PlayStatus(finished: finished, completed: session.isLevelComplete,
                                           lives: session.state.livesRemaining, maxLives: session.maxLives,
                                           mistakes: session.mistakes, hints: session.hintsUsed))
    }

    /// Removes every number the solution of the first puzzle removes (the
    /// solution ``GameSession`` judges by), row by row: the level is
    /// complete once they are all removed, the kept ones may stay unmarked.
    /// None for a puzzle that cannot be played.
    public func solutionMoves(_ puzzles: [Puzzle]) -> [PlayMove] {
        guard let puzzle = puzzles.first, let session = try? startSession(puzzle) else { return [] }
        return puzzle.positions.filter { !session.solution[$0.row][$0.column] }
            .map { PlayMove(CellDecision.remove.rawValue, row: $0.row, column: $0.column) }
    }

    /// "Cross sums: medium, level 3" for a level of a profile (its id
    /// `medium-3`, as packs and `generate` name them), else the id.
    private func title(of puzzle: Puzzle, _ explain: Explain) -> String {
        guard Profile(rawValue: puzzle.difficulty) != nil, let level = LevelID.level(of: puzzle.id, difficulty: puzzle.difficulty) else {
            return explain.text("play.title", ["id": puzzle.id])
        }
        return explain.text("play.title.level", ["difficulty": labelName(puzzle.difficulty, in: explain.language),
                                                 "level": String(level)])
    }

    /// A line's sum as the grid shows it; empty when the puzzle has none.
    private func sumText(_ sum: Int) -> String { sum < 0 ? "" : String(sum) }
}
