import Foundation

/// What happened to an answer in a ``GameSession``.
public enum AnswerOutcome: Sendable, Equatable {
    /// Right: the result with its stars was recorded and the game moved on.
    case correct(stars: Int)
    /// Wrong, with tries left: the same exercise again.
    case tryAgain(attemptsLeft: Int)
    /// Wrong on the last try: recorded with 0 stars and the game moved on.
    case wrong(correctAnswer: Int)
    /// The sheet is done; nothing was recorded.
    case finished
}

/// One sheet being played: the current exercise, its tries and hints, and
/// the results so far. Times are passed in by the caller.
///
///     var game = GameSession(sheet: sheet)
///     game.show(at: now)
///     let outcome = game.answer(7, at: now.addingTimeInterval(4))
public struct GameSession: Codable, Sendable, Equatable {
    public var exercises: [Exercise]
    /// The index of the current exercise (== count when finished).
    public private(set) var index: Int = 0
    /// Wrong tries on the current exercise so far.
    public private(set) var wrongTries: Int = 0
    public private(set) var hints: [HintType] = []
    /// When the current exercise was shown.
    public private(set) var shownAt: Date?
    public private(set) var results: [ExerciseResult] = []
    /// Tries per exercise before it counts as wrong.
    public var maxAttempts: Int

    public init(sheet: Puzzle, maxAttempts: Int = 3) {
        self.exercises = sheet.exercises
        self.maxAttempts = max(1, maxAttempts)
    }

    /// The exercise to answer, or `nil` when the sheet is done.
    public var current: Exercise? { exercises.indices.contains(index) ? exercises[index] : nil }
    public var isFinished: Bool { index >= exercises.count }
    /// Stars earned so far.
    public var stars: Int { results.reduce(0) { $0 + $1.stars } }

    /// Notes when the current exercise was shown (its time starts then).
    public mutating func show(at date: Date) {
        if shownAt == nil { shownAt = date }
    }

    /// Records that a hint was used on the current exercise.
    public mutating func useHint(_ hint: HintType) {
        if !isFinished && !hints.contains(hint) { hints.append(hint) }
    }

    /// Answers the current exercise at `date`.
    public mutating func answer(_ value: Int, at date: Date) -> AnswerOutcome {
        guard let exercise = current else { return .finished }
        let attempts = wrongTries + 1
        if value != exercise.correctAnswer && attempts < maxAttempts {
            wrongTries += 1
            return .tryAgain(attemptsLeft: maxAttempts - attempts)
        }
        let result = ExerciseResult(exercise: exercise, userAnswer: value, attempts: attempts,
                                    timeSpent: shownAt.map { date.timeIntervalSince($0) } ?? 0,
                                    hintsUsed: hints, timestamp: date)
        results.append(result)
        index += 1
        wrongTries = 0
        hints = []
        shownAt = nil
        return result.isCorrect ? .correct(stars: result.stars) : .wrong(correctAnswer: exercise.correctAnswer)
    }
}
