import PuzzleDrawing
import PuzzleKit

/// Number search on a board: the digit grid, its rows and columns numbered
/// as the explanations count them, and under it one row per
/// question (`45 + 23 = □`); solved, each answer is written in and its path
/// drawn through the grid. (`Board` here is the family's own grid index, so
/// the drawing's is named in full.)
extension NumberSearchFamily: DrawableFamily {
    public func board(_ level: Puzzle, solved: Bool) throws -> PuzzleDrawing.Board {
        let paths = solved ? try solution(of: level) : []
        var cells: [Cell] = []
        for (row, digits) in level.grid.enumerated() {
            for (column, digit) in digits.enumerated() { cells.append(Cell(row: row, column: column, "\(digit)", .given)) }
        }
        for (index, question) in level.questions.enumerated() {
            // Operands at even columns, `+` and `=` between, the answer box last.
            let row = level.rows + 1 + index
            for (i, operand) in question.operands.enumerated() {
                if i > 0 { cells.append(Cell(row: row, column: 2 * i - 1, "+", .sign)) }
                cells.append(Cell(row: row, column: 2 * i, "\(operand)", .label))
            }
            let answer = 2 * question.operands.count
            cells.append(Cell(row: row, column: answer - 1, "=", .sign))
            cells.append(Cell(row: row, column: answer, solved ? "\(question.target)" : "", solved ? .answer : .empty))
        }
        return PuzzleDrawing.Board(cells: cells, paths: paths, numberedRows: level.rows, numberedColumns: level.columns)
    }

    public func steps(_ level: Puzzle) throws -> [StepMarks] {
        let questions = try Grader.grade(level).questions
        // The explanation's order: easiest first, as `grade` writes it.
        return EasiestFirst.order(questions.map(\.hardest)).map { index in
            let row = level.rows + 1 + index
            let operands = questions[index].question.operands.indices.map { GridPosition(row: row, column: 2 * $0) }
            let answer = GridPosition(row: row, column: 2 * questions[index].question.operands.count)
            return StepMarks(technique: questions[index].hardest.code, uses: operands, fixes: questions[index].path + [answer])
        }
    }

    /// Each question's answer cells: the level's own, else the grader's paths.
    private func solution(of level: Puzzle) throws -> [[GridPosition]] {
        if level.hasSolution { return level.questions.map { $0.solutionPositions ?? [] } }
        return try Grader.grade(level).questions.map(\.path)
    }
}
