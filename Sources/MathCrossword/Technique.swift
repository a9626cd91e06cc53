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

    /// (code, name, one-line rule, weight, label)
    private var entry: (code: String, name: String, rule: String, weight: Int, label: DifficultyLabel) {
        switch self {
        case .oneBlank:
            return ("one-blank", "One blank", "An equation with one empty cell: work it out.", 1, .easy)
        case .uniquePair:
            return ("unique-pair", "Unique pair", "An equation with two empty cells that only one pair of tiles left can complete.", 2, .medium)
        case .lastCandidate:
            return ("last-candidate", "Last candidate", "With the tiles left, one equation allows a single value in one of its empty cells.", 3, .medium)
        case .crossing:
            return ("crossing", "Crossing", "At a crossing, only one value fits both equations' candidate lists.", 5, .hard)
        case .onlyPlace:
            return ("only-place", "Only place", "A tile value fits in exactly as many empty cells as it has tiles left.", 6, .hard)
        case .narrowing:
            return ("narrowing", "Narrowing", "Each equation keeps for its empty cells only the values some completion allows, with the other cells' candidates and the tiles left; repeated across crossing equations until nothing changes, one cell is left a single value.", 7, .hard)
        case .crossingPair:
            return ("crossing-pair", "Crossing pair", "Two equations that cross, filled in together, need more tiles of some value than are left unless one cell takes a single value.", 10, .expert)
        case .poolCounting:
            return ("pool-counting", "Pool counting", "Some cells must use up all tiles of some values between them, which leaves another cell a single value.", 9, .expert)
        case .contradiction:
            return ("contradiction", "Contradiction", "Every other value of a cell, put in and filled forward (narrowed as above; every cell left a single value written in, using up its tile; again), leaves some equation or tile with no way to finish: the cell takes the one value left.", 12, .expert)
        case .guess:
            return ("guess", "Guess", "No sure step: try a value and back up if it leads to a contradiction.", 20, .guessRequired)
        }
    }

    /// A short stable name for CSV columns and JSON keys, e.g. `one-blank`.
    public var code: String { entry.code }
    /// The name people read, e.g. "One blank".
    public func name(in language: Language) -> String { entry.name }
    /// The rule in one line.
    public func rule(in language: Language) -> String { entry.rule }
    /// Its weight in the difficulty score.
    public var weight: Int { entry.weight }
    /// The label of a puzzle whose hardest technique this is.
    public var label: DifficultyLabel { entry.label }
}
