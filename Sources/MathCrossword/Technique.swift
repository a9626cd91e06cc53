import PuzzleKit

/// The difficulty labels, easiest first. A puzzle's label is the label of the
/// hardest technique its solution needs.
public enum DifficultyLabel: String, CaseIterable, Codable, Sendable, Comparable {
    case easy
    case medium
    case hard
    case expert
    case guessRequired = "guess-required"

    public static func < (a: DifficultyLabel, b: DifficultyLabel) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }

    /// The hardest technique a puzzle with this label may need.
    public var hardestTechnique: Technique {
        Technique.allCases.last { $0.label == self } ?? .guess
    }
}

/// The deduction techniques of the math crossword, easiest first: the one
/// table from which tiers, names, rules, weights and labels all come.
///
/// Each technique places one number that the rules force; the grader always
/// uses the easiest technique that makes progress.
public enum Technique: Int, CaseIterable, Codable, Sendable, Comparable {
    case oneBlank
    case uniquePair
    case lastCandidate
    case crossing
    case onlyPlace
    case narrowing
    case poolCounting
    case crossingPair
    case contradiction
    case guess

    public static func < (a: Technique, b: Technique) -> Bool { a.rawValue < b.rawValue }

    /// (code, weight, label); the names and rules people read are in
    /// ``MathCrosswordMessages`` (`technique.<code>`, `technique.<code>.rule`).
    private var entry: (code: String, weight: Int, label: DifficultyLabel) {
        switch self {
        case .oneBlank: return ("one-blank", 1, .easy)
        case .uniquePair: return ("unique-pair", 2, .medium)
        case .lastCandidate: return ("last-candidate", 3, .medium)
        case .crossing: return ("crossing", 5, .hard)
        case .onlyPlace: return ("only-place", 6, .hard)
        case .narrowing: return ("narrowing", 7, .hard)
        case .crossingPair: return ("crossing-pair", 10, .expert)
        case .poolCounting: return ("pool-counting", 9, .expert)
        case .contradiction: return ("contradiction", 12, .expert)
        case .guess: return ("guess", 20, .guessRequired)
        }
    }

    /// A short stable name for CSV columns and JSON keys, e.g. `one-blank`.
    public var code: String { entry.code }
    /// The catalogue of the names and rules (``MathCrosswordMessages``).
    public static var catalogue: Catalogue { MathCrosswordMessages.catalogue }
    /// Its weight in the difficulty score.
    public var weight: Int { entry.weight }
    /// The label of a puzzle whose hardest technique this is.
    public var label: DifficultyLabel { entry.label }
}
