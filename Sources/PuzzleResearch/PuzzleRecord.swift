import Dispatch
import Foundation
import PuzzleKit

/// The toolkit version written into every research row.
public enum PuzzleLabVersion {
    public static let string = "0.2.0"
}

/// What one seed gave: the generated puzzle's metrics (or why generation
/// failed), the solver's capped count, the grade and the times.
///
/// `bench` adds records into a ``BenchTally``; `export` writes one CSV row
/// per record (``PuzzleColumn``). Nothing else about a puzzle is kept, so
/// memory does not grow with the number of seeds.
public struct PuzzleRecord: Sendable {
    public var seed: Int
    public var profileID: String
    /// Generated with `unique` asked for.
    public var unique: Bool
    /// Why generation failed (the failure's short reason); `nil` for a
    /// generated puzzle.
    public var failureReason: String?
    /// Attempts or candidates the generator used; `nil` on failure.
    public var attempts: Int?
    /// Cells turned into givens to make the solution unique; `nil` on
    /// failure or where the family has no such step.
    public var revealed: Int?
    /// The family's metric values (`PuzzleFamily.metrics`); `nil` on
    /// failure or when not asked for.
    public var metrics: [ReportValue]?
    /// The uniqueness check; `nil` on failure or when not asked for.
    public var solve: SolveSummary?
    /// The generator call, failed ones included.
    public var generationNanoseconds: UInt64
    /// Counting up to ``PuzzleRun/solutionLimit``, model building included.
    public var solveNanoseconds: UInt64?
    /// The grader's verdict; `nil` on failure or when not asked for.
    public var grade: GradeSummary?
    public var gradeNanoseconds: UInt64?

    public var generated: Bool { failureReason == nil }

    public init(seed: Int, profileID: String, unique: Bool) {
        self.seed = seed
        self.profileID = profileID
        self.unique = unique
        generationNanoseconds = 0
    }
}

/// What the grader found: the difficulty for a person.
public struct GradeSummary: Sendable, Equatable {
    public var label: String
    public var score: Int
    /// The code of the hardest technique needed.
    public var hardestTechnique: String?
    public var steps: Int
    public var rounds: Int
    public var guesses: Int
    public var forcedShare: Double
    public var longestForcedRun: Int
    /// Mean moves on offer ÷ open cells left, where the family defines it.
    public var visibility: Double?

    public init(_ grade: GradeResult) {
        label = grade.label
        score = grade.score
        hardestTechnique = grade.hardestTechnique?.code
        steps = grade.steps
        rounds = grade.rounds
        guesses = grade.guesses
        forcedShare = grade.metrics.forcedShare
        longestForcedRun = grade.metrics.longestForcedRun
        visibility = grade.metrics.visibility
    }
}

/// The solver's answer to "is it unique?" and the work it took.
public struct SolveSummary: Sendable, Equatable {
    /// Solutions found, counted up to ``PuzzleRun/solutionLimit`` (2):
    /// 0 none, 1 unique, 2 two or more.
    public var solutionsUpTo2: Int
    /// True when the search was exhausted (the count is exact); false when it
    /// stopped at the limit.
    public var complete: Bool
    public var nodes: Int
    public var failures: Int
    public var propagations: Int

    /// ``solutionsUpTo2`` when the check settled it (the search was
    /// exhausted or found 2), `nil` when a budget stopped it first.
    public var knownSolutionsUpTo2: Int? { complete || solutionsUpTo2 >= 2 ? solutionsUpTo2 : nil }

    public init(_ result: CountResult) {
        solutionsUpTo2 = result.solutionCount
        complete = result.complete
        nodes = result.nodes
        failures = result.failures
        propagations = result.propagations
    }
}

/// Generates (and counts and grades) the puzzle of one seed: the single
/// place bench, export, tests and notebooks get their per-puzzle figures
/// from. One run per family and profile.
public struct PuzzleRun: Sendable {
    /// The uniqueness check stops at this many solutions.
    public static let solutionLimit = 2

    public let profileID: String
    public let unique: Bool
    /// The least number of empty cells asked of each puzzle (with `unique`).
    public let minBlanks: Int?
    /// The family's grade labels, easiest first (bench counts them in this
    /// order); empty for a family without a grader.
    public let labels: [String]
    /// The family's metric columns.
    public let metricColumns: [MetricColumn]
    /// The record of one seed.
    public let record: @Sendable (_ seed: Int) -> PuzzleRecord

    /// A run of `family` at `profile`.
    ///
    /// - Parameters:
    ///   - family: the puzzle family.
    ///   - profile: the profile every seed is generated at.
    ///   - unique: ask the generator for puzzles with exactly one solution.
    ///   - minBlanks: with `unique`, ask for at least this many empty cells
    ///     (`GenerationRequest.minBlanks`).
    ///   - solve: count each puzzle's solutions up to ``solutionLimit``.
    ///   - grade: grade each puzzle, with the count
    ///     already made when there is one; a `PreparingFamily`
    ///     that counts and grades prepares each puzzle once for both.
    ///   - metrics: measure the family's metric columns (export needs them,
    ///     bench does not).
    ///   - timeLimit: the CPU-time budget (`Deadline`) of each count, each grade and
    ///     each search for a unique puzzle.
    ///   - weights: fitted weights (`calibrate`): each grade's score is their
    ///     predicted seconds (`GradeResult.weighted(_:)`); `nil`: the hand-set score.
    public init<Family: CountingFamily & GradingFamily>(_ family: Family, profile: Family.Profile, unique: Bool, minBlanks: Int? = nil,
                                      solve: Bool, grade: Bool, metrics: Bool = true,
                                      timeLimit: Duration? = DefaultBudget.time, weights: GradeWeights? = nil) {
        let profileID = family.id(of: profile)
        self.profileID = profileID
        self.unique = unique
        self.minBlanks = minBlanks
        labels = family.gradeLabels
        metricColumns = family.metrics.columns
        record = { seed in
            var record = PuzzleRecord(seed: seed, profileID: profileID, unique: unique)
            let start = monotonicNanoseconds()
            let generated: Generated<Family.Puzzle>
            do throws(GenerationFailure) {
                generated = try family.generate(profile, GenerationRequest(seed: seed, unique: unique, minBlanks: minBlanks,
                                                                                timeLimit: timeLimit))
            } catch {
                record.generationNanoseconds = monotonicNanoseconds() &- start
                record.failureReason = error.reason
                return record
            }
            record.generationNanoseconds = monotonicNanoseconds() &- start
            record.attempts = generated.attempts
            record.revealed = generated.revealed
            if metrics { record.metrics = family.metrics.values(of: generated.puzzle) }
            if solve, grade, let preparing = family as? any PreparingFamily<Family.Puzzle> {
                Self.countAndGrade(preparing, generated.puzzle, into: &record, timeLimit: timeLimit, weights: weights)
                return record
            }
            if solve {
                record.solve = Self.timed(&record.solveNanoseconds) {
                    try? family.count(generated.puzzle, limits: Self.countLimits(timeLimit))
                }.map(SolveSummary.init)
            }
            if grade {
                let known = record.solve?.knownSolutionsUpTo2
                record.grade = Self.timed(&record.gradeNanoseconds) {
                    try? family.grade(generated.puzzle, solutionsUpTo2: known, words: .none, timeLimit: timeLimit).weighted(weights)
                }.map(GradeSummary.init)
            }
            return record
        }
    }

    private static func countLimits(_ timeLimit: Duration?) -> CountLimits {
        CountLimits(solutions: solutionLimit, time: timeLimit)
    }

    /// `body`'s result; the nanoseconds it took go to `nanoseconds`.
    private static func timed<T>(_ nanoseconds: inout UInt64?, _ body: () -> T) -> T {
        let start = monotonicNanoseconds()
        defer { nanoseconds = monotonicNanoseconds() &- start }
        return body()
    }

    /// The count and the grade of `puzzle` from one preparation, which is
    /// timed with the count (it is the uniqueness check's model).
    private static func countAndGrade<Family: PreparingFamily>(_ family: Family, _ puzzle: Family.Puzzle,
                                                               into record: inout PuzzleRecord, timeLimit: Duration?,
                                                               weights: GradeWeights?) {
        var prepared: Family.Prepared?
        record.solve = timed(&record.solveNanoseconds) { () -> CountResult? in
            prepared = try? family.prepare(puzzle)
            return prepared.flatMap { try? family.count(prepared: $0, limits: countLimits(timeLimit)) }
        }.map(SolveSummary.init)
        let known = record.solve?.knownSolutionsUpTo2
        record.grade = timed(&record.gradeNanoseconds) {
            prepared.flatMap { prepared in
                (try? family.trace(prepared: prepared, solutionsUpTo2: known, timeLimit: timeLimit))
                    .map { family.grade($0, of: puzzle, words: .none).weighted(weights) }
            }
        }.map(GradeSummary.init)
    }
}

/// A monotonic clock reading in nanoseconds.
@inline(__always) public func monotonicNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// The CPU time the calling thread has used, in nanoseconds: unlike wall
/// time, it does not grow while the thread waits for a core that other
/// processes hold.
public func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Nanoseconds as microseconds, rounded to the nanosecond.
public func microseconds(_ nanoseconds: UInt64) -> Double {
    Double(nanoseconds) / 1000
}
