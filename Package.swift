// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PuzzleLab",
    products: [
        .library(name: "PuzzleKit", targets: ["PuzzleKit"]),
        .library(name: "MathCrossword", targets: ["MathCrossword"]),
        .executable(name: "puzzlelab", targets: ["PuzzleLabCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "PuzzleKit"),
        .target(name: "MathCrossword", dependencies: ["PuzzleKit"]),
        .executableTarget(
            name: "PuzzleLabCLI",
            dependencies: [
                "PuzzleKit", "MathCrossword",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PuzzleKitTests", dependencies: ["PuzzleKit"]),
        .testTarget(name: "MathCrosswordTests", dependencies: ["MathCrossword", "PuzzleKit"]),
        .testTarget(name: "PuzzleLabCLITests", dependencies: ["PuzzleLabCLI"]),
    ]
)
