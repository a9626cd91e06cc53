// swift-tools-version: 6.1
import PackageDescription

/// The puzzle families: one library each, on PuzzleKit (and the
/// ConstraintSolver kernel where a family counts by search).
let families: [(name: String, dependencies: [Target.Dependency])] = [
    ("MathCrossword", ["PuzzleKit", "ConstraintSolver"]),
    ("CrossSums", ["PuzzleKit", "ConstraintSolver"]),
    ("NumberSearch", ["PuzzleKit"]),
    ("ArithmeticDrills", ["PuzzleKit"]),
    ("MorseCode", ["PuzzleKit"]),
]

let package = Package(
    name: "PuzzleLab",
    products: [
        .library(name: "PuzzleKit", targets: ["PuzzleKit"]),
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        .library(name: "PuzzleResearch", targets: ["PuzzleResearch"]),
        .executable(name: "puzzlelab", targets: ["PuzzleLabCLI"]),
        .executable(name: "puzzlelab-fuzz", targets: ["PuzzleFuzz"]),
    ] + families.map { .library(name: $0.name, targets: [$0.name]) },
    traits: [
        .trait(name: "GMP", description: "Arbitrary-precision puzzle numbers through libgmp (needs libgmp-dev)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        .systemLibrary(name: "CGMP", pkgConfig: "gmp", providers: [.apt(["libgmp-dev"])]),
        .target(name: "PuzzleKit", dependencies: [.target(name: "CGMP", condition: .when(traits: ["GMP"]))]),
        .target(name: "ConstraintSolver", dependencies: ["PuzzleKit"]),
        .target(
            name: "PuzzleResearch",
            dependencies: ["PuzzleKit", .product(name: "Histogram", package: "hdrhistogram-swift")]
        ),
        .executableTarget(
            name: "PuzzleLabCLI",
            dependencies: [
                "PuzzleKit", "PuzzleResearch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + families.map { .target(name: $0.name) }
        ),
        // libFuzzer entry for the family readers (built with --sanitize fuzzer in .ci/run).
        .executableTarget(name: "PuzzleFuzz", dependencies: ["PuzzleKit"] + families.map { .target(name: $0.name) }),
        .testTarget(name: "PuzzleKitTests", dependencies: ["PuzzleKit"]),
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver"]),
        .testTarget(name: "PuzzleResearchTests", dependencies: ["PuzzleResearch", "PuzzleKit", "MathCrossword", "CrossSums"]),
        .testTarget(name: "PuzzleLabCLITests", dependencies: ["PuzzleLabCLI", "PuzzleKit"]),
    ] + families.flatMap { family -> [Target] in
        [
            .target(name: family.name, dependencies: family.dependencies),
            .testTarget(name: family.name + "Tests", dependencies: [.target(name: family.name)] + family.dependencies),
        ]
    }
)
