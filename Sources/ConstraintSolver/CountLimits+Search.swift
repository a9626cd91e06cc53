import PuzzleKit

extension SearchLimits {
    /// The search limits of a family's solution count.
    public init(_ limits: CountLimits) {
        self.init(solutions: limits.solutions, nodes: limits.nodes, time: limits.time, keepSolutions: limits.keepSolutions)
    }
}

extension CountResult {
    /// A family's count from a search: the count, how it stopped and the
    /// search's statistics.
    public init(_ statistics: SearchStatistics, solutionCount: Int, complete: Bool, stopReason: StopReason,
                fields: [(key: String, value: ReportValue)], solutionText: String?, solutionJSON: String?) {
        self.init(solutionCount: solutionCount, complete: complete, stopReason: stopReason,
                  nodes: statistics.nodes, failures: statistics.failures, propagations: statistics.propagations,
                  maxDepth: statistics.maxDepth, fields: fields,
                  solutionText: solutionText, solutionJSON: solutionJSON)
    }
}
