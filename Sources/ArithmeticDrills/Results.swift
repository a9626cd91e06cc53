import Foundation

/// A kind of hint a child asked for.
public enum HintType: String, Codable, CaseIterable, Sendable {
    case visual = "visual"
    case audio = "audio"
    case fingerCount = "finger"
    case numberLine = "line"
}

/// One answered exercise: the final answer,
/// how many tries it took, the time and the hints used.
///
///     let result = ExerciseResult(exercise: Exercise(.addition, 3, 4, difficulty: .easy),
///                                 userAnswer: 7, attempts: 1, timeSpent: 4, timestamp: now)
///     print(result.stars)
///     // Prints "3"
public struct ExerciseResult: Codable, Sendable, Equatable {
    public var exercise: Exercise
    public var userAnswer: Int
    public var isCorrect: Bool
    /// Tries it took, at least 1.
    public var attempts: Int
    /// Seconds from showing the exercise to the final answer.
    public var timeSpent: TimeInterval
    public var hintsUsed: [HintType]
    /// When the final answer was given (injected, never read from a clock).
    public var timestamp: Date
    /// True when the child gave up with the "?" button instead of answering
    /// (then `isCorrect` is false and the answer scores 0 in the rating).
    public var isSkipped: Bool = false

    /// Right, wrong or skipped.
    public var outcome: RatedAnswer { isSkipped ? .skipped : isCorrect ? .right : .wrong }

    /// A result; `isCorrect` is whether `userAnswer` is the exercise's answer.
    public init(exercise: Exercise, userAnswer: Int, attempts: Int, timeSpent: TimeInterval,
                hintsUsed: [HintType] = [], timestamp: Date) {
        self.exercise = exercise
        self.userAnswer = userAnswer
        self.isCorrect = userAnswer == exercise.correctAnswer
        self.attempts = max(1, attempts)
        self.timeSpent = max(0, timeSpent)
        self.hintsUsed = hintsUsed
        self.timestamp = timestamp
    }

    /// A skipped exercise: the child pressed "?" after `timeSpent` seconds.
    public static func skipped(_ exercise: Exercise, timeSpent: TimeInterval, hintsUsed: [HintType] = [], timestamp: Date) -> ExerciseResult {
        var result = ExerciseResult(exercise: exercise, userAnswer: 0, attempts: 1, timeSpent: timeSpent, hintsUsed: hintsUsed, timestamp: timestamp)
        result.isCorrect = false
        result.isSkipped = true
        return result
    }

    enum CodingKeys: String, CodingKey {
        case exercise, userAnswer, isCorrect, attempts, timeSpent, hintsUsed, timestamp, isSkipped
    }

    /// Reads a result; `isSkipped` is optional (version 3 writes it only when true).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        exercise = try c.decode(Exercise.self, forKey: .exercise)
        userAnswer = try c.decode(Int.self, forKey: .userAnswer)
        isCorrect = try c.decode(Bool.self, forKey: .isCorrect)
        attempts = try c.decode(Int.self, forKey: .attempts)
        timeSpent = try c.decode(TimeInterval.self, forKey: .timeSpent)
        hintsUsed = try c.decode([HintType].self, forKey: .hintsUsed)
        timestamp = try c.decode(Date.self, forKey: .timestamp)
        isSkipped = try c.decodeIfPresent(Bool.self, forKey: .isSkipped) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(exercise, forKey: .exercise)
        try c.encode(userAnswer, forKey: .userAnswer)
        try c.encode(isCorrect, forKey: .isCorrect)
        try c.encode(attempts, forKey: .attempts)
        try c.encode(timeSpent, forKey: .timeSpent)
        try c.encode(hintsUsed, forKey: .hintsUsed)
        try c.encode(timestamp, forKey: .timestamp)
        if isSkipped { try c.encode(true, forKey: .isSkipped) }
    }

    /// The stars earned: 0 when wrong; 3 when right on the first try without
    /// a hint; 2 when right within two tries (or on the first with a hint);
    /// 1 when right later.
    public var stars: Int {
        if !isCorrect { return 0 }
        if attempts == 1 && hintsUsed.isEmpty { return 3 }
        if attempts <= 2 { return 2 }
        return 1
    }
}

/// One practice session: a goal of exercises and the
/// results given so far.
public struct Session: Codable, Sendable, Equatable {
    public var id: String
    public var startTime: Date
    public var endTime: Date?
    public var exercises: [ExerciseResult]
    /// True when the session was finished with its goal reached.
    public var isCompleted: Bool
    /// How many exercises make the session (10 by default).
    public var sessionGoal: Int

    public init(id: String, startTime: Date, sessionGoal: Int = 10) {
        self.id = id
        self.startTime = startTime
        self.endTime = nil
        self.exercises = []
        self.isCompleted = false
        self.sessionGoal = max(1, sessionGoal)
    }

    /// Seconds from start to end, or `nil` while the session is open.
    public var duration: TimeInterval? {
        guard let endTime else { return nil }
        return endTime.timeIntervalSince(startTime)
    }

    /// The stars of all results.
    public var starsEarned: Int { exercises.reduce(0) { $0 + $1.stars } }

    /// Correct results ÷ results, 0 without results.
    public var accuracy: Double {
        guard !exercises.isEmpty else { return 0 }
        return Double(exercises.filter(\.isCorrect).count) / Double(exercises.count)
    }

    /// Ends the session at `date`; it is completed when its goal was reached.
    public mutating func finish(at date: Date) {
        endTime = date
        isCompleted = exercises.count >= sessionGoal
    }
}

/// What one calendar day of practice added up to, in the player's time
/// zone.
public struct DailyProgress: Codable, Sendable, Equatable {
    public var day: Day
    public var exercisesCompleted: Int
    public var correctAnswers: Int
    public var totalTime: TimeInterval
    public var sessionsCount: Int

    public init(day: Day, exercisesCompleted: Int = 0, correctAnswers: Int = 0, totalTime: TimeInterval = 0, sessionsCount: Int = 0) {
        self.day = day
        self.exercisesCompleted = exercisesCompleted
        self.correctAnswers = correctAnswers
        self.totalTime = totalTime
        self.sessionsCount = sessionsCount
    }

    /// Correct answers ÷ exercises, 0 without exercises.
    public var accuracy: Double {
        guard exercisesCompleted > 0 else { return 0 }
        return Double(correctAnswers) / Double(exercisesCompleted)
    }

    /// Mean seconds per exercise, 0 without exercises.
    public var averageTimePerExercise: TimeInterval {
        guard exercisesCompleted > 0 else { return 0 }
        return totalTime / Double(exercisesCompleted)
    }
}
