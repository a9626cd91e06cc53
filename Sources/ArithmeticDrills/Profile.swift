import PuzzleKit

/// What a sheet generator is asked for: a number range and, optionally, the
/// exact feature score of every exercise.
public struct Profile: Sendable, Hashable {
    public var difficulty: Difficulty
    /// Every exercise scores exactly this under ``Technique``; `nil`: any score.
    public var target: Int?
    /// Exercises per sheet.
    public var length: Int

    public init(difficulty: Difficulty, target: Int? = nil, length: Int = Puzzle.standardLength) {
        self.difficulty = difficulty
        self.target = target
        self.length = length
    }

    /// `hard`, or `hard@5` with a target score.
    public var id: String { target.map { "\(difficulty.name)@\($0)" } ?? difficulty.name }

    /// The profile a name stands for: a difficulty name (`very-easy`,
    /// `easy`, `medium`, `hard`) optionally followed by `@` and a target
    /// score (`hard@5`).
    public static func named(_ name: String) -> Profile? {
        let parts = name.split(separator: "@", omittingEmptySubsequences: false)
        guard let difficulty = parts.first.flatMap({ Difficulty.named($0) }), parts.count <= 2 else { return nil }
        guard parts.count == 2 else { return Profile(difficulty: difficulty) }
        guard case .success(let target) = parseNonNegativeInteger(parts[1]) else { return nil }
        return Profile(difficulty: difficulty, target: target)
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
