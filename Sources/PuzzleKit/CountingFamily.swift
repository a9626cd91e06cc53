/// A family whose solver counts solutions exactly.
public protocol CountingFamily<Puzzle>: PuzzleFamily {
    /// Counts the puzzle's solutions within `limits`.
    ///
    /// - Throws: a one-line error when the puzzle cannot be modelled (a value
    ///   too large for this build, too many blanks).
    func count(_ puzzle: Puzzle, limits: CountLimits) throws -> CountResult
}

extension CountingFamily {
    /// The puzzle's solutions counted up to 2 (0 none, 1 unique, 2 two or
    /// more) within `timeLimit` and the default node budget, or `nil` when a
    /// budget stopped the count before it knew (or the puzzle cannot be
    /// modelled).
    public func solutionsUpTo2(_ puzzle: Puzzle, timeLimit: Duration?) -> Int? {
        guard let counted = try? count(puzzle, limits: CountLimits(solutions: 2, time: timeLimit)) else { return nil }
        return counted.complete || counted.stopReason == .solutionLimit ? min(counted.solutionCount, 2) : nil
    }
}
