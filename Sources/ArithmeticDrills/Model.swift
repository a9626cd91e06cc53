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

/// The number range of a drill: operands are
/// drawn from `1...3`, `1...5`, `1...7` or `1...10`.
///
/// The raw values are the JSON values 1–4.
public enum Difficulty: Int, Codable, CaseIterable, Sendable, Comparable {
    case veryEasy = 1
    case easy = 2
    case medium = 3
    case hard = 4

    /// The operand range.
    public var range: ClosedRange<Int> {
        switch self {
        case .veryEasy: return 1...3
        case .easy: return 1...5
        case .medium: return 1...7
        case .hard: return 1...10
        }
    }

    /// The name on the command line and in the text format: `very-easy`,
    /// `easy`, `medium`, `hard`.
    public var name: String {
        switch self {
        case .veryEasy: return "very-easy"
        case .easy: return "easy"
        case .medium: return "medium"
        case .hard: return "hard"
        }
    }

    /// The difficulty a command-line or header name stands for.
    public static func named(_ name: some StringProtocol) -> Difficulty? {
        allCases.first { $0.name == name }
    }

    /// The smallest difficulty whose range holds `value`, or `nil` above 10.
    public static func smallest(holding value: Int) -> Difficulty? {
        allCases.first { $0.range.contains(value) }
    }

    public static func < (a: Difficulty, b: Difficulty) -> Bool { a.rawValue < b.rawValue }
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
