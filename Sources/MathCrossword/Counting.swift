import ConstraintSolver

extension Solver {
    /// Search nodes a full count spends in the plain search before it counts
    /// by components instead.
    ///
    /// Levels counted within this budget (nearly every generated level) keep
    /// the plain search's count, solutions and statistics; the rest are hard
    /// counts, such as a grid whose every operand is empty, where fixing a
    /// few crossing cells cuts the grid into independent parts.
    static let plainCountNodes = 5_000

    /// Searches `model` within `limits`, solution by solution.
    static func search(_ model: Model, _ limits: SearchLimits) -> SearchResult {
        var solver = ConstraintSolver.Solver(model)
        return solver.search(limits)
    }

    /// Counts every solution of `model` within `limits` (which set no
    /// solution limit): the plain search first, then, when it runs out of
    /// its ``plainCountNodes``, what it left open by components
    /// (`ConstraintSolver.Solver.countByComponents(_:plainNodes:)`) within
    /// what is left of the budgets. The first `limits.keepSolutions`
    /// solutions are those of the plain search; the statistics add up both
    /// searches.
    ///
    /// - Parameter plainNodes: The plain search's share of the node budget
    ///   (tests pass 0 to count by components from the start).
    static func count(_ model: Model, _ limits: SearchLimits, plainNodes: Int = plainCountNodes) -> SearchResult {
        var solver = ConstraintSolver.Solver(model)
        return solver.countByComponents(limits, plainNodes: plainNodes)
    }
}
