import PuzzleKit

/// The number search metric columns of research rows.
public enum Metrics {
    /// What the columns read of a level, worked out once per level; a
    /// question without a path counts as direction `none` with no near
    /// misses.
    struct Analysis {
        var level: Puzzle
        /// Each question's grade; `nil` where it has no path.
        var grades: [QuestionGrade?]
        /// Each answer's direction: `one-cell`, `bent`, a direction or `none`.
        var directions: [String]
        /// The path features of the questions that have a path.
        var features: [Technique]
        /// Paths spelling each target.
        var pathCounts: [Int]
        /// Digits of each target.
        var digits: [Int]

        /// The analysis of a level whose grid has no problem; `nil` otherwise.
        init?(_ level: Puzzle) {
            guard level.problemFreeGrid else { return nil }
            self.level = level
            let board = Board(level)
            grades = level.questions.map { Grader.grade($0, on: board, mode: level.pathMode) }
            directions = grades.map { g -> String in
                guard let g else { return "none" }
                if g.path.count < 2 { return "one-cell" }
                return Rules.direction(of: g.path)?.rawValue ?? "bent"
            }
            features = grades.compactMap { $0?.direction }
            pathCounts = level.questions.map { q in
                q.target >= 0 ? board.count(Rules.boardDigits(of: q.target), mode: level.pathMode) : 0
            }
            digits = level.questions.map { Rules.digits(of: max(0, $0.target)).count }
        }
    }

    /// The columns, in export order, with their values; every value is
    /// null for a level whose grid has a problem.
    public static let table = MetricTable<Puzzle>(analysis: Analysis.init, Metric.gridSize(rows: { $0.level.rows }, columns: { $0.level.columns }) + [
        Metric("questions", unit: "count", kind: .count, "questions in the level") { .int($0.level.questions.count) },
        Metric("pathMode", unit: "name", kind: .label(PathMode.allCases.map(\.rawValue)), "straight or any") { .string($0.level.pathMode.rawValue) },
        Metric("targetDigits", unit: "digits", kind: .count, "digits of all targets together") { .int($0.digits.reduce(0, +)) },
        Metric("longestAnswer", unit: "digits", kind: .count, "digits of the longest target") { .int($0.digits.max() ?? 0) },
        Metric("directions", unit: "names", kind: .words, "each answer's direction (one-cell, bent or a direction)") {
            .strings($0.directions)
        },
        Metric("forwardAnswers", unit: "count", kind: .count, "answers reading right or down (or one cell)") {
            .int($0.features.filter { $0 == .forward }.count)
        },
        Metric("backwardAnswers", unit: "count", kind: .count, "answers reading left or up") { .int($0.features.filter { $0 == .backward }.count) },
        Metric("diagonalAnswers", unit: "count", kind: .count, "answers along a diagonal") {
            .int($0.features.filter { $0 == .diagonal || $0 == .upwardDiagonal }.count)
        },
        Metric("bentAnswers", unit: "count", kind: .count, "answers whose path turns") { .int($0.features.filter { $0 == .bent }.count) },
        Metric("carries", unit: "count", kind: .count, "questions whose operands carry") { .int($0.level.questions.filter(\.hasCarry).count) },
        Metric("nearMisses", unit: "paths", kind: .count, "near misses of all questions (Technique.nearMiss)") {
            .int($0.grades.reduce(0) { $0 + ($1?.nearMisses ?? 0) })
        },
        Metric("maxNearMisses", unit: "paths", kind: .count, "the most near misses of one question") {
            .int($0.grades.map { $0?.nearMisses ?? 0 }.max() ?? 0)
        },
        Metric("pathCounts", unit: "paths", kind: .counts, "paths spelling each target") {
            .json("[" + $0.pathCounts.map(String.init).joined(separator: ",") + "]")
        },
        Metric("overlaps", unit: "cells", kind: .count, "cells shared by two or more answers") { .int(overlaps($0.level)) },
    ])

    /// Cells that lie on the given answers of two or more questions.
    static func overlaps(_ level: Puzzle) -> Int {
        var seen: [GridPosition: Int] = [:]
        for q in level.questions {
            for p in Set(q.solutionPositions ?? []) { seen[p, default: 0] += 1 }
        }
        return seen.values.filter { $0 > 1 }.count
    }

    /// Strings as a JSON array.
    static func jsonArray(_ items: [String]) -> String {
        if case .json(let text) = ReportValue.strings(items) { return text }
        return "[]"
    }
}
