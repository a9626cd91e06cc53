import Foundation
import PuzzleKit
import Testing

@Suite struct GradeWeightsTests {
    private let known = ["steps_one-blank", "steps_crossing", "rounds"]

    private func read(_ text: String, kind: String = "math-crossword") throws(FormatError) -> GradeWeights {
        try GradeWeights.read(Data(text.utf8), file: "w.json", kind: kind, known: known)
    }

    private func file(_ weights: String, kind: String = "math-crossword", version: Int = 1, format: String = "puzzlelab-weights") -> String {
        """
        {
          "format": "\(format)",
          "version": \(version),
          "kind": "\(kind)",
          "unit": "seconds",
          "intercept": 10.5,
          "weights": {
            \(weights)
          }
        }
        """
    }

    /// The predicted seconds are the intercept plus each weight times its
    /// feature, rounded half away from zero, never below 0.
    @Test func secondsAreTheLinearModelRounded() throws {
        let weights = try read(file(#""steps_one-blank": 2, "rounds": 0.25"#))
        #expect(weights.seconds(for: ["steps_one-blank": 3, "rounds": 2, "steps": 99]) == 17)   // 10.5 + 6 + 0.5 = 17
        #expect(weights.seconds(for: ["steps_one-blank": 3]) == 17)                               // 16.5 rounds up
        #expect(weights.seconds(for: [:]) == 11)
        let negative = GradeWeights(kind: "k", intercept: -50, weights: ["rounds": 1], fit: nil)
        #expect(negative.seconds(for: ["rounds": 3]) == 0)
    }

    /// A written file reads back to the same weights, with sorted keys.
    @Test func textRoundTrips() throws {
        let fit = GradeWeightsFit(solves: 40, excluded: 2, folds: 5, lambda: 0.01, cvCorrelation: 0.9, cvMeanAbsoluteError: 3.5,
                                  handSetCvCorrelation: 0.8, handSetCvMeanAbsoluteError: 5, dropped: ["guesses"])
        let weights = GradeWeights(kind: "math-crossword", intercept: 12, weights: ["rounds": 3, "steps_crossing": 6], fit: fit)
        #expect(try read(weights.text) == weights)
        let keys = weights.text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == ["fit", "format", "intercept", "kind", "unit", "version", "weights"])
    }

    /// Each refusal is one line naming the file, the line and what was expected.
    @Test func refusalsNameTheLineAndWhatWasExpected() {
        func message(_ text: String, kind: String = "math-crossword") -> String {
            do {
                _ = try read(text, kind: kind)
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(message(file(#""steps_guess": 1"#)) == "w.json:8: weights: math-crossword has no feature \"steps_guess\"; its features are steps_one-blank, steps_crossing, rounds")
        #expect(message(file(#""rounds": 1"#), kind: "cross-sums")
                == "w.json:4: kind: these weights are for math-crossword, not cross-sums (calibrate play logs of cross-sums for its weights)")
        #expect(message(file(#""rounds": -1"#)) == "w.json:8: weights: rounds: expected seconds from 0 to 1000000, found -1.0")
        #expect(message(file(#""rounds": 1"#, version: 2)) == "w.json:3: version: expected 1, found 2")
        #expect(message(file(#""rounds": 1"#, format: "csv")).hasPrefix("w.json:2: format: expected \"puzzlelab-weights\""))
        #expect(message("not json").hasPrefix("w.json:1: "))
        #expect(!message("not json").contains("\n"))
    }
}
