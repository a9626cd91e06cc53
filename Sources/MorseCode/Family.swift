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
    public typealias StepFacts = GradeReport.Step

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
        guard !Generator.pool(profile.mode, difficulty: profile.difficulty).isEmpty else {
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

    /// A pack's level spells `mode` as the command line does (`word-to-code`).
    public func writePackJSON(_ puzzle: Puzzle) -> String {
        JSONFormat.write(puzzle, pretty: false, modeAsCode: true)
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

    /// Every feature occurrence of the text side, weighed in the exercise's
    /// direction (reading or sending), is one step, easiest first
    /// (`EasiestFirst`): it reads the symbols it is about; a symbol's own
    /// feature (its length or kind) decodes the symbol, writing it on the
    /// answer side, while a confusable pair or an ambiguous word decides
    /// nothing. The steps are all on offer at once: every step is in round 1
    /// and has the steps still open on offer, so only the last is forced.
    ///
    /// `solutionsUpTo2` counts the answers the learner faces, not the
    /// decodings of the code run together (`count`, which a caller's
    /// `solutionsUpTo2` holds and the trace therefore ignores): reading, the
    /// decodings of the prompt with the letter and word gaps it shows, one
    /// (every token is one symbol's code); sending, the codes of the text,
    /// one. An exercise whose code side does not decode has none. Grading is
    /// linear in the signals, so `timeLimit` never stops it.
    public func trace(_ puzzle: Puzzle, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace {
        let report = Grader.grade(puzzle)
        let symbols = Array(((try? MorseText.words(of: puzzle.text)) ?? []).joined())
        let order = EasiestFirst.order(report.steps.map(\.feature))
        let steps = order.enumerated().map { done, index in
            let step = report.steps[index]
            let decides = step.decodesSymbol ? step.symbols.filter(symbols.indices.contains).map { i in
                TraceDecision(.item(i), .value(puzzle.mode.promptIsCode ? String(symbols[i]) : MorseTable.drawn(MorseTable.code(for: symbols[i]) ?? "")))
            } : []
            return Trace.Step(technique: step.feature, reads: step.symbols.map { .item($0) }, decides: decides,
                              round: 1, movesOnOffer: order.count - done, points: step.points, facts: step)
        }
        let decoded = try? MorseText.decode(puzzle.code)
        let answers = decoded != nil && decoded == (try? MorseText.normalize(puzzle.text)) ? 1 : 0
        return Trace(steps: steps, outcome: .solved, solutionsUpTo2: answers)
    }

    public func sentence(_ step: Trace.Step, in puzzle: Puzzle, language: Language) -> String { Grader.sentence(step.facts, in: language) }

    /// The difficulty's name in `language` (English: the label itself).
    public func labelName(_ label: String, in language: Language) -> String {
        guard let difficulty = Difficulty(name: label) else { return label }
        return MorseMessages.catalogue.text("label.\(difficulty.rawValue)", language)
    }

    /// The difficulty of the hardest feature (Beginner without any).
    public var labelRule: LabelRule { .hardest }

    /// `direction` (`recognition` or `production`, what the exercise asks),
    /// `units` (the text's length in PARIS time units), `signals` (its dots
    /// and dashes) and `maxWordAmbiguity` (the most decodings of one word as
    /// the learner meets it, a decimal string: sending, its code run
    /// together; reading, its code with the gaps shown, 1).
    public func familyFields(_ trace: Trace, of puzzle: Puzzle) -> [(key: String, value: ReportValue)] {
        let measures = Grader.measures(puzzle.text, direction: puzzle.mode.direction)
        return [("direction", .string(puzzle.mode.direction.rawValue)), ("units", .int(measures.units)), ("signals", .int(measures.signals)),
                ("maxWordAmbiguity", .string(measures.maxWordAmbiguity.description))]
    }

    public func details(_ trace: Trace, of puzzle: Puzzle, language: Language) -> [String] {
        let measures = Grader.measures(puzzle.text, direction: puzzle.mode.direction)
        let messages = MorseMessages.catalogue
        return [messages.text(puzzle.mode.direction == .recognition ? "details.reading" : "details.sending", language, [
            "units": messages.text("count.units", count: measures.units, language),
            "signals": messages.text("count.signals", count: measures.signals, language),
            "hardest": trace.hardestTechnique?.name(in: language) ?? messages.text("details.none", language),
        ])]
    }

    /// A practice session of the exercise, with a fresh progress record.
    public func startSession(_ puzzle: Puzzle) -> GameSession { GameSession(exercise: puzzle) }
}
