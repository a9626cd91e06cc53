import PuzzleDrawing
import PuzzleKit

/// The math crossword on a board: the grid's operands, operators and equals
/// signs (blocks stay white) with its rows and columns numbered as the
/// explanations count them, and a row under it the pool's tiles, a grid's
/// width to a row.
extension MathCrosswordFamily: DrawableFamily {
    public func board(_ level: Puzzle, solved: Bool) throws -> Board {
        let values = solved ? try solution(of: level) : [:]
        var cells: [Cell] = []
        for cell in level.cells {
            let (row, column) = (cell.position.row, cell.position.column)
            switch cell.type {
            case .block:
                continue
            case .fixedOperand:
                cells.append(Cell(row: row, column: column, cell.fixedValue.map { "\($0)" } ?? "", .given))
            case .emptyOperand:
                let value = values[cell.position]
                cells.append(Cell(row: row, column: column, value.map { "\($0)" } ?? "", value == nil ? .empty : .answer))
            case .operatorSymbol:
                let symbol = cell.operatorSymbol ?? ""
                cells.append(Cell(row: row, column: column, ["-": "−", "x": "×", "/": "÷"][symbol] ?? symbol, .sign))
            case .equals:
                cells.append(Cell(row: row, column: column, "=", .sign))
            }
        }
        let perRow = max(level.columns, 1)
        let poolRow = (cells.map(\.position.row).max() ?? -1) + 2
        for (index, tile) in level.numberPool.enumerated() {
            cells.append(Cell(row: poolRow + index / perRow, column: index % perRow, "\(tile)", .tile))
        }
        return Board(cells: cells, numberedRows: level.rows, numberedColumns: level.columns)
    }

    public func steps(_ level: Puzzle) throws -> [StepMarks] {
        try Grader().grade(level, timeLimit: DefaultBudget.time).steps.map { step in
            var read: [GridPosition] = step.lockedCells
            for index in step.equations where level.equations.indices.contains(index) {
                read += level.equations[index].cellPositions
            }
            let uses = Set(read).subtracting([step.position]).sorted()
            return StepMarks(technique: step.technique.code, uses: uses, fixes: [step.position])
        }
    }

    /// The value of every empty cell: the level's own solution, else the
    /// grader's (within the default time budget, as every grade).
    private func solution(of level: Puzzle) throws -> [GridPosition: PuzzleNumber] {
        if let solution = level.solution {
            return Dictionary(solution.map { ($0.position, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        let report = try Grader().grade(level, timeLimit: DefaultBudget.time)
        guard report.solved else {
            throw DrawingError("\(level.id): the level carries no solution and the grader found none to draw")
        }
        return Dictionary(report.steps.map { ($0.position, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
