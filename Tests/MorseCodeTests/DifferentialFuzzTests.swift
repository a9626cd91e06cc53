import Foundation
import MorseCode
import PuzzleKit
import Testing

/// The differential fuzzer's Morse part (docs/DEVELOPMENT.md, "Differential
/// fuzzing"): random exercises of every mode built directly, whose text is
/// 1–3 words of letters, digits and punctuation with at most 12 signals run
/// together, counted by the family, by the family after the text format's
/// round trip, and by ``BruteForce`` (every way to cut the code). Long codes
/// of 40–120 signals, whose decodings pass 2^63 from about 65 dots on, must
/// be counted exactly while they fit and never given a complete count once
/// they do not (a one-line refusal, or an `overflow` stop).
@Suite struct DifferentialFuzzTests {
    let family = MorseCodeFamily()

    /// The symbols words are made of: letters mostly, the short-coded ones
    /// (many decodings) often.
    func symbol(_ rng: inout SplitMix64) -> Character {
        switch rng.uniform(in: 0...9) {
        case 0: return MorseTable.entries[rng.uniform(in: 26...(MorseTable.entries.count - 1))].character
        case 1...3: return Array("EITSANMH")[rng.index(below: 8)]
        default: return MorseTable.letters[rng.index(below: 26)].character
        }
    }

    func exercise(words: [String], _ rng: inout SplitMix64) throws -> Puzzle {
        let text = words.joined(separator: " ")
        let code = try MorseText.encode(text)
        let modes: [ExerciseMode] = words.count == 1 ? [.codeToWord, .wordToCode] : [.codeToSentence, .sentenceToCode]
        let mode = modes[rng.index(below: 2)]
        let difficulty = Difficulty.allCases[rng.index(below: Difficulty.allCases.count)]
        return mode == .codeToWord || mode == .codeToSentence
            ? Puzzle(id: "fuzz", mode: mode, difficulty: difficulty, prompt: code, answer: text)
            : Puzzle(id: "fuzz", mode: mode, difficulty: difficulty, prompt: text, answer: code)
    }

    /// Words of at most 12 signals in all (2,048 ways to cut them).
    func shortExercise(_ rng: inout SplitMix64) throws -> Puzzle {
        var words: [String] = []
        var signals = 0
        for _ in 0..<rng.uniform(in: 1...3) {
            var word = ""
            for _ in 0..<rng.uniform(in: 1...4) {
                let c = symbol(&rng)
                let length = MorseTable.code(for: c)?.count ?? 0
                guard signals + length <= 12 else { break }
                word.append(c)
                signals += length
            }
            if !word.isEmpty { words.append(word) }
        }
        return try exercise(words: words.isEmpty ? ["E"] : words, &rng)
    }

    /// The decodings of an unspaced code counted from the end in 128 bits:
    /// exact for the long codes here (below 2^127), to tell whether the count
    /// fits in 64 bits.
    func wideCount(_ code: String) -> Int128 {
        let signals = Array(code)
        var ways = [Int128](repeating: 0, count: signals.count + 1)
        ways[signals.count] = 1
        for start in stride(from: signals.count - 1, through: 0, by: -1) {
            for length in 1...4 where start + length <= signals.count && BruteForce.letterCodes[String(signals[start..<(start + length)])] != nil {
                ways[start] += ways[start + length]
            }
        }
        return ways[0]
    }

    func check(_ puzzle: Puzzle, expected: Int128, index: Int, seen: inout (fits: Int, beyond: Int)) {
        let text = family.writeText(puzzle, comments: [])
        let direct = DifferentialFuzzing.outcome(family, puzzle)
        let fail = { (what: String) in DifferentialFuzzing.fail(what, case: index, puzzle: text) }
        if let fits = Int(exactly: expected) {
            seen.fits += 1
            if direct != .count(fits) { fail("family: \(direct), brute force: \(expected)") }
        } else {
            seen.beyond += 1
            if !(direct.isOneLineRefusal || direct == .incomplete("overflow")) {
                fail("family: \(direct) for \(expected) decodings (beyond 64 bits)")
            }
        }
        // The CLI's path: the text form, read back as a `.morse` file.
        switch DifferentialFuzzing.read(family, text, file: "fuzz.morse") {
        case .success(let read):
            let again = DifferentialFuzzing.outcome(family, read)
            if again != direct { fail("read back from its text: \(again), built directly: \(direct)") }
        case .failure(let error):
            fail("its text does not read back: \(error)")
        }
    }

    @Test func countsAgreeWithTheBruteForce() throws {
        let cases = DifferentialFuzzing.cases(fixed: 600)
        var seen = (fits: 0, beyond: 0)
        for index in 0..<cases {
            var rng = SplitMix64(seed: DifferentialFuzzing.caseSeed(family: 5, index: index))
            let puzzle = try shortExercise(&rng)
            let code = try MorseText.unspaced(puzzle.text)
            check(puzzle, expected: Int128(BruteForce.count(Array(code), codes: BruteForce.letterCodes)), index: index, seen: &seen)
        }
        #expect(seen.fits == cases)
    }

    @Test func longCodesAreExactOrNeverComplete() throws {
        let cases = DifferentialFuzzing.cases(fixed: 600) / 4
        var seen = (fits: 0, beyond: 0)
        for index in 0..<cases {
            var rng = SplitMix64(seed: DifferentialFuzzing.caseSeed(family: 5, index: 1_000_000 + index))
            let target = rng.uniform(in: 40...120)
            var words: [String] = []
            var signals = 0
            while signals < target {
                var word = ""
                for _ in 0..<rng.uniform(in: 1...6) {
                    // Dots and dashes of one or two signals: the most decodings.
                    let c = rng.chance(3, in: 4) ? Array("EITMAN")[rng.index(below: 6)] : symbol(&rng)
                    word.append(c)
                    signals += MorseTable.code(for: c)?.count ?? 0
                }
                words.append(word)
            }
            let puzzle = try exercise(words: words.count == 1 ? words + ["E"] : words, &rng)
            check(puzzle, expected: wideCount(try MorseText.unspaced(puzzle.text)), index: index, seen: &seen)
        }
        if cases >= 150 {
            #expect(seen.fits > 20 && seen.beyond > 20, "\(seen)")
        }
    }
}
