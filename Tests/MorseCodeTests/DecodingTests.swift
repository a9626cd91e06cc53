import Foundation
import MorseCode
import PuzzleKit
import Testing

/// Brute force: every way to cut the string (each of the n − 1 places cut or
/// not, independently), counting the cuttings whose every piece is a code
/// of the dictionary, with its number of words.
enum BruteForce {
    static func count(_ code: [Character], codes: [String: Int]) -> Int {
        let n = code.count
        var total = 0
        for mask in 0..<(1 << (n - 1)) {
            var ways = 1
            var start = 0
            for end in 1...n where end == n || mask & (1 << (end - 1)) != 0 {
                ways *= codes[String(code[start..<end])] ?? 0
                start = end
                if ways == 0 { break }
            }
            total += ways
        }
        return total
    }

    /// Every letter sequence whose code has at most `maxLength` signals,
    /// tallied by that code run together, at ``index(_:length:)``; the empty
    /// sequence is the one decoding of the empty string.
    static func tally(maxLength: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: 2 << maxLength)
        counts[index(0, length: 0)] = 1
        extend(0, length: 0, maxLength: maxLength, &counts)
        return counts
    }

    private static func extend(_ bits: Int, length: Int, maxLength: Int, _ counts: inout [Int]) {
        for letter in letters {
            guard length + letter.length <= maxLength else { break }
            let next = bits | letter.bits << length
            counts[index(next, length: length + letter.length)] += 1
            extend(next, length: length + letter.length, maxLength: maxLength, &counts)
        }
    }

    /// The 26 letter codes as bits (bit i set when signal i is a dash),
    /// shortest first.
    static let letters: [(bits: Int, length: Int)] = MorseTable.letters.map { letter in
        (bits: letter.code.enumerated().reduce(0) { $0 | ($1.element == "-" ? 1 << $1.offset : 0) }, length: letter.code.count)
    }.sorted { $0.length < $1.length }

    /// A distinct slot for every string: its length as a leading 1 bit.
    static func index(_ bits: Int, length: Int) -> Int { 1 << length | bits }

    static let letterCodes: [String: Int] = Dictionary(uniqueKeysWithValues: MorseTable.letters.map { ($0.code, 1) })

    static func string(_ bits: Int, length: Int) -> [Character] {
        (0..<length).map { bits & (1 << $0) != 0 ? "-" : "." }
    }
}

@Suite struct DecodingTests {
    /// Every dot/dash string of 1–16 signals (131,070 strings). The brute
    /// force enumerates every letter sequence up to `MORSE_BRUTE_FORCE_SIGNALS`
    /// signals (default 12: 7.4 million sequences; 16 means all 1.57 billion,
    /// for a release run). Beyond that, each expected count follows from
    /// brute-force counts of shorter strings: a decoding is one letter whose
    /// code starts the string, then a decoding of the rest — so agreement
    /// here is agreement with the brute force on every string up to 16.
    @Test func countsEqualBruteForceOnEveryStringUpToSixteenSignals() throws {
        let longest = 16
        let enumerated = min(ProcessInfo.processInfo.environment["MORSE_BRUTE_FORCE_SIGNALS"].flatMap(Int.init) ?? 12, longest)
        var expected = BruteForce.tally(maxLength: enumerated)
        expected += [Int](repeating: 0, count: (2 << longest) - expected.count)
        for length in stride(from: enumerated + 1, through: longest, by: 1) {
            for bits in 0..<(1 << length) {
                var ways = 0
                for letter in BruteForce.letters where letter.length <= length && bits & ((1 << letter.length) - 1) == letter.bits {
                    ways += expected[BruteForce.index(bits >> letter.length, length: length - letter.length)]
                }
                expected[BruteForce.index(bits, length: length)] = ways
            }
        }
        var mismatches: [String] = []
        for length in 1...longest {
            for bits in 0..<(1 << length) {
                let code = BruteForce.string(bits, length: length)
                let count = try Solver.count(code.map { $0 == "-" ? MorseSignal.dash : .dot })
                if count != PuzzleNumber(expected[BruteForce.index(bits, length: length)]) { mismatches.append(String(code)) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        // Every string of n signals together decodes in as many ways as there
        // are letter sequences of n signals: 2, 8, 32, 124, … (E T; I A N M; …).
        let perLength = (1...longest).map { length in (0..<(1 << length)).reduce(0) { $0 + expected[BruteForce.index($1, length: length)] } }
        #expect(perLength.prefix(5) == [2, 8, 32, 124, 464])
        #expect(perLength.reduce(0, +) == 1_571_626_454)
    }

    @Test func wordCountsEqualBruteForce() throws {
        let words = ["EAT", "IM", "TEA", "SEA", "AT", "ME", "IT", "TEN", "NET", "A", "E", "T", "SET", "STEM"]
        let dictionary = try CodeDictionary(words: words)
        var codes: [String: Int] = [:]
        for word in words { codes[try MorseText.unspaced(word), default: 0] += 1 }
        var rng = SplitMix64(seed: 3)
        for _ in 0..<400 {
            let length = rng.uniform(in: 1...14)
            let code = BruteForce.string(rng.uniform(in: 0...((1 << length) - 1)), length: length)
            let expected = BruteForce.count(code, codes: codes)
            #expect(try Solver.count(String(code), in: dictionary) == PuzzleNumber(expected))
            let listed = try Solver.list(String(code), in: dictionary, limit: 1_000)
            #expect(listed.count == min(expected, 1_000))
            #expect(listed == listed.sorted { $0.lexicographicallyPrecedes($1) })
            for decoding in listed {
                #expect(try decoding.map { try MorseText.unspaced($0) }.joined() == String(code))
            }
        }
    }

    @Test func listsAreLexicographicAndComplete() throws {
        #expect(try Solver.list("...", limit: 10) == ["EEE", "EI", "IE", "S"])
        #expect(try Solver.list("...", limit: 2) == ["EEE", "EI"])
        for bits in 0..<(1 << 9) {
            let code = String(BruteForce.string(bits, length: 9))
            let all = try Solver.list(code, limit: 100_000)
            #expect(PuzzleNumber(all.count) == (try Solver.count(code)))
            #expect(all == all.sorted())
            #expect(Set(all).count == all.count)
        }
        // A long string lists without deep recursion.
        let long = String(repeating: ".-", count: 2_000)
        #expect(try Solver.list(long, limit: 3).count == 3)
    }

    @Test func sharedCodes() throws {
        let dictionary = try CodeDictionary(words: ["eat", "im", "tea", "EAT"])
        #expect(dictionary.words(withCode: "..--") == ["EAT", "IM"])
        #expect(dictionary.words(withCode: "-..-") == ["TEA"])
        #expect(dictionary.words(withCode: "-") == [])
        #expect(dictionary.count == 3)
    }

    @Test func badStringsAreRejected() {
        #expect(throws: DecodingCountError.notASignal("x", position: 3)) { try Solver.count("..x") }
        #expect(throws: DecodingCountError.empty) { try Solver.count("") }
        #expect(throws: FormatError.self) { try CodeDictionary.read("SEA\nTWO WORDS\n", file: "w.txt") }
        #expect(throws: FormatError.self) { try CodeDictionary.read("SEA\nA%B\n", file: "w.txt") }
    }

    /// The tetranacci-like count of n dots (E, I, S, H are 1–4 dots) by a
    /// forward recurrence on decimal strings, written here independently of
    /// the library's numbers.
    static func dotsCountDecimal(_ n: Int) -> String {
        var f = ["1"]
        for i in 1...n {
            var sum = "0"
            for back in 1...4 where i - back >= 0 { sum = addDecimal(sum, f[i - back]) }
            f.append(sum)
        }
        return f[n]
    }

    static func addDecimal(_ a: String, _ b: String) -> String {
        let x = Array(a.utf8.reversed()), y = Array(b.utf8.reversed())
        var out: [UInt8] = []
        var carry = 0
        for i in 0..<max(x.count, y.count) {
            let d = (i < x.count ? Int(x[i]) - 48 : 0) + (i < y.count ? Int(y[i]) - 48 : 0) + carry
            out.append(UInt8(d % 10 + 48))
            carry = d / 10
        }
        if carry > 0 { out.append(UInt8(carry + 48)) }
        return String(decoding: out.reversed(), as: UTF8.self)
    }

    @Test func longStringsInSixtyFourBits() throws {
        // Where the count fits, a plain Int recurrence and the library agree.
        var rng = SplitMix64(seed: 64)
        for _ in 0..<50 {
            let length = rng.uniform(in: 20...60)
            let code = (0..<length).map { _ in rng.chance(1, in: 2) ? "-" : "." }.joined()
            let signals = Array(code)
            var ways = [Int](repeating: 0, count: length + 1)
            ways[0] = 1
            for end in 1...length {
                for size in 1...4 where size <= end && BruteForce.letterCodes[String(signals[(end - size)..<end])] != nil {
                    ways[end] += ways[end - size]
                }
            }
            #expect(try Solver.count(code) == PuzzleNumber(ways[length]))
        }
        #expect(try Solver.count(String(repeating: ".", count: 60)).description == Self.dotsCountDecimal(60))
    }

    #if GMP
    @Test func thousandsOfSignalsCountExactlyWithGMP() throws {
        for n in [100, 1_000, 3_000] {
            #expect(try Solver.count(String(repeating: ".", count: n)).description == Self.dotsCountDecimal(n))
        }
        // A mixed string: the library's backward pass against a forward pass
        // in decimal strings.
        var rng = SplitMix64(seed: 2_000)
        let code = Array((0..<2_000).map { _ in rng.chance(1, in: 2) ? Character("-") : Character(".") })
        var ways = ["1"]
        for end in 1...code.count {
            var sum = "0"
            for size in 1...4 where size <= end && BruteForce.letterCodes[String(code[(end - size)..<end])] != nil {
                sum = Self.addDecimal(sum, ways[end - size])
            }
            ways.append(sum)
        }
        let count = try Solver.count(String(code))
        #expect(count.description == ways[code.count])
        #expect(count.description.count > 300)
    }
    #else
    @Test func countsBeyondSixtyFourBitsFailWithOneLineNamingTheTrait() {
        #expect(throws: DecodingCountError.overflow(signals: 3_000)) { try Solver.count(String(repeating: ".", count: 3_000)) }
        let message = DecodingCountError.overflow(signals: 3_000).description
        #expect(message.contains("--traits GMP"))
        #expect(!message.contains("\n"))
    }
    #endif
}
