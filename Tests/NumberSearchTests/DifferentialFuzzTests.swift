import Foundation
import PuzzleKit
import Testing
@testable import NumberSearch

/// The differential fuzzer's number search part (docs/DEVELOPMENT.md,
/// "Differential fuzzing"): random levels built directly, grids of at most
/// 12 digits down to 1×n and n×1, all equal or all zero, in both path modes,
/// with 1–3 questions whose targets a random path spells (or not); counted
/// by the solver, by the solver after the text format's round trip, and by
/// ``BruteForce`` (the product of each target's paths). Operands near and
/// beyond 2^63 must be refused by the reader in one line.
@Suite struct DifferentialFuzzTests {
    let family = NumberSearchFamily()

    func randomLevel(_ rng: inout SplitMix64) -> Puzzle {
        let (rows, columns): (Int, Int)
        switch rng.uniform(in: 0...3) {
        case 0: (rows, columns) = (1, rng.uniform(in: 1...12))
        case 1: (rows, columns) = (rng.uniform(in: 1...12), 1)
        default:
            let r = rng.uniform(in: 1...4)
            (rows, columns) = (r, rng.uniform(in: 1...(12 / r)))
        }
        let equal = rng.uniform(in: 0...9)
        let digits = rng.uniform(in: 0...3)
        var grid = (0..<rows).map { _ in
            (0..<columns).map { _ in
                switch digits {
                case 0: return equal  // all equal (all zero one time in ten)
                case 1: return rng.uniform(in: 0...1)  // two digits: many paths
                default: return rng.uniform(in: 0...9)
                }
            }
        }
        if digits == 0 && rng.chance(1, in: 4) { grid = grid.map { $0.map { _ in 0 } } }
        let mode: PathMode = rng.chance(1, in: 2) ? .straight : .any
        let questions = (0..<rng.uniform(in: 1...3)).map { _ in
            let target = rng.chance(3, in: 4) ? spelled(grid, mode: mode, &rng) : rng.uniform(in: 0...999)
            let first = rng.uniform(in: 0...target)
            return Question(operands: [first, target - first], target: target)
        }
        return Puzzle(id: "fuzz", profile: Puzzle.customProfile, pathMode: mode, grid: grid, questions: questions)
    }

    /// The number a random walk of 1–3 cells spells (straight in straight
    /// mode), or a random target when the walk spells none.
    func spelled(_ grid: [[Int]], mode: PathMode, _ rng: inout SplitMix64) -> Int {
        let rows = grid.count, columns = grid[0].count
        var cells = [GridPosition(row: rng.index(below: rows), column: rng.index(below: columns))]
        let step = (dr: rng.uniform(in: -1...1), dc: rng.uniform(in: -1...1))
        for _ in 0..<rng.uniform(in: 0...2) {
            let last = cells[cells.count - 1]
            let (dr, dc) = mode == .straight ? step : (rng.uniform(in: -1...1), rng.uniform(in: -1...1))
            let next = GridPosition(row: last.row + dr, column: last.column + dc)
            guard next.row >= 0, next.row < rows, next.column >= 0, next.column < columns, !cells.contains(next) else { break }
            cells.append(next)
        }
        let text = cells.map { String(grid[$0.row][$0.column]) }.joined()
        return text.count > 1 && text.hasPrefix("0") ? rng.uniform(in: 0...999) : Int(text) ?? 0
    }

    @Test func countsAgreeWithTheBruteForce() throws {
        let cases = DifferentialFuzzing.cases(fixed: 500)
        var seen = (zero: 0, one: 0, several: 0, degenerate: 0)
        for index in 0..<cases {
            var rng = SplitMix64(seed: DifferentialFuzzing.caseSeed(family: 3, index: index))
            let level = randomLevel(&rng)
            let text = family.writeText(level, comments: [])
            let expected = level.questions.reduce(1) {
                $0 * BruteForce.paths($1.target, grid: level.grid, straight: level.pathMode == .straight).count
            }
            let direct = DifferentialFuzzing.outcome(family, level)
            let fail = { (what: String) in DifferentialFuzzing.fail(what, case: index, puzzle: text) }
            if direct != .count(expected) { fail("solver: \(direct), brute force: \(expected)") }
            // The CLI's path: the text form, read back as a `.nsearch` file.
            switch DifferentialFuzzing.read(family, text, file: "fuzz.nsearch") {
            case .success(let read):
                let again = DifferentialFuzzing.outcome(family, read)
                if again != direct { fail("read back from its text: \(again), built directly: \(direct)") }
            case .failure(let error):
                fail("its text does not read back: \(error)")
            }
            switch expected {
            case 0: seen.zero += 1
            case 1: seen.one += 1
            default: seen.several += 1
            }
            if level.rows == 1 || level.columns == 1 { seen.degenerate += 1 }
        }
        if cases >= 500 {
            #expect(seen.zero > 40 && seen.one > 40 && seen.several > 40 && seen.degenerate > 40, "\(seen)")
        }
    }

    /// Operands whose sum passes 999 or 64 bits, or that do not fit in 64
    /// bits, are refused by the reader in one line (never a trap).
    @Test func hugeOperandsAreRefusedInOneLine() throws {
        let cases = DifferentialFuzzing.cases(fixed: 500) / 10
        let huge = ["9223372036854775807", "9223372036854775806", "4611686018427387904", "9223372036854775808",
                    "18446744073709551616", "1000"]
        for index in 0..<cases {
            var rng = SplitMix64(seed: DifferentialFuzzing.caseSeed(family: 3, index: 1_000_000 + index))
            let level = randomLevel(&rng)
            var lines = family.writeText(level, comments: []).split(separator: "\n").map(String.init)
            let first = huge[rng.index(below: huge.count)]
            let second = rng.chance(1, in: 2) ? huge[rng.index(below: huge.count)] : String(rng.uniform(in: 0...9))
            lines[lines.count - 1] = rng.chance(1, in: 2) ? "\(first) + \(second) = ?" : "\(second) + \(first) = ?"
            let text = lines.joined(separator: "\n") + "\n"
            switch DifferentialFuzzing.read(family, text, file: "fuzz.nsearch") {
            case .success: DifferentialFuzzing.fail("read a sum beyond 999", case: index, puzzle: text)
            case .failure(let error):
                #expect(!"\(error)".contains("\n"), Comment(rawValue: DifferentialFuzzing.report("\(error)", case: index, puzzle: text)))
            }
        }
    }
}
