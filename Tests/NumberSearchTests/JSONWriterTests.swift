import Foundation
import NumberSearch
import PuzzleKit
import Testing

/// `JSONFormat.write` against the `JSONEncoder` it replaced (the oracle).
@Suite struct JSONWriterTests {
    let oracle = JSONWriterOracle(family: NumberSearchFamily(), encodable: { $0 })

    @Test func writesWhatTheEncoderWroteForEveryProfileAndSeed() throws {
        try oracle.expectSameBytesForEveryProfile(seeds: 1...15)
    }

    @Test func writesAwkwardStringsAndNumbersAsTheEncoderDid() throws {
        let level = try Generator.generate(Profile.level(of: 3), seed: 4).level
        let numbers = [0, -1, 10, Int.max, Int.min]
        for (i, name) in JSONWriterOracle<NumberSearchFamily>.awkwardStrings.enumerated() {
            let n = numbers[i % numbers.count]
            var questions = level.questions
            questions.append(Question(operands: [n, ~n], target: n, solutionPositions: i.isMultiple(of: 2) ? nil : []))
            let changed = Puzzle(id: name, profile: name, pathMode: i.isMultiple(of: 2) ? .any : .straight,
                                 grid: level.grid + [[n]], questions: questions)
            try oracle.expectSameBytes(changed, "string \(i)")
        }
        try oracle.expectSameBytes(Puzzle(id: "", profile: "", pathMode: .straight, grid: [], questions: []), "empty")
    }
}
