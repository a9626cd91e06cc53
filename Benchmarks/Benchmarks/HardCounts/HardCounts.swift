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
//
// The big sets' hard cases (`hard-counts/run.sh … big`), made the same way
// from the profiles `hard-counts/pub14v30.json` (seeds 8, 16, 18: 4,266, 38
// and 2,540 solutions) and `hard-counts/sq20v99.json` (seeds 8 and 15): the
// full count only (`count-pub14v30-blanked`, `count-sq20v99-blanked`); the
// plain search alone needs about a million nodes on pub14v30 seeds 8 and 18.
// `HardCountTests.hardCountSuiteLevelsMatchThePlainSearch` checks these
// counts against the plain search's.
import Benchmark
import ConstraintSolver
import Foundation
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

    for (name, seeds) in [("pub14v30", [8, 16, 18]), ("sq20v99", [8, 15])] {
        let models = hardCountLevels(profile: name, seeds: seeds)
        Benchmark("count-\(name)-blanked") { benchmark in
            var visited = 0
            for model in models {
                let result = model.solve(SearchLimits())
                visited += result.statistics.nodes
                blackHole(result)
            }
            benchmark.measurement(nodes, visited)
        }
    }
}

/// The unique levels of `seeds` generated from the profile
/// `hard-counts/NAME.json`, every given blanked, as `hard-counts/run.sh`
/// makes them; empty when the profile cannot be read.
func hardCountLevels(profile name: String, seeds: [Int]) -> [MathCrossword.Solver] {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("hard-counts/\(name).json")
    guard let data = try? Data(contentsOf: file), let profile = try? Profile.decode(from: data, file: file.path) else {
        return []
    }
    let generator = Generator()
    return seeds.compactMap { seed in
        (try? generator.generateUnique(difficulty: profile, seed: seed)).flatMap { try? MathCrossword.Solver(level: $0.level.blankingEveryGiven()) }
    }
}
