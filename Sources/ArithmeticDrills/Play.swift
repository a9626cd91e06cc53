import Foundation
import PuzzleKit

/// Drills played as the RechenStar plan says: one exercise at a time, three
/// tries each; stars per exercise (3 right at the first try without a hint,
/// 2 within two tries or with a hint, 1 later, 0 wrong), a streak of right
/// answers in a row, and the player's rating moved by every answer.
///
/// The adapter reads no clock: an `answer` move's `ms` is how long the
/// exercise has been shown, in milliseconds (the page measures it; absent:
/// 0). The game's own clock is the sum of the answered exercises' times, so
/// the same moves give the same game.
extension ArithmeticDrillsFamily {
    /// The moves of a drills game.
    enum PlayAction {
        static let answer = "answer"
    }

    /// A game of the first sheet of `puzzles`.
    ///
    /// - Throws: a one-line error when there is no sheet, it has no
    ///   exercise, or an exercise breaks the rules (it has no answer to give).
    public func startGame(_ puzzles: [Puzzle]) throws -> GameSession {
        guard let sheet = puzzles.first, !sheet.exercises.isEmpty else { throw UsageError("a drills game needs a sheet with an exercise") }
        for (i, exercise) in sheet.exercises.enumerated() {
            if let problem = exercise.problems.first { throw UsageError("exercise \(i + 1) (\(exercise)) cannot be played: \(problem)") }
        }
        return startSession(sheet)
    }

    /// The moves on offer: `answer` and `hint` until the sheet is done.
    func offeredActions(_ session: GameSession) -> [String] {
        session.isFinished ? [] : [PlayAction.answer, PlayMove.hintAction]
    }

    public func play(_ move: PlayMove, in session: inout GameSession, language: Language) -> PlayJudgement {
        let offered = offeredActions(session)
        guard offered.contains(move.action), let exercise = session.current else {
            return .unknownAction(move, offered: offered, language: language)
        }
        let messages = DrillsMessages.catalogue
        switch move.action {
        case PlayAction.answer:
            guard let text = move.value, (move.ms ?? 0) >= 0 else { return .incomplete(move, language: language) }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                return PlayJudgement(.refused, messages.text("play.not-a-number", language, ["value": text]))
            }
            let shown = Self.clock(session)
            session.show(at: shown)
            let exerciseText = exercise.text(language)
            switch session.answer(value, at: shown.addingTimeInterval(Double(move.ms ?? 0) / 1000)) {
            case .correct(let stars):
                return PlayJudgement(.right, messages.text("play.right", count: stars, language))
            case .tryAgain(let left):
                return PlayJudgement(.wrong, messages.text("play.try-again", count: left, language))
            case .wrong(let correct):
                return PlayJudgement(.wrong, messages.text("play.wrong", language,
                                                           ["exercise": exerciseText, "answer": language.number(correct)]))
            case .finished:
                return .unknownAction(move, offered: [], language: language)
            }
        case PlayMove.hintAction:
            let kind: HintType
            if let value = move.value {
                guard let named = HintType(rawValue: value) else {
                    return PlayJudgement(.refused, messages.text("play.hint-kinds", language, [
                        "kinds": HintType.allCases.map(\.rawValue).joined(separator: ", ")]))
                }
                kind = named
            } else {
                kind = .numberLine
            }
            session.show(at: Self.clock(session))
            session.useHint(kind)
            return PlayJudgement(.neutral, exercise.features.strategy(in: language), hint: true)
        default:
            return .unknownAction(move, offered: offered, language: language)
        }
    }

    public func view(of session: GameSession, language: Language) -> PlayView {
        let messages = DrillsMessages.catalogue
        let count = session.exercises.count
        let number = min(session.index + 1, count)
        let title = messages.text("play.title", language, [
            "number": language.number(number), "count": language.number(count),
            "rating": language.decimal(Self.rating(session).rating, places: 1),
        ])
        let items = session.results.map { result in
            PlayItem(result.exercise.text(language) + " = " + language.number(result.exercise.correctAnswer),
                     state: result.isCorrect ? "done" : "wrong")
        }
        let streak = session.results.reversed().prefix { $0.isCorrect }.count
        let mistakes = session.results.reduce(session.wrongTries) { $0 + $1.attempts - ($1.isCorrect ? 1 : 0) }
        let hints = session.results.reduce(session.hints.count) { $0 + $1.hintsUsed.count }
        return PlayView(
            kind: info.name, title: title,
            instructions: messages.text(session.isFinished ? "play.instructions.done" : "play.instructions", language),
            prompt: session.current.map { $0.text(language) + " =" }, items: items, actions: offeredActions(session),
            status: PlayStatus(finished: session.isFinished, completed: session.isFinished, stars: session.stars, streak: streak,
                               mistakes: mistakes, hints: hints, level: number, levels: count))
    }

    /// The right answer to every exercise, in order.
    public func solutionMoves(_ puzzles: [Puzzle]) -> [PlayMove] {
        (puzzles.first?.exercises ?? []).map { PlayMove(PlayAction.answer, value: String($0.correctAnswer)) }
    }

    /// The game's clock: the start (the reference date) plus the time of
    /// every exercise answered so far.
    static func clock(_ session: GameSession) -> Date {
        Date(timeIntervalSinceReferenceDate: session.results.reduce(0) { $0 + $1.timeSpent })
    }

    /// The player's rating after this game's answers: a new player's
    /// ability moved by each answer in turn, against the exercises' ratings
    /// (``ItemBank/rate(_:outcome:seconds:deadline:child:at:constants:)``).
    static func rating(_ session: GameSession) -> EloRating {
        var bank = ItemBank()
        var child = EloRating(uncertainty: RatingConstants.standard.startUncertainty)
        for result in session.results {
            bank.rate(result.exercise, outcome: result.outcome, seconds: result.timeSpent, child: &child, at: result.timestamp)
        }
        return child
    }
}
