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

    /// Runs the initial propagation only and returns the pruned domains.
    ///
    /// - Returns: For each variable its remaining value indices in increasing
    ///   order, or `nil` when propagation proves the model inconsistent.
    public mutating func propagatedDomains() -> [[Int]]? {
        engine.propagatedDomains()
    }
}
