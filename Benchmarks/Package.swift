// swift-tools-version: 6.1
// The package-benchmark suites of PuzzleLab, kept in their own package so that
// `swift build` and `swift test` of the main package stay light.
//
//     cd Benchmarks && swift package benchmark
//     swift package benchmark thresholds check     # gates deterministic counts only
import PackageDescription

let package = Package(
    name: "PuzzleLabBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PuzzleLab", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Generator",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MathCrossword", package: "PuzzleLab"),
            ],
            path: "Benchmarks/Generator",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Solver",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MathCrossword", package: "PuzzleLab"),
                .product(name: "ConstraintSolver", package: "PuzzleLab"),
            ],
            path: "Benchmarks/Solver",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CrossSumsSuite",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CrossSums", package: "PuzzleLab"),
                .product(name: "ConstraintSolver", package: "PuzzleLab"),
            ],
            path: "Benchmarks/CrossSumsSuite",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Families",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PuzzleResearch", package: "PuzzleLab"),
                .product(name: "MathCrossword", package: "PuzzleLab"),
                .product(name: "CrossSums", package: "PuzzleLab"),
                .product(name: "NumberSearch", package: "PuzzleLab"),
                .product(name: "ArithmeticDrills", package: "PuzzleLab"),
                .product(name: "MorseCode", package: "PuzzleLab"),
            ],
            path: "Benchmarks/Families",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
