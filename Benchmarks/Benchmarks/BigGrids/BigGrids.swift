// Math crosswords beyond the class profiles: the 40x40 profile
// Benchmarks/Profiles/sq40.json (130–140 equations, values 0–1000, `+ - x /`,
// two crossings per equation). Each iteration handles the same 20 levels
// (seeds 1…20 that generate), so the custom counts are deterministic:
//   read      reading the 20 levels back from their JSON Lines text
//   model     building their constraint models     (tuples: table tuples built)
//   unique    the uniqueness check, up to 2 solutions (nodes: search nodes)
//   grade     grading, with the count already made  (steps: grade steps + backtracks)
//   pipeline  generate + uniqueness check + grade   (nodes, steps)
//   min-blanks  unique levels with at least 140 empty cells, the blank-removal
//             loop on one shared model per layout  (emptied: given cells emptied)
//
// Gated (Thresholds/): the custom counts and `mallocCountTotal`; wall-clock
// time is never gated. Time metrics are per iteration (20 levels).
import Benchmark
import ConstraintSolver
import Foundation
import MathCrossword

let tuples = BenchmarkMetric.custom("tuples", polarity: .prefersSmaller, useScalingFactor: false)
let nodes = BenchmarkMetric.custom("nodes", polarity: .prefersSmaller, useScalingFactor: false)
let steps = BenchmarkMetric.custom("steps", polarity: .prefersSmaller, useScalingFactor: false)
let emptied = BenchmarkMetric.custom("emptied", polarity: .prefersLarger, useScalingFactor: false)

/// The profile file next to this package's sources.
let profilePath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Profiles/sq40.json").path

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, tuples, nodes, steps, emptied],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 20,
        // Only the deterministic counts in Thresholds/ are compared: the
        // custom ones exactly, malloc counts within 2 %.
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 2.0], absolute: [:])]
    )
    guard let profile = try? MathCrosswordFamily().profile(named: profilePath) else {
        print("BigGrids: cannot read \(profilePath)")
        return
    }
    let generator = Generator()
    let seeds = Array(1...20)
    let levels = seeds.compactMap { try? generator.generate(difficulty: profile, seed: $0).level }
    let lines = levels.map { JSONFormat.write($0, pretty: false) }.joined(separator: "\n")
    let models = levels.compactMap { try? MathCrossword.Solver(level: $0) }

    Benchmark("read-sq40") { _ in
        blackHole(JSONFormat.readLines(lines, file: "sq40.jsonl"))
    }

    Benchmark("model-sq40") { benchmark in
        var built = 0
        for level in levels {
            let model = try? MathCrossword.Solver(level: level)
            built += model?.tableTuples ?? 0
            blackHole(model)
        }
        benchmark.measurement(tuples, built)
    }

    Benchmark("unique-sq40") { benchmark in
        var visited = 0
        for model in models {
            let result = model.solve(SearchLimits(solutions: 2))
            visited += result.statistics.nodes
            blackHole(result)
        }
        benchmark.measurement(nodes, visited)
    }

    Benchmark("grade-sq40") { benchmark in
        var taken = 0
        for level in levels {
            let report = try? Grader().trace(level, solutionsUpTo2: 1)
            taken += (report?.steps.count ?? 0) + (report?.backtracks ?? 0)
            blackHole(report)
        }
        benchmark.measurement(steps, taken)
    }

    Benchmark("pipeline-sq40") { benchmark in
        var visited = 0, taken = 0
        for seed in seeds {
            guard let level = try? generator.generate(difficulty: profile, seed: seed).level,
                  let model = try? MathCrossword.Solver(level: level) else { continue }
            let count = model.solve(SearchLimits(solutions: 2))
            visited += count.statistics.nodes
            let report = try? Grader().trace(level, solutionsUpTo2: count.solutionCount)
            taken += (report?.steps.count ?? 0) + (report?.backtracks ?? 0)
            blackHole(report)
        }
        benchmark.measurement(nodes, visited)
        benchmark.measurement(steps, taken)
    }

    Benchmark("min-blanks-sq40") { benchmark in
        var cells = 0
        for seed in seeds {
            let generated = try? generator.generateUnique(difficulty: profile, seed: seed, minBlanks: 140)
            cells += generated?.emptied ?? 0
            blackHole(generated)
        }
        benchmark.measurement(emptied, cells)
    }
}
