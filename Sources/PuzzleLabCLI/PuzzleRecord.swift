import ConstraintSolver
import Dispatch
import Foundation
import MathCrossword
import PuzzleKit

/// What one seed gave: the generated level's shape (or why generation
/// failed), the solver's capped count, and the times.
///
/// `bench` adds records into counters and histograms; `export` writes one CSV
/// row per record (``PuzzleColumn/all``). Nothing else about a puzzle is
/// kept, so memory does not grow with the number of seeds.
struct PuzzleRecord: Sendable {
    var seed: Int
    var profileID: String
    /// Generated with ``LevelGenerator/generateUnique(difficulty:seed:)``.
    var unique: Bool
    /// Why generation failed (the generator error's short reason); `nil` for
    /// a generated puzzle.
    var failureReason: String?
    /// Placement attempts (summed over layouts with `unique`); `nil` on failure.
    var attempts: Int?
    /// Empty cells turned into givens by `unique`; `nil` on failure.
    var revealed: Int?
    /// Rows and columns of the generated grid.
    var size: (rows: Int, columns: Int)?
    /// Math crosswords: equations, blanks and crossings.
    var shape: LevelShape?
    /// The uniqueness check; `nil` on failure or when not asked for.
    var solve: SolveSummary?
    /// The generator call, failed ones included.
    var generationNanoseconds: UInt64
    /// Building the constraint model and counting up to the limit.
    var solveNanoseconds: UInt64?
    /// The grader's verdict; `nil` on failure or when not asked for.
    var grade: GradeSummary?
    var gradeNanoseconds: UInt64?

    var generated: Bool { failureReason == nil }
}

/// The size and crossing structure of a level.
struct LevelShape: Sendable, Equatable {
    var equations: Int
    var blanks: Int
    var distinctPoolValues: Int
    /// Cells that belong to two equations (one horizontal, one vertical).
    var crossingCells: Int
    /// Per equation: how many of its cells are crossing cells.
    var crossingsPerEquationMin: Int
    var crossingsPerEquationMean: Double
    /// Crossing cells that are empty (the player fills them).
    var blankCrossingCells: Int

    init(_ level: Level) {
        equations = level.equations.count
        blanks = level.blankPositions.count
        let crossings = CrossingMetrics(level)
        crossingCells = crossings.cells
        blankCrossingCells = crossings.blankCells
        crossingsPerEquationMin = crossings.perEquation.min() ?? 0
        crossingsPerEquationMean = crossings.perEquation.isEmpty ? 0
            : Double(crossings.perEquation.reduce(0, +)) / Double(crossings.perEquation.count)
        distinctPoolValues = Set(level.numberPool).count
    }
}

/// What the grader found: the difficulty for a person.
struct GradeSummary: Sendable, Equatable {
    var label: String
    var score: Int
    /// The code of the hardest technique needed.
    var hardestTechnique: String?
    var steps: Int
    var rounds: Int
    var guesses: Int
    var forcedShare: Double
    var longestForcedRun: Int
    /// Math crosswords: mean moves on offer ÷ empty cells left.
    var visibility: Double?
}

extension GradeSummary {
    init(_ report: GradeReport) {
        label = report.label.rawValue
        score = report.score
        hardestTechnique = report.hardestTechnique?.code
        steps = report.steps.count
        rounds = report.rounds
        guesses = report.guesses
        forcedShare = report.forcedShare
        longestForcedRun = report.longestForcedRun
        visibility = report.visibility
    }
}

/// The solver's answer to "is it unique?" and the work it took.
struct SolveSummary: Sendable, Equatable {
    /// Solutions found, at most ``PuzzleRun/solutionLimit``.
    var solutionCount: Int
    /// True when the search was exhausted (the count is exact); false when it
    /// stopped at the limit.
    var complete: Bool
    var nodes: Int
    var failures: Int
    var propagations: Int

    init(solutionCount: Int, complete: Bool, statistics: SearchStatistics) {
        self.solutionCount = solutionCount
        self.complete = complete
        nodes = statistics.nodes
        failures = statistics.failures
        propagations = statistics.propagations
    }
}

/// Generates (and checks and grades) the puzzle of one seed: the single
/// place bench and export get their per-puzzle figures from. One run per
/// profile; the puzzle family decides what `record` does.
struct PuzzleRun: Sendable {
    /// The uniqueness check stops at this many solutions.
    static let solutionLimit = 2

    let profileID: String
    let unique: Bool
    /// The family's grade labels, easiest first (bench counts them in this order).
    let labels: [String]
    /// The record of one seed.
    let record: @Sendable (_ seed: Int) -> PuzzleRecord

    /// A math crossword profile.
    ///
    /// - Parameters:
    ///   - solve: run the uniqueness check (the solver) on each level.
    ///   - shape: measure the level's shape (export needs it, bench does not).
    ///   - grade: grade each level (the label and score a person would see).
    static func mathCrossword(_ profile: DifficultyProfile, unique: Bool, solve: Bool, shape: Bool = true,
                              grade: Bool = true) -> PuzzleRun {
        PuzzleRun(profileID: profile.id, unique: unique, labels: DifficultyLabel.allCases.map(\.rawValue)) { seed in
            let generator = LevelGenerator()
            var record = PuzzleRecord(seed: seed, profileID: profile.id, unique: unique, generationNanoseconds: 0)
            let start = monotonicNanoseconds()
            let generated: GeneratedLevel
            do throws(GenerationError) {
                generated = unique
                    ? try generator.generateUnique(difficulty: profile, seed: seed)
                    : try generator.generate(difficulty: profile, seed: seed)
            } catch {
                record.generationNanoseconds = monotonicNanoseconds() &- start
                record.failureReason = error.reason
                return record
            }
            record.generationNanoseconds = monotonicNanoseconds() &- start
            record.attempts = generated.attempts
            record.revealed = generated.revealed
            record.size = (generated.level.rows, generated.level.columns)
            if shape { record.shape = LevelShape(generated.level) }
            if solve {
                let solveStart = monotonicNanoseconds()
                if let model = try? CrosswordModel(level: generated.level) {
                    let result = model.solve(SearchLimits(solutions: Self.solutionLimit))
                    record.solve = SolveSummary(solutionCount: result.solutionCount, complete: result.complete,
                                                statistics: result.statistics)
                }
                record.solveNanoseconds = monotonicNanoseconds() &- solveStart
            }
            if grade {
                let gradeStart = monotonicNanoseconds()
                record.grade = (try? Grader().grade(generated.level, solutionCount: record.solve?.solutionCount))
                    .map(GradeSummary.init)
                record.gradeNanoseconds = monotonicNanoseconds() &- gradeStart
            }
            return record
        }
    }
}

/// A monotonic clock reading in nanoseconds.
@inline(__always) func monotonicNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// The CPU time the calling thread has used, in nanoseconds: unlike wall
/// time, it does not grow while the thread waits for a core that other
/// processes hold.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// One column of `export`'s CSV: its name, unit, meaning and value.
///
/// To add a column, add an entry to ``all`` (and, if it needs data the record
/// lacks, a field to ``PuzzleRecord`` filled in ``PuzzleRun/record(seed:)``).
/// `notebooks-data/README.md` lists the same table (`puzzlelab export
/// --list-columns` prints it).
struct PuzzleColumn: Sendable {
    var name: String
    var unit: String
    var meaning: String
    /// Timing columns differ from run to run; every other column is a pure
    /// function of the seed, the profile and the options.
    var timing = false
    var value: @Sendable (PuzzleRecord) -> ReportValue

    static let all: [PuzzleColumn] = [
        PuzzleColumn(name: "seed", unit: "", meaning: "the generator seed (`--seed` + row index)") { .int($0.seed) },
        PuzzleColumn(name: "profile", unit: "", meaning: "the difficulty profile id (math crossword) or difficulty (cross sums); math-crossword-only columns are empty for cross sums") { .string($0.profileID) },
        PuzzleColumn(name: "toolkitVersion", unit: "", meaning: "the PuzzleLab version that wrote the row") { _ in .string(PuzzleLabVersion.string) },
        PuzzleColumn(name: "unique", unit: "bool", meaning: "generated with `--unique` (cells revealed until the solution is unique)") { .bool($0.unique) },
        PuzzleColumn(name: "status", unit: "", meaning: "`ok`, or `failed` when the generator threw") { .string($0.generated ? "ok" : "failed") },
        PuzzleColumn(name: "failureReason", unit: "", meaning: "why generation failed (`too-few-equations`, `no-unique-level`, `invalid-profile`); empty when ok") {
            $0.failureReason.map { .string($0) } ?? .null
        },
        PuzzleColumn(name: "rows", unit: "cells", meaning: "grid rows") { $0.size.map { .int($0.rows) } ?? .null },
        PuzzleColumn(name: "columns", unit: "cells", meaning: "grid columns") { $0.size.map { .int($0.columns) } ?? .null },
        PuzzleColumn(name: "equations", unit: "count", meaning: "equations in the grid") { shape($0) { .int($0.equations) } },
        PuzzleColumn(name: "blanks", unit: "cells", meaning: "empty cells (= tiles in the pool)") { shape($0) { .int($0.blanks) } },
        PuzzleColumn(name: "distinctPoolValues", unit: "count", meaning: "different numbers among the pool's tiles") { shape($0) { .int($0.distinctPoolValues) } },
        PuzzleColumn(name: "crossingCells", unit: "cells", meaning: "cells shared by a horizontal and a vertical equation") { shape($0) { .int($0.crossingCells) } },
        PuzzleColumn(name: "crossingsPerEquationMin", unit: "cells", meaning: "fewest crossing cells of any one equation") { shape($0) { .int($0.crossingsPerEquationMin) } },
        PuzzleColumn(name: "crossingsPerEquationMean", unit: "cells", meaning: "crossing cells per equation, averaged over the equations") { shape($0) { .double($0.crossingsPerEquationMean) } },
        PuzzleColumn(name: "blankCrossingCells", unit: "cells", meaning: "crossing cells that are empty") { shape($0) { .int($0.blankCrossingCells) } },
        PuzzleColumn(name: "attempts", unit: "count", meaning: "math crossword: placement attempts (1–3 per layout; summed over layouts with `unique`); cross sums: candidate grids tried") {
            $0.attempts.map(ReportValue.int) ?? .null
        },
        PuzzleColumn(name: "revealed", unit: "cells", meaning: "empty cells turned into givens to make the solution unique (0 without `unique`)") {
            $0.revealed.map(ReportValue.int) ?? .null
        },
        PuzzleColumn(name: "solutionLimit", unit: "count", meaning: "the solver stops counting at this many solutions (always 2: a uniqueness check)") {
            $0.solve == nil ? .null : .int(PuzzleRun.solutionLimit)
        },
        PuzzleColumn(name: "solutionCount", unit: "count", meaning: "solutions found, capped at `solutionLimit`: 1 = unique, 2 = two or more") {
            solve($0) { .count($0.solutionCount) }
        },
        PuzzleColumn(name: "complete", unit: "bool", meaning: "true when the search was exhausted (the count is exact), false when it stopped at the limit") {
            solve($0) { .bool($0.complete) }
        },
        PuzzleColumn(name: "solverNodes", unit: "count", meaning: "search nodes of the uniqueness check") { solve($0) { .int($0.nodes) } },
        PuzzleColumn(name: "solverFailures", unit: "count", meaning: "failed nodes of the uniqueness check") { solve($0) { .int($0.failures) } },
        PuzzleColumn(name: "solverPropagations", unit: "count", meaning: "propagator runs of the uniqueness check") { solve($0) { .int($0.propagations) } },
        PuzzleColumn(name: "gradeLabel", unit: "", meaning: "the grader's label: easy, medium, hard, expert or guess-required (the hardest technique's)") { grade($0) { .string($0.label) } },
        PuzzleColumn(name: "gradeScore", unit: "points", meaning: "the grader's score: technique weights of all steps + rounds + 20 per failed guess") { grade($0) { .int($0.score) } },
        PuzzleColumn(name: "hardestTechnique", unit: "", meaning: "code of the hardest technique the grader needed (README table)") { grade($0) { $0.hardestTechnique.map { .string($0) } ?? .null } },
        PuzzleColumn(name: "gradeSteps", unit: "count", meaning: "deduction steps (one per empty cell)") { grade($0) { .int($0.steps) } },
        PuzzleColumn(name: "gradeRounds", unit: "count", meaning: "rounds: the length of the chain of steps that wait for each other") { grade($0) { .int($0.rounds) } },
        PuzzleColumn(name: "guesses", unit: "count", meaning: "guesses on the solution path (0 when logic alone solves it)") { grade($0) { .int($0.guesses) } },
        PuzzleColumn(name: "forcedShare", unit: "fraction", meaning: "share of steps with only one move on offer") { grade($0) { .double($0.forcedShare) } },
        PuzzleColumn(name: "longestForcedRun", unit: "steps", meaning: "longest run of steps with only one move on offer") { grade($0) { .int($0.longestForcedRun) } },
        PuzzleColumn(name: "visibility", unit: "fraction", meaning: "mean over steps of moves on offer ÷ empty cells left") { grade($0) { $0.visibility.map { .double($0) } ?? .null } },
        PuzzleColumn(name: "generationMicroseconds", unit: "µs", meaning: "wall time of the generator call (failed calls too)", timing: true) {
            .double(microseconds($0.generationNanoseconds))
        },
        PuzzleColumn(name: "solveMicroseconds", unit: "µs", meaning: "wall time of the uniqueness check: building the constraint model and counting to the limit", timing: true) {
            $0.solveNanoseconds.map { .double(microseconds($0)) } ?? .null
        },
        PuzzleColumn(name: "gradeMicroseconds", unit: "µs", meaning: "wall time of grading (without the solution count when the solver already ran)", timing: true) {
            $0.gradeNanoseconds.map { .double(microseconds($0)) } ?? .null
        },
    ]

    /// The header's column names, in order.
    static var names: [String] { all.map(\.name) }

    /// The record as a report row (CSV or JSON), columns in order.
    static func row(_ record: PuzzleRecord) -> ReportRow {
        ReportRow(all.map { ($0.name, $0.value(record)) })
    }

    private static func shape(_ record: PuzzleRecord, _ f: (LevelShape) -> ReportValue) -> ReportValue {
        record.shape.map(f) ?? .null
    }

    private static func grade(_ record: PuzzleRecord, _ f: (GradeSummary) -> ReportValue) -> ReportValue {
        record.grade.map(f) ?? .null
    }

    private static func solve(_ record: PuzzleRecord, _ f: (SolveSummary) -> ReportValue) -> ReportValue {
        record.solve.map(f) ?? .null
    }
}

/// Nanoseconds as microseconds, rounded to the nanosecond.
func microseconds(_ nanoseconds: UInt64) -> Double {
    Double(nanoseconds) / 1000
}
