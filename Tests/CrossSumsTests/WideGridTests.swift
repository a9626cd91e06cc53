import ConstraintSolver
import CrossSums
import PuzzleKit
import Testing

/// Issue 33: budgets hold on wide grids. A step whose own cost grows with
/// the line length (a propagation over 20,009 lines, a grader step that
/// looks at every line) reads the clock as it goes, so a budget stops the
/// work part-way instead of after it. The assertions are on how the run
/// stopped and how much it did, never on wall-clock time.
@Suite struct WideGridTests {
    /// A random 9 × `width` grid, numbers 1–9, sums of a random half kept.
    static func wide(_ width: Int, seed: UInt64) -> Puzzle {
        var rng = SplitMix64(seed: seed)
        let grid = (0..<9).map { _ in (0..<width).map { _ in rng.uniform(in: 1...9) } }
        let kept = (0..<9).map { _ in (0..<width).map { _ in rng.chance(1, in: 2) } }
        let rowSums = (0..<9).map { r in (0..<width).reduce(0) { $0 + (kept[r][$1] ? grid[r][$1] : 0) } }
        let columnSums = (0..<width).map { c in (0..<9).reduce(0) { $0 + (kept[$1][c] ? grid[$1][c] : 0) } }
        return Puzzle(id: "wide", difficulty: "custom", grid: grid, solution: nil, rowSums: rowSums, columnSums: columnSums)
    }

    @Test func aTimeBudgetStopsTheRootPropagationOfAWideGrid() throws {
        let puzzle = Self.wide(20_000, seed: 1)
        let result = try Solver(puzzle: puzzle).solve(SearchLimits(time: .milliseconds(1)))
        #expect(result.stopReason == .timeLimit && !result.complete)
        #expect(result.solutionCount == 0)
        // Stopped inside the root propagation: not every line was looked at once.
        #expect(result.statistics.nodes <= 1)
        #expect(result.statistics.propagations < 9 + 20_000, "\(result.statistics.propagations) propagations")
        #expect(result.statistics.failures == 0)
    }

    @Test func aTimeBudgetStopsTheGraderBetweenItsFirstSteps() throws {
        let puzzle = Self.wide(4_000, seed: 2)
        let report = try Grader(puzzle: puzzle).grade(timeLimit: .milliseconds(1), solutionsUpTo2: 1)
        #expect(report.outcome == .stuck && report.stopReason == .timeLimit)
        // The easy steps alone are in the thousands here; a step looks at
        // every one of the 4,009 lines, and the clock is read every 65,536
        // cells looked at.
        #expect(report.steps.count < 100, "\(report.steps.count) steps")
    }

    @Test func aNodeBudgetStillCountsTheSameOnAWideGrid() throws {
        let puzzle = Self.wide(300, seed: 3)
        let first = try Solver(puzzle: puzzle).solve(SearchLimits(solutions: 2, nodes: 50, time: nil))
        let second = try Solver(puzzle: puzzle).solve(SearchLimits(solutions: 2, nodes: 50, time: .seconds(3600)))
        #expect(first.stopReason == second.stopReason && first.solutionCount == second.solutionCount)
        #expect(first.statistics.nodes == second.statistics.nodes && first.statistics.nodes <= 50)
    }
}
