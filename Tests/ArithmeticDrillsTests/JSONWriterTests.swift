@testable import ArithmeticDrills
import Foundation
import PuzzleKit
import Testing

/// `JSONFormat.write` against the `JSONEncoder` it replaced (the oracle):
/// the encoder was given a `SheetJSON`, the form the reader decodes.
@Suite struct JSONWriterTests {
    static func sheetJSON(_ sheet: Puzzle) -> JSONFormat.SheetJSON {
        JSONFormat.SheetJSON(id: sheet.id, difficulty: sheet.difficulty, target: sheet.target,
                             exercises: sheet.exercises.enumerated().map { i, e in
                                 JSONFormat.ExerciseJSON(type: e.type, firstNumber: e.firstNumber, secondNumber: e.secondNumber,
                                                         difficulty: e.difficulty, answer: i < sheet.answers.count ? sheet.answers[i] : nil)
                             })
    }

    let oracle = JSONWriterOracle(family: ArithmeticDrillsFamily(), encodable: { JSONWriterTests.sheetJSON($0) })

    @Test func writesWhatTheEncoderWroteForEveryProfileAndSeed() throws {
        let sheets = try oracle.expectSameBytesForEveryProfile(seeds: 1...20)
        for sheet in sheets.compactMap(\.solved) { try oracle.expectSameBytes(sheet, "solved \(sheet.id)") }
    }

    @Test func writesAwkwardStringsAndNumbersAsTheEncoderDid() throws {
        let numbers = [0, -1, 10, Int.max, Int.min]
        for (i, name) in JSONWriterOracle<ArithmeticDrillsFamily>.awkwardStrings.enumerated() {
            let n = numbers[i % numbers.count]
            let difficulty = Difficulty.allCases[i % Difficulty.allCases.count]
            let sheet = Puzzle(id: name, difficulty: difficulty, target: i.isMultiple(of: 2) ? nil : n,
                               exercises: OperationType.allCases.map { Exercise($0, n, 7, difficulty: difficulty) },
                               answers: [n, nil, 3])
            try oracle.expectSameBytes(sheet, "string \(i)")
        }
    }
}
