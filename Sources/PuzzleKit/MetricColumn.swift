/// One metric column a family adds to research rows, as the readers of the
/// columns see it (`export --list-columns`, the research rows): its name,
/// unit and meaning.
public struct MetricColumn: Sendable, Equatable {
    public var name: String
    public var unit: String
    public var meaning: String

    public init(_ name: String, unit: String, _ meaning: String) {
        self.name = name
        self.unit = unit
        self.meaning = meaning
    }
}

/// One metric column declared once: its name, unit and meaning with the
/// closure that computes its value from a puzzle's `Analysis` (the puzzle
/// itself, or what a family works out from it once for all its columns).
public struct Metric<Analysis>: Sendable {
    /// The column's name, unit and meaning.
    public var column: MetricColumn
    /// The column's value for one analysed puzzle.
    public var value: @Sendable (Analysis) -> ReportValue

    /// Declares a column.
    ///
    /// - Parameters:
    ///   - name: the column's name in CSV headers and JSON keys.
    ///   - unit: what the value counts (`cells`, `count`, `json`, …; empty
    ///     for free text).
    ///   - meaning: what the value is, in a few words.
    ///   - value: computes the column's value.
    public init(_ name: String, unit: String, _ meaning: String, value: @escaping @Sendable (Analysis) -> ReportValue) {
        column = MetricColumn(name, unit: unit, meaning)
        self.value = value
    }

    /// The grid's rows and columns, the first two columns of grid families.
    ///
    /// - Parameters:
    ///   - rows: the grid's rows.
    ///   - columns: the grid's columns.
    public static func gridSize(rows: @escaping @Sendable (Analysis) -> Int,
                                columns: @escaping @Sendable (Analysis) -> Int) -> [Metric] {
        [
            Metric("rows", unit: "cells", "grid rows") { .int(rows($0)) },
            Metric("columns", unit: "cells", "grid columns") { .int(columns($0)) },
        ]
    }
}

/// A family's metric columns in export order, each declared once with the
/// closure that computes its value, so the column list and the values
/// cannot fall out of step.
///
/// Columns that share an expensive analysis of the puzzle read it from one
/// `Analysis` value that the table makes once per puzzle.
///
///     let metrics = MetricTable<[Int]>([
///         Metric("numbers", unit: "count", "numbers offered") { .int($0.count) },
///     ])
///     metrics.values(of: [3, 4])  // [.int(2)]
public struct MetricTable<Puzzle>: Sendable {
    /// The columns' names, units and meanings, in export order.
    public let columns: [MetricColumn]
    private let compute: @Sendable (Puzzle) -> [ReportValue]

    /// A table whose columns read one analysis of the puzzle.
    ///
    /// - Parameters:
    ///   - analysis: works out what the columns read, once per puzzle;
    ///     `nil` for a puzzle the family cannot measure, whose values are
    ///     then all null.
    ///   - metrics: the columns, in export order.
    public init<Analysis>(analysis: @escaping @Sendable (Puzzle) -> Analysis?, _ metrics: [Metric<Analysis>]) {
        columns = metrics.map(\.column)
        compute = { puzzle in
            guard let analysed = analysis(puzzle) else { return metrics.map { _ in .null } }
            return metrics.map { $0.value(analysed) }
        }
    }

    /// A table whose columns read the puzzle itself.
    ///
    /// - Parameter metrics: the columns, in export order.
    public init(_ metrics: [Metric<Puzzle>]) {
        self.init(analysis: { $0 }, metrics)
    }

    /// The puzzle's values, one per column in the order of ``columns``.
    public func values(of puzzle: Puzzle) -> [ReportValue] { compute(puzzle) }
}
