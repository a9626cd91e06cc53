import Foundation
import PuzzleKit

/// Arithmetic drills as a PuzzleLab family: a puzzle is one practice
/// sheet of addition and subtraction exercises for a number range.
///
///     let family = ArithmeticDrillsFamily()
///     let generated = try family.generate(family.profiles[3], GenerationRequest(seed: 7))
///     print(family.write(generated.puzzle, as: .text, comments: []))
public struct ArithmeticDrillsFamily: FormattedFamily, CountingFamily, GradingFamily, PlayableFamily {
    public typealias Puzzle = ArithmeticDrills.Puzzle
    public typealias TextFormat = ArithmeticDrills.TextFormat
    public typealias JSONFormat = ArithmeticDrills.JSONFormat
    public typealias Profile = ArithmeticDrills.Profile
    public typealias Technique = ArithmeticDrills.Technique
    public typealias Session = GameSession
    public typealias StepFacts = ExerciseFeatures

    public init() {}

    public let info = FamilyInfo(name: "drills", textExtension: "drill",
                                 summary: "addition and subtraction drills for young children")

    /// The four number ranges, 1–3 … 1–10, ten mixed exercises each.
    public var profiles: [Profile] { Difficulty.allCases.map { Profile(difficulty: $0) } }

    public func profile(named argument: String) throws -> Profile {
        guard let profile = Profile.named(argument) else {
            throw UsageError("unknown drills profile '\(argument)': expected very-easy, easy, medium or hard, optionally with '@' and a target score (hard@5)")
        }
        return profile
    }

    public func id(of profile: Profile) -> String { profile.id }
    public func id(of puzzle: Puzzle) -> String { puzzle.id }

    public func recognizes(_ head: String) -> Bool {
        if head.contains("\"firstNumber\"") && head.contains("\"exercises\"") { return true }
        guard headerKeys(of: head).allSatisfy({ $0 == "profile" || $0 == "target" }) else { return false }
        guard let lines = try? meaningfulLines(of: head, file: "-"), let first = lines.first else { return false }
        let content = first.content
        if content.hasPrefix("target:") { return true }
        if content.hasPrefix("profile:") {
            return Difficulty.named(content.dropFirst("profile:".count).trimmingCharacters(in: .whitespaces)) != nil
        }
        let tokens = first.tokens.map(\.text)
        return (tokens.count == 3 || tokens.count == 5) && tokens[0].allSatisfy(\.isASCII) && tokens[0].allSatisfy(\.isNumber)
            && ["+", "-", "\u{2212}", "\u{2013}"].contains(tokens[1])
    }


    public func writeSolution(_ puzzle: Puzzle, comments: [String]) -> String? {
        puzzle.solved.map { TextFormat.write($0, comments: comments) }
    }

    public func generate(_ profile: Profile, _ request: GenerationRequest) throws(GenerationFailure) -> Generated<Puzzle> {
        let sheet = try Generator.sheet(profile, seed: request.seed, label: request.label)
        var notes = ["unique"]
        if let target = profile.target { notes.append("every exercise scores \(target)") }
        if let label = request.label { notes.append("every exercise grades \(label)") }
        return Generated(puzzle: sheet, attempts: 1, notes: notes)
    }

    public func unsupported(_ request: GenerationRequest) -> String? {
        guard let label = request.label, !gradeLabels.contains(label) else { return nil }
        return "unknown drills grade '\(label)': expected \(gradeLabels.joined(separator: ", "))"
    }

    public func check(_ puzzle: Puzzle) -> CheckReport {
        let problems = Grader.problems(puzzle)
        let answered = puzzle.answers.compactMap { $0 }.count
        var summary = "\(problems.isEmpty ? "valid" : "invalid"), \(puzzle.difficulty.name) (\(puzzle.difficulty.range.lowerBound)-\(puzzle.difficulty.range.upperBound)), \(puzzle.exercises.count) exercise\(puzzle.exercises.count == 1 ? "" : "s")"
        if answered > 0 { summary += ", \(answered) answered" }
        let details = puzzle.exercises.map { e in
            e.problems.isEmpty ? "\(e) = \(e.correctAnswer): score \(e.features.score), \(e.features.label)" : "\(e): invalid"
        }
        return CheckReport(summary: summary, details: details, notes: Grader.notes(puzzle), problems: problems)
    }

    public var metrics: MetricTable<Puzzle> { Self.metricTable }

    /// The exercises of a sheet that are valid, which most columns read.
    private struct SheetAnalysis {
        var sheet: Puzzle
        var valid: [Exercise]
        var scores: [Int]

        init(_ sheet: Puzzle) {
            self.sheet = sheet
            valid = sheet.exercises.filter { $0.problems.isEmpty }
            scores = valid.map(\.features.score)
        }
    }

    private static let metricTable: MetricTable<Puzzle> = {
        var metrics: [Metric<SheetAnalysis>] = [
            Metric("exercises", unit: "count", kind: .count, "exercises on the sheet") { .int($0.sheet.exercises.count) },
            Metric("additions", unit: "count", kind: .count, "additions") { .int($0.sheet.exercises.filter { $0.type == .addition }.count) },
            Metric("subtractions", unit: "count", kind: .count, "subtractions") { .int($0.sheet.exercises.filter { $0.type == .subtraction }.count) },
            Metric("largestOperand", unit: "value", kind: .integer, "the largest operand") {
                .int($0.sheet.exercises.map { max($0.firstNumber, $0.secondNumber) }.max() ?? 0)
            },
            Metric("largestResult", unit: "value", kind: .integer, "the largest result") { .int($0.sheet.exercises.map(\.correctAnswer).max() ?? 0) },
            Metric("meanScore", unit: "score", kind: .decimal, "mean feature score of the valid exercises") { a in
                a.scores.isEmpty ? .null : .double(Double(a.scores.reduce(0, +)) / Double(a.scores.count))
            },
            Metric("minScore", unit: "score", kind: .integer, "lowest feature score") { $0.scores.min().map { .int($0) } ?? .null },
            Metric("maxScore", unit: "score", kind: .integer, "highest feature score") { $0.scores.max().map { .int($0) } ?? .null },
        ]
        for feature in Technique.allCases {
            metrics.append(Metric("\(feature.key)Exercises", unit: "count", kind: .count, "exercises with the feature: \(feature.rule)") { a in
                .int(a.valid.filter { $0.features.features.contains(feature) }.count)
            })
        }
        metrics.append(Metric("exerciseFeatures", unit: "json", kind: .json, "per exercise: the exercise, its score and its feature codes") { a in
            .json("[" + a.valid.map(exerciseFeaturesJSON).joined(separator: ",") + "]")
        })
        return MetricTable(analysis: SheetAnalysis.init, metrics)
    }()

    /// One exercise of the `exerciseFeatures` column: the exercise, its
    /// score and its feature codes.
    private static func exerciseFeaturesJSON(_ e: Exercise) -> String {
        "{\"exercise\":\"\(e)\",\"score\":\(e.features.score),\"features\":["
            + e.features.features.map { "\"\($0.code)\"" }.joined(separator: ",") + "]}"
    }

    public func count(_ puzzle: Puzzle, limits: CountLimits) throws -> CountResult {
        let count = Solver.count(puzzle)
        let solved = count > 0 && limits.keepSolutions > 0 ? puzzle.solved : nil
        return CountResult(solutionCount: count, complete: true, stopReason: .exhausted, nodes: puzzle.exercises.count,
                           fields: [("exercises", .int(puzzle.exercises.count))],
                           solutionText: solved.map { TextFormat.write($0) },
                           solutionJSON: solved.map { "[" + $0.answers.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]" })
    }

    public var gradeLabels: [String] { Technique.gradeLabels }

    /// ``Grader/trace(_:)``; grading is linear in the exercises, so
    /// `timeLimit` never stops it.
    public func trace(_ puzzle: Puzzle, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace {
        try Grader.trace(puzzle)
    }

    /// The exercise's strategy (``ExerciseFeatures/strategy(in:)``).
    public func sentence(_ step: Trace.Step, in puzzle: Puzzle, language: Language) -> String { step.facts.strategy(in: language) }

    /// The sheet's label is the median exercise's grade, and an exercise's
    /// grade is that of its score (``Technique/label(score:)``: 1–2
    /// warm-up, 3–4 practice, 5–6 challenge, 7–8 master); as that is
    /// monotone, it is the grade of the median exercise score. One hard
    /// exercise among ten easy ones does not make the sheet hard (with the
    /// hardest exercise's grade, 89 % of `very-easy` sheets were
    /// "challenge").
    ///
    ///     // exercise scores 1 1 2 3 4 4 5 6 8 8 → median 4 → "practice"
    public var labelRule: LabelRule { .quantile(0.5) }

    /// ``labelRule`` over the exercises' grades by score: the grade of the
    /// (upper) median of the steps' points, each step's points being its
    /// exercise's score.
    public func label(_ trace: Trace) -> String {
        let scores = trace.steps.map(\.points).sorted()
        guard !scores.isEmpty else { return Technique.gradeLabels[0] }
        return Technique.label(score: scores[min(scores.count - 1, scores.count / 2)])
    }

    /// `exerciseScores`: each exercise's score, in the sheet's order.
    public func familyFields(_ trace: Trace, of puzzle: Puzzle) -> [(key: String, value: ReportValue)] {
        [("exerciseScores", .json("[" + puzzle.exercises.map { String($0.features.score) }.joined(separator: ",") + "]"))]
    }

    /// One line per exercise, in the sheet's order (``ExerciseFeatures/details(in:)``).
    public func details(_ trace: Trace, of puzzle: Puzzle, language: Language) -> [String] {
        puzzle.exercises.map { $0.features.details(in: language) }
    }

    public func startSession(_ puzzle: Puzzle) -> GameSession { GameSession(sheet: puzzle) }
}
