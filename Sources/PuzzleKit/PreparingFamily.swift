/// A family whose counting and grading start from the same work done on the
/// puzzle (for the math crossword, the solver's table per equation): a run
/// that counts a puzzle and then grades it does that work once.
///
/// Conforming families implement ``prepare(_:)`` and the two calls taking
/// its result; ``CountingFamily/count(_:limits:)`` and
/// ``GradingFamily/trace(_:solutionsUpTo2:timeLimit:)`` (and so the grade)
/// then come from them.
public protocol PreparingFamily<Puzzle>: CountingFamily, GradingFamily {
    /// What counting and grading share.
    associatedtype Prepared: Sendable
    /// Does the shared work for `puzzle`.
    ///
    /// - Parameter puzzle: the puzzle to count and grade.
    /// - Throws: what counting or grading it would throw before any search
    ///   (a value too large for the build, for example).
    func prepare(_ puzzle: Puzzle) throws -> Prepared
    /// ``CountingFamily/count(_:limits:)`` of a prepared puzzle.
    ///
    /// - Parameters:
    ///   - prepared: the puzzle, prepared.
    ///   - limits: the budgets of the count.
    func count(prepared: Prepared, limits: CountLimits) throws -> CountResult
    /// ``GradingFamily/trace(_:solutionsUpTo2:timeLimit:)`` of a prepared
    /// puzzle.
    ///
    /// - Parameters:
    ///   - prepared: the puzzle, prepared.
    ///   - solutionsUpTo2: its solutions counted up to 2, when known.
    ///   - timeLimit: the CPU-time budget (``Deadline``) of the grade.
    func trace(prepared: Prepared, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace
}

extension PreparingFamily {
    public func count(_ puzzle: Puzzle, limits: CountLimits) throws -> CountResult {
        try count(prepared: prepare(puzzle), limits: limits)
    }

    public func trace(_ puzzle: Puzzle, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace {
        try trace(prepared: prepare(puzzle), solutionsUpTo2: solutionsUpTo2, timeLimit: timeLimit)
    }
}
