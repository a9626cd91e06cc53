import PuzzleDrawing
import PuzzleKit

/// A Morse exercise on a board: each symbol of the text in a box two cells
/// wide with its code in a box below, words a cell apart, as many to a line
/// as fit in ``lineWidth`` cells. The prompt's side is given, the answer's
/// side is empty; solved, the answer is written in.
extension MorseCodeFamily: DrawableFamily {
    /// The board's width in cells: twelve symbols, or a few short words.
    static let lineWidth = 24

    public func board(_ exercise: Puzzle, solved: Bool) throws -> Board {
        let slots = try layout(exercise)
        var cells: [Cell] = []
        for slot in slots {
            let code = slot.code.map { $0 == "." ? "•" : "−" }.joined(separator: "\u{2009}")  // thin spaces
            let letter = String(slot.symbol)
            let (symbolStyle, codeStyle): (Cell.Style, Cell.Style) = exercise.mode.promptIsCode
                ? (solved ? .answer : .empty, .given) : (.given, solved ? .answer : .empty)
            cells.append(Cell(row: slot.position.row, column: slot.position.column, width: 2,
                              symbolStyle == .empty ? "" : letter, symbolStyle))
            cells.append(Cell(row: slot.position.row + 1, column: slot.position.column, width: 2,
                              codeStyle == .empty ? "" : code, codeStyle))
        }
        return Board(cells: cells)
    }

    public func steps(_ exercise: Puzzle) throws -> [StepMarks] {
        let slots = try layout(exercise)
        let grade = Grader.grade(exercise)
        // The explanation's order: easiest first, as `Grader.explain` writes it.
        return EasiestFirst.order(grade.steps.map(\.feature)).map { index in
            let step = grade.steps[index]
            let marked: [Slot]
            switch step.feature {
            case .confusablePair:
                let pair = [step.subject.first, step.subject.last]
                marked = slots.filter { pair.contains($0.symbol) }
            case .ambiguousWord:
                marked = slots.filter { $0.word == step.subject }
            default:
                marked = slots.filter { String($0.symbol) == step.subject }
            }
            let symbols = marked.map(\.position)
            let codes = symbols.map { GridPosition(row: $0.row + 1, column: $0.column) }
            // The prompt's side is read, the answer's side is written.
            return exercise.mode.promptIsCode
                ? StepMarks(technique: step.feature.code, uses: codes, fixes: symbols)
                : StepMarks(technique: step.feature.code, uses: symbols, fixes: codes)
        }
    }

    /// One symbol of the text, where it sits on the board.
    private struct Slot {
        var symbol: Character
        var code: String
        var word: String
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
                slots.append(Slot(symbol: symbol, code: MorseTable.code(for: symbol) ?? "", word: word,
                                  position: GridPosition(row: 3 * line, column: column)))
                column += 2
            }
            column += 1
        }
        return slots
    }
}
