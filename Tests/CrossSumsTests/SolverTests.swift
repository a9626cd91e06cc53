import ConstraintSolver
import CrossSums
import PuzzleKit
import Testing

@Suite struct SolverTests {
    @Test func countsEqualBruteForceOnRandomGrids() throws {
        var rng = SplitMix64(seed: 2024)
        var histogram = [Int: Int]()
        for index in 0..<3_000 {
            let rows = rng.uniform(in: 1...5), columns = rng.uniform(in: 1...5)
            let range = [1...2, 1...3, 1...5, 1...9][index % 4]
            let puzzle = RandomPuzzles.make(rows: rows, columns: columns, range: range, randomSums: index % 3 == 0, using: &rng)
            let expected = BruteForce.count(puzzle)
            let result = try Solver(puzzle: puzzle).solve(SearchLimits(keepSolutions: 1_000))
            #expect(result.complete)
            #expect(result.solutionCount == expected, "\(puzzle)")
            #expect(result.solutions.allSatisfy(puzzle.isSolved(by:)))
            #expect(Set(result.solutions).count == result.solutions.count)
            histogram[min(expected, 3), default: 0] += 1
        }
        // The sample covers puzzles with no, one and several solutions.
        #expect(histogram[0, default: 0] > 100)
        #expect(histogram[1, default: 0] > 100)
        #expect(histogram[3, default: 0] > 30)
    }

    @Test func limitStopsTheCount() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<200 {
            let puzzle = RandomPuzzles.make(rows: 4, columns: 4, range: 1...2, randomSums: false, using: &rng)
            let all = BruteForce.count(puzzle)
            let limited = try Solver(puzzle: puzzle).solve(SearchLimits(solutions: 2))
            #expect(limited.solutionCount == min(all, 2))
            #expect(limited.complete == (all < 2))
            #expect(puzzle.countSolutions(limit: 2) == min(all, 2))
        }
    }

    @Test func nodeBudgetStopsTheSearch() throws {
        // All 1s with sum 3 per line of a 6x6: many solutions, so many nodes.
        let grid = Array(repeating: Array(repeating: 1, count: 6), count: 6)
        let puzzle = Puzzle(id: "ones", difficulty: "custom", grid: grid, solution: nil,
                            rowSums: Array(repeating: 3, count: 6), columnSums: Array(repeating: 3, count: 6))
        let result = try Solver(puzzle: puzzle).solve(SearchLimits(nodes: 50))
        #expect(!result.complete)
        #expect(result.stopReason == .nodeLimit)
        #expect(result.statistics.nodes <= 50)
        // 5x5 0/1 matrices with two 1s per row and column (OEIS A001499).
        let fives = Puzzle(id: "ones", difficulty: "custom", grid: Array(repeating: Array(repeating: 1, count: 5), count: 5),
                           solution: nil, rowSums: Array(repeating: 2, count: 5), columnSums: Array(repeating: 2, count: 5))
        #expect(try Solver(puzzle: fives).countSolutions() == 2_040)
    }

    /// Hand-made cases: the text, the expected count.
    static let handMade: [(String, Int)] = [
        (". 3 2\n3 3 5\n2 7 2\n", 1),               // one solution
        (". 5\n3 2\n", 0),                           // a sum no subset makes
        (". 1 1\n1 1 1\n1 1 1\n", 2),                // two solutions (the diagonals)
        (". 10 5 9\n7 3 5 4\n9 7 2 9\n8 9 3 5\n", 1),
        (". 4 6\n3 1 2\n7 3 4\n", 1),                // all kept
        (". 0 0 0\n0 4 5 6\n0 1 2 3\n", 1),          // all removed
        (". 2 2\n2 1 1\n2 1 1\n", 1),                // all kept, equal numbers
        (". 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n", 6), // permutation matrices
        (". 3 3\n3 1 2\n3 2 1\n", 1),                // all kept
        (". 3\n3 1\n", 0),
        (". 5 4\n9 5 4\n", 1),
    ]

    @Test(arguments: handMade.indices)
    func handMadePuzzles(_ index: Int) throws {
        let (text, expected) = Self.handMade[index]
        let puzzle = try TextFormat.read(text, file: "hand.xsum")
        #expect(BruteForce.count(puzzle) == expected)
        let result = try Solver(puzzle: puzzle).solve(SearchLimits(keepSolutions: 10))
        #expect(result.solutionCount == expected)
        #expect(result.complete)
        #expect(result.solutions.allSatisfy(puzzle.isSolved(by:)))
    }

    @Test func resultsBecomeReportRows() throws {
        let puzzle = try TextFormat.read(". 3 2\n3 3 5\n2 7 2\n", file: "r.xsum")
        let result = try Solver(puzzle: puzzle).solve(SearchLimits(solutions: 2, keepSolutions: 1))
        let row = result.reportRow(id: puzzle.id, includeSolution: true)
        #expect(row.fields.map(\.key) == ["id", "solutionCount", "complete", "stopReason", "nodes", "failures",
                                          "propagations", "maxDepth", "timeMicroseconds", "solution"])
        #expect(row["solutionCount"] == .int(1))
        #expect(row["complete"] == .bool(true))
        #expect(row["solution"] == .json("[[true,false],[false,true]]"))
        #expect(row.json.hasPrefix(#"{"id":"r","solutionCount":1,"complete":true,"stopReason":"exhausted","#))
        let none = try Solver(puzzle: try TextFormat.read(". 5\n3 2\n", file: "n.xsum")).solve()
        #expect(none.reportRow(id: "n", includeSolution: true)["solution"] == .null)
    }

    @Test func rowAndColumnTotalsMustAgree() throws {
        let puzzle = try TextFormat.read(". 3 3\n4 3 1\n1 1 2\n", file: "t.xsum")
        let result = try Solver(puzzle: puzzle).solve()
        #expect(result.solutionCount == 0)
        #expect(result.complete)
        #expect(result.statistics.nodes == 0)
    }

    /// Issue 33: every number, sum and line total fits in an `Int` but the
    /// grand total (of the row sums, and of the column sums) does not. An
    /// overflowed total is not a proof that the totals differ.
    @Test func grandTotalsBeyondIntMaxAreComparedExactly() throws {
        let big = try TextFormat.read("""
            . 6000000000000000000 6000000000000000000
            6000000000000000000 3000000000000000000 3000000000000000000
            6000000000000000000 3000000000000000000 3000000000000000000

            """, file: "big.xsum")
        let result = try Solver(puzzle: big).solve(SearchLimits(keepSolutions: 2))
        #expect(result.solutionCount == 1 && result.complete)
        #expect(result.solutions == [[[true, true], [true, true]]])
        #expect(BruteForce.count(big) == 1)
        let report = try Grader(puzzle: big).grade()
        #expect(report.outcome == .solved && report.solutionsUpTo2 == 1)
        let grade = try CrossSumsFamily().grade(big, solutionsUpTo2: nil, explain: false)
        #expect(grade.solutionsUpTo2 == 1 && grade.label == "easy")
        // Both totals beyond Int.max and different (1.2e19 and 0.9e19): none.
        let different = Puzzle(id: "d", difficulty: "custom", grid: big.grid, solution: nil,
                               rowSums: big.rowSums, columnSums: [6_000_000_000_000_000_000, 3_000_000_000_000_000_000])
        let none = try Solver(puzzle: different).solve()
        #expect(none.solutionCount == 0 && none.complete)
        #expect(BruteForce.count(different) == 0)
        // Totals equal modulo 2^64 only: 16a and 8a - 8 for a = 2^61 - 1.
        let a = (1 << 61) - 1
        let wrapped = Puzzle(id: "w", difficulty: "custom", grid: Array(repeating: Array(repeating: a, count: 4), count: 4),
                             solution: nil, rowSums: Array(repeating: 4 * a, count: 4), columnSums: [4 * a, 4 * a - 8, 0, 0])
        let wrappedResult = try Solver(puzzle: wrapped).solve()
        #expect(wrappedResult.solutionCount == 0 && wrappedResult.complete && wrappedResult.statistics.nodes == 0)
        #expect(BruteForce.count(wrapped) == 0)
    }

    /// The grid and kept totals of a puzzle beyond `Int.max` are no number
    /// (a JSON null), not a trap.
    @Test func metricsOfTotalsBeyondIntMaxAreNull() throws {
        let big = try TextFormat.read(". 6000000000000000000 6000000000000000000\n6000000000000000000 3000000000000000000 3000000000000000000\n6000000000000000000 3000000000000000000 3000000000000000000\n", file: "big.xsum")
        let metrics = CrossSumsFamily().metrics
        let values = metrics.values(of: big)
        let named = Dictionary(uniqueKeysWithValues: zip(metrics.columns.map(\.name), values))
        #expect(named["gridTotal"] == .null)
        #expect(named["keptTotal"] == .null)
        let small = try TextFormat.read(". 3 2\n3 3 5\n2 7 2\n", file: "s.xsum")
        let smallNamed = Dictionary(uniqueKeysWithValues: zip(metrics.columns.map(\.name), metrics.values(of: small)))
        #expect(smallNamed["gridTotal"] == .int(17))
        #expect(smallNamed["keptTotal"] == .int(5))
    }

    @Test func malformedPuzzlesAreRejectedNotTrapped() {
        let ragged = Puzzle(id: "r", difficulty: "custom", grid: [[1, 2], [3]], solution: nil, rowSums: [1, 1], columnSums: [1, 1])
        #expect(throws: SolveError.self) { try Solver(puzzle: ragged) }
        #expect(throws: SolveError.self) { try Grader(puzzle: ragged) }
        #expect(throws: SolveError.self) { try GameSession(puzzle: ragged) }
        #expect(ragged.countSolutions() == nil)
        #expect(!ragged.isSolved(by: [[true, true], [true, true]]))
        #expect(!ragged.isSolved(by: [[true]]))
        let short = Puzzle(id: "s", difficulty: "custom", grid: [[1]], solution: nil, rowSums: [], columnSums: [1])
        #expect(!short.isSolved(by: [[true]]))
        #expect(short.problem == "rowSums has 0 sums for 1 rows")
        let huge = Puzzle(id: "h", difficulty: "custom", grid: [[Int.max, Int.max]], solution: nil, rowSums: [1], columnSums: [1, 1])
        #expect(throws: SolveError.self) { try Solver(puzzle: huge) }
    }

    @Test func bigNumbersUseBoundsReasoning() throws {
        let puzzle = try TextFormat.read(". 5000 7000 0\n12000 5000 7000 3000\n", file: "big.xsum")
        #expect(try Solver(puzzle: puzzle).countSolutions() == 1)
        let report = try Grader(puzzle: puzzle).grade()
        #expect(report.outcome == .solved)
    }
}
