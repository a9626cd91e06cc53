import Foundation
import PuzzleKit

/// A level the solver cannot model.
public struct CountError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}

/// Number search as a PuzzleKit family: a grid of digits
/// and addition questions whose answers are paths of adjacent cells.
///
/// The puzzle is one ``Puzzle``; the profiles are the five game levels
/// (``Profile/standard``; `level-N-any` names the any-mode variants). The
/// count of a level is the number of ways to answer all its questions (the
/// product of the per-question path counts, in the level's own
/// ``PathMode``); a generated level has count 1.
///
///     let family = NumberSearchFamily()
///     let generated = try family.generate(family.profiles[0], GenerationRequest(seed: 7))
///     print(family.write(generated.puzzle, as: .text, comments: []))
public struct NumberSearchFamily: FormattedFamily, CountingFamily, GradingFamily, PlayableFamily {
    public typealias Puzzle = NumberSearch.Puzzle
    public typealias TextFormat = NumberSearch.TextFormat
    public typealias JSONFormat = NumberSearch.JSONFormat
    public typealias Technique = NumberSearch.Technique
    public typealias Session = GameSession
    public typealias StepFacts = QuestionStep

    public init() {}

    public let info = FamilyInfo(name: "number-search", textExtension: "nsearch",
                                 summary: "6x6 digit grid; find each sum's answer as a path of adjacent cells")

    public var profiles: [Profile] { Profile.standard }

    public func profile(named argument: String) throws -> Profile {
        guard let profile = Profile.named(argument) else {
            throw UsageError("unknown number-search profile '\(argument)'; expected level-1 … level-5, or level-N-any for bent paths")
        }
        return profile
    }

    public func id(of profile: Profile) -> String { profile.id }
    public func id(of puzzle: Puzzle) -> String { puzzle.id }

    /// A JSON level has `questions`; a text whose first grid-like line holds
    /// only single digits and which has a question line `A + B = …`, and no
    /// `pool:` header.
    public func recognizes(_ head: String) -> Bool {
        if head.contains("\"questions\"") { return true }
        let lines = head.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !lines.contains(where: { $0.hasPrefix("pool") }) else { return false }
        let body = lines.filter { line in !(line.first?.isLetter ?? false) }
        guard let first = body.first else { return false }
        let firstTokens = first.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard firstTokens.allSatisfy({ $0.count == 1 && $0.first?.isNumber == true }) else { return false }
        return body.contains { line in
            let t = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return t.count >= 5 && t[1] == "+" && t[3] == "="
        }
    }


    public func writeSolution(_ puzzle: Puzzle, comments: [String]) -> String? {
        puzzle.hasSolution ? TextFormat.write(puzzle, solved: true, comments: comments) : nil
    }

    public func generate(_ profile: Profile, _ request: GenerationRequest) throws(GenerationFailure) -> Generated<Puzzle> {
        if let label = request.label, label != profile.gradeLabel {
            throw GenerationFailure(reason: "label-mismatch",
                                    "\(profile.id) generates \(profile.gradeLabel ?? "ungraded") levels, not \(label); pick the profile of that grade")
        }
        let outcome = try Generator.generate(profile, seed: request.seed)
        var notes = ["unique: one path per target", "answers share no cell"]
        if let label = profile.gradeLabel { notes.append("grade \(label)") }
        return Generated(puzzle: outcome.level, attempts: outcome.attempts, notes: notes)
    }

    public func unsupported(_ request: GenerationRequest) -> String? {
        if let label = request.label, !gradeLabels.contains(label) {
            return "number-search grades are \(gradeLabels.joined(separator: ", ")); '\(label)' is none of them"
        }
        return nil
    }

    public func check(_ puzzle: Puzzle) -> CheckReport {
        if let problem = puzzle.problem { return CheckReport(summary: "invalid", problems: [problem]) }
        let solved = Solver.solve(puzzle, keep: 1)
        var details: [String] = []
        var notes: [String] = []
        var problems: [String] = []
        for (i, q) in puzzle.questions.enumerated() {
            let count = solved.pathCounts[i]
            let first = q.solutionPositions ?? solved.paths[i].first
            let where_ = first.map { p in
                "\(Rules.direction(of: p).map(\.rawValue) ?? (p.count < 2 ? "one cell" : "bent")) from \(p[0])"
            } ?? "nowhere"
            details.append("question \(i + 1): \(q.operands[0]) + \(q.operands[1]) = \(q.target): \(count) path\(count == 1 ? "" : "s"), \(where_)")
            if count == 0 { problems.append("question \(i + 1) (\(q.text)): no path spells \(q.target)") }
            if count > 1 { notes.append("question \(i + 1) (\(q.text)): \(count) paths spell \(q.target); generated levels have exactly one") }
            if Rules.isPalindrome(q.target) { notes.append("question \(i + 1): \(q.target) is a palindrome, so it always has two paths") }
        }
        if overlapCount(puzzle) > 0 {
            notes.append("the given answers share \(overlapCount(puzzle)) cell(s); generated answers never overlap")
        }
        let summary = (problems.isEmpty ? "valid" : "invalid")
            + ", \(puzzle.rows)x\(puzzle.columns), \(puzzle.questions.count) question\(puzzle.questions.count == 1 ? "" : "s"), \(puzzle.pathMode.rawValue)"
            + (solved.pathCounts.allSatisfy { $0 == 1 } ? ", one path each" : "")
        return CheckReport(summary: summary, details: details, notes: notes, problems: problems)
    }

    public func count(_ puzzle: Puzzle, limits: CountLimits) throws -> CountResult {
        if let problem = puzzle.problem { throw CountError(description: "invalid level: \(problem)") }
        let solved = Solver.solve(puzzle, keep: limits.keepSolutions, nodeBudget: limits.nodes)
        var count = solved.solutionCount
        var complete = solved.complete && !solved.overflow
        // An overflowing product is reported as Int.max, a lower bound.
        var stop: StopReason = !solved.complete ? .nodeLimit : solved.overflow ? .overflow : .exhausted
        if let cap = limits.solutions, count > cap {
            count = cap
            complete = false
            stop = .solutionLimit
        }
        var fields: [(key: String, value: ReportValue)] = [
            ("pathMode", .string(puzzle.pathMode.rawValue)),
            ("pathCounts", .json("[" + solved.pathCounts.map(String.init).joined(separator: ",") + "]")),
        ]
        if limits.keepSolutions > 0 {
            let listed = solved.paths.map { paths in
                paths.prefix(limits.keepSolutions).map { $0.map { "\($0.row + 1),\($0.column + 1)" }.joined(separator: " ") }
            }
            fields.append(("paths", .json("[" + listed.map { Metrics.jsonArray($0) }.joined(separator: ",") + "]")))
        }
        var solutionText: String?
        var solutionJSON: String?
        if limits.keepSolutions > 0, solved.paths.allSatisfy({ !$0.isEmpty }) {
            var first = puzzle
            for i in first.questions.indices { first.questions[i].solutionPositions = solved.paths[i][0] }
            solutionText = TextFormat.write(first, solved: true)
            if let data = try? canonicalJSONEncoder(pretty: false).encode(solved.paths.map { $0[0] }) {
                solutionJSON = String(decoding: data, as: UTF8.self)
            }
        }
        return CountResult(solutionCount: count, complete: complete, stopReason: stop, nodes: solved.nodes,
                           maxDepth: puzzle.questions.map { Rules.digits(of: $0.target).count }.max() ?? 0,
                           fields: fields, solutionText: solutionText, solutionJSON: solutionJSON)
    }

    public var gradeLabels: [String] { Technique.labels }

    /// Every question is one step, easiest first (`EasiestFirst` on each
    /// question's hardest feature): it reads the question and decides its
    /// answer (written in its answer box) and the answer's path. All steps
    /// are in round 1 (no question waits for another); a step's moves on
    /// offer are the paths spelling its target (1: the answer is forced) and
    /// its open cells the places a child starts reading, paths plus near
    /// misses, so `visibility` is the mean share of those that lead to an
    /// answer. The step's points are the question's score. `solutionsUpTo2`
    /// is the product of the path counts, up to 2. Grading is linear in the
    /// questions and the grid, so `timeLimit` never stops it.
    ///
    /// - Throws: ``GradeError`` for a malformed level or a question without a path.
    public func trace(_ puzzle: Puzzle, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace {
        let questions = try Grader.grade(puzzle).questions
        let steps = EasiestFirst.order(questions.map(\.hardest)).map { index in
            let graded = questions[index]
            return Trace.Step(technique: graded.hardest, reads: [.item(index)],
                              decides: [TraceDecision(.item(index), .value("\(graded.question.target)"))]
                                  + graded.path.map { TraceDecision(.cell($0), .path) },
                              round: 1, movesOnOffer: graded.pathCount, openCells: graded.pathCount + graded.nearMisses,
                              points: graded.score, facts: QuestionStep(index: index, grade: graded))
        }
        let product = questions.reduce(1) { $0.multipliedReportingOverflow(by: $1.pathCount).overflow ? Int.max : $0 * $1.pathCount }
        return Trace(steps: steps, outcome: .solved, solutionsUpTo2: solutionsUpTo2.map { min($0, 2) } ?? min(product, 2))
    }

    public func sentence(_ step: Trace.Step, in puzzle: Puzzle, language: Language) -> String {
        Grader.explanation(step.facts.grade, in: puzzle, language: language)
    }

    /// The label of the hardest feature any question uses, lowered by the
    /// score (``Technique/label(hardest:score:)``).
    public var labelRule: LabelRule { .hardest }

    /// ``Technique/label(hardest:score:)`` of the trace's hardest feature and score.
    public func label(_ trace: Trace) -> String {
        Technique.label(hardest: trace.hardestTechnique ?? .forward, score: trace.score)
    }

    /// `nearMisses`: the near misses of all questions together.
    public func familyFields(_ trace: Trace, of puzzle: Puzzle) -> [(key: String, value: ReportValue)] {
        [("nearMisses", .int(trace.steps.reduce(0) { $0 + $1.facts.grade.nearMisses }))]
    }

    /// One line per question, in the level's order, in `language`: the
    /// question, its features (their codes in English), near misses and score.
    public func details(_ trace: Trace, of puzzle: Puzzle, language: Language) -> [String] {
        let words = Words(level: puzzle, language: language)
        return trace.steps.sorted { $0.facts.index < $1.facts.index }.map { step in
            let g = step.facts.grade
            return words.text("details.question", [
                "number": language.number(step.facts.index + 1),
                "question": words.question(g.question),
                "features": g.techniques.map {
                    NumberSearchMessages.catalogue.text("details.feature.\($0.code)", language)
                }.joined(separator: ", "),
                "nearMisses": words.text("details.near-misses", count: g.nearMisses),
                "score": language.number(g.score),
            ])
        }
    }

    public func startSession(_ puzzle: Puzzle) -> GameSession { GameSession(levels: [puzzle]) }

    public var metrics: MetricTable<Puzzle> { Metrics.table }

    func overlapCount(_ level: Puzzle) -> Int { Metrics.overlaps(level) }
}
