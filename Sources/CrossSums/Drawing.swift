import PuzzleDrawing
import PuzzleKit

/// Cross sums on a board: the column targets along the top, the row targets
/// down the left, the numbers in boxes, the rows and columns of numbers
/// numbered from 1 as the explanations count them (the sums not counted),
/// outside the sums; solved, the kept numbers are
/// circled and the others struck through. A step's drawing replays the
/// grader's trace (`DrawableFamily`).
extension CrossSumsFamily: DrawableFamily {
    /// The board; solved, with the puzzle's own solution.
    ///
    /// - Throws: `DrawingError` for a solved board of a puzzle that
    ///   carries no solution.
    public func board(_ puzzle: Puzzle, solved: Bool) throws -> Board {
        guard solved else { return board(puzzle, mask: nil) }
        guard let solution = puzzle.solution else {
            throw DrawingError("\(puzzle.id): the puzzle carries no solution to draw")
        }
        return board(puzzle, mask: solution)
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
        return Board(cells: cells, numberedRows: puzzle.rowSums.count, numberedColumns: puzzle.columnSums.count,
                     numberedFrom: GridPosition(row: 1, column: 1))
    }

    /// A cell: its box; a row or a column: its target and its boxes.
    public func positions(of place: TracePlace, in puzzle: Puzzle) -> [GridPosition] {
        switch place {
        case .cell(let position):
            return [onBoard(position)]
        case .row(let row):
            return [GridPosition(row: row + 1, column: 0)] + puzzle.positions(of: .row(row)).map(onBoard)
        case .column(let column):
            return [GridPosition(row: 0, column: column + 1)] + puzzle.positions(of: .column(column)).map(onBoard)
        case .item:
            return []
        }
    }

    /// A grid position on the board, below the column targets and right of the row targets.
    private func onBoard(_ position: GridPosition) -> GridPosition {
        GridPosition(row: position.row + 1, column: position.column + 1)
    }
}

extension CrossSumsFamily {
    /// "Cross sums – Easy", and which numbers to keep and strike through.
    ///
    /// - Parameters:
    ///   - puzzles: the puzzles of the sheet.
    ///   - profile: the profile they were generated with, or `nil` (read from files).
    ///   - language: the sheet's language.
    public func sheetWords(_ puzzles: [Puzzle], profile: Profile?, language: Language) -> SheetWords {
        let words = CrossSumsMessages.catalogue
        let name = profile.map { words.text("sheet.profile.\($0.rawValue)", language) }
        return SheetWords(title: Self.sheetTitle(words.text("sheet.title", language), profile: name, language: language),
                          instructions: words.text("sheet.instructions", language))
    }
}
