import Foundation
import MathCrossword
import PuzzleKit
import Testing

/// `JSONFormat.write` against the `JSONEncoder` it replaced (the oracle):
/// the same bytes for every profile, many seeds, and fields holding every
/// kind of string and number.
@Suite struct JSONWriterTests {
    let oracle = JSONWriterOracle(family: MathCrosswordFamily(), encodable: { $0 })

    @Test func writesWhatTheEncoderWroteForEveryProfileAndSeed() throws {
        try oracle.expectSameBytesForEveryProfile(seeds: 1...24)
    }

    @Test func writesAwkwardStringsAndNumbersAsTheEncoderDid() throws {
        let level = try Generator().generateLevel(difficulty: .class4, seed: 3)
        let numbers: [PuzzleNumber] = [0, -1, 9, 10, 12345, PuzzleNumber(Int.max), PuzzleNumber(Int.min)]
            + [PuzzleNumber(decimalDigits: "123456789012345678901234567890")].compactMap { $0 }
        for (i, name) in JSONWriterOracle<MathCrosswordFamily>.awkwardStrings.enumerated() {
            let number = numbers[i % numbers.count]
            let d = level.difficulty
            let profile = Profile(id: name, displayName: name + d.displayName, minValue: number, maxValue: d.maxValue,
                                  allowedOperators: [name] + d.allowedOperators, gridRows: d.gridRows, gridColumns: d.gridColumns,
                                  minEquations: d.minEquations, maxEquations: d.maxEquations,
                                  maxOperandsPerEquation: d.maxOperandsPerEquation, minCrossingsPerEquation: d.minCrossingsPerEquation)
            let cells = level.cells.map { cell in
                GridCell(id: UUID(), position: cell.position, type: cell.type, fixedValue: cell.fixedValue.map { _ in number },
                         operatorSymbol: cell.operatorSymbol.map { $0 + name }, currentValue: cell.type == .emptyOperand ? number : nil)
            }
            let solution = i.isMultiple(of: 2) ? nil : level.solution?.map { SolutionEntry(row: $0.row, column: $0.column, value: number) }
            let changed = Puzzle(id: name, difficulty: profile, rows: level.rows, columns: level.columns, cells: cells,
                                 equations: level.equations, numberPool: level.numberPool.map { _ in number }, solution: solution)
            try oracle.expectSameBytes(changed, "string \(i)")
        }
    }

    @Test func writesAnEmptyLevelAsTheEncoderDid() throws {
        let empty = Puzzle(id: "", difficulty: .class1, rows: 0, columns: 0, cells: [], equations: [], numberPool: [], solution: [])
        try oracle.expectSameBytes(empty, "empty")
    }
}
