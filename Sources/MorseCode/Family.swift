import Foundation
import PuzzleKit

/// Morse code exercises as a `PuzzleFamily`: reading, writing,
/// generating, counting decodings, grading and practising.
public struct MorseCodeFamily: FormattedFamily, CountingFamily, GradingFamily, PlayableFamily {
    public typealias Puzzle = MorseCode.Puzzle
    public typealias TextFormat = MorseCode.TextFormat
    public typealias JSONFormat = MorseCode.JSONFormat
    public typealias Profile = MorseCode.Profile
    public typealias Technique = MorseCode.Technique

    public init() {}

    public let info = FamilyInfo(name: "morse", textExtension: "morse",
                                 summary: "Morse code exercises: code to word or sentence and back, at three difficulties")
    public var profiles: [Profile] { Profile.all }
    public var gradeLabels: [String] { Difficulty.allCases.map(\.label) }

    public func profile(named argument: String) throws -> Profile {
        guard let profile = Profile(id: argument) else {
            throw UsageError("unknown morse profile '\(argument)': expected <mode>-<difficulty>, a mode of \(ExerciseMode.allCases.map(\.code).joined(separator: ", ")) and a difficulty of beginner, intermediate, advanced (e.g. code-to-word-beginner)")
        }
        return profile
    }

    public func id(of profile: Profile) -> String { profile.id }
    public func id(of puzzle: Puzzle) -> String { puzzle.id }

    /// A JSON exercise has `mode` and `prompt`; a text exercise has the
    /// `prompt:` and `answer:` keys no other format has.
    public func recognizes(_ head: String) -> Bool {
        if head.contains("\"prompt\"") && head.contains("\"mode\"") { return true }
        let keys = headerKeys(of: head)
        return keys.contains("prompt") && keys.contains("answer")
    }


    /// An exercise carries its answer, so the solved form is the exercise.
    public func writeSolution(_ puzzle: Puzzle, comments: [String]) -> String? {
        TextFormat.write(puzzle, comments: comments)
    }

    public func generate(_ profile: Profile, _ request: GenerationRequest) throws(GenerationFailure) -> Generated<Puzzle> {
        if let problem = unsupported(request) { throw GenerationFailure(reason: "unsupported", problem) }
        guard !Generator.pool(sentences: profile.mode.isSentence, difficulty: profile.difficulty).isEmpty else {
            throw GenerationFailure(reason: "empty-pool", "no built-in entry grades \(profile.difficulty.label)")
        }
        // The profile's difficulty fixes the grade: every exercise is drawn from the entries graded exactly it.
        if let label = request.label, label != profile.difficulty.label {
            throw GenerationFailure(reason: "label-not-reached",
                                    "\(id(of: profile)) generates \(profile.difficulty.label) exercises, not \(label); pick the profile of that grade")
        }
        let exercise = Generator.generate(profile, seed: request.seed)
        return Generated(puzzle: exercise, attempts: 1, notes: ["grades \(profile.difficulty.label)"])
    }

    public func unsupported(_ request: GenerationRequest) -> String? {
        guard let label = request.label else { return nil }
        guard gradeLabels.contains(label) else {
            return "unknown grade '\(label)': expected \(gradeLabels.joined(separator: ", "))"
        }
        return nil
    }

    public func check(_ puzzle: Puzzle) -> CheckReport {
        let grade = Grader.grade(puzzle)
        var notes: [String] = []
        if grade.difficulty != puzzle.difficulty {
            notes.append("marked \(puzzle.difficulty.rawValue) but grades \(grade.difficulty.rawValue)")
        }
        return CheckReport(summary: "valid, \(puzzle.mode.code), \(grade.signals) signals, \(grade.units) units",
                           details: ["prompt: \(puzzle.prompt)", "answer: \(puzzle.answer)"], notes: notes)
    }

    public var metrics: MetricTable<Puzzle> { Self.metricTable }

    private static let metricTable = MetricTable<Puzzle>(
        analysis: { (exercise: $0, words: (try? MorseText.words(of: $0.text)) ?? [], grade: Grader.grade($0)) }, [
            Metric("mode", unit: "", kind: .label(ExerciseMode.allCases.map(\.code)), "the exercise mode") { .string($0.exercise.mode.code) },
            Metric("symbols", unit: "symbols", kind: .count, "symbols of the text side") { .int($0.words.joined().count) },
            Metric("words", unit: "words", kind: .count, "words of the text side") { .int($0.words.count) },
            Metric("signals", unit: "signals", kind: .count, "dots and dashes of the code") { .int($0.grade.signals) },
            Metric("units", unit: "PARIS units", kind: .count, "length when sent, with letter and word gaps") { .int($0.grade.units) },
        ])

    /// The number of decodings of the exercise's code with every gap
    /// removed, capped at `limits.solutions` like a search. A count beyond
    /// `Int.max`, with or without a cap and with or without the `GMP`
    /// trait, is `Int.max` with `complete` false and stop reason `overflow`
    /// (a lower bound; the `GMP` build gives the exact count in
    /// `exactCount`), never an error.
    public func count(_ puzzle: Puzzle, limits: CountLimits) throws -> CountResult {
        let code = try MorseText.unspaced(puzzle.text)
        let exact: PuzzleNumber?
        switch Result(catching: { () throws(DecodingCountError) -> PuzzleNumber in try Solver.count(code) }) {
        case .success(let value):
            exact = value
        case .failure(.overflow):
            exact = nil
        case .failure(let error):
            throw error
        }
        // A count beyond Int.max is reported as Int.max, a lower bound: not
        // complete, stopped by `overflow` (a GMP build still gives the exact
        // count in `exactCount`).
        var count = exact?.intValue ?? Int.max
        var complete = exact?.intValue != nil
        var reason: StopReason = complete ? .exhausted : .overflow
        if let cap = limits.solutions, count > cap {
            count = cap
            complete = false
            reason = .solutionLimit
        }
        let shown = limits.keepSolutions > 0 ? try Solver.list(code, limit: limits.keepSolutions) : []
        return CountResult(solutionCount: count, complete: complete, stopReason: reason, nodes: code.count,
                           fields: [("signals", .int(code.count)),
                                    ("exactCount", exact.map { .string($0.description) } ?? .null),
                                    ("decodings", .strings(shown))],
                           solutionText: shown.first.map { $0 + "\n" })
    }

    /// Grading and its count are linear in the signals, so `timeLimit`
    /// never stops them.
    public func grade(_ puzzle: Puzzle, solutionsUpTo2: Int?, explain: Bool, timeLimit: Duration?) throws -> GradeResult {
        let grade = Grader.grade(puzzle)
        // The decodings of the unspaced code counted up to 2, as `solve --limit 2` counts them.
        let upTo2 = solutionsUpTo2.map { min($0, 2) } ?? (try? count(puzzle, limits: CountLimits(solutions: 2)))?.solutionCount
        var counts: [(key: String, value: ReportValue)] = []
        for feature in Technique.allCases {
            counts.append((key: feature.code, value: .int(grade.steps.filter { $0.feature == feature }.count)))
        }
        let fields: [(key: String, value: ReportValue)] = [("units", .int(grade.units)), ("signals", .int(grade.signals)),
                                                           ("maxWordAmbiguity", .string(grade.maxWordAmbiguity.description)),
                                                           ("solutionsUpTo2", upTo2.map { .int($0) } ?? .null)] + counts
        return GradeResult(label: grade.difficulty.label, score: grade.score,
                           hardestTechnique: grade.hardest.map { (code: $0.code, name: $0.name) },
                           steps: grade.steps.count, rounds: 1, guesses: 0, backtracks: 0, solutionsUpTo2: upTo2,
                           forcedShare: 0, longestForcedRun: 0, visibility: nil,
                           details: ["\(grade.units) units, \(grade.signals) signals, hardest: \(grade.hardest?.name ?? "none")"],
                           explanation: explain ? Grader.explain(grade) : [], fields: fields)
    }

    /// A practice session of the exercise, with a fresh progress record.
    public func startSession(_ puzzle: Puzzle) -> GameSession { GameSession(exercise: puzzle) }
}
