import PuzzleDrawing
import PuzzleKit

/// The math crossword on a board: the grid's operands, operators and equals
/// signs (blocks stay white; rows and columns of blocks only at its edges are
/// left out) with its rows and columns numbered as the explanations, hints
/// and `play` count them, the level's own from 1 (a level whose rows 1 and 2
/// are blocks starts at row 3), and a row under it the pool's tiles, as many
/// to a row as the drawn grid is wide.
extension MathCrosswordFamily: DrawableFamily {
    /// With `solved`, the level's own solution filled in.
    ///
    /// - Throws: `DrawingError` when `solved` is asked of a level without
    ///   a solution.
    public func board(_ level: Puzzle, solved: Bool) throws -> Board {
        var values: [GridPosition: PuzzleNumber] = [:]
        if solved {
            guard let solution = level.solution else { throw DrawingError("\(level.id): the level carries no solution") }
            values = Dictionary(solution.map { ($0.position, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
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
                cells.append(Cell(row: row, column: column, Explain.glyph(of: symbol), .sign))
            case .equals:
                cells.append(Cell(row: row, column: column, "=", .sign))
            }
        }
        let rows = cells.map(\.position.row), columns = cells.map(\.position.column)
        let (lastRow, firstColumn, lastColumn) = (rows.max() ?? -1, columns.min() ?? 0, columns.max() ?? 0)
        let perRow = max(lastColumn - firstColumn + 1, 1)
        for (index, tile) in level.numberPool.enumerated() {
            cells.append(Cell(row: lastRow + 2 + index / perRow, column: firstColumn + index % perRow, "\(tile)", .tile))
        }
        return Board(cells: cells, numberedRows: lastRow + 1, numberedColumns: lastColumn + 1)
    }

    /// An equation stands for its cells, a cell for itself, a row or a
    /// column for the grid's cells on it that are not blocks.
    public func positions(of place: TracePlace, in level: Puzzle) -> [GridPosition] {
        switch place {
        case .cell(let position): return [position]
        case .item(let index): return level.equations.indices.contains(index) ? level.equations[index].cellPositions : []
        case .row(let row): return level.cells.filter { $0.position.row == row && $0.type != .block }.map(\.position)
        case .column(let column): return level.cells.filter { $0.position.column == column && $0.type != .block }.map(\.position)
        }
    }
}

extension MathCrosswordFamily {
    /// "Math crossword – Grade 2" (a custom profile: no class), and how to fill the boxes in.
    ///
    /// - Parameters:
    ///   - levels: the puzzles of the sheet.
    ///   - profile: the profile they were generated with, or `nil` (read from files).
    ///   - language: the sheet's language.
    public func sheetWords(_ levels: [Puzzle], profile: Profile?, language: Language) -> SheetWords {
        let words = MathCrosswordMessages.catalogue
        let number = profile.flatMap { profile in Profile.classProfiles.firstIndex { $0.id == profile.id } }
        let name = number.map { words.text("sheet.profile", language, ["number": language.number($0 + 1)]) }
        return SheetWords(title: Self.sheetTitle(words.text("sheet.title", language), profile: name, language: language),
                          instructions: words.text("sheet.instructions", language))
    }
}
