/// Counting the answers of a sheet.
public enum Solver {
    /// The number of answer assignments consistent with the sheet: the
    /// product over exercises of the non-negative integers that answer it,
    /// are allowed by the rules and agree with a written-in answer. Each
    /// valid exercise has exactly one answer, so a sheet counts 1 when every
    /// exercise is valid and every written answer right, else 0.
    public static func count(_ sheet: Puzzle) -> Int {
        var count = 1
        for (i, exercise) in sheet.exercises.enumerated() {
            let given = i < sheet.answers.count ? sheet.answers[i] : nil
            let fits = exercise.problems.isEmpty && exercise.correctAnswer >= 0 && (given.map { $0 == exercise.correctAnswer } ?? true)
            if !fits { count = 0 }
        }
        return count
    }
}
