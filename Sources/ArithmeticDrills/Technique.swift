import PuzzleKit

/// The features that make an exercise hard for a young child: the rows of
/// the shared arithmetic model (`ArithmeticFeature` in PuzzleKit, which
/// holds their rules and weights) that an addition or subtraction within 20
/// can have, ordered by weight. It is the one table the grader, the
/// generator's targeting, the metric columns and the adaptive model's
/// starting ratings derive from.
///
/// An exercise is read as its addition fact `x + y = s` (for `a - b = c`
/// the fact `b + c = a`). It carries exactly one *strategy* feature — the
/// first of zero, count-on, tie, ten-complement and near-anchor that
/// applies, else no-anchor — and any of the *size* features.
///
/// | feature | rule | weight |
/// |---|---|---|
/// | ``zero`` | a zero: `x + 0`, `x - 0`, `x - x` | 1 |
/// | ``countOn`` | the smaller addend is 1 or 2: count on or back (`8 + 2`, `7 - 1`, `7 - 6`) | 1 |
/// | ``tie`` | the fact is a tie, `x = y` (`4 + 4`, `8 - 4`) | 1 |
/// | ``tenComplement`` | the fact makes ten, `s = 10` (`7 + 3`, `10 - 7`) | 1 |
/// | ``subtraction`` | a subtraction | 1 |
/// | ``bigOperand`` | near or no anchor with an operand above 5 (more than one hand) | 1 |
/// | ``bigResult`` | the result is above 10 (more than two hands) | 1 |
/// | ``nearAnchor`` | one away from a tie (`4 + 5`) or from ten (`6 + 5`, `9 - 4`) | 2 |
/// | ``noAnchor`` | no strategy above applies: the fact must be known or worked out | 3 |
/// | ``crossTen`` | the ones pass a ten (`7 + 5`: 7 → 10 → 12; `12 - 5`) | 3 |
///
/// **The one rule.** The score of an exercise is the sum of its features'
/// weights (1 … 8); its grade is that of its score: 1–2 warm-up, 3–4
/// practice, 5–6 challenge, 7–8 master (``label(score:)``). A sheet's grade
/// is that of its median exercise score. So a heavier feature never counts
/// for less than a lighter one: `9 - 4` (near-anchor, subtraction,
/// big-operand: 4) is practice, `7 - 6` (count-on, subtraction: 2)
/// warm-up. A feature's ``gradeLabel`` is the grade of its
/// weight alone.
public enum Technique: Int, CaseIterable, Sendable, Comparable, TechniqueTier {
    case zero
    case countOn
    case tie
    case tenComplement
    case subtraction
    case bigOperand
    case bigResult
    case nearAnchor
    case noAnchor
    case crossTen

    /// The row of the shared model this feature is.
    public var feature: ArithmeticFeature {
        switch self {
        case .zero: return .zero
        case .countOn: return .countOn
        case .tie: return .tie
        case .tenComplement: return .tenComplement
        case .subtraction: return .subtraction
        case .bigOperand: return .bigOperand
        case .bigResult: return .bigResult
        case .nearAnchor: return .nearAnchor
        case .noAnchor: return .noAnchor
        case .crossTen: return .crossTen
        }
    }

    /// The drills feature of a shared feature, or `nil` for one an exercise
    /// within 20 never has (multiplication, place value, …).
    public init?(_ feature: ArithmeticFeature) {
        guard let found = Technique.allCases.first(where: { $0.feature == feature }) else { return nil }
        self = found
    }

    public var code: String { feature.code }
    public func name(in language: Language) -> String { feature.name }
    public func rule(in language: Language) -> String { feature.rule }
    public var weight: Int { feature.weight }
    /// The grade of the feature's weight alone (``label(score:)``).
    public var gradeLabel: String { Technique.label(score: weight) }

    /// A camel-case key for report columns (`countOnExercises`, …).
    public var key: String {
        let parts = code.split(separator: "-")
        return (parts.first.map(String.init) ?? "") + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The grade labels, easiest first.
    public static let gradeLabels = ["warm-up", "practice", "challenge", "master"]

    /// The lowest score of each grade after the first: 3 practice, 5
    /// challenge, 7 master.
    public static let gradeThresholds = [3, 5, 7]

    /// The grade of an exercise score: 1–2 warm-up, 3–4 practice, 5–6
    /// challenge, 7 and above master.
    public static func label(score: Int) -> String {
        gradeLabels[gradeThresholds.count { score >= $0 }]
    }

    /// The strategy features: exactly one of them describes each exercise.
    public static let strategies: [Technique] = [.zero, .countOn, .tie, .tenComplement, .nearAnchor, .noAnchor]

    public static func < (a: Technique, b: Technique) -> Bool { a.rawValue < b.rawValue }
}

/// An exercise's features, score and grade under the ``Technique`` table.
///
///     let features = ExerciseFeatures(Exercise(.addition, 7, 5, difficulty: .hard))
///     print(features.features.map(\.code), features.score, features.label)
///     // Prints "["big-operand", "no-anchor", "big-result", "cross-ten"] 8 master"
public struct ExerciseFeatures: Sendable, Equatable {
    public var exercise: Exercise
    /// The features present, easiest first.
    public var features: [Technique]

    public init(_ exercise: Exercise) {
        self.exercise = exercise
        features = ArithmeticLoad(exercise.fact).features.compactMap(Technique.init).sorted()
    }

    /// True when the ones pass a ten (`7 + 5` passes 10; `7 + 3` and
    /// `10 - 3` only touch it): the ``Technique/crossTen`` feature.
    public static func bridgesTen(_ exercise: Exercise) -> Bool {
        ArithmeticLoad(exercise.fact).features.contains(.crossTen)
    }

    /// The sum of the features' weights.
    public var score: Int { features.reduce(0) { $0 + $1.weight } }

    /// The heaviest feature (the last in the table's order).
    public var hardest: Technique { features.max() ?? .zero }

    /// The grade label: that of the score (``Technique/label(score:)``).
    public var label: String { Technique.label(score: score) }

    /// The starting difficulty rating of the exercise in the adaptive model:
    /// the score centred on 3.5 and scaled by 0.7 (−1.75 … +3.15).
    public var initialRating: Double { (Double(score) - 3.5) * 0.7 }

    /// The strategy a child can use, as a sentence (for hints and
    /// `grade --explain`).
    public var strategy: String {
        let e = exercise, a = e.firstNumber, b = e.secondNumber, r = e.correctAnswer
        switch features.first(where: Technique.strategies.contains) {
        case .zero where e.type == .addition:
            return "\(e): adding nothing leaves \(r)"
        case .zero where b == 0:
            return "\(e): taking nothing away leaves \(r)"
        case .zero:
            return "\(e): taking everything away leaves 0"
        case .countOn where e.type == .addition && (1...2).contains(min(a, b)):
            let (from, by) = b <= 2 ? (a, b) : (b, a)
            return "\(e): count on from \(from): " + (1...by).map { String(from &+ $0) }.joined(separator: ", ")
        case .countOn where e.type == .subtraction && (1...2).contains(b):
            return "\(e): count back from \(a): " + (1...b).map { String(a &- $0) }.joined(separator: ", ")
        case .countOn where e.type == .subtraction && (1...2).contains(r):
            return "\(e): count up from \(b): " + (1...r).map { String(b &+ $0) }.joined(separator: ", ") + ", so \(r)"
        case .tie where e.type == .addition:
            return "\(e): a double, \(a) and \(a) make \(r)"
        case .tie:
            return "\(e): the double \(b) + \(b) = \(a), so \(r)"
        case .tenComplement where e.type == .addition:
            return "\(e): \(a) and \(b) make ten"
        case .tenComplement:
            return "\(e): \(b) and \(r) make ten, so \(r)"
        case .nearAnchor:
            let (x, y, s) = e.type == .addition ? (a, b, r) : (b, r, a)
            if (x &- y).magnitude == 1 {
                let m = min(x, y)
                return "\(e): next to the double \(m) + \(m) = \(m &* 2), so \(x) + \(y) = \(s)" + (e.type == .subtraction ? " and \(r)" : "")
            }
            return "\(e): next to ten: \(x) + \(y) = \(s)" + (e.type == .subtraction ? ", so \(r)" : "")
        default:
            if features.contains(.crossTen) && e.type == .addition {
                let toTen = 10 - a % 10
                return "\(e): \(a) + \(toTen) = \(a &+ toTen), then + \(b &- toTen) = \(r)"
            }
            if features.contains(.crossTen) {
                let down = a % 10
                return "\(e): \(a) - \(down) = \(a &- down), then - \(b &- down) = \(r)"
            }
            return "\(e): work it out, \(r)"
        }
    }
}

extension Exercise {
    /// The exercise as a fact of the shared arithmetic model.
    public var fact: ArithmeticFact {
        ArithmeticFact(type == .addition ? .addition : .subtraction, firstNumber, secondNumber, result: correctAnswer)
    }

    /// The exercise's features, score and grade.
    public var features: ExerciseFeatures { ExerciseFeatures(self) }
}
