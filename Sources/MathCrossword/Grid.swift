import Foundation
import PuzzleKit

/// The content of one grid cell as the text format writes it.
public enum GridToken: Equatable, Sendable {
    case block
    case empty
    case number(PuzzleNumber)
    case op(ArithmeticOperator)
    case equals

    public var isOperand: Bool {
        switch self {
        case .empty, .number: return true
        default: return false
        }
    }

    /// The canonical text of the token: `.` `?` a number `+ - x /` `=`.
    public var text: String {
        switch self {
        case .block: return "."
        case .empty: return "?"
        case .number(let n): return n.description
        case .op(let op): return op.symbol
        case .equals: return "="
        }
    }
}

/// A structural fault of a grid at one cell.
public struct GridIssue: Error, Sendable, Equatable {
    public var position: GridPosition
    public var message: String
}

/// One equation as read from a grid: every maximal run of two or more
/// non-block cells in a row or column.
public struct EquationRun: Sendable, Hashable {
    public var orientation: EquationOrientation
    /// All cells of the run in reading order.
    public var positions: [GridPosition]

    /// The operand cells: the left operands, then the result.
    public var operandPositions: [GridPosition] { stride(from: 0, to: positions.count, by: 2).map { positions[$0] } }
}

/// The cells of a grid as tokens, row-major.
public struct TokenGrid: Sendable, Equatable {
    public let rows: Int
    public let columns: Int
    public var tokens: [GridToken]

    public init(rows: Int, columns: Int, tokens: [GridToken]) {
        self.rows = rows
        self.columns = columns
        self.tokens = tokens
    }

    public subscript(row: Int, column: Int) -> GridToken {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return .block }
        return tokens[row * columns + column]
    }

    public subscript(position: GridPosition) -> GridToken { self[position.row, position.column] }

    /// Reads the equations of the grid (docs/FORMATS.md section 1) in canonical
    /// order: by first cell, row-major, a horizontal run before a vertical one
    /// starting at the same cell.
    ///
    /// Every maximal horizontal or vertical run of two or more non-block cells
    /// must read `operand (operator operand)+ = operand`; every non-block cell
    /// must lie in a run; a cell in two runs must be an operand.
    ///
    /// - Throws: ``GridIssue`` at the first cell that breaks a rule.
    public func equations() throws(GridIssue) -> [EquationRun] {
        var runs: [EquationRun] = []
        var covered = [UInt8](repeating: 0, count: rows * columns)  // bit 1: horizontal, bit 2: vertical
        for row in 0..<rows {
            for column in 0..<columns where !isBlock(row, column) {
                for orientation in EquationOrientation.allCases {
                    let (dr, dc) = orientation == .horizontal ? (0, 1) : (1, 0)
                    guard isBlock(row - dr, column - dc) else { continue }  // not a run start
                    var length = 1
                    while !isBlock(row + length * dr, column + length * dc) { length += 1 }
                    guard length >= 2 else { continue }
                    let positions = (0..<length).map { GridPosition(row: row + $0 * dr, column: column + $0 * dc) }
                    try checkReading(positions, orientation)
                    let bit: UInt8 = orientation == .horizontal ? 1 : 2
                    for p in positions { covered[p.row * columns + p.column] |= bit }
                    runs.append(EquationRun(orientation: orientation, positions: positions))
                }
            }
        }
        for index in tokens.indices {
            if case .block = tokens[index] { continue }
            guard covered[index] == 0 || (covered[index] == 3 && !tokens[index].isOperand) else { continue }
            let position = GridPosition(row: index / columns, column: index % columns)
            if covered[index] == 0 {
                throw GridIssue(position: position, message: "'\(tokens[index].text)' lies in no equation (a run of two or more non-block cells)")
            }
            if covered[index] == 3 && !tokens[index].isOperand {
                throw GridIssue(position: position, message: "'\(tokens[index].text)' is at a crossing; only operands may be shared by two equations")
            }
        }
        if runs.isEmpty {
            throw GridIssue(position: GridPosition(row: 0, column: 0), message: "the grid holds no equation")
        }
        return runs
    }

    /// Whether ``equations()`` would return exactly `listed`, in the same
    /// order, without throwing: every run of the grid reads as an equation,
    /// every non-block cell lies in a run, only operands are shared, and
    /// `listed` holds the runs in canonical order with the same orientations
    /// and positions. One pass over the cells that builds nothing; `false`
    /// says only that something differs (``equations()`` says what).
    func isListedExactly(_ listed: [Equation]) -> Bool {
        isListedExactly(count: listed.count) { k, orientation, row, column, length in
            let equation = listed[k]
            guard equation.orientation == orientation, equation.cellPositions.count == length else { return false }
            let (dr, dc) = orientation == .horizontal ? (0, 1) : (1, 0)
            return equation.cellPositions.withUnsafeBufferPointer { positions in
                positions.indices.allSatisfy { positions[$0] == GridPosition(row: row + $0 * dr, column: column + $0 * dc) }
            }
        }
    }

    /// ``isListedExactly(_:)`` for a compact level's equations, each
    /// compared by its orientation, first cell and length alone.
    func isListedExactly(_ listed: [CompactLevel.Run]) -> Bool {
        isListedExactly(count: listed.count) { k, orientation, row, column, length in
            let run = listed[k]
            return run.direction == orientation && run.row == row && run.column == column && run.length == length
        }
    }

    /// Whether the grid reads as ``equations()`` requires and its runs, in
    /// canonical order, are the `count` listed ones: `isRun(k, orientation,
    /// row, column, length)` says whether the `k`th listed one is the run
    /// of `length` cells from (`row`, `column`), which reads
    /// `operand (operator operand)+ = operand`.
    private func isListedExactly(count: Int, isRun: (Int, EquationOrientation, Int, Int, Int) -> Bool) -> Bool {
        guard rows >= 1, columns >= 1, tokens.count == rows * columns else { return false }
        return tokens.withUnsafeBufferPointer { cells in
            /// Whether the cell at `index` is not a block; `inside` false for
            /// a place beyond the grid's edge, which counts as a block.
            func open(_ inside: Bool, _ index: Int) -> Bool {
                guard inside else { return false }
                if case .block = cells[index] { return false }
                return true
            }
            /// The length of the run of `orientation` from (`row`, `column`)
            /// when it reads as an equation, else `nil`.
            func equationLength(_ orientation: EquationOrientation, _ row: Int, _ column: Int) -> Int? {
                let (end, step) = orientation == .horizontal ? (columns - column, 1) : (rows - row, columns)
                let start = row * columns + column
                var length = 1
                while length < end, open(true, start + length * step) { length += 1 }
                guard length >= 5, length % 2 == 1 else { return nil }
                for offset in 0..<length {
                    let token = cells[start + offset * step]
                    if offset % 2 == 0 {
                        guard token.isOperand else { return nil }
                    } else if offset == length - 2 {
                        guard case .equals = token else { return nil }
                    } else {
                        guard case .op = token else { return nil }
                    }
                }
                return length
            }
            var next = 0  // the listed equation the next run must be
            for row in 0..<rows {
                for column in 0..<columns {
                    let index = row * columns + column
                    guard open(true, index) else { continue }
                    let left = open(column > 0, index - 1), right = open(column + 1 < columns, index + 1)
                    let up = open(row > 0, index - columns), down = open(row + 1 < rows, index + columns)
                    // In some run, and at a crossing only as an operand.
                    guard left || right || up || down else { return false }
                    if (left || right) && (up || down) && !cells[index].isOperand { return false }
                    // A horizontal run starting here comes before a vertical one.
                    if !left && right {
                        guard next < count, let length = equationLength(.horizontal, row, column),
                              isRun(next, .horizontal, row, column, length) else { return false }
                        next += 1
                    }
                    if !up && down {
                        guard next < count, let length = equationLength(.vertical, row, column),
                              isRun(next, .vertical, row, column, length) else { return false }
                        next += 1
                    }
                }
            }
            return next > 0 && next == count
        }
    }

    /// Whether the cell is a block or lies outside the grid.
    private func isBlock(_ row: Int, _ column: Int) -> Bool {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return true }
        if case .block = tokens[row * columns + column] { return true }
        return false
    }

    private func checkReading(_ positions: [GridPosition], _ orientation: EquationOrientation) throws(GridIssue) {
        // The words of a fault, made only when there is one.
        func issue(at position: GridPosition, _ fault: String) -> GridIssue {
            let run = "the \(orientation == .horizontal ? "horizontal" : "vertical") run starting at \(positions[0])"
            return GridIssue(position: position, message: "\(run) \(fault)")
        }
        let shape = "'operand (operator operand)+ = operand'"
        if positions.count < 5 || positions.count % 2 == 0 {
            throw issue(at: positions[0], "has \(positions.count) cells; an equation reads \(shape) in 5, 7, 9… cells")
        }
        for (offset, position) in positions.enumerated() {
            let token = self[position]
            let expected: String?
            if offset % 2 == 0 {
                expected = token.isOperand ? nil : "an operand (a number or '?')"
            } else if offset == positions.count - 2 {
                expected = token == .equals ? nil : "'='"
            } else if case .op = token {
                expected = nil
            } else {
                expected = "an operator (+ - x /)"
            }
            if let expected {
                throw issue(at: position, "must read \(shape): expected \(expected), found '\(token.text)'")
            }
        }
    }
}

extension Puzzle {
    /// The level's cells as tokens: `?` for every empty cell, whatever the
    /// player placed there.
    public var tokenGrid: TokenGrid {
        TokenGrid(rows: rows, columns: columns, tokens: cells.indices.map { cells[$0].token })
    }

    /// The level with every given number made empty and its value added to
    /// the pool, which then holds every operand of the grid: the hardest
    /// count the layout allows (the hard-count test sets are built so).
    ///
    /// - Throws: ``GridIssue`` when the grid's runs do not read as equations.
    public func blankingEveryGiven() throws(GridIssue) -> Puzzle {
        var grid = tokenGrid
        var pool = numberPool
        for i in grid.tokens.indices {
            if case .number(let value) = grid.tokens[i] {
                grid.tokens[i] = .empty
                pool.append(value)
            }
        }
        return Puzzle(id: id, difficulty: difficulty, grid: grid, equations: try grid.equations(),
                      numberPool: pool.sorted(), solution: nil, idNamespace: 0)
    }

    /// Builds a level from a token grid whose equations have been read.
    ///
    /// Cell and equation ids are derived from `idNamespace`, so the same input
    /// always gives the same level.
    public init(id: String, difficulty: Profile, grid: TokenGrid, equations runs: [EquationRun],
                numberPool: [PuzzleNumber], solution: [SolutionEntry]?, idNamespace: UInt64) {
        var cells: [GridCell] = []
        cells.reserveCapacity(grid.tokens.count)
        for (index, token) in grid.tokens.enumerated() {
            let position = GridPosition(row: index / grid.columns, column: index % grid.columns)
            cells.append(GridCell(id: UUID(stable: idNamespace, index), position: position, token: token))
        }
        let equations = runs.enumerated().map { offset, run in
            Equation(id: UUID(stable: idNamespace, grid.tokens.count + offset), orientation: run.orientation, cellPositions: run.positions)
        }
        self.init(id: id, difficulty: difficulty, rows: grid.rows, columns: grid.columns, cells: cells,
                  equations: equations, numberPool: numberPool.sorted(), solution: solution)
    }
}

extension Puzzle {
    /// The level with its cell and equation ids derived from `idNamespace`
    /// as ``init(id:difficulty:grid:equations:numberPool:solution:idNamespace:)``
    /// derives them (cell *i* the *i*-th id, equation *k* the one after the
    /// cells' and the *k* before it); everything else unchanged.
    ///
    /// - Parameter idNamespace: the namespace of the ids.
    public func withIDs(namespace idNamespace: UInt64) -> Puzzle {
        let cells = cells.enumerated().map { index, cell in
            GridCell(id: UUID(stable: idNamespace, index), position: cell.position, type: cell.type, fixedValue: cell.fixedValue,
                     operatorSymbol: cell.operatorSymbol, currentValue: cell.currentValue)
        }
        let equations = equations.enumerated().map { offset, equation in
            Equation(id: UUID(stable: idNamespace, cells.count + offset), orientation: equation.orientation, cellPositions: equation.cellPositions)
        }
        return Puzzle(id: id, difficulty: difficulty, rows: rows, columns: columns, cells: cells,
                      equations: equations, numberPool: numberPool, solution: solution)
    }
}

extension GridCell {
    /// The cell that holds `token`, with the fields its type has.
    ///
    /// - Parameters:
    ///   - id: the cell's id.
    ///   - position: where the cell is.
    ///   - token: what it holds.
    ///   - currentValue: the number a player placed (for an empty cell).
    public init(id: UUID, position: GridPosition, token: GridToken, currentValue: PuzzleNumber? = nil) {
        switch token {
        case .block: self.init(id: id, position: position, type: .block, currentValue: currentValue)
        case .empty: self.init(id: id, position: position, type: .emptyOperand, currentValue: currentValue)
        case .number(let n): self.init(id: id, position: position, type: .fixedOperand, fixedValue: n, currentValue: currentValue)
        case .op(let op): self.init(id: id, position: position, type: .operatorSymbol, operatorSymbol: op.symbol, currentValue: currentValue)
        case .equals: self.init(id: id, position: position, type: .equals, currentValue: currentValue)
        }
    }

    /// The cell as a token: `?` for an empty cell, whatever the player placed there.
    var token: GridToken {
        switch type {
        case .block: return .block
        case .emptyOperand: return .empty
        case .fixedOperand: return .number(fixedValue ?? 0)
        case .operatorSymbol: return .op(operatorSymbol.flatMap(ArithmeticOperator.init(symbol:)) ?? .add)
        case .equals: return .equals
        }
    }
}
