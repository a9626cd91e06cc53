import PuzzleKit

/// Morse code played as the MorseTap plan says: one exercise, answered by
/// typing (`type`: letters when reading code, dots and dashes when
/// sending) or, when sending, with the key: `press` (held `ms`
/// milliseconds) and `pause` (`ms` before the next press), timed by the
/// tap classifier that follows the player's speed, then `submit`. A wrong
/// answer counts a mistake and the player tries again; there are no lives.
/// A `hint` shows the code of the first symbol the last answer got wrong.
extension MorseCodeFamily {
    /// The moves of a Morse game.
    enum PlayAction {
        static let press = "press"
        static let pause = "pause"
        static let clear = "clear"
        static let submit = "submit"
        static let type = "type"
    }

    /// The moves on offer until the exercise is solved: `type` and `hint`;
    /// when sending, `press` and `pause` too, and `clear` and `submit` once
    /// something is tapped.
    func offeredActions(_ session: GameSession) -> [String] {
        if session.isSolved { return [] }
        guard !session.exercise.mode.promptIsCode else { return [PlayAction.type, PlayMove.hintAction] }
        let taps = session.tapped.isEmpty ? [] : [PlayAction.clear, PlayAction.submit]
        return [PlayAction.press, PlayAction.pause] + taps + [PlayAction.type, PlayMove.hintAction]
    }

    public func play(_ move: PlayMove, in session: inout GameSession, language: Language) -> PlayJudgement {
        let offered = offeredActions(session)
        guard offered.contains(move.action) else { return .unknownAction(move, offered: offered, language: language) }
        let messages = MorseMessages.catalogue
        let seconds = Double(move.ms ?? 0) / 1000
        switch move.action {
        case PlayAction.press, PlayAction.pause:
            guard let ms = move.ms, ms > 0 || (move.action == PlayAction.pause && ms == 0) else {
                return .incomplete(move, language: language)
            }
            if move.action == PlayAction.press { session.press(seconds) } else { session.pause(seconds) }
            return PlayJudgement(.neutral)
        case PlayAction.clear:
            session.clearTaps()
            return PlayJudgement(.neutral)
        case PlayAction.submit:
            guard (move.ms ?? 0) >= 0 else { return .incomplete(move, language: language) }
            return judge(session.submitTaps(seconds: seconds), language)
        case PlayAction.type:
            guard let answer = move.value, !answer.trimmingCharacters(in: .whitespaces).isEmpty, (move.ms ?? 0) >= 0 else {
                return .incomplete(move, language: language)
            }
            return judge(session.submit(answer, seconds: seconds), language)
        case PlayMove.hintAction:
            guard let hint = session.hint(language) else { return PlayJudgement(.refused, messages.text("play.hint-none", language)) }
            return PlayJudgement(.neutral, hint, hint: true)
        default:
            return .unknownAction(move, offered: offered, language: language)
        }
    }

    /// Right or wrong, with the count of symbols the answer got wrong.
    private func judge(_ check: AnswerCheck, _ language: Language) -> PlayJudgement {
        let messages = MorseMessages.catalogue
        guard !check.isCorrect else { return PlayJudgement(.right, messages.text("play.right", language)) }
        let wrong = check.symbols.filter { !$0.correct }.count
        return PlayJudgement(.wrong, wrong == 0 ? messages.text("play.wrong-length", language)
                                                : messages.text("play.wrong", count: wrong, language))
    }

    public func view(of session: GameSession, language: Language) -> PlayView {
        let messages = MorseMessages.catalogue
        let exercise = session.exercise
        let instructions = session.isSolved ? "play.instructions.solved"
            : exercise.mode.promptIsCode ? "play.instructions.reading" : "play.instructions.sending"
        return PlayView(
            kind: info.name, title: messages.text("play.title.\(exercise.mode.code)", language),
            instructions: messages.text(instructions, language), prompt: exercise.prompt,
            entry: session.tapped.isEmpty ? nil : session.tapped, actions: offeredActions(session),
            status: PlayStatus(finished: session.isSolved, completed: session.isSolved,
                               mistakes: session.attempts - (session.isSolved ? 1 : 0), hints: session.hintsUsed))
    }

    /// The expected answer, typed.
    public func solutionMoves(_ puzzles: [Puzzle]) -> [PlayMove] {
        puzzles.first.map { [PlayMove(PlayAction.type, value: $0.answer)] } ?? []
    }
}
