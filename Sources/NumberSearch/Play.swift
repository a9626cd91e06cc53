import PuzzleKit

/// Number search played as its app's plan says: five levels of three
/// questions, one question shown at a time; the player drags across
/// neighbouring digits (`select`, one cell per move), then `submit`s the
/// path; when a level is complete, `next` goes on to the next one. There
/// are no lives: a wrong path counts a mistake. A `hint` names the cell
/// the current answer starts in (the grader's step for the question).
extension NumberSearchFamily {
    /// The moves of a number search game.
    enum PlayAction {
        static let select = "select"
        static let clear = "clear"
        static let submit = "submit"
        static let next = "next"
    }

    /// The five levels of a game, `level-1` … `level-5`, from `seed`, in
    /// the path mode of `profile` (`level-2-any` gives the `-any` levels).
    ///
    /// - Throws: a one-line error when a level cannot be generated.
    public func gamePuzzles(_ profile: Profile, seed: Int) throws -> [Puzzle] {
        try Generator.game(seed: seed, mode: profile.pathMode)
    }

    /// A game of `puzzles` as its levels, in order.
    ///
    /// - Throws: a one-line error when there is no level or one breaks the rules.
    public func startGame(_ puzzles: [Puzzle]) throws -> GameSession {
        guard !puzzles.isEmpty else { throw UsageError("a number-search game needs a level") }
        for level in puzzles {
            if let problem = level.problem { throw UsageError("level \(level.id) cannot be played: \(problem)") }
        }
        return GameSession(levels: puzzles)
    }

    /// The moves on offer: `select` and `hint` while a question is open
    /// (`clear` and `submit` once a cell is selected), `next` when a level
    /// but not the game is complete.
    func offeredActions(_ session: GameSession) -> [String] {
        if session.isGameComplete { return [] }
        if session.isLevelComplete { return [PlayAction.next] }
        return session.selection.isEmpty ? [PlayAction.select, PlayMove.hintAction]
            : [PlayAction.select, PlayAction.clear, PlayAction.submit, PlayMove.hintAction]
    }

    public func play(_ move: PlayMove, in session: inout GameSession, language: Language) -> PlayJudgement {
        let offered = offeredActions(session)
        guard offered.contains(move.action) else { return .unknownAction(move, offered: offered, language: language) }
        let words = Words(level: session.level, language: language)
        switch move.action {
        case PlayAction.select:
            guard let position = move.position else { return .incomplete(move, language: language) }
            guard session.level.contains(position) else {
                return PlayJudgement(.refused, words.text("play.outside", ["cell": words.cell(position)]))
            }
            guard session.select(position) != .ignored else {
                return PlayJudgement(.refused, words.text(session.level.pathMode == .straight ? "play.not-next.straight" : "play.not-next"))
            }
            return PlayJudgement(.neutral)
        case PlayAction.clear:
            session.clearSelection()
            return PlayJudgement(.neutral)
        case PlayAction.submit:
            let read = Self.digits(session.selection, in: session.level)
            let target = session.currentQuestion?.target ?? 0
            switch session.submit() {
            case .correct:
                return PlayJudgement(.right, words.text("play.right"))
            case .levelComplete:
                return PlayJudgement(.right, words.text("play.level-complete", ["level": language.number(session.levelIndex + 1)]))
            case .gameComplete:
                return PlayJudgement(.right, words.text("play.game-complete"))
            case .wrong:
                return PlayJudgement(.wrong, words.text("play.wrong", ["read": read, "target": language.number(target)]))
            case .ignored:
                return .incomplete(move, language: language)
            }
        case PlayAction.next:
            session.advanceLevel()
            return PlayJudgement(.neutral)
        case PlayMove.hintAction:
            guard let hint = session.hint(language: language) else { return PlayJudgement(.refused, words.text("hint.none")) }
            return PlayJudgement(.neutral, hint, hint: true)
        default:
            return .unknownAction(move, offered: offered, language: language)
        }
    }

    public func view(of session: GameSession, language: Language) -> PlayView {
        let level = session.level
        let words = Words(level: level, language: language)
        let found = Set(session.found.compactMap { $0 }.joined())
        let selected = Set(session.selection)
        let open = !session.isLevelComplete
        let grid = level.grid.enumerated().map { r, row in
            row.enumerated().map { c, digit in
                let p = GridPosition(row: r, column: c)
                return PlayCell(language.number(digit), kind: selected.contains(p) ? "selected" : found.contains(p) ? "found" : "number",
                                tappable: open)
            }
        }
        let items = level.questions.enumerated().map { i, q in
            session.found.indices.contains(i) && session.found[i] != nil ? PlayItem(words.question(q), state: "done")
                : PlayItem(q.text, state: i == session.currentQuestionIndex ? "current" : "open")
        }
        let instructions = session.isGameComplete ? "play.instructions.game-complete"
            : session.isLevelComplete ? "play.instructions.level-complete" : "play.instructions"
        return PlayView(
            kind: info.name,
            title: words.text("play.title", ["level": language.number(session.levelIndex + 1), "levels": language.number(session.levels.count)]),
            instructions: words.text(instructions), grid: grid, prompt: session.currentQuestion?.text,
            entry: session.selection.isEmpty ? nil : Self.digits(session.selection, in: level), items: items,
            actions: offeredActions(session),
            status: PlayStatus(finished: session.isGameComplete, completed: session.isGameComplete, mistakes: session.mistakes,
                               hints: session.hintsUsed, level: session.levelIndex + 1, levels: session.levels.count))
    }

    /// Every level's answers dragged cell by cell and submitted, with
    /// `next` between levels.
    public func solutionMoves(_ puzzles: [Puzzle]) -> [PlayMove] {
        var moves: [PlayMove] = []
        for (i, level) in puzzles.enumerated() {
            if i > 0 { moves.append(PlayMove(PlayAction.next)) }
            for q in level.questions {
                let path = q.solutionPositions ?? Solver.paths(forming: q.target, in: level, limit: 1).first ?? []
                moves += path.map { PlayMove(PlayAction.select, row: $0.row, column: $0.column) }
                moves.append(PlayMove(PlayAction.submit))
            }
        }
        return moves
    }

    /// The digits of `path` as read, leading zeros kept (`05`).
    static func digits(_ path: [GridPosition], in level: Puzzle) -> String {
        path.compactMap { level.digit(at: $0) }.map(String.init).joined()
    }
}
