// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PuzzleLab",
    products: [
        .library(name: "PuzzleKit", targets: ["PuzzleKit"]),
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        .library(name: "MathCrossword", targets: ["MathCrossword"]),
        .library(name: "CrossSums", targets: ["CrossSums"]),
        .library(name: "MorseCode", targets: ["MorseCode"]),
        .executable(name: "puzzlelab", targets: ["PuzzleLabCLI"]),
    ],
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
        .target(name: "ConstraintSolver"),
        .target(name: "MathCrossword", dependencies: ["PuzzleKit", "ConstraintSolver"]),
        .target(name: "CrossSums", dependencies: ["PuzzleKit", "ConstraintSolver"]),
        .target(name: "MorseCode", dependencies: ["PuzzleKit"]),
        .executableTarget(name: "CrossSumsPerf", dependencies: ["CrossSums", "PuzzleKit", "ConstraintSolver"]),
        .executableTarget(
            name: "PuzzleLabCLI",
            dependencies: [
                "PuzzleKit", "ConstraintSolver", "MathCrossword", "CrossSums", "MorseCode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        .testTarget(name: "PuzzleKitTests", dependencies: ["PuzzleKit"]),
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver"]),
        .testTarget(name: "MathCrosswordTests", dependencies: ["MathCrossword", "PuzzleKit", "ConstraintSolver"]),
        .testTarget(name: "CrossSumsTests", dependencies: ["CrossSums", "PuzzleKit", "ConstraintSolver"]),
        .testTarget(name: "MorseCodeTests", dependencies: ["MorseCode", "PuzzleKit"]),
        .testTarget(name: "PuzzleLabCLITests", dependencies: ["PuzzleLabCLI", "PuzzleKit"]),
    ]
)
