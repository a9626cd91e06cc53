import Testing
import PuzzleKit
@testable import NumberSearch

@Suite struct SolverTests {
    /// The acceptance test: exact counts on 2,000 random grids, both modes.
    @Test func countsAgreeWithBruteForceOnRandomGrids() {
        var rng = SplitMix64(seed: 2026)
        for i in 0..<2_000 {
            let rows = i % 4 == 0 ? rng.uniform(in: 1...7) : 6
            let columns = i % 4 == 0 ? rng.uniform(in: 1...7) : 6
            let maxDigit = [1, 2, 3, 9][i % 4]
            let grid = RandomGrids.grid(rows: rows, columns: columns, maxDigit: maxDigit, using: &rng)
            let digits = rng.uniform(in: 1...3)
            var target = digits == 1 ? rng.uniform(in: 0...maxDigit) : rng.uniform(in: 1...maxDigit)
            for _ in 1..<digits { target = target * 10 + rng.uniform(in: 0...maxDigit) }
            for mode in PathMode.allCases {
                let level = RandomGrids.level(grid, target: target, mode: mode)
                let expected = BruteForce.paths(target, grid: grid, straight: mode == .straight)
                #expect(Solver.count(target, in: level) == expected.count, "grid \(grid) target \(target) \(mode)")
                if i % 20 == 0 {
                    let listed = Solver.paths(forming: target, in: level)
                    #expect(listed.sorted { $0.lexicographicallyPrecedes($1) } == expected.sorted { $0.lexicographicallyPrecedes($1) })
                }
            }
        }
    }

    @Test func nearMissesAgreeWithBruteForce() throws {
        var rng = SplitMix64(seed: 99)
        for i in 0..<300 {
            let grid = RandomGrids.grid(rows: 5, columns: 5, maxDigit: i % 2 == 0 ? 3 : 9, using: &rng)
            let target = rng.uniform(in: 10...(i % 3 == 0 ? 333 : 99))
            for mode in PathMode.allCases {
                let level = RandomGrids.level(grid, target: target, mode: mode)
                guard let g = Grader.grade(level.questions[0], on: Board(level), mode: mode) else {
                    #expect(BruteForce.paths(target, grid: grid, straight: mode == .straight).isEmpty)
                    continue
                }
                #expect(g.nearMisses == BruteForce.nearMisses(target, grid: grid, straight: mode == .straight))
            }
        }
    }

    @Test func straightCountsEachDirectionOnce() {
        // 6 8 / 8 6: "68" reads right on row 1, left on row 2, and on both diagonals.
        let level = Puzzle(id: "t", profile: "custom", pathMode: .straight, grid: [[6, 8], [8, 6]],
                          questions: [Question(operands: [60, 8], target: 68)])
        #expect(Solver.count(68, in: level) == 4)
        #expect(Solver.count(6, in: level) == 2)
        #expect(Solver.count(66, in: level) == 2)  // the diagonal, both ways
        #expect(Solver.count(686, in: level) == 0)
        #expect(Solver.count(686, in: level, mode: .any) == 4)
    }

    @Test func anyModeNeverReusesACell() {
        let level = Puzzle(id: "t", profile: "custom", pathMode: .any, grid: [[1, 2]],
                          questions: [Question(operands: [121, 0], target: 121)])
        #expect(Solver.count(121, in: level) == 0)
        #expect(Solver.count(12, in: level) == 1)
        #expect(Solver.count(21, in: level) == 1)
    }

    @Test func solveMultipliesQuestionCounts() {
        let level = Puzzle(id: "t", profile: "custom", pathMode: .straight, grid: [[6, 8], [8, 6]],
                          questions: [Question(operands: [60, 8], target: 68), Question(operands: [6, 0], target: 6),
                                      Question(operands: [1, 0], target: 1)])
        let result = Solver.solve(level, keep: 2)
        #expect(result.pathCounts == [4, 2, 0])
        #expect(result.solutionCount == 0)
        #expect(result.paths[0].count == 2)
        var two = level
        two.questions.removeLast()
        #expect(Solver.solve(two).solutionCount == 8)
        #expect(Solver.solve(two).complete)
    }

    @Test func nodeBudgetStopsTheSearch() {
        let level = Puzzle(id: "t", profile: "custom", pathMode: .any, grid: Array(repeating: Array(repeating: 1, count: 20), count: 20),
                          questions: [Question(operands: [111, 0], target: 111)])
        let stopped = Solver.solve(level, nodeBudget: 100)
        #expect(!stopped.complete)
        let full = Solver.solve(level)
        #expect(full.complete)
        #expect(full.pathCounts[0] == BruteForce.paths(111, grid: level.grid, straight: false).count)
    }

    @Test func malformedGridCountsNothingAndDoesNotTrap() {
        let level = Puzzle(id: "t", profile: "custom", pathMode: .straight, grid: [[1, 2], [3]],
                          questions: [Question(operands: [1, 0], target: 1)])
        #expect(Solver.count(1, in: level) == 0)
        #expect(Solver.solve(level).solutionCount == 0)
        #expect(Solver.paths(forming: 1, in: level).isEmpty)
    }
}
