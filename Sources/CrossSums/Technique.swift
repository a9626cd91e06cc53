import PuzzleKit

/// The deduction techniques of cross sums, easiest first: the one table the
/// grader, the hints, the explanations and the generator's difficulty
/// targeting all derive from.
///
/// A line's *need* is its sum minus the numbers already kept in it; its
/// *undecided* numbers are those neither kept nor removed yet.
///
/// | technique | rule | weight | difficulty |
/// |---|---|---|---|
/// | ``tooBig`` | a number larger than its line's need is removed | 1 | Easy |
/// | ``allNeeded`` | when a line's undecided numbers add up to exactly its need, all are kept | 1 | Easy |
/// | ``mustKeep`` | a number without which the line's other undecided numbers fall short of its need is kept | 2 | Medium |
/// | ``combinations`` | a number used by every combination that makes the line's need is kept; one used by none is removed | 4 | Hard |
/// | ``rowAndColumn`` | if keeping (removing) a number makes, by the rules above, some row or column impossible, it is removed (kept) | 10 | Extra Hard |
/// | ``guess`` | no rule applies: try a decision and back up if it fails | 25 × depth | — |
///
/// A solved puzzle's label is the difficulty of its hardest technique,
/// lowered to the hardest difficulty whose ``Profile/scoreFloor`` (the
/// least score of that difficulty's generated puzzles) its score reaches;
/// a guess gives `guess-required` whatever the score.
///
///     for technique in Technique.allCases {
///         print(technique.name, technique.weight)
///     }
///     // Prints "Too big 1", "All needed 1", "Must keep 2", …
public enum Technique: Int, CaseIterable, Sendable, Comparable, CustomStringConvertible {
    case tooBig
    case allNeeded
    case mustKeep
    case combinations
    case rowAndColumn
    case guess

    /// (code, JSON key, weight, difficulty): the table's row; the name and
    /// the rule are ``CrossSumsMessages``' `technique.<code>` and
    /// `technique.<code>.rule`.
    private var entry: (code: String, key: String, weight: Int, difficulty: Profile?) {
        switch self {
        case .tooBig:
            return ("too-big", "tooBig", 1, .easy)
        case .allNeeded:
            return ("all-needed", "allNeeded", 1, .easy)
        case .mustKeep:
            return ("must-keep", "mustKeep", 2, .medium)
        case .combinations:
            return ("combinations", "combinations", 4, .hard)
        case .rowAndColumn:
            return ("row-and-column", "rowAndColumn", 10, .extraHard)
        case .guess:
            return ("guess", "guess", 25, nil)
        }
    }

    /// The catalogue of the names and rules (``CrossSumsMessages``).
    public static var catalogue: Catalogue { CrossSumsMessages.catalogue }
    /// A short stable name for CSV columns and JSON values, e.g. `too-big`.
    public var code: String { entry.code }
    /// The camel-case key for JSON objects, e.g. `tooBig`.
    public var key: String { entry.key }
    /// The rule in one line, in `language`.
    /// The weight of one step in the score (a guess weighs this times its depth).
    public var weight: Int { entry.weight }
    /// The difficulty whose puzzles may need this technique at most, or `nil`
    /// for guessing, which no generated puzzle needs.
    public var difficulty: Profile? { entry.difficulty }

    /// Whether this technique reasons about one line alone.
    public var isSingleLine: Bool { self <= .combinations }

    /// The technique with this code, if any.
    public init?(code: String) {
        guard let match = Technique.allCases.first(where: { $0.code == code }) else { return nil }
        self = match
    }

    public static func < (a: Technique, b: Technique) -> Bool { a.rawValue < b.rawValue }

    public var description: String { code }
}
