import PuzzleKit

/// What the generator is asked for: one of the five levels of a game, of
/// rising difficulty, in straight or any mode.
///
/// | profile | directions | carry | near misses per question | targets | grade |
/// |---|---|---|---|---|---|
/// | `level-1` | right, down | never | at most 2 | 10–99 | easy |
/// | `level-2` | + left, up (question 1 backwards) | allowed | at most 3 | 10–99 | medium |
/// | `level-3` | all eight (question 1 diagonal) | allowed | at most 4 | 10–99 | hard |
/// | `level-4` | all eight | allowed | one question 5 or more | 10–99 | expert |
/// | `level-5` | all eight | allowed | any | question 1: 100–198, others 10–99 | master |
///
/// `level-N-any` is the same profile in ``PathMode/any`` mode: answers are
/// random king-move walks that may turn, directions are not restricted, and
/// the grade is not targeted (bent paths grade up to `master`, by the score).
public struct Profile: Sendable, Equatable {
    /// `level-1` … `level-5`, with `-any` for any mode.
    public var id: String
    /// 1 … 5.
    public var level: Int
    /// The label every generated level grades, or `nil` when not targeted.
    public var gradeLabel: String?
    public var rows: Int
    public var columns: Int
    public var questions: Int
    /// Targets of questions 2, 3, …
    public var targets: ClosedRange<Int>
    /// Targets of question 1.
    public var firstTargets: ClosedRange<Int>
    /// The operands' range.
    public var operands: ClosedRange<Int>
    /// Directions answers may read in (straight mode).
    public var directions: [Direction]
    /// Directions question 1's answer reads in (straight mode): the profile's new feature.
    public var firstDirections: [Direction]
    /// Whether the operands may carry.
    public var allowsCarry: Bool
    /// The most near misses any question may have, or `nil`.
    public var maxNearMisses: Int?
    /// Whether some question must be ``Technique/crowded``.
    public var needsCrowded: Bool
    public var pathMode: PathMode
    /// Candidate levels tried before giving up.
    public var attempts: Int

    /// The five profiles of a game, easiest first, in straight mode.
    public static let standard: [Profile] = (1...5).map { level(of: $0) }

    /// The profile of game level `n` (1…5; values outside are clamped).
    public static func level(of n: Int, mode: PathMode = .straight) -> Profile {
        let n = min(5, max(1, n))
        let forward: [Direction] = [.right, .down]
        let lines: [Direction] = [.right, .down, .left, .up]
        let all = Direction.allCases
        var p = Profile(id: "level-\(n)", level: n, gradeLabel: Technique.labels[n - 1], rows: 6, columns: 6, questions: 3,
                        targets: 10...99, firstTargets: 10...99, operands: 1...98, directions: all, firstDirections: all,
                        allowsCarry: true, maxNearMisses: nil, needsCrowded: false, pathMode: mode, attempts: 2_000)
        switch n {
        case 1:
            p.directions = forward; p.firstDirections = forward; p.allowsCarry = false; p.maxNearMisses = 2
        case 2:
            p.directions = lines; p.firstDirections = [.left, .up]; p.maxNearMisses = 3
        case 3:
            p.firstDirections = [.downRight, .downLeft, .upRight, .upLeft]; p.maxNearMisses = 4
        case 4:
            p.needsCrowded = true
        default:
            p.firstTargets = 100...198; p.operands = 1...99
        }
        if mode == .any {
            p.id += "-any"
            p.gradeLabel = nil
        }
        return p
    }

    /// The profile a command-line argument names: `level-N`, `N` or
    /// `level-N-any` (N from 1 to 5).
    public static func named(_ argument: String) -> Profile? {
        var name = Substring(argument.lowercased())
        var mode = PathMode.straight
        if name.hasSuffix("-any") { name = name.dropLast(4); mode = .any }
        if name.hasPrefix("level-") { name = name.dropFirst(6) }
        guard name.count == 1, let n = Int(name), (1...5).contains(n) else { return nil }
        return level(of: n, mode: mode)
    }
}
