import CrossSums
import Foundation
import PuzzleKit
import Testing

/// `JSONFormat.write` and `writePack` against the `JSONEncoder` they
/// replaced (the oracle).
@Suite struct JSONWriterTests {
    let oracle = JSONWriterOracle(family: CrossSumsFamily(), encodable: { $0 })

    @Test func writesWhatTheEncoderWroteForEveryProfileAndSeed() throws {
        let puzzles = try oracle.expectSameBytesForEveryProfile(seeds: 1...12)
        let lines = try puzzles.map { try oracle.encoded($0, pretty: false) }
        #expect(JSONFormat.writePack(puzzles) == "[\n" + lines.joined(separator: ",\n") + "\n]\n")
    }

    @Test func writesAwkwardStringsAndNumbersAsTheEncoderDid() throws {
        let numbers = [0, -1, 10, Int.max, Int.min]
        for (i, name) in JSONWriterOracle<CrossSumsFamily>.awkwardStrings.enumerated() {
            let n = numbers[i % numbers.count]
            let puzzle = Puzzle(id: name, difficulty: name, grid: [[n, 1], [2, ~n]],
                                solution: i.isMultiple(of: 2) ? nil : [[true, false], [false, true]],
                                rowSums: [n, 3], columnSums: [])
            try oracle.expectSameBytes(puzzle, "string \(i)")
        }
    }
}
