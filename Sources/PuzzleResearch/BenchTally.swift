import Histogram
import PuzzleKit

/// The counters and latency histograms of a bench over some seeds: all a
/// bench keeps, whatever the number of puzzles.
public struct BenchTally: SeedChunkResult {
    public var seedsDone = 0
    public var generated = 0
    /// Failures by reason (the generator error's short name).
    public var failureReasons: [String: Int] = [:]
    public var attempts = 0
    public var revealed = 0
    /// Generated levels the solver checked, and what it found.
    public var checked = 0
    public var uniqueLevels = 0
    public var solutionsUpTo2Sum = 0
    public var solverNodes = 0
    /// Graded levels by label, and their scores added up.
    public var labels = Tally()
    public var graded = 0
    public var scoreSum = 0
    /// Nanoseconds per generator call (failed calls too).
    public var generationLatency = Self.latencyHistogram()
    /// Nanoseconds per uniqueness check.
    public var solveLatency = Self.latencyHistogram()
    /// CPU time the workers spent on these seeds, added up over workers.
    public var cpuNanoseconds: UInt64 = 0

    public init() {}

    public var failed: Int { seedsDone - generated }

    /// A latency histogram sized for up to 10 s from the start, growing
    /// beyond that. Every chunk of seeds starts a new tally, and a histogram
    /// that starts small resizes itself step by step through unspecialized
    /// generic code: that once took a quarter of a bench's CPU time. The
    /// buckets (1 ns, 3 significant digits) and so the percentiles are the same.
    static func latencyHistogram() -> Histogram<UInt64> {
        var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 10_000_000_000,
                                          numberOfSignificantValueDigits: .three)
        histogram.autoResize = true
        return histogram
    }

    public mutating func add(_ record: PuzzleRecord) {
        seedsDone += 1
        _ = generationLatency.record(max(1, record.generationNanoseconds))
        if let reason = record.failureReason {
            failureReasons[reason, default: 0] += 1
            return
        }
        generated += 1
        attempts += record.attempts ?? 0
        revealed += record.revealed ?? 0
        if let solve = record.solve {
            checked += 1
            if solve.solutionsUpTo2 == 1 && solve.complete { uniqueLevels += 1 }
            solutionsUpTo2Sum += solve.solutionsUpTo2
            solverNodes += solve.nodes
        }
        if let ns = record.solveNanoseconds { _ = solveLatency.record(max(1, ns)) }
        if let grade = record.grade {
            graded += 1
            scoreSum += grade.score
            labels.add(grade.label)
        }
    }

    public var meanScore: Double { graded == 0 ? 0 : Double(scoreSum) / Double(graded) }

    /// Adds another tally's counts (of the seeds after this one's).
    public mutating func merge(_ other: BenchTally) {
        seedsDone += other.seedsDone
        generated += other.generated
        for (reason, n) in other.failureReasons { failureReasons[reason, default: 0] += n }
        attempts += other.attempts
        revealed += other.revealed
        checked += other.checked
        uniqueLevels += other.uniqueLevels
        solutionsUpTo2Sum += other.solutionsUpTo2Sum
        solverNodes += other.solverNodes
        graded += other.graded
        scoreSum += other.scoreSum
        labels.merge(other.labels)
        generationLatency.add(other.generationLatency)
        solveLatency.add(other.solveLatency)
        cpuNanoseconds &+= other.cpuNanoseconds
    }

    /// The failure reasons, most frequent first (ties by name).
    public var sortedFailureReasons: [(reason: String, count: Int)] {
        failureReasons.map { ($0.key, $0.value) }.sorted { ($1.1, $0.0) < ($0.1, $1.0) }
    }
}
