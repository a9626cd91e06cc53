import Foundation
import MorseCode
import PuzzleKit
import Testing

@Suite struct RulesTests {
    @Test func tableIsComplete() {
        #expect(MorseTable.entries.count == 54)
        #expect(Set(MorseTable.entries.map(\.code)).count == 54)
        #expect(MorseTable.code(for: "s") == "...")
        #expect(MorseTable.character(for: "....") == "H")
        #expect(MorseTable.character(for: "........") == nil)
        #expect(MorseTable.kind(of: "Q") == .letter && MorseTable.kind(of: "7") == .digit && MorseTable.kind(of: "@") == .punctuation)
    }

    @Test func encodeDecodeRoundTrip() throws {
        #expect(try MorseText.encode("sos help") == "... --- ... / .... . .-.. .--.")
        #expect(try MorseText.decode("... --- ...  /  .... . .-.. .--.") == "SOS HELP")
        for text in WordLists.allSentences + WordLists.allWords {
            #expect(try MorseText.decode(MorseText.encode(text)) == (try MorseText.normalize(text)))
        }
        #expect(throws: MorseText.Fault.unknownCharacter("%", position: 2)) { try MorseText.encode("A%") }
        #expect(throws: MorseText.Fault.unknownCode("......-", token: 1)) { try MorseText.decode("......-") }
        #expect(throws: MorseText.Fault.misplacedWordGap(token: 1)) { try MorseText.decode("/ .-") }
        #expect(throws: MorseText.Fault.misplacedWordGap(token: 3)) { try MorseText.decode(".- / / .-") }
        #expect(throws: MorseText.Fault.misplacedWordGap(token: 2)) { try MorseText.decode(".- /") }
        #expect(throws: MorseText.Fault.empty) { try MorseText.decode("  ") }
    }

    @Test func parisTiming() throws {
        #expect(try MorseText.units(of: "PARIS") == 43)
        #expect(try MorseText.units(of: "E E") == 9)
        #expect(MorseTable.units(of: ".-") == 5)
        #expect(abs(MorseText.unitSeconds(wordsPerMinute: 20) - 0.06) < 1e-12)
        #expect(editDistance(".", "-") == 1 && editDistance("...", "....") == 1)
        #expect(editDistance("", "..") == 2 && editDistance("-.-.", ".-.-") == 2)
        #expect(MorseTable.neighbours(of: "E").contains("T"))
    }

    @Test func answersAreCheckedSymbolBySymbol() {
        let word = Puzzle(id: "x", mode: .codeToWord, difficulty: .beginner, prompt: "... . .-", answer: "SEA")
        #expect(word.check(" sea ").isCorrect)
        #expect(word.check("SET").symbols.map(\.correct) == [true, true, false])
        #expect(!word.check("SEAT").isCorrect)
        #expect(word.check("SEAT").symbols.allSatisfy { $0.correct })
        let code = Puzzle(id: "y", mode: .sentenceToCode, difficulty: .beginner, prompt: "SEE IT", answer: "... . . / .. -")
        #expect(code.check("...  . ./.. -").isCorrect)
        #expect(code.check("... . . / .. .").symbols.map(\.correct) == [true, true, true, true, false])
        #expect(!code.check("... . .").isCorrect)
    }

    @Test func progressTracksStreaksAndWeakSymbols() {
        var progress = ProgressRecord(minimumAttempts: 2)
        for ok in [true, false, false] { progress.recordAttempt(symbol: "H", isCorrect: ok, duration: 1.5) }
        for ok in [true, true] { progress.recordAttempt(symbol: "e", isCorrect: ok, duration: 0.5) }
        progress.recordAttempt(symbol: "Q", isCorrect: false, duration: 2)
        for ok in [false, true, true, true] { progress.recordAttempt(symbol: "S", isCorrect: ok, duration: 1) }
        let statistics = progress.getStatistics()
        #expect(statistics.totalAttempts == 10 && statistics.correctAttempts == 6)
        #expect(statistics.currentStreak == 3 && statistics.bestStreak == 3)
        #expect(abs(statistics.accuracy - 0.6) < 1e-12)
        // Q has one attempt only; H (2/3) is weaker than S (1/4); E has no errors.
        #expect(progress.getWeakSymbols() == ["H", "S"])
        #expect(ProgressRecord().getStatistics().accuracy == 0)
        var fromCheck = ProgressRecord(minimumAttempts: 1)
        let exercise = Puzzle(id: "x", mode: .codeToWord, difficulty: .beginner, prompt: "... . .-", answer: "SEA")
        fromCheck.record(exercise.check("SET"), duration: 3)
        #expect(fromCheck.getWeakSymbols() == ["A"])
        #expect(fromCheck.symbols["S"]?.totalDuration == 1)
    }
}

@Suite struct InputProcessingTests {
    /// A seeded normal deviate (Box–Muller).
    static func normal(_ rng: inout SplitMix64) -> Double {
        let u = (Double(rng.next() >> 11) + 0.5) / 9_007_199_254_740_992
        let v = Double(rng.next() >> 11) / 9_007_199_254_740_992
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }

    /// Taps of `text` at `wpm` with every duration scaled by exp(σ·z).
    static func jittered(_ text: String, wpm: Double, sigma: Double, rng: inout SplitMix64) throws -> [Tap] {
        try Tap.perfect(text, wordsPerMinute: wpm).map { tap in
            Tap(press: tap.press * exp(sigma * normal(&rng)), gapAfter: tap.gapAfter * exp(sigma * normal(&rng)))
        }
    }

    /// Signal and character error rates of the classifier over the built-in
    /// sentences at one speed (the classifier starts at 15 wpm). The
    /// character error rate is the usual one: edit distance between decoded
    /// and sent text over the sent length, so a merged or split letter costs
    /// one or two errors, not the rest of the sentence.
    static func errorRates(wpm: Double, sigma: Double, seed: Int) throws -> (signals: Double, characters: Double) {
        var rng = SplitMix64(seed: seed)
        var signalErrors = 0, signals = 0, characterErrors = 0, characters = 0
        var input = AdaptiveTapClassifier(wordsPerMinute: 15)
        for sentence in WordLists.allSentences {
            let taps = try jittered(sentence, wpm: wpm, sigma: sigma, rng: &rng)
            let expected = try MorseText.unspaced(sentence)
            var probe = input
            for (tap, want) in zip(taps, expected) {
                signals += 1
                if probe.processInput(tap.press).symbol != want { signalErrors += 1 }
            }
            let decoded = input.decode(taps), truth = try MorseText.normalize(sentence)
            characters += truth.count
            characterErrors += editDistance(decoded, truth)
        }
        return (Double(signalErrors) / Double(signals), Double(characterErrors) / Double(characters))
    }

    @Test func classifiesPerfectTapsAtEverySpeed() throws {
        for wpm in stride(from: 5.0, through: 30, by: 5) {
            var input = AdaptiveTapClassifier(wordsPerMinute: 15)
            // A few taps at the new speed let the estimate settle.
            _ = input.decode(try Tap.perfect("PARIS PARIS", wordsPerMinute: wpm))
            for sentence in WordLists.allSentences {
                #expect(input.decode(try Tap.perfect(sentence, wordsPerMinute: wpm)) == (try MorseText.normalize(sentence)))
            }
            #expect(abs(input.wordsPerMinute - wpm) < 0.01 * wpm)
        }
    }

    @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(editDistance("SOS", "SOS") == 0)
        #expect(editDistance("SOS", "SOT") == 1)
        #expect(editDistance("EEOS", "IOS") == 2)
        #expect(editDistance("", "HELP") == 4)
        #expect(editDistance("KITTEN", "SITTING") == 3)
    }

    @Test func jitteredTapsAt5To30WPM() throws {
        for wpm in [5.0, 10, 15, 20, 25, 30] {
            let moderate = try Self.errorRates(wpm: wpm, sigma: 0.15, seed: Int(wpm))
            #expect(moderate.signals < 0.01, "\(wpm) wpm: \(moderate)")
            #expect(moderate.characters < 0.1, "\(wpm) wpm: \(moderate)")
        }
    }

    @Test func followsASpeedChange() throws {
        var input = AdaptiveTapClassifier(wordsPerMinute: 5)
        let fast = try Tap.perfect("PARIS PARIS", wordsPerMinute: 30)
        _ = input.decode(fast)
        #expect(input.decode(fast) == "PARIS PARIS")
        var slow = AdaptiveTapClassifier(wordsPerMinute: 30)
        _ = slow.decode(try Tap.perfect("PARIS", wordsPerMinute: 5))
        #expect(slow.decode(try Tap.perfect("PARIS PARIS", wordsPerMinute: 5)) == "PARIS PARIS")
    }

    @Test func validatesAndResets() {
        var input = AdaptiveTapClassifier(wordsPerMinute: 20)
        #expect(input.processInput(0.05) == .dot)
        #expect(input.processInput(0.19) == .dash)
        #expect(input.currentSymbol == "A")
        #expect(input.validateSymbol([.dot, .dot, .dot, .dot, .dot, .dot, .dot]) == nil)
        #expect(input.validateSymbol([.dash, .dash, .dash]) == "O")
        input.reset()
        #expect(input.signals.isEmpty)
        // A duration that is not a number is a dash and leaves the speed alone.
        let unit = input.unit
        #expect(input.processInput(.nan) == .dash)
        #expect(input.unit == unit && input.signals == [.dash])
    }

    /// The tap-classifier table of docs/families/morse.md and docs/families/README.md, as
    /// printed (percent, rounded to the digits shown; "0" is exactly none):
    /// swift test --filter InputProcessingTests/errorRatesMatchTheDocumentedTable
    static let documentedErrorRates: [(sigma: Double, signals: [String], characters: [String])] = [
        (0.1, ["0.60", "0", "0", "0"], ["1.9", "0", "0", "0.14"]),
        (0.2, ["0.93", "0.40", "0.33", "0.33"], ["6.4", "4.8", "4.5", "4.6"]),
        (0.3, ["4.2", "3.8", "3.7", "3.8"], ["31", "29", "29", "29"]),
    ]

    /// Whether `rate` shows as `documented` percent at the digits it is given with.
    static func matches(_ rate: Double, _ documented: String) -> Bool {
        guard documented != "0", let value = Double(documented) else { return rate == 0 }
        let digits = documented.split(separator: ".").dropFirst().first?.count ?? 0
        var unit = 1.0
        for _ in 0..<digits { unit /= 10 }
        return abs(rate * 100 - value) <= unit / 2
    }

    @Test func errorRatesMatchTheDocumentedTable() throws {
        for row in Self.documentedErrorRates {
            for (index, wpm) in [5.0, 10, 20, 30].enumerated() {
                let rates = try Self.errorRates(wpm: wpm, sigma: row.sigma, seed: 7)
                #expect(Self.matches(rates.signals, row.signals[index]), "sigma \(row.sigma), \(wpm) wpm: signals \(rates.signals)")
                #expect(Self.matches(rates.characters, row.characters[index]), "sigma \(row.sigma), \(wpm) wpm: characters \(rates.characters)")
            }
        }
    }
}
