import Foundation
import MorseCode
import PuzzleKit
import Testing

/// `JSONFormat.write` against the `JSONEncoder` it replaced (the oracle).
@Suite struct JSONWriterTests {
    let oracle = JSONWriterOracle(family: MorseCodeFamily(), encodable: { $0 })

    @Test func writesWhatTheEncoderWroteForEveryProfileAndSeed() throws {
        try oracle.expectSameBytesForEveryProfile(seeds: 1...30)
    }

    @Test func writesAwkwardStringsAsTheEncoderDid() throws {
        for (i, name) in JSONWriterOracle<MorseCodeFamily>.awkwardStrings.enumerated() {
            let exercise = Puzzle(id: name, mode: ExerciseMode.allCases[i % ExerciseMode.allCases.count],
                                  difficulty: Difficulty.allCases[i % Difficulty.allCases.count], prompt: name + "-.", answer: "A" + name)
            try oracle.expectSameBytes(exercise, "string \(i)")
        }
    }
}
