import PuzzleKit

/// The features that make a number search question hard, easiest first: the
/// one weight table the grader, the explanations and the generator's
/// difficulty targeting derive from.
///
/// Every question uses exactly one direction feature (``forward``,
/// ``backward``, ``diagonal``, ``upwardDiagonal`` or ``bent``) and any of
/// ``carry``, ``longAnswer``, ``nearMiss`` and ``crowded``. A question's score
/// is the sum of the weights of its features, ``nearMiss`` counted once per
/// near miss; the level's score is the sum over its questions. The level's
/// label is the ``gradeLabel`` of the hardest feature any question uses,
/// lowered until the score reaches that label's floor
/// (``label(hardest:score:)``, ``scoreFloors``).
///
/// A *near miss* of a target with `n ≥ 2` digits is a path spelling its
/// first `n − 1` digits that does not begin an answer, or a path spelling
/// the first `n − 1` digits of its digit reversal that does not begin an
/// answer read backwards: the places a child starts reading and has to
/// abandon. (A path spelling the whole reversal is an answer read backwards,
/// so it is never a near miss.)
///
/// | feature | rule | weight | label |
/// |---|---|---|---|
/// | ``nearMiss`` | one near miss | 1 each | easy |
/// | ``forward`` | reads left to right or top to bottom (or one cell) | 1 | easy |
/// | ``carry`` | the units digits of the operands add to 10 or more | 2 | medium |
/// | ``backward`` | reads right to left or bottom to top | 3 | medium |
/// | ``diagonal`` | reads downwards along a diagonal | 4 | hard |
/// | ``upwardDiagonal`` | reads upwards along a diagonal | 5 | hard |
/// | ``crowded`` | five or more near misses | 4 | expert |
/// | ``longAnswer`` | a three-digit answer | 3 | master |
/// | ``bent`` | the path turns (any mode) | 6 | master |
public enum Technique: Int, TechniqueTier, CustomStringConvertible {
    case nearMiss
    case forward
    case carry
    case backward
    case diagonal
    case upwardDiagonal
    case crowded
    case longAnswer
    case bent

    /// Near misses from which a question counts as ``crowded``.
    public static let crowdedThreshold = 5

    /// The grade labels, easiest first.
    public static let labels = ["easy", "medium", "hard", "expert", "master"]

    /// The least score of a level given each of ``labels``: above the
    /// median score of the generated levels one profile below (`level-1` …
    /// `level-4`, seeds 1–300: 9, 18, 25, 34), so a level labelled above
    /// `easy` is harder than the median level of the profile below.
    public static let scoreFloors = [0, 10, 19, 27, 37]

    /// A level's label: the label of the hardest feature any question uses,
    /// lowered until the level's score reaches its ``scoreFloors`` entry.
    public static func label(hardest: Technique, score: Int) -> String {
        var rank = labels.firstIndex(of: hardest.gradeLabel) ?? 0
        while rank > 0 && score < scoreFloors[rank] { rank -= 1 }
        return labels[rank]
    }

    /// (code, weight, label): the table's row; the name and the rule are
    /// ``NumberSearchMessages``' `technique.<code>` and `technique.<code>.rule`.
    private var entry: (code: String, weight: Int, label: String) {
        switch self {
        case .nearMiss:
            return ("near-miss", 1, "easy")
        case .forward:
            return ("forward", 1, "easy")
        case .carry:
            return ("carry", 2, "medium")
        case .backward:
            return ("backward", 3, "medium")
        case .diagonal:
            return ("diagonal", 4, "hard")
        case .upwardDiagonal:
            return ("upward-diagonal", 5, "hard")
        case .crowded:
            return ("crowded", 4, "expert")
        case .longAnswer:
            return ("long-answer", 3, "master")
        case .bent:
            return ("bent", 6, "master")
        }
    }

    public var code: String { entry.code }
    /// The catalogue of the names and rules (``NumberSearchMessages``).
    public static var catalogue: Catalogue { NumberSearchMessages.catalogue }
    public func rule(in language: Language) -> String {
        NumberSearchMessages.catalogue.text("technique.\(code).rule", language, ["threshold": language.number(Technique.crowdedThreshold)])
    }
    /// The weight in the score (for ``nearMiss``: per near miss).
    public var weight: Int { entry.weight }
    public var gradeLabel: String { entry.label }

    /// The direction feature of an answer path.
    public static func direction(of path: [GridPosition]) -> Technique {
        guard path.count >= 2 else { return .forward }
        guard let d = Rules.direction(of: path) else { return .bent }
        if d.isForward { return .forward }
        if d.isBackward { return .backward }
        return d.dr > 0 ? .diagonal : .upwardDiagonal
    }

    /// The feature with this code, if any.
    public init?(code: String) {
        guard let match = Technique.allCases.first(where: { $0.code == code }) else { return nil }
        self = match
    }

    public static func < (a: Technique, b: Technique) -> Bool { a.rawValue < b.rawValue }

    public var description: String { code }
}
