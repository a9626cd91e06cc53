import ConstraintSolver
import PuzzleKit

/// Why a puzzle cannot be solved, graded or played.
public enum SolveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The puzzle is malformed (see ``Puzzle/problem``).
    case invalidPuzzle(String)
    /// A game needs the one solution; the puzzle has none or several.
    case notUnique(solutionCount: Int)

    public var description: String {
        switch self {
        case .invalidPuzzle(let problem): return "invalid puzzle: \(problem)"
        case .notUnique(let count):
            return count == 0 ? "the puzzle has no solution" : "the puzzle has more than one solution"
        }
    }
}

/// What a search found.
public struct SolveResult: Sendable {
    /// Solutions found: exact when ``complete``, a lower bound otherwise.
    public var solutionCount: Int
    /// False when a solution, node or time limit stopped the count.
    public var complete: Bool
    public var stopReason: StopReason
    /// The first solutions (as many as asked for), each a keep/remove mask.
    public var solutions: [[[Bool]]]
    public var statistics: SearchStatistics
}

extension SolveResult {
    /// A keep/remove mask as JSON: rows of `true` (kept) and `false` (removed).
    public static func json(mask: [[Bool]]) -> String {
        "[" + mask.map { "[" + $0.map { $0 ? "true" : "false" }.joined(separator: ",") + "]" }.joined(separator: ",") + "]"
    }

    /// The result as one row for JSON or CSV output (docs/FORMATS.md section 5):
    /// `id`, `solutionCount` (a decimal string above 2^53), `complete`,
    /// `stopReason`, search statistics, the time in microseconds and, when
    /// asked, the first solution as an array of rows of `true` (kept) and
    /// `false` (removed), or `null` when there is none.
    public func reportRow(id: String, includeSolution: Bool = false) -> ReportRow {
        let (seconds, attoseconds) = statistics.elapsed.components
        var row = ReportRow([
            ("id", .string(id)), ("solutionCount", .count(solutionCount)), ("complete", .bool(complete)),
            ("stopReason", .string(stopReason.rawValue)), ("nodes", .int(statistics.nodes)),
            ("failures", .int(statistics.failures)), ("propagations", .int(statistics.propagations)),
            ("maxDepth", .int(statistics.maxDepth)),
            ("timeMicroseconds", .int(Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))),
        ])
        if includeSolution {
            row.append("solution", solutions.first.map { .json(Self.json(mask: $0)) } ?? .null)
        }
        return row
    }
}

/// A cross sums puzzle as a constraint model on the `ConstraintSolver` kernel.
///
/// One Boolean variable per cell (value 1: kept), row-major, and one linear
/// sum per row and per column: the numbers are the coefficients and the
/// line's sum the total. The kernel filters each line with subset-sum
/// reachability (totals up to `ConstraintSolver.Model.reachabilityLimit`,
/// bounds above), which keeps exactly the values that appear in some way to
/// make the line's sum, so search rarely branches on unique puzzles. When the
/// row sums and the column sums add up to different totals (both are the
/// total of all kept numbers) the puzzle has no solution and no search runs.
///
///     let model = try Solver(puzzle: puzzle)
///     print(model.solve(SearchLimits(solutions: 2)).solutionCount)
///     // Prints "1"
public struct Solver: Sendable {
    public let rows: Int
    public let columns: Int
    /// The model; `nil` when the sums alone rule out every mask.
    let model: Model?

    /// Builds the model of a puzzle (its `solution` is ignored).
    ///
    /// - Throws: ``SolveError/invalidPuzzle(_:)`` for a malformed puzzle.
    /// - Complexity: O(*rows* × *columns*).
    public init(puzzle: Puzzle) throws(SolveError) {
        var checked = puzzle
        checked.solution = nil
        if let problem = checked.problem { throw .invalidPuzzle(problem) }
        rows = puzzle.rows
        columns = puzzle.columns
        // Both are the total of the kept numbers, compared exactly: a grand
        // total beyond Int.max is no reason to refuse a solution.
        if Puzzle.exactTotal(puzzle.rowSums) != Puzzle.exactTotal(puzzle.columnSums) {
            model = nil
            return
        }
        let (rows, columns) = (self.rows, self.columns)
        var model = Model()
        for _ in 0..<(rows * columns) { model.addVariable(domainSize: 2) }
        do {
            for r in 0..<rows {
                try model.addLinearSum(Array((r * columns)..<((r + 1) * columns)), coefficients: puzzle.grid[r],
                                       equals: puzzle.rowSums[r])
            }
            for c in 0..<columns {
                try model.addLinearSum((0..<rows).map { $0 * columns + c }, coefficients: puzzle.grid.map { $0[c] },
                                       equals: puzzle.columnSums[c])
            }
        } catch {
            throw .invalidPuzzle(error.description)
        }
        self.model = model
    }

    /// Counts solutions within `limits` and returns the first
    /// `limits.keepSolutions` of them.
    ///
    /// - Complexity: Exponential in the worst case; a unique 9×9 puzzle with
    ///   numbers 1–9 takes a few dozen search nodes.
    public func solve(_ limits: SearchLimits = .init()) -> SolveResult {
        guard let model else {
            let stop: StopReason = (limits.solutions ?? 1) <= 0 ? .solutionLimit : .exhausted
            return SolveResult(solutionCount: 0, complete: stop == .exhausted, stopReason: stop, solutions: [],
                               statistics: SearchStatistics())
        }
        var solver = ConstraintSolver.Solver(model)
        let result = solver.search(limits)
        return SolveResult(
            solutionCount: result.solutionCount, complete: result.complete, stopReason: result.stopReason,
            solutions: result.solutions.map(mask), statistics: result.statistics)
    }

    /// The number of solutions, stopping at `limit` (2 checks uniqueness).
    public func countSolutions(limit: Int? = nil) -> Int {
        solve(SearchLimits(solutions: limit)).solutionCount
    }

    /// A kernel assignment as a keep/remove mask.
    private func mask(_ assignment: [Int]) -> [[Bool]] {
        (0..<rows).map { r in (0..<columns).map { c in assignment[r * columns + c] == 1 } }
    }
}

extension Puzzle {
    /// Counts the keep/remove masks that solve the puzzle, stopping at
    /// `limit` when given; `nil` for a malformed puzzle.
    public func countSolutions(limit: Int? = nil) -> Int? {
        try? Solver(puzzle: self).countSolutions(limit: limit)
    }
}
