import PuzzleDrawing
import PuzzleKit

/// A drills sheet on a board: one exercise to a row, `1.  7 + 5 = □`, with
/// the answers written so far; solved, every answer written in. Replaying
/// a trace writes each exercise's answer in as its step reaches it.
extension ArithmeticDrillsFamily: DrawableFamily {
    public func board(_ sheet: Puzzle, solved: Bool) throws -> Board {
        var cells: [Cell] = []
        for (row, exercise) in sheet.exercises.enumerated() {
            let written = solved ? exercise.correctAnswer : sheet.answers.indices.contains(row) ? sheet.answers[row] : nil
            cells += [
                Cell(row: row, column: 0, "\(row + 1).", .sign),
                Cell(row: row, column: 1, "\(exercise.firstNumber)", .label),
                Cell(row: row, column: 2, exercise.type == .subtraction ? "−" : exercise.type.symbol, .sign),
                Cell(row: row, column: 3, "\(exercise.secondNumber)", .label),
                Cell(row: row, column: 4, "=", .sign),
                Cell(row: row, column: 5, written.map { "\($0)" } ?? "", written == nil ? .empty : .answer),
            ]
        }
        return Board(cells: cells)
    }

    /// An exercise (`.item`) is its two numbers, then its answer box (where
    /// its value is written).
    public func positions(of place: TracePlace, in sheet: Puzzle) -> [GridPosition] {
        guard case .item(let row) = place, sheet.exercises.indices.contains(row) else { return [] }
        return [1, 3, 5].map { GridPosition(row: row, column: $0) }
    }
}

extension ArithmeticDrillsFamily {
    /// "Arithmetic drills – Easy", and where the answers go.
    ///
    /// - Parameters:
    ///   - sets: the puzzles of the sheet.
    ///   - profile: the profile they were generated with, or `nil` (read from files).
    ///   - language: the sheet's language.
    public func sheetWords(_ sets: [Puzzle], profile: Profile?, language: Language) -> SheetWords {
        let words = DrillsMessages.catalogue
        let name = profile.map { words.text("sheet.profile.\($0.difficulty.name)", language) }
        return SheetWords(title: Self.sheetTitle(words.text("sheet.title", language), profile: name, language: language),
                          instructions: words.text("sheet.instructions", language))
    }
}
