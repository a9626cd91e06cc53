import PuzzleDrawing
import PuzzleKit

/// Cross sums on a board: the column targets along the top, the row targets
/// down the left, the numbers in boxes; solved, the kept numbers are
/// circled and the others struck through.
extension CrossSumsFamily: DrawableFamily {
    public func board(_ puzzle: Puzzle, solved: Bool) throws -> Board {
        board(puzzle, mask: solved ? try solution(of: puzzle) : nil)
    }

    /// The board with `mask` (when given) filled in.
    private func board(_ puzzle: Puzzle, mask: [[Bool]]?) -> Board {
        var cells: [Cell] = []
        for (column, sum) in puzzle.columnSums.enumerated() { cells.append(Cell(row: 0, column: column + 1, "\(sum)", .label)) }
        for (row, sum) in puzzle.rowSums.enumerated() { cells.append(Cell(row: row + 1, column: 0, "\(sum)", .label)) }
        for (row, numbers) in puzzle.grid.enumerated() {
            for (column, number) in numbers.enumerated() {
                let kept = mask.flatMap { $0.indices.contains(row) && $0[row].indices.contains(column) ? $0[row][column] : nil }
                let style: Cell.Style = kept.map { $0 ? .kept : .removed } ?? .given
                cells.append(Cell(row: row + 1, column: column + 1, "\(number)", style))
            }
        }
        return Board(cells: cells)
    }

    public func steps(_ puzzle: Puzzle) throws -> [StepMarks] {
        try graded(puzzle, timeLimit: DefaultBudget.time).steps
    }

    /// One grade within `timeLimit`; the solution drawn is the puzzle's own,
    /// else the grader's, else the first the grade's count found.
    public func graded(_ puzzle: Puzzle, timeLimit: Duration?) throws -> GradedDrawing {
        let graded = try grading(puzzle, solutionsUpTo2: nil, explain: true, timeLimit: timeLimit)
        let solution = puzzle.solution ?? graded.report.solution ?? graded.found
        return GradedDrawing(grade: graded.result, steps: marks(graded.report.steps, puzzle),
                             solved: solution.map { board(puzzle, mask: $0) },
                             start: board(puzzle, mask: nil))
    }

    /// The cells each step reads and decides, on the board.
    private func marks(_ steps: [DeductionStep], _ puzzle: Puzzle) -> [StepMarks] {
        steps.map { step in
            var read: [GridPosition] = []
            for line in step.lines {
                switch line {
                case .row(let row): read.append(GridPosition(row: row + 1, column: 0))
                case .column(let column): read.append(GridPosition(row: 0, column: column + 1))
                }
                read += puzzle.positions(of: line).map(onBoard)
            }
            let fixes = step.moves.map { onBoard($0.position) }
            return StepMarks(technique: step.technique.code, uses: Set(read).subtracting(fixes).sorted(), fixes: fixes)
        }
    }

    /// A grid position on the board, below the column targets and right of the row targets.
    private func onBoard(_ position: GridPosition) -> GridPosition {
        GridPosition(row: position.row + 1, column: position.column + 1)
    }

    /// Which numbers stay: the puzzle's own solution, else the grader's
    /// (within the default time budget, as every grade).
    private func solution(of puzzle: Puzzle) throws -> [[Bool]] {
        if let solution = puzzle.solution { return solution }
        guard let solution = try Grader(puzzle: puzzle).grade(timeLimit: DefaultBudget.time).solution else {
            throw DrawingError("\(puzzle.id): the puzzle carries no solution and the grader found none to draw")
        }
        return solution
    }
}
