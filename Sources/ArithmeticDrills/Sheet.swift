import PuzzleKit

/// A practice sheet: the family's puzzle, one session's exercises for one
/// difficulty, optionally with the answers written in.
public struct Sheet: Sendable, Equatable {
    /// The file name without its extension, or the generator's
    /// `<profile>-<seed>`.
    public var id: String
    /// The number range every exercise is meant to come from.
    public var difficulty: Difficulty
    /// The feature score every exercise was generated for, if any (metadata).
    public var target: Int?
    public var exercises: [Exercise]
    /// Answers written in, one per exercise (`nil`: not answered).
    public var answers: [Int?]

    /// A sheet; `answers` is padded or cut to one per exercise, and every
    /// exercise takes the sheet's difficulty.
    public init(id: String, difficulty: Difficulty, target: Int? = nil, exercises: [Exercise], answers: [Int?] = []) {
        self.id = id
        self.difficulty = difficulty
        self.target = target
        self.exercises = exercises.map { var e = $0; e.difficulty = difficulty; return e }
        self.answers = (0..<exercises.count).map { $0 < answers.count ? answers[$0] : nil }
    }

    /// The length of a practice session, in exercises.
    public static let standardLength = 10

    /// The sheet with every valid exercise's answer written in, or `nil`
    /// when some exercise breaks the rules (it has no answer to write).
    public var solved: Sheet? {
        guard exercises.allSatisfy({ $0.problems.isEmpty }) else { return nil }
        var copy = self
        copy.answers = exercises.map(\.correctAnswer)
        return copy
    }
}

/// What a sheet generator is asked for: a number range and, optionally, the
/// exact feature score of every exercise.
public struct DrillProfile: Sendable, Hashable {
    public var difficulty: Difficulty
    /// Every exercise scores exactly this under ``DrillFeature``; `nil`: any score.
    public var target: Int?
    /// Exercises per sheet.
    public var length: Int

    public init(difficulty: Difficulty, target: Int? = nil, length: Int = Sheet.standardLength) {
        self.difficulty = difficulty
        self.target = target
        self.length = length
    }

    /// `hard`, or `hard@5` with a target score.
    public var id: String { target.map { "\(difficulty.name)@\($0)" } ?? difficulty.name }

    /// The profile a name stands for: a difficulty name (`very-easy`,
    /// `easy`, `medium`, `hard`) optionally followed by `@` and a target
    /// score (`hard@5`).
    public static func named(_ name: String) -> DrillProfile? {
        let parts = name.split(separator: "@", omittingEmptySubsequences: false)
        guard let difficulty = parts.first.flatMap({ Difficulty.named($0) }), parts.count <= 2 else { return nil }
        guard parts.count == 2 else { return DrillProfile(difficulty: difficulty) }
        guard case .success(let target) = parseNonNegativeInteger(parts[1]) else { return nil }
        return DrillProfile(difficulty: difficulty, target: target)
    }
}
