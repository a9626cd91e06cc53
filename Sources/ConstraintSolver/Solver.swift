/// Counts and enumerates the solutions of a ``Model``.
///
/// The solver compiles the model once into flat, preallocated storage; each
/// ``search(_:)`` starts from the root and leaves the solver ready for the
/// next one, so a solver can be searched repeatedly with different limits.
///
///     var solver = Solver(model)
///     let result = solver.search(SearchLimits(solutions: 2))
///     let isUnique = result.solutionCount == 1
///
/// Results are deterministic: the same model and limits always give the same
/// count, solutions (in the same order) and statistics, except elapsed time.
public struct Solver: Sendable {
    var engine: _Engine

    /// Compiles a model for searching.
    ///
    /// - Complexity: O(size of the model), dominated by the table support masks.
    public init(_ model: Model) {
        engine = _Engine(model)
    }

    /// Searches the model depth-first, counting solutions until the space is
    /// exhausted or a limit is reached.
    ///
    /// - Parameter limits: Solution, node and time budgets and how many
    ///   solutions to collect.
    /// - Returns: The count, whether it is exact, why the search stopped, the
    ///   collected solutions and statistics.
    /// - Complexity: Exponential in the worst case; no allocation per node
    ///   except for collected solutions.
    public mutating func search(_ limits: SearchLimits = .init()) -> SearchResult {
        engine.search(limits)
    }

    /// Counts every solution, splitting the unfixed variables into groups
    /// that share no table, linear sum or nogood and counting the groups
    /// separately.
    ///
    /// The count and its completeness mean the same as with ``search(_:)``,
    /// and node and time limits stop it the same way (the count is then a
    /// lower bound), but far fewer nodes are needed when decisions cut the
    /// model into independent parts: their counts are multiplied instead of
    /// searched as a cartesian product. Parts still coupled by a cardinality
    /// constraint are counted per usage of the values they share and combined
    /// so that the usages add up. The statistics count this search's own
    /// nodes, so they differ from those of ``search(_:)``. A count of
    /// `Int.max` or more is reported as `Int.max` with `StopReason.overflow`.
    ///
    /// - Parameter limits: Node and time budgets. A solution limit or
    ///   `keepSolutions` needs solutions one by one, so such limits run
    ///   ``search(_:)`` instead.
    /// - Returns: The count, whether it is exact, why the search stopped and
    ///   statistics; no solutions.
    /// - Complexity: Exponential in the worst case, but in the size of the
    ///   largest group rather than of the whole model once it splits.
    public mutating func countByComponents(_ limits: SearchLimits = .init()) -> SearchResult {
        if limits.solutions != nil || limits.keepSolutions > 0 { return engine.search(limits) }
        return engine.countByComponents(limits)
    }

    /// Counts every solution, starting with the plain search and handing
    /// what it has not explored to the count by components.
    ///
    /// The plain search (``search(_:)``) runs for at most `plainNodes` nodes.
    /// A model it finishes within them keeps its count, solutions and
    /// statistics exactly. Otherwise the count goes on from where it
    /// stopped, by components as in ``countByComponents(_:)``: the plain
    /// search's decisions `x == v` are kept from the root down as long as the
    /// count by components would have made the same one (the same variable,
    /// the unfixed variables not yet split into groups), and for each kept
    /// decision the branch `x != v` it left open is counted. When every
    /// decision is kept, so is the node the search stopped at, with the
    /// solutions it found; otherwise the node of the first decision not kept
    /// is counted anew, and the solutions the plain search found below it
    /// are dropped. The node and time budgets cover both searches, and a
    /// stop gives a lower bound. The statistics add up both searches
    /// (decision depths measured from the root).
    ///
    /// - Parameters:
    ///   - limits: Node and time budgets and how many solutions to keep: the
    ///     first ones the plain search finds, searched further when it found
    ///     fewer than the count has. A solution limit needs solutions one by
    ///     one, so it runs ``search(_:)`` instead.
    ///   - plainNodes: The plain search's share of the node budget; 0 counts
    ///     by components from the root.
    /// - Returns: The count, whether it is exact, why the search stopped, the
    ///   kept solutions and statistics.
    public mutating func countByComponents(_ limits: SearchLimits, plainNodes: Int) -> SearchResult {
        if limits.solutions != nil { return engine.search(limits) }
        return engine.countByComponents(limits, plainNodes: plainNodes)
    }

    /// Runs the initial propagation only and returns the pruned domains.
    ///
    /// - Returns: For each variable its remaining value indices in increasing
    ///   order, or `nil` when propagation proves the model inconsistent.
    public mutating func propagatedDomains() -> [[Int]]? {
        engine.propagatedDomains()
    }
}
