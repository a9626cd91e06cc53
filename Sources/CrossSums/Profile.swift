/// The four difficulties of the game: the family's profiles, and its grade
/// labels (a solved puzzle's grade label is the profile its hardest
/// technique belongs to, lowered until its score reaches ``scoreFloor``).
///
/// A difficulty is defined by the hardest technique its puzzles need, checked
/// by the grader the way Simon Tatham's puzzles do it: a generated puzzle is
/// accepted only if the techniques of its difficulty solve it completely and
/// the techniques of the difficulty below do not. The grid grows with the
/// difficulty too; numbers are 1–9 throughout, as in the commercial games:
///
/// | difficulty | grid | numbers | hardest technique needed |
/// |---|---|---|---|
/// | ``easy`` | 5×5 | 1–9 | ``Technique/tooBig`` or ``Technique/allNeeded`` |
/// | ``medium`` | 6×6 | 1–9 | ``Technique/mustKeep`` |
/// | ``hard`` | 7×7 | 1–9 | ``Technique/combinations`` |
/// | ``extraHard`` | 9×9 | 1–9 | ``Technique/rowAndColumn`` |
public enum Profile: String, CaseIterable, Codable, Sendable, Comparable, CustomStringConvertible {
    case easy
    case medium
    case hard
    case extraHard = "extra-hard"

    /// "Easy", "Medium", "Hard" or "Extra Hard".
    public var displayName: String {
        switch self {
        case .easy: return "Easy"
        case .medium: return "Medium"
        case .hard: return "Hard"
        case .extraHard: return "Extra Hard"
        }
    }

    /// Rows and columns of the generated grids.
    public var size: (rows: Int, columns: Int) {
        switch self {
        case .easy: return (5, 5)
        case .medium: return (6, 6)
        case .hard: return (7, 7)
        case .extraHard: return (9, 9)
        }
    }

    /// The numbers the generator draws from.
    public var numberRange: ClosedRange<Int> { 1...9 }

    /// The hardest technique this difficulty's puzzles may need.
    public var hardestTechnique: Technique {
        switch self {
        case .easy: return .allNeeded
        case .medium: return .mustKeep
        case .hard: return .combinations
        case .extraHard: return .rowAndColumn
        }
    }

    /// The least score of a puzzle labelled this difficulty: the least
    /// score of the difficulty's generated puzzles (seeds 1–1000 each, so
    /// they all keep their label). A path whose hardest technique is of this
    /// difficulty but scores less is labelled a lower difficulty: a label
    /// is never harder than the techniques a puzzle needs, nor given to a
    /// puzzle that scores below every generated puzzle of that label.
    public var scoreFloor: Int {
        switch self {
        case .easy: return 0
        case .medium: return 15
        case .hard: return 25
        case .extraHard: return 71
        }
    }

    /// The difficulty one level lower, if any.
    public var lower: Profile? {
        Profile.allCases.last { $0 < self }
    }

    /// The difficulty with this raw value or display name (case-insensitive;
    /// `extra-hard`, `extraHard`, `Extra Hard` all work).
    public init?(name: String) {
        let key = name.lowercased().filter { $0.isLetter }
        guard let match = Profile.allCases.first(where: { $0.rawValue.filter(\.isLetter) == key }) else { return nil }
        self = match
    }

    /// 0 for ``easy`` … 3 for ``extraHard``.
    public var rank: Int {
        switch self {
        case .easy: return 0
        case .medium: return 1
        case .hard: return 2
        case .extraHard: return 3
        }
    }

    public static func < (a: Profile, b: Profile) -> Bool { a.rank < b.rank }

    public var description: String { rawValue }
}
