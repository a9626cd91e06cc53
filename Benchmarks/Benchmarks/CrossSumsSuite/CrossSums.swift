// Cross sums per difficulty; each iteration handles 1000 puzzles (the
// scaling factor), so the time metrics are per puzzle:
//   generate  generating a unique puzzle of the difficulty, seeds 1…1000
//   count     the uniqueness check, counting up to 2 solutions, on the
//             puzzles of seeds 1…200 (generated before measuring), 5 times
//   grade     grading those puzzles, with the count already made, 5 times
//
// Gated (Thresholds/): the deterministic counts only, `candidates` (candidate
// grids the generator tried) and `nodes` per 1000 puzzles, and `mallocCountTotal`;
// wall-clock time is never gated.
import Benchmark
import ConstraintSolver
import CrossSums

let candidates = BenchmarkMetric.custom("candidates", polarity: .prefersSmaller, useScalingFactor: false)
let nodes = BenchmarkMetric.custom("nodes", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, candidates, nodes],
        timeUnits: .microseconds,
        warmupIterations: 1,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 20,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 2.0], absolute: [:])]
    )
    let generator = Generator()

    for difficulty in Profile.allCases {
        let puzzles = (1...200).compactMap { try? generator.generate(difficulty: difficulty, seed: $0).puzzle }
        let models = puzzles.compactMap { try? Solver(puzzle: $0) }

        Benchmark("generate-\(difficulty.rawValue)") { benchmark in
            var tried = 0
            for index in benchmark.scaledIterations {
                let generated = try? generator.generate(difficulty: difficulty, seed: index + 1)
                tried += generated?.candidates ?? 0
                blackHole(generated)
            }
            benchmark.measurement(candidates, tried)
        }

        Benchmark("count-\(difficulty.rawValue)") { benchmark in
            var visited = 0
            for index in benchmark.scaledIterations {
                let result = models[index % models.count].solve(SearchLimits(solutions: 2))
                visited += result.statistics.nodes
                blackHole(result)
            }
            benchmark.measurement(nodes, visited)
        }

        Benchmark("grade-\(difficulty.rawValue)") { benchmark in
            for index in benchmark.scaledIterations {
                blackHole((try? Grader(puzzle: puzzles[index % puzzles.count]))?.grade(solutionsUpTo2: 1))
            }
        }
    }
}
