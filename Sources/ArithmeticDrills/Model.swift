import Foundation

/// The operation of an exercise.
///
/// The raw values are the JSON values, `plus` and `minus`.
public enum OperationType: String, Codable, CaseIterable, Sendable, Comparable {
    case addition = "plus"
    case subtraction = "minus"

    /// The symbol written between the operands, `+` or `-`.
    public var symbol: String {
        switch self {
        case .addition: return "+"
        case .subtraction: return "-"
        }
    }

    public static func < (a: OperationType, b: OperationType) -> Bool {
        a == .addition && b == .subtraction
    }
}

/// One exercise: `firstNumber op secondNumber`, with no random `id`, visual
/// hint or creation date, which an engine has no use for and which would make
/// output depend on the clock.
///
///     let exercise = Exercise(.addition, 7, 5, difficulty: .hard)
///     print(exercise.displayText, exercise.correctAnswer)
///     // Prints "7 + 5 = ? 12"
public struct Exercise: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    public var type: OperationType
    public var firstNumber: Int
    public var secondNumber: Int
    public var difficulty: Difficulty

    public init(_ type: OperationType, _ firstNumber: Int, _ secondNumber: Int, difficulty: Difficulty) {
        self.type = type
        self.firstNumber = firstNumber
        self.secondNumber = secondNumber
        self.difficulty = difficulty
    }

    /// The answer (negative for an invalid subtraction; see ``validate()``).
    ///
    /// Operands read from a file may be any 64-bit integers; a result beyond
    /// them saturates at `Int.max` or `Int.min` (such an exercise is invalid
    /// anyway) rather than trapping.
    public var correctAnswer: Int {
        let (value, overflow) = type == .addition
            ? firstNumber.addingReportingOverflow(secondNumber)
            : firstNumber.subtractingReportingOverflow(secondNumber)
        guard overflow else { return value }
        return firstNumber >= 0 ? Int.max : Int.min
    }

    /// The text shown to the player, `3 + 4 = ?`.
    public var displayText: String { "\(self) = ?" }

    /// The exercise as in the text format, `3 + 4`.
    public var description: String { "\(firstNumber) \(type.symbol) \(secondNumber)" }

    /// Additions first, then by operands: the order of sorted reports.
    public static func < (a: Exercise, b: Exercise) -> Bool {
        (a.type, a.firstNumber, a.secondNumber, a.difficulty) < (b.type, b.firstNumber, b.secondNumber, b.difficulty)
    }
}

/// A practice sheet: the family's puzzle, one session's exercises for one
/// difficulty, optionally with the answers written in.
public struct Puzzle: Sendable, Equatable {
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
    public var solved: Puzzle? {
        guard exercises.allSatisfy({ $0.problems.isEmpty }) else { return nil }
        var copy = self
        copy.answers = exercises.map(\.correctAnswer)
        return copy
    }
}

/// The domain name of the family's puzzle: a practice sheet.
public typealias Sheet = Puzzle
