import PuzzleKit

/// Budgets that end a search early. All are optional; the default has none.
public struct SearchLimits: Sendable, Equatable {
    /// Stop as soon as this many solutions are found (`2` is the uniqueness
    /// check). A value of 0 or less stops before the root node.
    public var solutions: Int?
    /// Stop before visiting more than this many search nodes (the root counts
    /// as one node, and so does every branch `x == v` or `x != v`).
    public var nodes: Int?
    /// Stop once this much time has elapsed; the clock is read every 64 nodes.
    public var time: Duration?
    /// How many solutions to collect in ``SearchResult/solutions`` (the first found).
    public var keepSolutions: Int

    /// Creates search limits; every limit defaults to none.
    public init(solutions: Int? = nil, nodes: Int? = nil, time: Duration? = nil, keepSolutions: Int = 0) {
        self.solutions = solutions
        self.nodes = nodes
        self.time = time
        self.keepSolutions = keepSolutions
    }
}

/// Counters describing the work done by one search.
///
/// Everything except `elapsed` is deterministic: the same model searched with
/// the same limits gives the same statistics.
public struct SearchStatistics: Sendable, Equatable {
    /// Search nodes visited: the root plus every `x == v` and `x != v` branch.
    public var nodes: Int
    /// Nodes whose propagation failed.
    public var failures: Int
    /// Propagator runs.
    public var propagations: Int
    /// The largest number of `x == v` decisions on the current path.
    public var maxDepth: Int
    /// CPU time of the search (the thread's, as `Deadline` measures it).
    public var elapsed: Duration

    public init(nodes: Int = 0, failures: Int = 0, propagations: Int = 0, maxDepth: Int = 0, elapsed: Duration = .zero) {
        self.nodes = nodes
        self.failures = failures
        self.propagations = propagations
        self.maxDepth = maxDepth
        self.elapsed = elapsed
    }
}

/// The outcome of ``Solver/search(_:)``.
public struct SearchResult: Sendable {
    /// Solutions found: exact when ``complete`` is true, otherwise a lower bound.
    public var solutionCount: Int
    /// True exactly when the search space was exhausted (`stopReason == .exhausted`).
    ///
    /// A search stopped by the solution limit is *not* complete, even if no
    /// further solution exists: with `limits.solutions = 2`, a model with
    /// exactly two solutions reports `solutionCount == 2, complete == false`.
    public var complete: Bool
    /// Why the search ended.
    public var stopReason: StopReason
    /// The first `limits.keepSolutions` solutions, in search order; each holds
    /// one value index per variable.
    public var solutions: [[Int]]
    /// Work counters.
    public var statistics: SearchStatistics
}
