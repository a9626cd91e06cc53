import Foundation
import PuzzleKit

/// A row or a column of the grid, 0-based.
public enum Line: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    case row(Int)
    case column(Int)

    /// "Row 3" or "Column 5", 1-based as people count.
    public var description: String {
        switch self {
        case .row(let r): return "Row \(r + 1)"
        case .column(let c): return "Column \(c + 1)"
        }
    }

    /// Rows before columns, each in index order.
    public static func < (a: Line, b: Line) -> Bool {
        switch (a, b) {
        case let (.row(x), .row(y)), let (.column(x), .column(y)): return x < y
        case (.row, .column): return true
        case (.column, .row): return false
        }
    }
}

/// What happens to a number: it stays in the grid or is taken out.
public enum CellDecision: String, Codable, Sendable, CaseIterable {
    case keep
    case remove

    /// `true` for ``keep``, the value a solution mask holds.
    public var isKept: Bool { self == .keep }

    public init(kept: Bool) { self = kept ? .keep : .remove }

    /// The other decision.
    public var opposite: CellDecision { self == .keep ? .remove : .keep }
}

/// A complete cross sums puzzle.
///
/// `grid[r][c]` is the number at row `r`, column `c`; `rowSums[r]` and
/// `columnSums[c]` are the targets the kept numbers of each line must add up
/// to; `solution[r][c]` is `true` when that number is kept. Encoded with the
/// default `Codable` keys, this is the JSON puzzle of docs/FORMATS.md section 4;
/// `solution` is absent when a file gives a puzzle to be solved.
///
///     let puzzle = Puzzle(id: "easy-1", difficulty: "easy",
///                         grid: [[3, 5], [7, 2]], solution: [[true, false], [false, true]],
///                         rowSums: [3, 2], columnSums: [3, 2])
///     print(puzzle.rows, puzzle.columns)
///     // Prints "2 2"
///
/// The memberwise initializer does not check anything; readers validate
/// (see ``Puzzle/problem``), and the solver, grader and game refuse a
/// malformed puzzle with an error instead of trapping.
public struct Puzzle: Codable, Identifiable, Sendable, Equatable {
    /// `"<difficulty>-<level>"`, e.g. `"hard-50"`, for pack levels; the file
    /// name for a puzzle read from a file.
    public var id: String
    /// A ``Profile`` raw value (`easy`, `medium`, `hard`, `extra-hard`) or
    /// `custom` for a puzzle read from a file.
    public var difficulty: String
    public let grid: [[Int]]
    /// The correct mask: `true` for kept, `false` for removed.
    public var solution: [[Bool]]?
    public let rowSums: [Int]
    public let columnSums: [Int]

    public init(id: String, difficulty: String, grid: [[Int]], solution: [[Bool]]?, rowSums: [Int], columnSums: [Int]) {
        self.id = id
        self.difficulty = difficulty
        self.grid = grid
        self.solution = solution
        self.rowSums = rowSums
        self.columnSums = columnSums
    }

    /// The number of rows of numbers.
    public var rows: Int { grid.count }

    /// The number of columns of numbers (of the first row).
    public var columns: Int { grid.first?.count ?? 0 }

    /// The number at `position`.
    public subscript(position: GridPosition) -> Int { grid[position.row][position.column] }

    /// Whether `position` lies inside the grid.
    public func contains(_ position: GridPosition) -> Bool {
        (0..<rows).contains(position.row) && (0..<columns).contains(position.column)
    }

    /// Every position of the grid, row-major.
    public var positions: [GridPosition] {
        (0..<rows).flatMap { r in (0..<columns).map { GridPosition(row: r, column: $0) } }
    }

    /// The positions of a line, in reading order.
    public func positions(of line: Line) -> [GridPosition] {
        switch line {
        case .row(let r): return (0..<columns).map { GridPosition(row: r, column: $0) }
        case .column(let c): return (0..<rows).map { GridPosition(row: $0, column: c) }
        }
    }

    /// The target of a line, or -1 when the puzzle has no sum for it.
    public func sum(of line: Line) -> Int {
        switch line {
        case .row(let r): return rowSums.indices.contains(r) ? rowSums[r] : -1
        case .column(let c): return columnSums.indices.contains(c) ? columnSums[c] : -1
        }
    }

    /// Every line: the rows, then the columns.
    public var lines: [Line] { (0..<rows).map(Line.row) + (0..<columns).map(Line.column) }
}

/// The player's persistent data.
///
/// Saved as JSON with the default keys by ``PersistenceService``.
public struct PlayerProfile: Codable, Sendable, Equatable {
    /// The highest level completed per difficulty (key: the difficulty's raw
    /// value, e.g. `"hard"`).
    public var highestLevelCompleted: [String: Int]
    public var totalHints: Int
    public var soundEnabled: Bool

    public init(highestLevelCompleted: [String: Int] = [:], totalHints: Int = 0, soundEnabled: Bool = true) {
        self.highestLevelCompleted = highestLevelCompleted
        self.totalHints = totalHints
        self.soundEnabled = soundEnabled
    }

    /// A new player: nothing completed, no hints used, sound on.
    public static let `default` = PlayerProfile()

    /// The level to play next in `difficulty`: one after the highest completed.
    public func levelToPlay(_ difficulty: String) -> Int {
        (highestLevelCompleted[difficulty] ?? 0) + 1
    }

    /// Records that `level` of `difficulty` was completed; the highest level
    /// never goes down (replaying an old level changes nothing).
    public mutating func recordCompletion(difficulty: String, level: Int) {
        highestLevelCompleted[difficulty] = max(highestLevelCompleted[difficulty] ?? 0, level)
    }
}

/// The player's state within one puzzle. Ephemeral: the
/// game keeps it while a level is played.
public struct GameState: Codable, Sendable, Equatable {
    /// `true` where the number is still shown (kept or not yet marked),
    /// `false` where the player removed it.
    public var playerGridMask: [[Bool]]
    public var livesRemaining: Int

    public init(playerGridMask: [[Bool]], livesRemaining: Int) {
        self.playerGridMask = playerGridMask
        self.livesRemaining = livesRemaining
    }
}
