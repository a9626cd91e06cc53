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
    /// its ``plainCountNodes``, a count by components
    /// (`ConstraintSolver.Solver.countByComponents(_:)`) within what is left of the
    /// budgets. The first `limits.keepSolutions` solutions are those of the
    /// plain search; the statistics add up both searches.
    ///
    /// - Parameter plainNodes: The plain search's share of the node budget
    ///   (tests pass 0 to count by components from the start).
    static func count(_ model: Model, _ limits: SearchLimits, plainNodes: Int = plainCountNodes) -> SearchResult {
        var solver = ConstraintSolver.Solver(model)
        var first = limits
        first.nodes = min(limits.nodes ?? Int.max, plainNodes)
        let plain = solver.search(first)
        if plain.stopReason != .nodeLimit || first.nodes == limits.nodes { return plain }
        var rest = SearchLimits(nodes: limits.nodes.map { $0 - plain.statistics.nodes },
                                time: limits.time.map { $0 - plain.statistics.elapsed })
        var counted = solver.countByComponents(rest)
        var solutions = plain.solutions
        var statistics = sum(plain.statistics, counted.statistics)
        if solutions.count < limits.keepSolutions && counted.solutionCount > solutions.count {
            // The plain search had not found enough solutions to show yet.
            rest.nodes = limits.nodes.map { $0 - statistics.nodes }
            rest.time = limits.time.map { $0 - statistics.elapsed }
            rest.solutions = limits.keepSolutions
            rest.keepSolutions = limits.keepSolutions
            let shown = solver.search(rest)
            solutions = shown.solutions
            statistics = sum(statistics, shown.statistics)
        }
        counted.solutions = solutions
        counted.statistics = statistics
        return counted
    }

    private static func sum(_ a: SearchStatistics, _ b: SearchStatistics) -> SearchStatistics {
        SearchStatistics(nodes: a.nodes + b.nodes, failures: a.failures + b.failures,
                         propagations: a.propagations + b.propagations, maxDepth: max(a.maxDepth, b.maxDepth),
                         elapsed: a.elapsed + b.elapsed)
    }
}
