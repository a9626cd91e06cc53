import PuzzleDrawing
import PuzzleKit

/// Number search on a board: the digit grid, its rows and columns numbered
/// as the explanations count them, and under it one row per
/// question (`45 + 23 = □`); solved, each answer is written in and its path
/// drawn through the grid. Replaying a trace writes each answer in and
/// draws its path as its step finds it. (`Board` here is the family's own grid index, so
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

    /// A question (`.item`) is its operands, then its answer box (where its
    /// value is written); a grid cell is itself.
    public func positions(of place: TracePlace, in level: Puzzle) -> [GridPosition] {
        switch place {
        case .item(let index) where level.questions.indices.contains(index):
            let row = level.rows + 1 + index, operands = level.questions[index].operands.count
            return (0...operands).map { GridPosition(row: row, column: 2 * $0) }
        case .cell(let position) where level.contains(position):
            return [position]
        default:
            return []
        }
    }

    /// Each question's answer cells, as the level gives them.
    private func solution(of level: Puzzle) throws -> [[GridPosition]] {
        guard level.hasSolution else { throw DrawingError("\(level.id): the level carries no answer paths to draw") }
        return level.questions.map { $0.solutionPositions ?? [] }
    }
}

extension NumberSearchFamily {
    /// "Number search – Level 2" (a custom profile: no level), and how to mark an answer.
    ///
    /// - Parameters:
    ///   - puzzles: the puzzles of the sheet.
    ///   - profile: the profile they were generated with, or `nil` (read from files).
    ///   - language: the sheet's language.
    public func sheetWords(_ puzzles: [Puzzle], profile: Profile?, language: Language) -> SheetWords {
        let words = NumberSearchMessages.catalogue
        let name = profile.flatMap { profile in
            profiles.contains { $0.id == profile.id } ? words.text("sheet.profile", language, ["level": language.number(profile.level)]) : nil
        }
        return SheetWords(title: Self.sheetTitle(words.text("sheet.title", language), profile: name, language: language),
                          instructions: words.text("sheet.instructions", language))
    }
}
