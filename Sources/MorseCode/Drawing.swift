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

extension MorseCodeFamily {
    /// "Morse code – Reading words, beginner", what to write where (by the
    /// exercises' modes), and the code table: the letters A–Z, then every
    /// digit and sign the exercises use, in the table's order.
    ///
    /// - Parameters:
    ///   - exercises: the puzzles of the sheet.
    ///   - profile: the profile they were generated with, or `nil` (read from files).
    ///   - language: the sheet's language.
    public func sheetWords(_ exercises: [Puzzle], profile: Profile?, language: Language) -> SheetWords {
        let words = MorseMessages.catalogue
        let name = profile.map {
            words.text("sheet.profile", language, ["mode": words.text("sheet.mode.\($0.mode.code)", language),
                                                   "difficulty": words.text("sheet.difficulty.\($0.difficulty.rawValue)", language)])
        }
        let reading = exercises.contains { $0.mode.promptIsCode }, sending = exercises.contains { !$0.mode.promptIsCode }
        let instructions = reading && sending ? "sheet.instructions.both" : reading ? "sheet.instructions.reading" : "sheet.instructions.sending"
        let used = Set(exercises.flatMap { $0.text.uppercased() })
        let key = MorseTable.entries.enumerated()
            .filter { $0.offset < MorseTable.letters.count || used.contains($0.element.character) }
            .map { SheetKeyEntry(symbol: String($0.element.character), code: MorseTable.drawn($0.element.code)) }
        return SheetWords(title: Self.sheetTitle(words.text("sheet.title", language), profile: name, language: language),
                          instructions: words.text(instructions, language), key: key)
    }
}
