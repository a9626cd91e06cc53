import PuzzleDrawing
import PuzzleKit

/// A drills sheet on a board: one exercise to a row, `1.  7 + 5 = □`, with
/// the answers written so far; solved, every answer written in.
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

    public func steps(_ sheet: Puzzle) throws -> [StepMarks] {
        _ = try Grader.grade(sheet, explain: false)  // refuses what grading refuses
        let graded = sheet.exercises.map(ExerciseFeatures.init)
        // The explanation's order: easiest first, as grading writes it.
        return EasiestFirst.order(graded.map(\.hardest)).map { row in
            StepMarks(technique: graded[row].hardest.code,
                      uses: [GridPosition(row: row, column: 1), GridPosition(row: row, column: 3)],
                      fixes: [GridPosition(row: row, column: 5)])
        }
    }
}
