/// Why a search, a count or a grade stopped, the same words in every
/// family and every output (`stopReason` in JSON and CSV).
public enum StopReason: String, Sendable, Equatable, CaseIterable {
    /// The whole search was done: a count is exact, a grade reached its end.
    case exhausted
    /// The asked number of solutions was found: the count is a lower bound.
    case solutionLimit
    /// The node budget ran out: the count is a lower bound.
    case nodeLimit
    /// The time budget ran out: a count is a lower bound, a grade's label
    /// and score are what its steps so far needed.
    case timeLimit
    /// A grader's guess budget ran out before its trace reached the end.
    case guessLimit
    /// The count exceeds `Int.max`; it is reported as `Int.max`, a lower bound.
    case overflow
}
