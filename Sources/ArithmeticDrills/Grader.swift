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

    /// Grades a sheet: its label is the grade that at least half of its
    /// exercises reach (``sheetLabel(_:)``), its score the sum of the
    /// exercises' scores, its hardest technique the hardest feature of any
    /// exercise; every exercise is one step. With `explain`, the explanation
    /// holds each exercise's strategy, easiest first (`EasiestFirst`).
    ///
    /// - Throws: ``GradeError`` when an exercise breaks the rules.
    public static func grade(_ sheet: Puzzle, explain: Bool) throws(GradeError) -> GradeResult {
        let invalid = problems(sheet).filter { !$0.contains("written answer") }
        if let first = invalid.first { throw GradeError(description: "cannot grade: \(first)") }
        let graded = sheet.exercises.map(ExerciseFeatures.init)
        let hardest = graded.map(\.hardest).max() ?? .countOn
        let solutionsUpTo2 = min(Solver.count(sheet), 2)
        var fields: [(key: String, value: ReportValue)] = [("exercises", .int(graded.count)),
                                                           ("solutionsUpTo2", .int(solutionsUpTo2))]
        for feature in Technique.allCases {
            fields.append(("\(feature.key)Exercises", .int(graded.filter { $0.features.contains(feature) }.count)))
        }
        for label in Technique.gradeLabels {
            fields.append(("\(label.filter { $0 != "-" })Exercises", .int(graded.filter { $0.label == label }.count)))
        }
        fields.append(("exerciseScores", .json("[" + graded.map { String($0.score) }.joined(separator: ",") + "]")))
        let details = graded.map { g in
            "\(g.exercise): score \(g.score), \(g.label) (\(g.features.map(\.code).joined(separator: ", ")))"
        }
        return GradeResult(label: sheetLabel(graded), score: graded.reduce(0) { $0 + $1.score },
                           hardestTechnique: (hardest.code, hardest.name), steps: graded.count, rounds: graded.isEmpty ? 0 : 1,
                           guesses: 0, backtracks: 0, solutionsUpTo2: solutionsUpTo2, forcedShare: graded.isEmpty ? 0 : 1,
                           longestForcedRun: graded.count, visibility: nil, details: details,
                           explanation: explain ? EasiestFirst.order(graded.map(\.hardest)).map { graded[$0].strategy } : [],
                           fields: fields)
    }
}

extension Grader {
    /// The grade at least half of the exercises reach: one hard exercise
    /// among ten easy ones does not make the sheet hard (with the hardest
    /// exercise's grade, 89 % of `very-easy` sheets were "challenge").
    ///
    ///     // grades warm-up ×4, practice ×4, challenge ×2 → "practice"
    public static func sheetLabel(_ graded: [ExerciseFeatures]) -> String {
        let ranks = graded.map { Technique.gradeLabels.firstIndex(of: $0.label) ?? 0 }.sorted()
        return Technique.gradeLabels[ranks.isEmpty ? 0 : ranks[ranks.count / 2]]
    }
}

/// Why a sheet cannot be graded, as one line.
public struct GradeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}
