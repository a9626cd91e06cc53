import PuzzleKit

/// The features that make an exercise hard for a young child, easiest
/// first: the one weight table the grader, the generator's targeting, the
/// metric columns and the adaptive model's starting ratings derive from.
///
/// An exercise is read as its addition fact `x + y = s` (for `a - b = c`
/// the fact `b + c = a`). It carries exactly one *strategy* feature — the
/// first of count-on, tie, ten-complement and near-anchor that applies, else
/// no-anchor — and any of the *size* features.
///
/// | feature | rule | weight | grade |
/// |---|---|---|---|
/// | ``countOn`` | the second operand is 1 or 2: count on or back | 1 | warm-up |
/// | ``tie`` | the fact is a tie, `x = y` (`4 + 4`, `8 - 4`) | 1 | warm-up |
/// | ``tenComplement`` | the fact makes ten, `s = 10` (`7 + 3`, `10 - 7`) | 1 | warm-up |
/// | ``nearAnchor`` | one away from a tie (`4 + 5`) or from ten (`6 + 5`, `9 - 4`) | 2 | practice |
/// | ``subtraction`` | a subtraction | 1 | practice |
/// | ``bigOperand`` | an operand above 5 (more than one hand) | 1 | challenge |
/// | ``noAnchor`` | no strategy above applies: the fact must be known or worked out | 3 | challenge |
/// | ``bigResult`` | the result is above 10 (more than two hands) | 1 | master |
/// | ``crossTen`` | the sum bridges a ten (`7 + 5`: 7 → 10 → 12) | 3 | master |
///
/// The score of an exercise is the sum of its features' weights (1 … 8);
/// its grade is that of its hardest feature.
public enum Technique: Int, CaseIterable, Sendable, Comparable, TechniqueTier {
    case countOn
    case tie
    case tenComplement
    case nearAnchor
    case subtraction
    case bigOperand
    case noAnchor
    case bigResult
    case crossTen

    /// (code, name, one-line rule, weight, grade): the table's row.
    private var entry: (code: String, name: String, rule: String, weight: Int, label: String) {
        switch self {
        case .countOn: return ("count-on", "Count on", "the second operand is 1 or 2: count on or back", 1, "warm-up")
        case .tie: return ("tie", "Tie", "the addition fact is a tie x + x (4 + 4, 8 - 4)", 1, "warm-up")
        case .tenComplement: return ("ten-complement", "Ten complement", "the addition fact makes ten (7 + 3, 10 - 7)", 1, "warm-up")
        case .nearAnchor: return ("near-anchor", "Near anchor", "one away from a tie (4 + 5) or from ten (6 + 5, 9 - 4)", 2, "practice")
        case .subtraction: return ("subtraction", "Subtraction", "a subtraction", 1, "practice")
        case .bigOperand: return ("big-operand", "Big operand", "an operand above 5 (more than one hand)", 1, "challenge")
        case .noAnchor: return ("no-anchor", "No anchor", "no count-on, tie, ten or near anchor: the fact must be known or worked out", 3, "challenge")
        case .bigResult: return ("big-result", "Big result", "the result is above 10 (more than two hands)", 1, "master")
        case .crossTen: return ("cross-ten", "Cross the ten", "the sum bridges a ten (7 + 5: 7 -> 10 -> 12)", 3, "master")
        }
    }

    public var code: String { entry.code }
    public var name: String { entry.name }
    public var rule: String { entry.rule }
    public var weight: Int { entry.weight }
    public var gradeLabel: String { entry.label }

    /// A camel-case key for report columns (`countOnExercises`, …).
    public var key: String {
        let parts = code.split(separator: "-")
        return (parts.first.map(String.init) ?? "") + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The grade labels, easiest first.
    public static let gradeLabels = ["warm-up", "practice", "challenge", "master"]

    /// The strategy features: exactly one of them describes each exercise.
    public static let strategies: [Technique] = [.countOn, .tie, .tenComplement, .nearAnchor, .noAnchor]

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
        let a = exercise.firstNumber, b = exercise.secondNumber
        // The addition fact x + y = s.
        let (x, y, s) = exercise.type == .addition ? (a, b, exercise.correctAnswer) : (b, exercise.correctAnswer, a)
        var found: [Technique] = []
        if b == 1 || b == 2 {
            found.append(.countOn)
        } else if x == y {
            found.append(.tie)
        } else if s == 10 {
            found.append(.tenComplement)
        } else if (x &- y).magnitude == 1 || (s &- 10).magnitude == 1 {
            found.append(.nearAnchor)
        }
        if exercise.type == .subtraction { found.append(.subtraction) }
        if max(a, b) > 5 { found.append(.bigOperand) }
        if found.first.map({ !Technique.strategies.contains($0) }) ?? true { found.append(.noAnchor) }
        if exercise.correctAnswer > 10 { found.append(.bigResult) }
        if Self.bridgesTen(exercise) { found.append(.crossTen) }
        self.features = found.sorted()
    }

    /// True when a multiple of ten lies strictly between the first operand
    /// and the result (`7 + 5` passes 10; `7 + 3` and `10 - 3` only touch it).
    public static func bridgesTen(_ exercise: Exercise) -> Bool {
        let low = min(exercise.firstNumber, exercise.correctAnswer)
        let high = max(exercise.firstNumber, exercise.correctAnswer)
        guard low >= 0 else { return false }
        let (nextTen, overflow) = (low / 10 + 1).multipliedReportingOverflow(by: 10)
        return !overflow && nextTen < high
    }

    /// The sum of the features' weights.
    public var score: Int { features.reduce(0) { $0 + $1.weight } }

    /// The hardest feature.
    public var hardest: Technique { features.max() ?? .countOn }

    /// The grade label: that of the hardest feature.
    public var label: String { hardest.gradeLabel }

    /// The starting difficulty rating of the exercise in the adaptive model:
    /// the score centred on 4.5 and scaled by 0.7 (−2.45 … +2.45).
    public var initialRating: Double { (Double(score) - 4.5) * 0.7 }

    /// The strategy a child can use, as a sentence (for hints and
    /// `grade --explain`).
    public var strategy: String {
        let e = exercise, a = e.firstNumber, b = e.secondNumber, r = e.correctAnswer
        switch features.first {
        case .countOn where e.type == .addition:
            return "\(e): count on from \(a): " + (1...b).map { String(a &+ $0) }.joined(separator: ", ")
        case .countOn:
            return "\(e): count back from \(a): " + (1...b).map { String(a &- $0) }.joined(separator: ", ")
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
    /// The exercise's features, score and grade.
    public var features: ExerciseFeatures { ExerciseFeatures(self) }
}
