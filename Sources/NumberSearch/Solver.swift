import PuzzleKit

/// What the solver found for a level: every question's paths, counted exactly.
public struct SolveResult: Sendable, Equatable {
    /// For each question, the number of paths spelling its target.
    public var pathCounts: [Int]
    /// For each question, its first paths (as many as asked), row-major by
    /// first cell, then in ``Direction`` order.
    public var paths: [[[GridPosition]]]
    /// The number of ways to answer every question: the product of
    /// ``pathCounts`` (saturating at `Int.max`, see ``overflow``).
    public var solutionCount: Int
    /// True when the product exceeded `Int.max` (never for grids of the format's size and three questions).
    public var overflow: Bool
    /// False when the node budget stopped the search; the counts are then lower bounds.
    public var complete: Bool
    /// Cells tried.
    public var nodes: Int
}

/// Counts and lists the paths that answer a level's questions.
///
/// The counts are exact: every sequence of distinct adjacent cells (straight
/// lines only in ``PathMode/straight`` mode) whose digits spell the target.
/// A path and the same cells read backwards are different paths (they spell
/// different numbers unless the target is a palindrome).
///
///     let result = Solver.solve(level)
///     print(result.pathCounts, result.solutionCount)
///     // Prints "[1, 1, 1] 1" for a generated level
public enum Solver {
    /// The paths spelling `target` in `level`, at most `limit` of them.
    ///
    /// - Parameters:
    ///   - target: the number the paths spell.
    ///   - level: the level whose grid is searched.
    ///   - mode: the path rule; the level's own when `nil`.
    ///   - limit: the most paths returned.
    public static func paths(forming target: Int, in level: Puzzle, mode: PathMode? = nil,
                             limit: Int = .max) -> [[GridPosition]] {
        guard target >= 0, level.problemFreeGrid else { return [] }
        let board = Board(level)
        var result: [[GridPosition]] = []
        var nodes = 0
        guard limit > 0 else { return [] }
        board.forEachPath(Rules.boardDigits(of: target), mode: mode ?? level.pathMode, nodes: &nodes) { path in
            result.append(path.map(board.position))
            return result.count < limit
        }
        return result
    }

    /// The number of paths spelling `target` in `level`.
    ///
    /// - Parameters:
    ///   - target: the number the paths spell.
    ///   - level: the level whose grid is searched.
    ///   - mode: the path rule; the level's own when `nil`.
    /// - Complexity: O(cells × 8) in straight mode, O(cells × 8^(d−1)) for a
    ///   `d`-digit target in any mode.
    public static func count(_ target: Int, in level: Puzzle, mode: PathMode? = nil) -> Int {
        guard target >= 0, level.problemFreeGrid else { return 0 }
        return Board(level).count(Rules.boardDigits(of: target), mode: mode ?? level.pathMode)
    }

    /// Counts every question's paths and the ways to answer them all.
    ///
    /// - Parameters:
    ///   - level: the level to solve.
    ///   - mode: the path rule; the level's own when `nil`.
    ///   - keep: how many paths to list per question.
    ///   - nodeBudget: cells the search may try in all.
    public static func solve(_ level: Puzzle, mode: PathMode? = nil, keep: Int = 0, nodeBudget: Int = 10_000_000) -> SolveResult {
        var result = SolveResult(pathCounts: [], paths: [], solutionCount: 1, overflow: false, complete: true, nodes: 0)
        guard level.problemFreeGrid else {
            result.pathCounts = level.questions.map { _ in 0 }
            result.paths = level.questions.map { _ in [] }
            result.solutionCount = 0
            return result
        }
        let board = Board(level)
        let mode = mode ?? level.pathMode
        var nodes = 0
        for question in level.questions {
            var count = 0
            var listed: [[GridPosition]] = []
            if question.target >= 0 {
                let finished = board.forEachPath(Rules.boardDigits(of: question.target), mode: mode,
                                                 nodes: &nodes, budget: nodeBudget) { path in
                    count += 1
                    if listed.count < keep { listed.append(path.map(board.position)) }
                    return true
                }
                if !finished { result.complete = false }
            }
            result.pathCounts.append(count)
            result.paths.append(listed)
            let (product, overflow) = result.solutionCount.multipliedReportingOverflow(by: count)
            if count == 0 && result.complete {
                // No way to answer this question: no way at all, exactly,
                // whatever the product before it had overflowed to.
                result.overflow = false
                result.solutionCount = 0
            } else if overflow {
                result.overflow = true
                result.solutionCount = Int.max
            } else if !result.overflow {
                result.solutionCount = product
            }
            if !result.complete { break }
        }
        if !result.complete {
            while result.pathCounts.count < level.questions.count {
                result.pathCounts.append(0)
                result.paths.append([])
            }
        }
        if result.pathCounts.contains(0) && result.complete { result.solutionCount = 0; result.overflow = false }
        result.nodes = nodes
        return result
    }
}

extension Puzzle {
    /// True when the grid is rectangular, 1…20 a side, all digits 0–9: what
    /// the searches need (questions may still be faulty).
    var problemFreeGrid: Bool {
        (1...Rules.maxSide).contains(rows) && (1...Rules.maxSide).contains(columns)
            && grid.allSatisfy { $0.count == columns && $0.allSatisfy { (0...9).contains($0) } }
    }
}
