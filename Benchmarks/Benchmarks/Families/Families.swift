// Every family through the toolkit's common per-puzzle run (PuzzleResearch's
// PuzzleRun: generate, count up to 2 solutions, grade), one benchmark per
// family and profile. Each iteration runs seeds 1…1000 (the scaling factor),
// so the time metrics are per puzzle, like `puzzlelab bench --jobs 1`.
//
// Gated (Thresholds/): the deterministic counts only, `failures`,
// `attempts`, `unique` (puzzles with exactly one solution) and `score` (the
// grade scores added up) per 1000 seeds, and `mallocCountTotal`; wall-clock
// time is reported, never gated.
import Benchmark
import PuzzleFamilies
import PuzzleKit
import PuzzleResearch

let failures = BenchmarkMetric.custom("failures", polarity: .prefersSmaller, useScalingFactor: false)
let attempts = BenchmarkMetric.custom("attempts", polarity: .prefersSmaller, useScalingFactor: false)
let unique = BenchmarkMetric.custom("unique", polarity: .prefersLarger, useScalingFactor: false)
let score = BenchmarkMetric.custom("score", polarity: .prefersLarger, useScalingFactor: false)

/// One benchmark per profile of `family`.
func register<Family: CountingFamily & GradingFamily>(_ family: Family) {
    for profile in family.profiles {
        let run = PuzzleRun(family, profile: profile, unique: false, solve: true, grade: true, metrics: false)
        Benchmark("\(family.info.name)-\(run.profileID)") { benchmark in
            var failed = 0, tries = 0, single = 0, points = 0
            for index in benchmark.scaledIterations {
                let record = run.record(1 + index)
                if !record.generated { failed += 1 }
                tries += record.attempts ?? 0
                if record.solve?.solutionsUpTo2 == 1 { single += 1 }
                points += record.grade?.score ?? 0
                blackHole(record)
            }
            benchmark.measurement(failures, failed)
            benchmark.measurement(attempts, tries)
            benchmark.measurement(unique, single)
            benchmark.measurement(score, points)
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, failures, attempts, unique, score],
        timeUnits: .microseconds,
        warmupIterations: 1,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 20,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 2.0], absolute: [:])]
    )
    for family in puzzleFamilies { register(family) }
}
