import PuzzleDrawing
import PuzzleKit

/// A Morse exercise on a board: each symbol of the text in a box two cells
/// wide with its code in a box below, words a cell apart, as many to a line
/// as fit in ``lineWidth`` cells. The prompt's side is given, the answer's
/// side is empty; solved, the answer is written in. Symbols and codes are
/// sized apart (`Cell.group`), so the codes of an answer key leave the
/// prompt's symbols at their size; a code's dashes are minus signs (`−`),
/// upright. Replaying a trace
/// writes each symbol's answer in as its step decodes it.
extension MorseCodeFamily: DrawableFamily {
    /// The board's width in cells: twelve symbols, or a few short words.
    static let lineWidth = 24

    public func board(_ exercise: Puzzle, solved: Bool) throws -> Board {
        let slots = try layout(exercise)
        var cells: [Cell] = []
        for slot in slots {
            let code = MorseTable.drawn(slot.code)
            let letter = String(slot.symbol)
            let (symbolStyle, codeStyle): (Cell.Style, Cell.Style) = exercise.mode.promptIsCode
                ? (solved ? .answer : .empty, .given) : (.given, solved ? .answer : .empty)
            cells.append(Cell(row: slot.position.row, column: slot.position.column, width: 2,
                              symbolStyle == .empty ? "" : letter, symbolStyle))
            cells.append(Cell(row: slot.position.row + 1, column: slot.position.column, width: 2, group: 1,
                              codeStyle == .empty ? "" : code, codeStyle))
        }
        return Board(cells: cells)
    }

    /// A symbol of the text (`.item`, in reading order) is its box on the
    /// prompt's side, then its box on the answer's side (where it is
    /// written): the code's box and the symbol's when the prompt is code,
    /// else the other way round.
    public func positions(of place: TracePlace, in exercise: Puzzle) -> [GridPosition] {
        guard case .item(let index) = place, let slots = try? layout(exercise), slots.indices.contains(index) else { return [] }
        let symbol = slots[index].position, code = GridPosition(row: symbol.row + 1, column: symbol.column)
        return exercise.mode.promptIsCode ? [code, symbol] : [symbol, code]
    }

    /// One symbol of the text, where it sits on the board.
    private struct Slot {
        var symbol: Character
        var code: String
        var position: GridPosition
    }

    /// The text's symbols in reading order, placed line by line; a word
    /// longer than a line is broken.
    private func layout(_ exercise: Puzzle) throws -> [Slot] {
        let words: [String]
        do { words = try MorseText.words(of: exercise.text) } catch {
            throw DrawingError("\(exercise.id): the text cannot be drawn: \(error)")
        }
        var slots: [Slot] = []
        var (line, column) = (0, 0)
        for word in words {
            if column > 0 && column + 2 * word.count > Self.lineWidth { (line, column) = (line + 1, 0) }
            for symbol in word {
                if column + 2 > Self.lineWidth { (line, column) = (line + 1, 0) }
                slots.append(Slot(symbol: symbol, code: MorseTable.code(for: symbol) ?? "",
                                  position: GridPosition(row: 3 * line, column: column)))
                column += 2
            }
            column += 1
        }
        return slots
    }
}
