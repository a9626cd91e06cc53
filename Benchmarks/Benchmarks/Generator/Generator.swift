// Generator throughput per class profile: each iteration generates the levels
// of seeds 1…1000 (the scaling factor), so the time metrics are per puzzle.
//
// Gated (Thresholds/): the deterministic counts only, `failures`, `attempts`
// and `mallocCountTotal`; wall-clock time is reported, never gated.
import Benchmark
import MathCrossword

let failures = BenchmarkMetric.custom("failures", polarity: .prefersSmaller, useScalingFactor: false)
let attempts = BenchmarkMetric.custom("attempts", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident, failures, attempts],
        timeUnits: .microseconds,
        warmupIterations: 1,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 50,
        // `thresholds check` compares only the metrics listed in Thresholds/
        // (benchmark names have no spaces: the tool writes them as `_` but
        // looks them up as they are),
        // all deterministic counts: the custom ones must match exactly (the
        // strict default), malloc counts within 2 % (the per-puzzle figure is
        // rounded).
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 2.0], absolute: [:])]
    )

    for profile in Profile.classProfiles {
        Benchmark("generate-\(profile.id)") { benchmark in
            let generator = Generator()
            var failed = 0
            var used = 0
            for index in benchmark.scaledIterations {
                do {
                    let generated = try generator.generate(difficulty: profile, seed: 1 + index)
                    used += generated.attempts
                    blackHole(generated)
                } catch {
                    failed += 1
                }
            }
            benchmark.measurement(failures, failed)
            benchmark.measurement(attempts, used)
        }
    }
}
