import PuzzleKit

/// The number search metric columns of research rows.
public enum Metrics {
    /// The columns, in export order.
    public static let columns: [MetricColumn] = MetricColumn.gridSize + [
        MetricColumn("questions", unit: "count", "questions in the level"),
        MetricColumn("pathMode", unit: "name", "straight or any"),
        MetricColumn("targetDigits", unit: "digits", "digits of all targets together"),
        MetricColumn("longestAnswer", unit: "digits", "digits of the longest target"),
        MetricColumn("directions", unit: "names", "each answer's direction (one-cell, bent or a direction), ';'-separated"),
        MetricColumn("forwardAnswers", unit: "count", "answers reading right or down (or one cell)"),
        MetricColumn("backwardAnswers", unit: "count", "answers reading left or up"),
        MetricColumn("diagonalAnswers", unit: "count", "answers along a diagonal"),
        MetricColumn("bentAnswers", unit: "count", "answers whose path turns"),
        MetricColumn("carries", unit: "count", "questions whose operands carry"),
        MetricColumn("nearMisses", unit: "paths", "near misses of all questions (Technique.nearMiss)"),
        MetricColumn("maxNearMisses", unit: "paths", "the most near misses of one question"),
        MetricColumn("pathCounts", unit: "paths", "paths spelling each target, ';'-separated"),
        MetricColumn("overlaps", unit: "cells", "cells shared by two or more answers"),
    ]

    /// A level's values for ``columns``; a question without a path counts
    /// as direction `none` with no near misses.
    public static func values(of level: Puzzle) -> [ReportValue] {
        guard level.problemFreeGrid else {
            return columns.map { _ in .null }
        }
        let board = Board(level)
        let grades = level.questions.map { Grader.grade($0, on: board, mode: level.pathMode) }
        let directions = grades.map { g -> String in
            guard let g else { return "none" }
            if g.path.count < 2 { return "one-cell" }
            return Rules.direction(of: g.path)?.rawValue ?? "bent"
        }
        let features = grades.compactMap { $0?.direction }
        let counts = level.questions.map { q in
            q.target >= 0 ? board.count(Rules.boardDigits(of: q.target), mode: level.pathMode) : 0
        }
        let digits = level.questions.map { Rules.digits(of: max(0, $0.target)).count }
        return [
            .int(level.rows), .int(level.columns), .int(level.questions.count), .string(level.pathMode.rawValue),
            .int(digits.reduce(0, +)), .int(digits.max() ?? 0), .string(directions.joined(separator: ";")),
            .int(features.filter { $0 == .forward }.count), .int(features.filter { $0 == .backward }.count),
            .int(features.filter { $0 == .diagonal || $0 == .upwardDiagonal }.count), .int(features.filter { $0 == .bent }.count),
            .int(level.questions.filter(\.hasCarry).count),
            .int(grades.reduce(0) { $0 + ($1?.nearMisses ?? 0) }), .int(grades.map { $0?.nearMisses ?? 0 }.max() ?? 0),
            .string(counts.map(String.init).joined(separator: ";")), .int(overlaps(level)),
        ]
    }

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
