import ConstraintSolver
import Foundation
import PuzzleKit
import Testing
@testable import MathCrossword

/// Hard counts (every given blanked) counted by components agree with the
/// plain search and, where small enough, with brute force.
@Suite struct HardCountTests {
    /// The plain search's count (a solution limit keeps it off the component count).
    func plainCount(_ model: MathCrossword.Solver, nodes: Int? = nil) -> SolveResult {
        model.solve(SearchLimits(solutions: Int.max, nodes: nodes))
    }

    /// A square grid with values 0–9 and all four operators: blanking every
    /// given of its levels leaves few enough cells to brute-force.
    func smallProfile(side: Int, equations: ClosedRange<Int>) -> Profile {
        Profile(id: "small", displayName: "Small", minValue: 0, maxValue: 9, allowedOperators: ["+", "-", "x", "/"],
                gridRows: side, gridColumns: side, minEquations: equations.lowerBound, maxEquations: equations.upperBound,
                maxOperandsPerEquation: 2, minCrossingsPerEquation: 1)
    }

    /// The count by components from the root (no plain search first), or
    /// from where a plain search of `plainNodes` nodes stopped.
    func componentCount(_ model: MathCrossword.Solver, _ limits: SearchLimits = .init(),
                        plainNodes: Int = 0) -> (solutionCount: Int, complete: Bool) {
        guard let constraints = model.model else { return (0, true) }
        let result = MathCrossword.Solver.count(constraints, limits, plainNodes: plainNodes)
        return (result.solutionCount, result.complete)
    }

    @Test func smallGridsMatchThePlainSearchAndBruteForce() throws {
        let profile = smallProfile(side: 7, equations: 2...4)
        var bruteForced = 0, several = 0
        for seed in 1...200 {
            let level = try Generator().generateLevel(difficulty: profile, seed: seed).blankingEveryGiven()
            let model = try MathCrossword.Solver(level: level)
            let counted = componentCount(model)
            let plain = plainCount(model)
            #expect(counted.complete && counted.solutionCount == plain.solutionCount, "seed \(seed)")
            if level.blankPositions.count <= 8 {
                #expect(counted.solutionCount == bruteForceCount(level), "seed \(seed)")
                bruteForced += 1
            }
            if counted.solutionCount > 1 { several += 1 }
        }
        #expect(bruteForced > 50 && several > 50, "\(bruteForced) brute-forced, \(several) with several solutions")
    }

    @Test func countsHandedOverAtAnyShareMatchThePlainSearchAndBruteForce() throws {
        // Small plain shares, so that the count goes on from deep in the
        // plain search's tree as well as from near its root.
        let profile = smallProfile(side: 8, equations: 3...5)
        var handedOver = 0, bruteForced = 0
        for seed in 1...120 {
            let level = try Generator().generateLevel(difficulty: profile, seed: seed).blankingEveryGiven()
            let model = try MathCrossword.Solver(level: level)
            let plain = plainCount(model)
            let brute = level.blankPositions.count <= 8 ? bruteForceCount(level) : nil
            if brute != nil { bruteForced += 1 }
            for share in [1, 3, 10, plain.statistics.nodes / 2] where share < plain.statistics.nodes {
                let counted = componentCount(model, plainNodes: share)
                #expect(counted.complete && counted.solutionCount == plain.solutionCount, "seed \(seed) share \(share)")
                if let brute { #expect(counted.solutionCount == brute, "seed \(seed) share \(share)") }
                handedOver += 1
            }
        }
        #expect(handedOver > 200 && bruteForced > 30, "\(handedOver) handed over, \(bruteForced) brute-forced")
    }

    @Test func crossedGridsWithSmallValuesMatchThePlainSearch() throws {
        // Many crossings and few distinct values: the parts share scarce tiles.
        let profile = Profile(id: "crossed", displayName: "Crossed", minValue: 0, maxValue: 10,
                                        allowedOperators: ["+", "-", "x", "/"], gridRows: 10, gridColumns: 10,
                                        minEquations: 6, maxEquations: 9, maxOperandsPerEquation: 2,
                                        minCrossingsPerEquation: 2)
        var compared = 0
        for seed in 1...40 {
            let level = try Generator().generateLevel(difficulty: profile, seed: seed).blankingEveryGiven()
            let model = try MathCrossword.Solver(level: level)
            let plain = plainCount(model, nodes: 100_000)
            guard plain.complete || plain.stopReason == .solutionLimit else { continue }
            let counted = componentCount(model)
            #expect(counted.complete && counted.solutionCount == plain.solutionCount, "seed \(seed)")
            compared += 1
        }
        #expect(compared > 30)
    }

    @Test func aCountPastThePlainShareKeepsItsSolutionAndBudgets() throws {
        // A class_4-sized grid with values to 10, every given blanked: the
        // plain search needs more than its share of nodes.
        let profile = Profile(id: "c4v10", displayName: "class_4 grid, values to 10", minValue: 0, maxValue: 10,
                                        allowedOperators: ["+", "-", "x", "/"], gridRows: 14, gridColumns: 14,
                                        minEquations: 16, maxEquations: 20, maxOperandsPerEquation: 2,
                                        minCrossingsPerEquation: 4)
        let level = try Generator().generateUnique(difficulty: profile, seed: 18).level.blankingEveryGiven()
        let model = try MathCrossword.Solver(level: level)
        let plain = plainCount(model)
        #expect(plain.statistics.nodes > MathCrossword.Solver.plainCountNodes)
        let counted = model.solve(SearchLimits(keepSolutions: 1))
        #expect(counted.complete && counted.solutionCount == plain.solutionCount)
        for share in [300, 2_000] {
            #expect(componentCount(model, plainNodes: share) == (plain.solutionCount, true), "share \(share)")
        }
        #expect(counted.statistics.nodes > MathCrossword.Solver.plainCountNodes)  // both searches are counted
        // The solution shown is the plain search's first one.
        #expect(counted.solutions == Array(plain.solutions.prefix(1)) || plain.solutions.isEmpty)
        let first = model.solve(SearchLimits(solutions: 1, keepSolutions: 1))
        #expect(counted.solutions == first.solutions)
        // Budgets: a node limit past the plain share stops the component count too.
        let cut = model.solve(SearchLimits(nodes: MathCrossword.Solver.plainCountNodes + 10))
        #expect(!cut.complete && cut.stopReason == .nodeLimit && cut.solutionCount <= plain.solutionCount)
        #expect(cut.statistics.nodes <= MathCrossword.Solver.plainCountNodes + 10)
    }

    @Test func hardCountSuiteLevelsMatchThePlainSearch() throws {
        // Levels of the benchmark suite (Benchmarks/Benchmarks/HardCounts),
        // made the same way from the profiles of Benchmarks/hard-counts:
        // those whose plain search is short enough for a test (pub14v30
        // seeds 8 and 18 need about a million plain nodes; see BENCHMARKS.md).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var compared = 0, several = 0
        for (name, seeds) in [("pub14v30", [16]), ("sq20v99", [8, 15])] {
            let file = root.appendingPathComponent("Benchmarks/hard-counts/\(name).json")
            let profile = try Profile.decode(from: try Data(contentsOf: file), file: file.path)
            for seed in seeds {
                let level = try Generator().generateUnique(difficulty: profile, seed: seed).level.blankingEveryGiven()
                let model = try MathCrossword.Solver(level: level)
                let plain = plainCount(model)
                let counted = model.solve(SearchLimits())
                #expect(plain.complete && counted.complete && counted.solutionCount == plain.solutionCount,
                        "\(name) seed \(seed)")
                #expect(counted.statistics.nodes > MathCrossword.Solver.plainCountNodes || name == "sq20v99",
                        "\(name) seed \(seed) is counted by components")
                compared += 1
                if plain.solutionCount > 1 { several += 1 }
            }
        }
        #expect(compared == 3 && several >= 2)
    }
}
