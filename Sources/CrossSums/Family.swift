import ConstraintSolver
import Foundation
import PuzzleKit

/// Cross sums as a `PuzzleFamily`: what the command line and the
/// research tools use. Its profiles are the four difficulties, and every
/// generated puzzle is unique and needs exactly its difficulty's techniques.
public struct CrossSumsFamily: FormattedFamily, CountingFamily, GradingFamily, PlayableFamily {
    public typealias Profile = CrossSums.Profile
    public typealias TextFormat = CrossSums.TextFormat
    public typealias JSONFormat = CrossSums.JSONFormat

    public init() {}

    public let info = FamilyInfo(name: "cross-sums", textExtension: "xsum",
                                 summary: "cross sums: remove numbers until every row and column adds up to its sum")
    public var profiles: [Profile] { Profile.allCases }

    /// `easy`, `medium`, `hard` or `extra-hard` (also "Extra Hard").
    public func profile(named argument: String) throws -> Profile {
        guard let difficulty = Profile(name: argument) else {
            throw UsageError("unknown cross sums difficulty '\(argument)': expected easy, medium, hard or extra-hard")
        }
        return difficulty
    }

    public func id(of profile: Profile) -> String { profile.rawValue }
    public func id(of puzzle: Puzzle) -> String { puzzle.id }

    /// A JSON puzzle or pack has a `rowSums` key; a text grid's first row starts
    /// with `.` and holds no operator.
    public func recognizes(_ head: String) -> Bool {
        if head.contains("\"rowSums\"") { return true }
        guard headerKeys(of: head).isEmpty else { return false }  // the format has no headers
        let firstRow = head.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty && !$0.hasPrefix("#") && !$0.contains(":") }
        guard let firstRow else { return false }
        return firstRow.hasPrefix(".") && !firstRow.contains(where: { "+x*/=?×÷".contains($0) })
    }

    public func read(_ data: Data, file: String) -> [Result<Puzzle, FormatError>] {
        PuzzleFile.read(data, file: file)
    }

    public func visit(_ data: Data, file: String, _ body: (Result<Puzzle, FormatError>) -> Void) {
        PuzzleFile.visit(data, file: file, body)
    }


    public func writeSolution(_ puzzle: Puzzle, comments: [String]) -> String? {
        puzzle.solution == nil ? nil : TextFormat.writeSolution(puzzle, comments: comments)
    }

    /// Without a label, the profile's own generator. With one
    /// (`--difficulty`), a puzzle of the profile's size and numbers that
    /// grades exactly that label: candidates that need the label's
    /// technique (for `guess-required`: that the techniques cannot finish,
    /// with one solution) are graded until one has the label, within the
    /// request's time and the generator's candidate budget.
    public func generate(_ profile: Profile, _ request: GenerationRequest) throws(GenerationFailure) -> Generated<Puzzle> {
        guard let label = request.label else {
            do throws(GenerationError) {
                let generated = try Generator().generate(difficulty: profile, seed: request.seed)
                return Generated(puzzle: generated.puzzle, attempts: generated.candidates, revealed: 0, notes: ["unique"])
            } catch {
                throw GenerationFailure(reason: error.reason, error.description)
            }
        }
        let deadline = Deadline(request.timeLimit)
        var settings = GeneratorSettings(difficulty: profile)
        let needsGuess = Profile(name: label) == nil
        if let tier = Profile(name: label) { settings.difficulty = tier }
        let generated: GeneratedPuzzle
        do throws(GenerationError) {
            generated = try Generator().generate(settings, seed: request.seed, needsGuess: needsGuess, deadline: deadline) { puzzle in
                guard let trace = try? trace(puzzle, solutionsUpTo2: 1, timeLimit: deadline.remaining) else { return false }
                return self.label(trace) == label
            }
        } catch {
            guard case let .budgetExhausted(_, rows, columns, candidates, tooEasy, tooHard) = error else {
                throw GenerationFailure(reason: error.reason, error.description)
            }
            let home = Profile(name: label) ?? .extraHard
            let hint = home == profile ? "try another seed or a longer --timeout" : "try --profile \(home.rawValue)"
            throw GenerationFailure(
                reason: deadline.passed ? "time-limit" : error.reason,
                "no \(label) \(rows)x\(columns) cross sums puzzle within \(candidates) candidates"
                    + " (\(tooEasy) too easy, \(tooHard) too hard or not unique): \(hint)")
        }
        var puzzle = generated.puzzle
        puzzle.id = LevelID.make(difficulty: profile.rawValue, level: request.seed)
        puzzle.difficulty = profile.rawValue
        return Generated(puzzle: puzzle, attempts: generated.candidates, revealed: 0, notes: ["unique", "graded \(label)"])
    }

    /// Refuses a label the grader never gives (`--difficulty` takes every
    /// one of ``gradeLabels``).
    public func unsupported(_ request: GenerationRequest) -> String? {
        guard let label = request.label, !gradeLabels.contains(label) else { return nil }
        return "unknown cross sums label '\(label)': expected " + gradeLabels.joined(separator: ", ")
    }

    public func check(_ puzzle: Puzzle) -> CheckReport {
        let rows = puzzle.grid.count, columns = puzzle.grid.first?.count ?? 0
        let holds = puzzle.solution.map { puzzle.isSolved(by: $0) }
        let solution = holds.map { $0 ? ", its solution holds" : ", its solution does NOT hold" } ?? ""
        return CheckReport(summary: "valid cross sums, \(rows)x\(columns)\(solution)",
                           problems: holds == false ? ["its solution does not hold"] : [])
    }

    public var metrics: MetricTable<Puzzle> { Self.metricTable }

    private static let metricTable = MetricTable<Puzzle>(
        Metric.gridSize(rows: { $0.grid.count }, columns: { $0.grid.first?.count ?? 0 }) + [
            Metric("keptCells", unit: "cells", kind: .count, "numbers the solution keeps") { puzzle in
                puzzle.solution.map { mask in .int(mask.joined().filter { $0 }.count) } ?? .null
            },
            // Null (no number) beyond Int.max, where a grid of big numbers can go.
            Metric("gridTotal", unit: "sum", kind: .integer, "the sum of all numbers in the grid") {
                Puzzle.total(Array($0.grid.joined())).map { .int($0) } ?? .null
            },
            Metric("keptTotal", unit: "sum", kind: .integer, "the sum of the kept numbers (= all row sums added up)") {
                Puzzle.total($0.rowSums).map { .int($0) } ?? .null
            },
        ])

    /// A pack's level `number` has the id `<difficulty>-<number>` (`hard-1`,
    /// `hard-2`, …), as in the `puzzles.json` an app ships.
    public func packLevel(_ puzzle: Puzzle, number: Int, profile: Profile, idNamespace: UInt64) -> Puzzle {
        var numbered = puzzle
        numbered.id = LevelID.make(difficulty: profile.rawValue, level: number)
        return numbered
    }

    public func count(_ puzzle: Puzzle, limits: CountLimits) throws -> CountResult {
        let model = try Solver(puzzle: puzzle)
        let solved = model.solve(SearchLimits(limits))
        let first = solved.solutions.first
        return CountResult(
            solved.statistics, solutionCount: solved.solutionCount, complete: solved.complete, stopReason: solved.stopReason,
            fields: [("rows", .int(model.rows)), ("columns", .int(model.columns))],
            solutionText: first.map { TextFormat.write(puzzle, mask: $0) },
            solutionJSON: first.map(SolveResult.json(mask:)))
    }

    public typealias Technique = CrossSums.Technique

    public var gradeLabels: [String] { Profile.allCases.map(\.rawValue) + ["guess-required"] }

    public typealias StepFacts = CrossSums.StepFacts

    /// The difficulty of the hardest technique on the path, lowered by
    /// the score (``Profile/scoreFloor``); `guess-required` for a path with
    /// a guess.
    public var labelRule: LabelRule { .hardest }

    /// A solved trace's label: the difficulty of the hardest technique on
    /// the path, lowered to the hardest difficulty whose
    /// ``Profile/scoreFloor`` the score reaches (`guess-required`, a path
    /// with a guess, has no floor). A trace that does not reach a solution
    /// is `no-solution` (its steps end in a contradiction),
    /// `budget-exceeded` (a time or guess budget stopped it) or `stuck`.
    public func label(_ trace: Trace) -> String {
        switch trace.outcome {
        case .solved:
            let byTechnique = trace.label(labelRule, labels: gradeLabels)
            guard var difficulty = Profile(name: byTechnique) else { return byTechnique }
            while trace.score < difficulty.scoreFloor, let lower = difficulty.lower { difficulty = lower }
            return difficulty.rawValue
        case .noSolution: return "no-solution"
        case .stuck: return trace.stopReason == .exhausted ? "stuck" : "budget-exceeded"
        }
    }

    /// One trace within `timeLimit`: the count up to 2 first (unless
    /// `solutionsUpTo2` gives it), then the grader in the time left, which
    /// does not search when the count proved there is no solution. When the
    /// steps do not reach a solution, the first the count found is the
    /// trace's `foundSolution`.
    public func trace(_ puzzle: Puzzle, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace {
        let deadline = Deadline(timeLimit)
        let grader = try Grader(puzzle: puzzle)
        var upTo2 = solutionsUpTo2
        var found: [[Bool]]?
        if upTo2 == nil {
            let counted = try Solver(puzzle: puzzle).solve(SearchLimits(
                CountLimits(solutions: 2, time: deadline.remaining, keepSolutions: 1)))
            found = counted.solutions.first
            // As solutionsUpTo2(_:timeLimit:): unknown when a budget stopped it.
            if counted.complete || counted.stopReason == .solutionLimit { upTo2 = min(counted.solutionCount, 2) }
        }
        var trace = grader.grade(timeLimit: deadline.remaining, knownSolutionsUpTo2: upTo2)
        if trace.outcome != .solved, let found {
            trace.foundSolution = puzzle.positions.map { position in
                let kept = found.indices.contains(position.row) && found[position.row].indices.contains(position.column)
                    && found[position.row][position.column]
                return CellMove(position: position, decision: CellDecision(kept: kept)).traceDecision
            }
        }
        return trace
    }

    /// The grid's size.
    public func familyFields(_ trace: Trace, of puzzle: Puzzle) -> [(key: String, value: ReportValue)] {
        [("rows", .int(puzzle.rows)), ("columns", .int(puzzle.columns))]
    }

    public func startSession(_ puzzle: Puzzle) throws -> GameSession { try GameSession(puzzle: puzzle) }
}

extension Technique: TechniqueTier {
    public var gradeLabel: String { difficulty?.rawValue ?? "guess-required" }
}
