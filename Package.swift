// swift-tools-version: 6.1
import PackageDescription

/// The puzzle families: one library each, on PuzzleKit and PuzzleDrawing
/// (and the ConstraintSolver kernel where a family counts by search).
let families: [(name: String, dependencies: [Target.Dependency])] = [
    ("MathCrossword", ["PuzzleKit", "PuzzleDrawing", "ConstraintSolver"]),
    ("CrossSums", ["PuzzleKit", "PuzzleDrawing", "ConstraintSolver"]),
    ("NumberSearch", ["PuzzleKit", "PuzzleDrawing"]),
    ("ArithmeticDrills", ["PuzzleKit", "PuzzleDrawing"]),
    ("MorseCode", ["PuzzleKit", "PuzzleDrawing"]),
]

let package = Package(
    name: "PuzzleLab",
    products: [
        .library(name: "PuzzleKit", targets: ["PuzzleKit"]),
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        .library(name: "PuzzleDrawing", targets: ["PuzzleDrawing"]),
        .library(name: "PuzzleResearch", targets: ["PuzzleResearch"]),
        .library(name: "PuzzleFamilies", targets: ["PuzzleFamilies"]),
        .library(name: "PuzzleServer", targets: ["PuzzleServer"]),
        .executable(name: "puzzlelab", targets: ["PuzzleLabCLI"]),
        .executable(name: "puzzlelab-fuzz", targets: ["PuzzleFuzz"]),
    ] + families.map { .library(name: $0.name, targets: [$0.name]) },
    traits: [
        .trait(name: "GMP", description: "Arbitrary-precision puzzle numbers through libgmp (needs libgmp-dev)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // `swift package generate-documentation --target X` (the DocC catalogues in Sources/X/X.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The HTTP server of `puzzlelab serve` (BSD sockets and Swift concurrency, no SwiftNIO).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .systemLibrary(name: "CGMP", pkgConfig: "gmp", providers: [.apt(["libgmp-dev"])]),
        .target(name: "PuzzleKit", dependencies: [.target(name: "CGMP", condition: .when(traits: ["GMP"]))]),
        .target(name: "ConstraintSolver", dependencies: ["PuzzleKit"]),
        // SVG drawings and review pages; the DrawableFamily contract every family implements.
        .target(name: "PuzzleDrawing", dependencies: ["PuzzleKit"]),
        .target(
            name: "PuzzleResearch",
            dependencies: ["PuzzleKit", .product(name: "Histogram", package: "hdrhistogram-swift")]
        ),
        // `puzzlelab serve`: the play server, its JSON API and its page (assets as Swift strings).
        .target(
            name: "PuzzleServer",
            dependencies: ["PuzzleKit", "PuzzleDrawing", .product(name: "FlyingFox", package: "FlyingFox"),
                           .product(name: "FlyingSocks", package: "FlyingFox")]
        ),
        // The one list of families every command, test and benchmark reads.
        .target(name: "PuzzleFamilies", dependencies: ["PuzzleKit", "PuzzleDrawing"] + families.map { .target(name: $0.name) }),
        // The commands of `puzzlelab`, written once over a family list that
        // each run is given (tests run them over a family of their own); no
        // family module: a family's own subcommands come with the list.
        .target(
            name: "PuzzleLabCommands",
            dependencies: [
                "PuzzleKit", "PuzzleResearch", "PuzzleDrawing", "PuzzleServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The families' own subcommands (`drills …`, `morse …`): the one
        // place that sees both ArgumentParser and a family, so that the
        // family libraries never depend on ArgumentParser.
        .target(
            name: "PuzzleFamilyCommands",
            dependencies: [
                "PuzzleLabCommands", "PuzzleKit", "PuzzleResearch", "ArithmeticDrills", "MorseCode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The executable: the commands over `puzzleFamilies` and their own subcommands.
        .executableTarget(name: "PuzzleLabCLI", dependencies: ["PuzzleLabCommands", "PuzzleFamilies", "PuzzleFamilyCommands"]),
        // libFuzzer entry for the family readers (built with --sanitize fuzzer in .ci/run).
        .executableTarget(name: "PuzzleFuzz", dependencies: ["PuzzleKit", "PuzzleFamilies"]),
        .testTarget(name: "PuzzleKitTests", dependencies: ["PuzzleKit"]),
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver"]),
        .testTarget(name: "PuzzleResearchTests",
                    dependencies: ["PuzzleResearch", "PuzzleKit", "PuzzleDrawing", "PuzzleFamilies", "PuzzleLabCommands", "MathCrossword", "CrossSums",
                                   .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "PuzzleLabCLITests", dependencies: ["PuzzleLabCLI", "PuzzleKit", "PuzzleDrawing", "PuzzleFamilies"]
                                                         + families.map { .target(name: $0.name) }),
        .testTarget(name: "PuzzleServerTests", dependencies: ["PuzzleServer", "PuzzleKit", "PuzzleDrawing", "PuzzleFamilies", "PuzzleLabCLI"]),
        .testTarget(name: "PuzzleDrawingTests", dependencies: ["PuzzleDrawing", "PuzzleKit"] + families.map { .target(name: $0.name) }),
    ] + families.flatMap { family -> [Target] in
        [
            .target(name: family.name, dependencies: family.dependencies),
            .testTarget(name: family.name + "Tests", dependencies: [.target(name: family.name)] + family.dependencies),
        ]
    }
)
