import Foundation

/// One metric column a family adds to research rows, as the readers of the
/// columns see it (`export --list-columns`, the research rows): its name,
/// unit, kind of value and meaning.
public struct MetricColumn: Sendable, Equatable {
    public var name: String
    public var unit: String
    public var kind: ColumnKind
    public var meaning: String

    public init(_ name: String, unit: String, kind: ColumnKind, _ meaning: String) {
        self.name = name
        self.unit = unit
        self.kind = kind
        self.meaning = meaning
    }
}

/// The kind of value a research column's cells hold, as written to CSV; an
/// empty cell (no value) is of every kind. `export --resume` reads every
/// cell of a partial file back against its column's kind
/// (``accepts(_:)``), so no cell that is not a value of its column reaches
/// a finished file.
public enum ColumnKind: Sendable, Equatable {
    /// A whole number from 0 to `Int.max` in decimal digits (`0`, `17`).
    case count
    /// A whole number of `Int`'s range (`-4`, `17`).
    case integer
    /// A finite number in fixed notation (`12`, `0.25`, `-3.5`): never
    /// `nan`, `inf` or an exponent.
    case decimal
    /// `true` or `false`.
    case bool
    /// One of these words.
    case label([String])
    /// A JSON array of whole numbers of 0 or more (`[3,1,1]`).
    case counts
    /// A JSON array of words (`["right","down"]`).
    case words
    /// Any text on one line.
    case text
    /// A JSON value.
    case json

    /// The kind's name in `export --list-columns --summary json` (`count`,
    /// `integer`, `decimal`, `bool`, `label`, `counts`, `words`, `text`,
    /// `json`): what a reader converts the cells to (docs/RESEARCH.md).
    public var name: String {
        switch self {
        case .count: "count"
        case .integer: "integer"
        case .decimal: "decimal"
        case .bool: "bool"
        case .label: "label"
        case .counts: "counts"
        case .words: "words"
        case .text: "text"
        case .json: "json"
        }
    }

    /// What a cell of this kind holds, for messages ("a whole number of 0
    /// or more").
    public var expected: String {
        switch self {
        case .count: "a whole number of 0 or more"
        case .integer: "a whole number"
        case .decimal: "a finite number in fixed notation"
        case .bool: "true or false"
        case .label(let words): words.isEmpty ? "an empty cell" : "one of " + words.joined(separator: ", ")
        case .counts: "a JSON array of whole numbers of 0 or more"
        case .words: "a JSON array of strings"
        case .text: "text"
        case .json: "a JSON value"
        }
    }

    /// True when `cell`, as read back from a CSV file, is empty or a value
    /// of this kind written the way the tool writes it; never with a
    /// control character.
    public func accepts(_ cell: String) -> Bool {
        if cell.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return false }
        if cell.isEmpty { return true }
        switch self {
        case .count: return Int(cell).map { $0 >= 0 && String($0) == cell } ?? false
        case .integer: return Int(cell).map { String($0) == cell } ?? false
        case .decimal:
            let digits = cell.hasPrefix("-") ? cell.dropFirst() : Substring(cell)
            let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
                && Double(cell)?.isFinite == true
        case .bool: return cell == "true" || cell == "false"
        case .label(let words): return words.contains(cell)
        case .counts:
            guard cell.hasPrefix("["), cell.hasSuffix("]"), cell.count >= 2 else { return false }
            let items = cell.dropFirst().dropLast()
            return items.isEmpty || items.split(separator: ",", omittingEmptySubsequences: false)
                .allSatisfy { !$0.isEmpty && ColumnKind.count.accepts(String($0)) }
        case .words:
            let array = try? JSONSerialization.jsonObject(with: Data(cell.utf8)) as? [Any]
            return array?.allSatisfy { $0 is String } ?? false
        case .text: return true
        case .json: return (try? JSONSerialization.jsonObject(with: Data(cell.utf8), options: .fragmentsAllowed)) != nil
        }
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
    ///   - kind: the kind of value the column holds (``ColumnKind``).
    ///   - meaning: what the value is, in a few words.
    ///   - value: computes the column's value.
    public init(_ name: String, unit: String, kind: ColumnKind, _ meaning: String,
                value: @escaping @Sendable (Analysis) -> ReportValue) {
        column = MetricColumn(name, unit: unit, kind: kind, meaning)
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
            Metric("rows", unit: "cells", kind: .count, "grid rows") { .int(rows($0)) },
            Metric("columns", unit: "cells", kind: .count, "grid columns") { .int(columns($0)) },
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
///         Metric("numbers", unit: "count", kind: .count, "numbers offered") { .int($0.count) },
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
