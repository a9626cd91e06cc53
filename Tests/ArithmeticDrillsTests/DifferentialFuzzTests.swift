import ArithmeticDrills
import Foundation
import PuzzleKit
import Testing

/// The obviously-correct reference for drills, from the rules of
/// docs/FORMATS.md section 7: an exercise is valid when both operands lie in
/// 1–10 and in the sheet's range and a subtraction does not go below 0; the
/// count is the number of ways to answer every exercise with a value from
/// 0 to 25 (every valid exercise's answer lies there) that is its exact
/// result (in 128 bits) and agrees with the written answer.
enum DrillsBruteForce {
    static func count(_ sheet: Sheet) -> Int {
        var assignments = 1
        for (exercise, written) in zip(sheet.exercises, sheet.answers) {
            let a = Int128(exercise.firstNumber), b = Int128(exercise.secondNumber)
            let inRange = [exercise.firstNumber, exercise.secondNumber].allSatisfy { (1...10).contains($0) && sheet.difficulty.range.contains($0) }
            let result = exercise.type == .addition ? a + b : a - b
            let answers = (0...25).filter { v in inRange && result >= 0 && Int128(v) == result && (written == nil || written == v) }
            assignments *= answers.count
        }
        return assignments
    }
}

/// The differential fuzzer's drills part (docs/DEVELOPMENT.md, "Differential
/// fuzzing"): random sheets built directly, of 1–3 exercises (all equal or
/// all zero at times) with operands in and out of every range, up to
/// `Int.max`, and written answers right, wrong, huge or missing; counted by
/// the solver, by the solver after the text format's round trip, and by
/// ``DrillsBruteForce``. Numbers beyond 64 bits must be refused by the reader
/// in one line.
@Suite struct DifferentialFuzzTests {
    let family = ArithmeticDrillsFamily()

    static let large = [Int.max, Int.max - 1, 1 << 62, 1 << 32, 3_000_000_000_000_000_000]

    func operand(_ rng: inout SplitMix64) -> Int {
        switch rng.uniform(in: 0...19) {
        case 0: return Self.large[rng.index(below: Self.large.count)]
        case 1: return rng.uniform(in: 0...1) == 0 ? 0 : rng.uniform(in: 11...12)
        case 2...9: return rng.uniform(in: 1...10)
        default: return rng.uniform(in: 1...3)  // in every range
        }
    }

    func randomSheet(_ rng: inout SplitMix64) -> Sheet {
        let allZero = rng.chance(1, in: 20)
        var exercises = (0..<rng.uniform(in: 1...3)).map { _ in
            Exercise(rng.chance(1, in: 2) ? .addition : .subtraction, allZero ? 0 : operand(&rng), allZero ? 0 : operand(&rng),
                     difficulty: .hard)
        }
        if rng.chance(1, in: 6) { exercises = exercises.map { _ in exercises[0] } }  // all equal
        let answers: [Int?] = exercises.map { exercise in
            switch rng.uniform(in: 0...9) {
            case 0...3: return nil
            case 4: return rng.uniform(in: 0...25)
            case 5: return Self.large[rng.index(below: Self.large.count)]
            default: return exercise.correctAnswer >= 0 ? exercise.correctAnswer : nil
            }
        }
        let difficulty = rng.chance(1, in: 2) ? .hard : Difficulty.allCases[rng.index(below: Difficulty.allCases.count)]
        return Sheet(id: "fuzz", difficulty: difficulty, exercises: exercises, answers: answers)
    }

    @Test func countsAgreeWithTheBruteForce() throws {
        let cases = DifferentialFuzzing.cases(fixed: 2_000)
        var seen = (zero: 0, one: 0, large: 0)
        for index in 0..<cases {
            var rng = SplitMix64(seed: DifferentialFuzzing.caseSeed(family: 4, index: index))
            let sheet = randomSheet(&rng)
            let text = family.writeText(sheet, comments: [])
            let expected = DrillsBruteForce.count(sheet)
            let direct = DifferentialFuzzing.outcome(family, sheet)
            let fail = { (what: String) in DifferentialFuzzing.fail(what, case: index, puzzle: text) }
            if direct != .count(expected) { fail("solver: \(direct), brute force: \(expected)") }
            // The CLI's path: the text form, read back as a `.drill` file.
            switch DifferentialFuzzing.read(family, text, file: "fuzz.drill") {
            case .success(let read):
                let again = DifferentialFuzzing.outcome(family, read)
                if again != direct { fail("read back from its text: \(again), built directly: \(direct)") }
            case .failure(let error):
                fail("its text does not read back: \(error)")
            }
            if expected == 0 { seen.zero += 1 } else { seen.one += 1 }
            if sheet.exercises.contains(where: { Self.large.contains($0.firstNumber) || Self.large.contains($0.secondNumber) }) { seen.large += 1 }
        }
        if cases >= 2_000 {
            #expect(seen.zero > 200 && seen.one > 200 && seen.large > 200, "\(seen)")
        }
    }

    /// An operand or answer beyond 64 bits is refused by the reader in one
    /// line naming the limit.
    @Test func numbersBeyond64BitsAreRefusedInOneLine() throws {
        let cases = DifferentialFuzzing.cases(fixed: 2_000) / 40
        let beyond = ["9223372036854775808", "18446744073709551616", "99999999999999999999999999999"]
        for index in 0..<cases {
            var rng = SplitMix64(seed: DifferentialFuzzing.caseSeed(family: 4, index: 1_000_000 + index))
            let sheet = randomSheet(&rng)
            var lines = family.writeText(sheet, comments: []).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            let r = rng.uniform(in: 1...(lines.count - 1))
            let tokens = lines[r].indices.filter { $0 % 2 == 0 }  // A, B and C, not the operator or '='
            lines[r][tokens[rng.index(below: tokens.count)]] = beyond[rng.index(below: beyond.count)]
            let text = lines.map { $0.joined(separator: " ") }.joined(separator: "\n") + "\n"
            switch DifferentialFuzzing.read(family, text, file: "fuzz.drill") {
            case .success: DifferentialFuzzing.fail("read a number beyond 64 bits", case: index, puzzle: text)
            case .failure(let error):
                let message = "\(error)"
                #expect(!message.contains("\n") && message.contains("64 bits"), Comment(rawValue: DifferentialFuzzing.report(message, case: index, puzzle: text)))
            }
        }
    }
}
