// The solver per class profile, on the levels of seeds 1…1000 (generated once
// before measuring; the scaling factor makes the time metrics per puzzle):
//   model   building the constraint model of a level
//   count   counting all solutions of a built model
//   unique  the uniqueness check: counting up to 2 solutions
//
// Gated (Thresholds/): the deterministic counts only, `nodes` (search nodes
// per 1000 levels) and `mallocCountTotal`; wall-clock time is never gated.
import Benchmark
import ConstraintSolver
import MathCrossword

let nodes = BenchmarkMetric.custom("nodes", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, nodes],
        timeUnits: .microseconds,
        warmupIterations: 1,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 50,
        // `thresholds check` compares only the metrics listed in Thresholds/,
        // all deterministic counts: the custom ones must match exactly (the
        // strict default), malloc counts within 2 % (the per-puzzle figure is
        // rounded).
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 2.0], absolute: [:])]
    )
    let generator = Generator()

    for profile in Profile.classProfiles {
        // Seeds whose generation fails are skipped; the index wraps around.
        let levels = (1...1000).compactMap { try? generator.generate(difficulty: profile, seed: $0).level }
        let models = levels.compactMap { try? MathCrossword.Solver(level: $0) }

        Benchmark("model-\(profile.id)") { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(try? MathCrossword.Solver(level: levels[index % levels.count]))
            }
        }

        for (name, limits) in [("count", SearchLimits()), ("unique", SearchLimits(solutions: 2))] {
            Benchmark("\(name)-\(profile.id)") { benchmark in
                var visited = 0
                for index in benchmark.scaledIterations {
                    let result = models[index % models.count].solve(limits)
                    visited += result.statistics.nodes
                    blackHole(result)
                }
                benchmark.measurement(nodes, visited)
            }
        }
    }
}
