import PuzzleKit

/// The features that make an exercise hard for a young child: the rows of
/// the shared arithmetic model (`ArithmeticFeature` in PuzzleKit, which
/// holds their codes and weights; their names and rules people read are in
/// ``DrillsMessages``) that an addition or subtraction within 20
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
    public static var catalogue: Catalogue { DrillsMessages.catalogue }
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

    /// The strategy a child can use, as a sentence in English (for hints
    /// and `grade --explain`).
    public var strategy: String { strategy(in: .english) }

    /// The strategy a child can use, as a sentence in `language`:
    /// "7 + 5: 7 + 3 = 10, then + 2 = 12".
    public func strategy(in language: Language) -> String {
        let e = exercise, a = e.firstNumber, b = e.secondNumber, r = e.correctAnswer
        let adding = e.type == .addition
        let key: String
        var values: [String: Int] = ["a": a, "b": b, "result": r]
        var counted: [Int] = []
        var fact: String?
        switch features.first(where: Technique.strategies.contains) {
        case .zero where adding:
            key = "step.zero.add"
        case .zero where b == 0:
            key = "step.zero.take-nothing"
        case .zero:
            key = "step.zero.take-all"
        case .countOn where adding && (1...2).contains(min(a, b)):
            let (from, by) = b <= 2 ? (a, b) : (b, a)
            key = "step.count-on.on"
            values["from"] = from
            counted = (1...by).map { from &+ $0 }
        case .countOn where !adding && (1...2).contains(b):
            key = "step.count-on.back"
            values["from"] = a
            counted = (1...b).map { a &- $0 }
        case .countOn where !adding && (1...2).contains(r):
            key = "step.count-on.up"
            values["from"] = b
            counted = (1...r).map { b &+ $0 }
        case .tie:
            key = adding ? "step.tie.add" : "step.tie.subtract"
        case .tenComplement:
            key = adding ? "step.ten-complement.add" : "step.ten-complement.subtract"
        case .nearAnchor:
            let (x, y, s) = adding ? (a, b, r) : (b, r, a)
            fact = ArithmeticFact(.addition, x, y, result: s).text(language)
            let kind = adding ? "add" : "subtract"
            if (x &- y).magnitude == 1 {
                key = "step.near-anchor.double.\(kind)"
                values["half"] = min(x, y)
                values["double"] = min(x, y) &* 2
            } else {
                key = "step.near-anchor.ten.\(kind)"
            }
        default:
            if features.contains(.crossTen) {
                // To the ten first: 7 + 3 = 10, then + 2; 12 − 2 = 10, then − 3.
                let toTen = adding ? 10 - a % 10 : a % 10
                key = adding ? "step.cross-ten.add" : "step.cross-ten.subtract"
                values["toTen"] = toTen
                values["ten"] = adding ? a &+ toTen : a &- toTen
                values["rest"] = b &- toTen
            } else {
                key = "step.no-anchor"
            }
        }
        var arguments = ["exercise": exercise.text(language), "numbers": counted.map(language.number).joined(separator: ", ")]
        arguments["fact"] = fact
        for (name, value) in values { arguments[name] = language.number(value) }
        return DrillsMessages.catalogue.text(key, language, arguments)
    }

    /// The `grade` details line of the exercise: "5 + 3: score 3, practice (no-anchor)".
    public func details(in language: Language) -> String {
        let messages = DrillsMessages.catalogue
        return messages.text("details.exercise", language, [
            "exercise": exercise.text(language), "score": language.number(score),
            "label": messages.text("label.\(label)", language),
            "features": features.map { messages.text("details.feature.\($0.code)", language) }.joined(separator: ", "),
        ])
    }
}

extension Exercise {
    /// The exercise as a fact of the shared arithmetic model.
    public var fact: ArithmeticFact {
        ArithmeticFact(type == .addition ? .addition : .subtraction, firstNumber, secondNumber, result: correctAnswer)
    }

    /// The exercise's features, score and grade.
    public var features: ExerciseFeatures { ExerciseFeatures(self) }

    /// The exercise as people read it, with the operation's glyph: `12 − 5`
    /// (the text format keeps ASCII, ``description``).
    public func text(_ language: Language) -> String {
        "\(language.number(firstNumber)) \(fact.operation.glyph) \(language.number(secondNumber))"
    }
}
