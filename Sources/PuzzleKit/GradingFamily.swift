/// A family with a grader: difficulty for a person, with explanations.
public protocol GradingFamily<Puzzle>: PuzzleFamily {
    /// The family's technique (or feature) table, easiest first.
    associatedtype Technique: TechniqueTier
    /// The grade labels, easiest first (bench counts them in this order).
    var gradeLabels: [String] { get }
    /// Grades a puzzle.
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle to grade.
    ///   - solutionsUpTo2: the puzzle's solutions counted up to 2 (a
    ///     uniqueness check: 0, 1, or 2 for two or more) when the caller
    ///     already has them, so the grader need not count again.
    ///   - explain: write ``GradeResult/explanation``, one sentence per step;
    ///     without it the explanation is empty (bench and export never read
    ///     it, and writing the sentences can cost as much as grading).
    ///   - timeLimit: the CPU-time budget (``Deadline``) of the grade (and of the
    ///     uniqueness check in it); a grade stopped by it has
    ///     ``GradeResult/complete`` false. `nil`: none.
    func grade(_ puzzle: Puzzle, solutionsUpTo2: Int?, explain: Bool, timeLimit: Duration?) throws -> GradeResult
}

extension GradingFamily {
    /// Grades a puzzle within ``DefaultBudget/time``.
    public func grade(_ puzzle: Puzzle, solutionsUpTo2: Int?, explain: Bool) throws -> GradeResult {
        try grade(puzzle, solutionsUpTo2: solutionsUpTo2, explain: explain, timeLimit: DefaultBudget.time)
    }
}
