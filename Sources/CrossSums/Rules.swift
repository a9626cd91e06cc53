import PuzzleKit
/// The rules of cross sums.
///
/// A puzzle is a rectangular grid of positive numbers (at least one row and
/// one column) with a non-negative target per row and per column. A solution
/// is a keep/remove mask under which every row's and every column's kept
/// numbers add up to its target.
extension Puzzle {
    /// Why this puzzle is malformed, or `nil` when it is well formed.
    ///
    /// Checks the shape (rectangular, at least 1×1, one sum per line), the
    /// values (positive numbers, non-negative sums), that no line's numbers
    /// add up beyond `Int.max`, and, when a `solution` is present, that it has
    /// the grid's shape and satisfies every sum.
    public var problem: String? {
        guard rows >= 1, columns >= 1 else {
            return "the grid needs at least one row and one column of numbers"
        }
        for (r, row) in grid.enumerated() where row.count != columns {
            return "grid row \(r + 1) has \(row.count) numbers, expected \(columns) like row 1"
        }
        for (r, row) in grid.enumerated() {
            for (c, n) in row.enumerated() where n <= 0 {
                return "the number at \(GridPosition(row: r, column: c)) is \(n); numbers must be positive"
            }
        }
        guard rowSums.count == rows else { return "rowSums has \(rowSums.count) sums for \(rows) rows" }
        guard columnSums.count == columns else { return "columnSums has \(columnSums.count) sums for \(columns) columns" }
        if let r = rowSums.firstIndex(where: { $0 < 0 }) { return "rowSums[\(r)] is \(rowSums[r]); sums must be non-negative" }
        if let c = columnSums.firstIndex(where: { $0 < 0 }) { return "columnSums[\(c)] is \(columnSums[c]); sums must be non-negative" }
        for line in lines where Self.total(positions(of: line).map { self[$0] }) == nil {
            return "the numbers of \(line.description.lowercased()) add up to more than \(Int.max); this build cannot represent it"
        }
        if let solution {
            guard solution.count == rows, solution.allSatisfy({ $0.count == columns }) else {
                return "solution must have the grid's shape, \(rows)x\(columns)"
            }
            if let line = firstBrokenLine(solution) {
                let kept = keptTotal(of: line, in: solution)
                return "solution: the kept numbers of \(line.description.lowercased()) add up to \(kept), not \(sum(of: line))"
            }
        }
        return nil
    }

    /// The first line (rows first) whose kept numbers under `mask` do not add
    /// up to its sum, or `nil` when `mask` solves the puzzle. A missing sum
    /// never holds.
    public func firstBrokenLine(_ mask: [[Bool]]) -> Line? {
        lines.first { keptTotal(of: $0, in: mask) != sum(of: $0) }
    }

    /// Whether `mask` (of the grid's shape) solves the puzzle.
    public func isSolved(by mask: [[Bool]]) -> Bool {
        guard mask.count == rows, mask.allSatisfy({ $0.count == columns }) else { return false }
        return firstBrokenLine(mask) == nil
    }

    /// The sum of the numbers `mask` keeps in `line` (cells the mask or the
    /// grid lacks count as removed).
    public func keptTotal(of line: Line, in mask: [[Bool]]) -> Int {
        var total = 0
        for p in positions(of: line) where p.row < mask.count && p.column < mask[p.row].count && mask[p.row][p.column] {
            if p.row < grid.count && p.column < grid[p.row].count { total &+= self[p] }
        }
        return total
    }

    /// The exact sum of `numbers` as a count of 2^64 wraps and the rest,
    /// `wraps × 2^64 + rest`: equal sums give equal pairs whatever their size,
    /// where an `Int` total would overflow (an overflow is "unknown", never
    /// "different").
    static func exactTotal(_ numbers: [Int]) -> (wraps: Int, rest: UInt64) {
        var wraps = 0
        var rest: UInt64 = 0
        for n in numbers {
            let (next, carry) = rest.addingReportingOverflow(UInt64(truncatingIfNeeded: n))
            // A negative n is its bit pattern minus 2^64.
            wraps += (carry ? 1 : 0) - (n < 0 ? 1 : 0)
            rest = next
        }
        return (wraps, rest)
    }

    static func total(_ numbers: [Int]) -> Int? {
        var sum = 0
        for n in numbers {
            let (next, overflow) = sum.addingReportingOverflow(n)
            if overflow { return nil }
            sum = next
        }
        return sum
    }
}

/// A well-formed puzzle in flat arrays, shared by the solver, the grader and
/// the generator.
///
/// Cell `i` is at row `i / columns`, column `i % columns`. Lines are numbered
/// rows first (`0..<rows`), then columns (`rows..<rows + columns`).
struct _Board: Sendable {
    let rows: Int
    let columns: Int
    let numbers: [Int]
    /// Target of each line.
    let targets: [Int]
    /// Cells of line `l`: `lineCells[lineStart[l]..<lineStart[l + 1]]`.
    let lineCells: [Int]
    let lineStart: [Int]

    var cellCount: Int { rows * columns }
    var lineCount: Int { rows + columns }

    /// Builds the board of a puzzle already checked by ``Puzzle/problem``.
    init(checked puzzle: Puzzle) {
        self.init(rows: puzzle.rows, columns: puzzle.columns, numbers: puzzle.grid.flatMap { $0 },
                  rowSums: puzzle.rowSums, columnSums: puzzle.columnSums)
    }

    init(rows: Int, columns: Int, numbers: [Int], rowSums: [Int], columnSums: [Int]) {
        self.rows = rows
        self.columns = columns
        self.numbers = numbers
        targets = rowSums + columnSums
        var cells: [Int] = []
        var start: [Int] = [0]
        cells.reserveCapacity(2 * rows * columns)
        for r in 0..<rows {
            for c in 0..<columns { cells.append(r * columns + c) }
            start.append(cells.count)
        }
        for c in 0..<columns {
            for r in 0..<rows { cells.append(r * columns + c) }
            start.append(cells.count)
        }
        lineCells = cells
        lineStart = start
    }

    @inline(__always) func rowLine(of cell: Int) -> Int { cell / columns }
    @inline(__always) func columnLine(of cell: Int) -> Int { rows + cell % columns }

    func position(_ cell: Int) -> GridPosition { GridPosition(row: cell / columns, column: cell % columns) }

    func line(_ l: Int) -> Line { l < rows ? .row(l) : .column(l - rows) }

    func index(of line: Line) -> Int {
        switch line {
        case .row(let r): return r
        case .column(let c): return rows + c
        }
    }
}
