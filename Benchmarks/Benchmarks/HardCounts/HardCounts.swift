// Hard counts: class_4-sized grids (14×14, 16–20 equations, 4 crossings per
// equation) with values 0–10, every given operand made empty and its value
// added to the pool, as `hard-counts/blank_givens.py` does to generated
// levels. The three levels of seeds 38, 154 and 164 are among the slowest of
// seeds 1…200 for the plain search (256,405, 324,495 and 525,537 nodes).
//   count   the full count of `solve` (plain search first, then by components)
//   plain   the plain search alone (a solution limit nobody reaches)
//
// Gated (Thresholds/): `nodes`, the search nodes of the three counts
// together, which is deterministic; wall-clock time is never gated.
import Benchmark
import ConstraintSolver
import MathCrossword

let nodes = BenchmarkMetric.custom("nodes", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, nodes],
        timeUnits: .milliseconds,
        warmupIterations: 0,
        maxDuration: .seconds(10),
        maxIterations: 3
    )
    let profile = Profile(
        id: "c4v10", displayName: "class_4 grid, values to 10", minValue: 0, maxValue: 10,
        allowedOperators: ["+", "-", "x", "/"], gridRows: 14, gridColumns: 14, minEquations: 16, maxEquations: 20,
        maxOperandsPerEquation: 2, minCrossingsPerEquation: 4)
    let generator = Generator()
    let models = [38, 154, 164].compactMap { seed in
        (try? generator.generateUnique(difficulty: profile, seed: seed)).flatMap { try? MathCrossword.Solver(level: $0.level.blankingEveryGiven()) }
    }

    for (name, limits) in [("count", SearchLimits()), ("plain", SearchLimits(solutions: Int.max))] {
        Benchmark("\(name)-c4v10-blanked") { benchmark in
            var visited = 0
            for model in models {
                let result = model.solve(limits)
                visited += result.statistics.nodes
                blackHole(result)
            }
            benchmark.measurement(nodes, visited)
        }
    }
}
