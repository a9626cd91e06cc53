import PuzzleKit

// TRANSIENT (branch playbase only): replaced by the family's real adapter before anything lands on main.
extension ArithmeticDrillsFamily {
    public func play(_ move: PlayMove, in session: inout GameSession, language: Language) -> PlayJudgement {
        PlayJudgement(.refused, "not built yet")
    }

    public func view(of session: GameSession, language: Language) -> PlayView {
        PlayView(kind: info.name, title: "", instructions: "", actions: [], status: PlayStatus(finished: true, completed: false, mistakes: 0, hints: 0))
    }

    public func solutionMoves(_ puzzles: [Puzzle]) -> [PlayMove] { [] }
}
