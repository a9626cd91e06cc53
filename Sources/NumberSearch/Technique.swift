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
/// label is the ``gradeLabel`` of the hardest feature any question uses.
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

    public var code: String {
        switch self {
        case .nearMiss: return "near-miss"
        case .forward: return "forward"
        case .carry: return "carry"
        case .backward: return "backward"
        case .diagonal: return "diagonal"
        case .upwardDiagonal: return "upward-diagonal"
        case .crowded: return "crowded"
        case .longAnswer: return "long-answer"
        case .bent: return "bent"
        }
    }

    public var name: String {
        switch self {
        case .nearMiss: return "Near miss"
        case .forward: return "Forward line"
        case .carry: return "Carry"
        case .backward: return "Backward line"
        case .diagonal: return "Diagonal line"
        case .upwardDiagonal: return "Upward diagonal"
        case .crowded: return "Crowded"
        case .longAnswer: return "Long answer"
        case .bent: return "Bent path"
        }
    }

    public var rule: String {
        switch self {
        case .nearMiss: return "A path spelling the answer's first digits (or the first digits of its reversal) that leads nowhere has to be checked and passed over."
        case .forward: return "The answer reads left to right or top to bottom (or is a single cell)."
        case .carry: return "The units digits of the operands add up to 10 or more, so the sum carries a ten."
        case .backward: return "The answer reads right to left or bottom to top."
        case .diagonal: return "The answer reads downwards along a diagonal."
        case .upwardDiagonal: return "The answer reads upwards along a diagonal."
        case .crowded: return "The grid holds \(Technique.crowdedThreshold) or more near misses for the answer."
        case .longAnswer: return "The answer has three digits."
        case .bent: return "The answer's path turns (any-mode levels only)."
        }
    }

    /// The weight in the score (for ``nearMiss``: per near miss).
    public var weight: Int {
        switch self {
        case .nearMiss: return 1
        case .forward: return 1
        case .carry: return 2
        case .backward: return 3
        case .diagonal: return 4
        case .upwardDiagonal: return 5
        case .crowded: return 4
        case .longAnswer: return 3
        case .bent: return 6
        }
    }

    public var gradeLabel: String {
        switch self {
        case .nearMiss, .forward: return "easy"
        case .carry, .backward: return "medium"
        case .diagonal, .upwardDiagonal: return "hard"
        case .crowded: return "expert"
        case .longAnswer, .bent: return "master"
        }
    }

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
