import PuzzleKit

/// A level's grid in one flat array, with the path searches the solver,
/// generator and grader share. Internal: the fast core.
///
/// Cells are numbered row-major (`row * columns + column`); an empty cell
/// (while generating) holds ``Board/empty`` and never matches a digit.
struct Board: Sendable, Equatable {
    static let empty: UInt8 = 255

    let rows: Int
    let columns: Int
    var cells: [UInt8]

    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        cells = Array(repeating: Board.empty, count: rows * columns)
    }

    /// The board of a well-formed level's grid (cells outside 0–9 are empty).
    init(_ level: Puzzle) {
        rows = level.rows
        columns = level.columns
        cells = Array(repeating: Board.empty, count: rows * columns)
        for r in 0..<rows where level.grid[r].count == columns {
            for c in 0..<columns where (0...9).contains(level.grid[r][c]) {
                cells[r * columns + c] = UInt8(level.grid[r][c])
            }
        }
    }

    /// The grid as rows of digits (empty cells as 0).
    var grid: [[Int]] {
        (0..<rows).map { r in (0..<columns).map { c in
            let v = cells[r * columns + c]
            return v == Board.empty ? 0 : Int(v)
        } }
    }

    func position(_ cell: Int) -> GridPosition { GridPosition(row: cell / columns, column: cell % columns) }
    func cell(_ p: GridPosition) -> Int { p.row * columns + p.column }

    /// The neighbour of `cell` one step in direction (`dr`, `dc`), or -1.
    @inline(__always)
    func step(_ cell: Int, _ dr: Int, _ dc: Int) -> Int {
        let r = cell / columns + dr, c = cell % columns + dc
        return r >= 0 && r < rows && c >= 0 && c < columns ? r * columns + c : -1
    }

    /// The row and column step of direction `d` (0…7, in ``Direction`` order).
    @inline(__always)
    static func delta(_ d: Int) -> (Int, Int) {
        switch d {
        case 0: return (0, 1)
        case 1: return (1, 0)
        case 2: return (0, -1)
        case 3: return (-1, 0)
        case 4: return (1, 1)
        case 5: return (1, -1)
        case 6: return (-1, 1)
        default: return (-1, -1)
        }
    }

    // MARK: Counting

    /// The number of paths spelling `digits` in `mode`, all of them (no
    /// node budget: the generator, ``Solver/count(_:in:mode:)`` and the
    /// metrics count small grids).
    func count(_ digits: [UInt8], mode: PathMode) -> Int {
        var total = 0
        guard mode == .straight else {
            var nodes = 0
            forEachPath(digits, mode: mode, nodes: &nodes) { _ in total += 1; return true }
            return total
        }
        // The straight walk of forEachPath, without building the paths.
        guard let first = digits.first else { return 0 }
        for start in cells.indices where cells[start] == first {
            if digits.count == 1 {
                total += 1
                continue
            }
            for d in 0..<8 where straightRun(digits, from: start, d) == digits.count { total += 1 }
        }
        return total
    }

    /// How many of `digits` the straight line from `start` in direction `d`
    /// spells before it leaves the grid or differs (at least 1: `start`
    /// holds the first digit).
    @inline(__always)
    func straightRun(_ digits: [UInt8], from start: Int, _ d: Int) -> Int {
        let (dr, dc) = Board.delta(d)
        var r = start / columns, c = start % columns
        var k = 1
        while k < digits.count {
            r += dr
            c += dc
            guard r >= 0, r < rows, c >= 0, c < columns, cells[r * columns + c] == digits[k] else { break }
            k += 1
        }
        return k
    }

    /// Calls `body` with every path spelling `digits` in `mode` (cells in
    /// reading order), row-major by first cell, then by direction order,
    /// until `body` returns false or the node budget runs out.
    ///
    /// - Returns: false when stopped by `body` or the budget.
    @discardableResult
    func forEachPath(_ digits: [UInt8], mode: PathMode, nodes: inout Int, budget: Int = .max,
                     _ body: ([Int]) -> Bool) -> Bool {
        let n = digits.count
        guard n > 0 else { return true }
        var path = [Int](repeating: 0, count: n)
        for start in cells.indices {
            nodes += 1
            if nodes > budget { return false }
            guard cells[start] == digits[0] else { continue }
            path[0] = start
            if n == 1 {
                if !body(path) { return false }
                continue
            }
            switch mode {
            case .straight:
                for d in 0..<8 {
                    let k = straightRun(digits, from: start, d)
                    nodes += k < n ? k : k - 1  // every step tried, the failing one too
                    guard k == n else { continue }
                    let (dr, dc) = Board.delta(d)
                    for i in 1..<n { path[i] = start + i * (dr * columns + dc) }
                    if !body(path) { return false }
                }
            case .any:
                if !extend(&path, 1, digits, nodes: &nodes, budget: budget, body) { return false }
            }
            if nodes > budget { return false }
        }
        return true
    }

    private func extend(_ path: inout [Int], _ k: Int, _ digits: [UInt8], nodes: inout Int, budget: Int,
                        _ body: ([Int]) -> Bool) -> Bool {
        if k == digits.count { return body(path) }
        for d in 0..<8 {
            let (dr, dc) = Board.delta(d)
            let next = step(path[k - 1], dr, dc)
            nodes += 1
            if nodes > budget { return false }
            guard next >= 0, cells[next] == digits[k], !path[..<k].contains(next) else { continue }
            path[k] = next
            if !extend(&path, k + 1, digits, nodes: &nodes, budget: budget, body) { return false }
        }
        return true
    }

    /// The number of paths spelling `digits` that pass through `cell` (the
    /// paths a digit just written there may have created).
    func countThrough(_ cell: Int, _ digits: [UInt8], mode: PathMode) -> Int {
        let n = digits.count
        let own = cells[cell]
        // A path through the cell holds its digit: most cells are rejected here.
        guard digits.contains(own) else { return 0 }
        if n == 1 { return 1 }
        let r0 = cell / columns, c0 = cell % columns
        var total = 0
        if n == 2 {
            // Two cells: every pair of neighbours is a straight path in both
            // modes, one for each end the cell can be.
            let first = digits[0], second = digits[1]
            for d in 0..<8 {
                let (dr, dc) = Board.delta(d)
                let r = r0 + dr, c = c0 + dc
                guard r >= 0, r < rows, c >= 0, c < columns else { continue }
                let other = cells[r * columns + c]
                if own == first && other == second { total += 1 }
                if own == second && other == first { total += 1 }
            }
            return total
        }
        switch mode {
        case .straight:
            // `cell` is the k-th cell of a line in one of the eight directions.
            for k in 0..<n where cells[cell] == digits[k] {
                for d in 0..<8 {
                    let (dr, dc) = Board.delta(d)
                    let sr = r0 - k * dr, sc = c0 - k * dc
                    let er = sr + (n - 1) * dr, ec = sc + (n - 1) * dc
                    guard sr >= 0, sr < rows, sc >= 0, sc < columns, er >= 0, er < rows, ec >= 0, ec < columns else { continue }
                    var ok = true
                    for j in 0..<n where cells[(sr + j * dr) * columns + sc + j * dc] != digits[j] {
                        ok = false
                        break
                    }
                    if ok { total += 1 }
                }
            }
        case .any:
            // Every path through `cell` starts within n-1 king moves of it.
            var path = [Int](repeating: 0, count: n)
            var nodes = 0
            for r in max(0, r0 - n + 1)...min(rows - 1, r0 + n - 1) {
                for c in max(0, c0 - n + 1)...min(columns - 1, c0 + n - 1) where cells[r * columns + c] == digits[0] {
                    path[0] = r * columns + c
                    _ = extend(&path, 1, digits, nodes: &nodes, budget: .max) { p in
                        if p.contains(cell) { total += 1 }
                        return true
                    }
                }
            }
        }
        return total
    }
}

extension Rules {
    /// The digits of `number` as board values.
    static func boardDigits(of number: Int) -> [UInt8] {
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        var n = max(0, number)  // like digits(of:): [0] for 0 and below
        repeat {
            digits.append(UInt8(n % 10))
            n /= 10
        } while n > 0
        digits.reverse()
        return digits
    }
}
