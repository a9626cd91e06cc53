import PuzzleKit

/// Checking and grading of sheets.
public enum Grader {
    /// The rule violations of a sheet, one sentence each (empty when valid).
    public static func problems(_ sheet: Puzzle) -> [String] {
        var problems: [String] = []
        for (i, exercise) in sheet.exercises.enumerated() {
            for problem in exercise.problems { problems.append("exercise \(i + 1) (\(exercise)): \(problem)") }
            if i < sheet.answers.count, let given = sheet.answers[i], exercise.problems.isEmpty, given != exercise.correctAnswer {
                problems.append("exercise \(i + 1) (\(exercise)): the written answer \(given) is wrong, expected \(exercise.correctAnswer)")
            }
        }
        return problems
    }

    /// Notes on what generators never produce: repeated exercises and
    /// exercises whose score differs from the sheet's target.
    public static func notes(_ sheet: Puzzle) -> [String] {
        var notes: [String] = []
        var seen: [Exercise: Int] = [:]
        for (i, exercise) in sheet.exercises.enumerated() {
            if let first = seen[exercise] {
                notes.append("exercise \(i + 1) (\(exercise)) repeats exercise \(first)")
            } else {
                seen[exercise] = i + 1
            }
            if let target = sheet.target, exercise.problems.isEmpty, exercise.features.score != target {
                notes.append("exercise \(i + 1) (\(exercise)) scores \(exercise.features.score), not the target \(target)")
            }
        }
        return notes
    }

    /// The trace of a sheet: every exercise is one step, easiest first
    /// (`EasiestFirst` on each exercise's heaviest feature). A step's
    /// technique is its exercise's heaviest feature, its points the
    /// exercise's score (whose grade is the exercise's); it reads the
    /// exercise and writes its answer. The exercises are all on offer at
    /// once: every step is in round 1 and has the exercises still open on
    /// offer, so only the last is forced.
    ///
    /// - Throws: ``GradeError`` when an exercise breaks the rules.
    public static func trace(_ sheet: Puzzle) throws(GradeError) -> GradeTrace<Technique, ExerciseFeatures> {
        let invalid = problems(sheet).filter { !$0.contains("written answer") }
        if let first = invalid.first { throw GradeError(description: "cannot grade: \(first)") }
        let graded = sheet.exercises.map(ExerciseFeatures.init)
        let order = EasiestFirst.order(graded.map(\.hardest))
        let steps = order.enumerated().map { done, index in
            GradeTrace<Technique, ExerciseFeatures>.Step(
                technique: graded[index].hardest, reads: [.item(index)],
                decides: [TraceDecision(.item(index), .value("\(graded[index].exercise.correctAnswer)"))],
                round: 1, movesOnOffer: order.count - done, points: graded[index].score, facts: graded[index])
        }
        return GradeTrace(steps: steps, outcome: .solved, solutionsUpTo2: min(Solver.count(sheet), 2))
    }
}

/// Why a sheet cannot be graded, as one line.
public struct GradeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}
