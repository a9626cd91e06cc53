/// The budgets every search starts with unless told otherwise: no count or
/// grade runs longer than ``time`` of CPU time per puzzle (``Deadline``), whatever
/// the input, and a count visits at most ``nodes`` search nodes.
public enum DefaultBudget {
    /// Search nodes per count.
    public static let nodes = 10_000_000
    /// CPU time per count and per grade.
    public static let time: Duration = .seconds(10)
}

/// The limits of a solution count; a count stopped by one is a lower bound.
public struct CountLimits: Sendable, Equatable {
    /// Stop after this many solutions (2 checks uniqueness); `nil`: count all.
    public var solutions: Int?
    /// Search-node budget.
    public var nodes: Int
    /// CPU-time budget (``Deadline``); `nil`: none.
    public var time: Duration?
    /// How many solutions to keep and show.
    public var keepSolutions: Int

    public init(solutions: Int? = nil, nodes: Int = DefaultBudget.nodes, time: Duration? = DefaultBudget.time,
                keepSolutions: Int = 0) {
        self.solutions = solutions
        self.nodes = nodes
        self.time = time
        self.keepSolutions = keepSolutions
    }
}

/// A solution count and the work it took, the same for every family.
///
/// No family reads a clock to count: the time a count took is measured by
/// the caller around the call (as the `solve` command does), the same way
/// for every family.
public struct CountResult: Sendable {
    public var solutionCount: Int
    /// True when the search was exhausted, so the count is exact.
    public var complete: Bool
    /// Why counting stopped, the same words in every family: `exhausted`
    /// (the count is exact; `complete` is true), `solutionLimit`,
    /// `nodeLimit`, `timeLimit`, or `overflow` (the count exceeds `Int.max`
    /// and is reported as `Int.max`, a lower bound). Every reason but
    /// `exhausted` comes with `complete` false.
    public var stopReason: StopReason
    public var nodes: Int
    public var failures: Int
    public var propagations: Int
    public var maxDepth: Int
    /// Family fields for the JSON/CSV row after `stopReason` (e.g. `blanks`).
    public var fields: [(key: String, value: ReportValue)]
    /// The first solution as the solved puzzle in the text format (only
    /// when ``CountLimits/keepSolutions`` asked for solutions).
    public var solutionText: String?
    /// The first solution as JSON, for the `solution` key (likewise).
    public var solutionJSON: String?

    public init(solutionCount: Int, complete: Bool, stopReason: StopReason, nodes: Int, failures: Int = 0,
                propagations: Int = 0, maxDepth: Int = 0, fields: [(key: String, value: ReportValue)] = [],
                solutionText: String? = nil, solutionJSON: String? = nil) {
        self.solutionCount = solutionCount
        self.complete = complete
        self.stopReason = stopReason
        self.nodes = nodes
        self.failures = failures
        self.propagations = propagations
        self.maxDepth = maxDepth
        self.fields = fields
        self.solutionText = solutionText
        self.solutionJSON = solutionJSON
    }
}
