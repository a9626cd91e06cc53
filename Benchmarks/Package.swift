// swift-tools-version: 6.1
// The package-benchmark suites of PuzzleLab, kept in their own package so that
// `swift build` and `swift test` of the main package stay light.
//
//     cd Benchmarks && swift package benchmark
//     swift package benchmark thresholds check     # gates deterministic counts only
import PackageDescription

/// One suite: an executable target in `Benchmarks/<name>` using these
/// products of PuzzleLab.
func suite(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "Benchmark", package: "benchmark")]
            + products.map { .product(name: $0, package: "PuzzleLab") },
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "PuzzleLabBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PuzzleLab", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        suite("Generator", ["MathCrossword"]),
        suite("Solver", ["MathCrossword", "ConstraintSolver"]),
        suite("CrossSumsSuite", ["CrossSums", "ConstraintSolver"]),
        suite("Families", ["PuzzleResearch", "PuzzleFamilies"]),
        suite("BigGrids", ["MathCrossword", "ConstraintSolver"]),
        suite("HardCounts", ["MathCrossword", "ConstraintSolver"]),
    ]
)
