import PuzzleKit

/// The math crossword played through `PlayGame` (`puzzlelab serve`,
/// `puzzlelab play`), on ``GameSession``, as the app's plan says: tap a
/// tile, then a blank cell.
///
/// - `place` (row, column, value: a tile's number) puts a tile of the pool
///   in a blank cell (replacing the number there). It is `right` when the
///   number is the level's solution there (judged by the equations through
///   the cell when the level carries no solution), else `wrong`: the wrong
///   number stays on the board, where its equations show it, and counts as a
///   mistake. There are no lives: the plan has none.
/// - `clear` (row, column) takes a placed number out again.
/// - `hint` applies ``GameSession/applyHint()``: the grader's next step from
///   the board as it stands, or a wrong number taken out.
extension MathCrosswordFamily {
    /// The actions a game takes besides giving up.
    static let playActions = ["place", "clear", PlayMove.hintAction]

    public func play(_ move: PlayMove, in session: inout GameSession, language: Language) -> PlayJudgement {
        switch move.action {
        case "place":
            guard let position = move.position, let text = move.value else { return .incomplete(move, language: language) }
            guard let value = PuzzleNumber(decimalDigits: Substring(text)) else { return refusal("play.notInPool", language, ["value": text]) }
            if session.level.contains(position), session.level[position].type == .emptyOperand,
               session.level[position].currentValue == value {
                return refusal("play.alreadyThere", language, ["value": value.description, "cell": Explain.cell(position, language: language)])
            }
            do throws(MoveError) {
                try session.placeNumber(value, at: position)
            } catch {
                return refusal(error, language)
            }
            if session.isWrongNumber(at: position) {
                return PlayJudgement(.wrong, Explain.text("play.wrong", language,
                                                          ["value": value.description, "cell": Explain.cell(position, language: language)]))
            }
            return PlayJudgement(.right, session.isLevelCompleted ? Explain.text("play.completed", language) : nil)
        case "clear":
            guard let position = move.position else { return .incomplete(move, language: language) }
            do throws(MoveError) {
                try session.clearNumber(at: position)
            } catch {
                return refusal(error, language)
            }
            return PlayJudgement(.neutral)
        case PlayMove.hintAction:
            let board = session.level
            guard let hint = try? session.applyHint() else { return refusal("play.noHint", language) }
            return PlayJudgement(.neutral, hint.sentence(in: board, language: language), hint: true)
        default:
            return .unknownAction(move, offered: Self.playActions, language: language)
        }
    }

    /// The grid (operators as ×, ÷, −; blank cells tappable), the pool as
    /// tiles, and the equations as they read, with their state: `done` when
    /// it holds, `wrong` when it does not, `open` while a cell is empty.
    public func view(of session: GameSession, language: Language) -> PlayView {
        let level = session.level
        let finished = session.isLevelCompleted
        let grid = (0..<level.rows).map { row in
            (0..<level.columns).map { column in
                let cell = level.cells[row * level.columns + column]
                switch cell.type {
                case .block: return PlayCell("", kind: "block")
                case .fixedOperand: return PlayCell(cell.fixedValue?.description ?? "", kind: "given")
                case .operatorSymbol: return PlayCell(Explain.glyph(of: cell.operatorSymbol ?? ""), kind: "symbol")
                case .equals: return PlayCell("=", kind: "symbol")
                case .emptyOperand:
                    guard let value = cell.currentValue else { return PlayCell("", kind: "blank", tappable: !finished) }
                    return PlayCell(value.description, kind: "placed", tappable: !finished)
                }
            }
        }
        let items = zip(level.equations, session.equationStates).map { equation, state in
            let shown: String
            switch state {
            case .correct: shown = "done"
            case .incorrect: shown = "wrong"
            case .incomplete: shown = "open"
            }
            return PlayItem(Explain.equationText(equation, in: level, language: language), state: shown)
        }
        return PlayView(kind: info.name, title: Explain.text("play.title", language, ["id": level.id]),
                        instructions: Explain.text("play.instructions", language), grid: grid,
                        tiles: session.numberPoolState.map { PlayTile($0.value.description, available: $0.isAvailable) },
                        items: items, actions: finished ? [] : Self.playActions,
                        status: PlayStatus(finished: finished, completed: finished, mistakes: session.mistakes, hints: session.hintsUsed))
    }

    /// Places every blank's number of each level's solution, row by row;
    /// none for a level without a solution.
    public func solutionMoves(_ puzzles: [Puzzle]) -> [PlayMove] {
        guard let level = puzzles.first else { return [] }
        let entries = (level.solution ?? []).sorted { ($0.row, $0.column) < ($1.row, $1.column) }
        return entries.map { PlayMove("place", row: $0.row, column: $0.column, value: $0.value.description) }
    }

    /// The refusal of a move ``GameSession`` rejected.
    private func refusal(_ error: MoveError, _ language: Language) -> PlayJudgement {
        switch error {
        case .outsideGrid(let p): return refusal("play.outside", language, ["cell": Explain.cell(p, language: language)])
        case .notAnOperand(let p), .fixedCell(let p):
            return refusal("play.notBlank", language, ["cell": Explain.cell(p, language: language)])
        case .valueNotInPool(let value): return refusal("play.notInPool", language, ["value": value.description])
        case .nothingToClear(let p): return refusal("play.nothingToClear", language, ["cell": Explain.cell(p, language: language)])
        }
    }

    private func refusal(_ key: String, _ language: Language, _ arguments: [String: String] = [:]) -> PlayJudgement {
        PlayJudgement(.refused, Explain.text(key, language, arguments))
    }
}
