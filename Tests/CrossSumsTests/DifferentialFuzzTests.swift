import CrossSums
import Foundation
import PuzzleKit
import Testing

/// The differential fuzzer's cross sums part (docs/DEVELOPMENT.md,
/// "Differential fuzzing"): random grids built directly, of every shape down
/// to 1×n and n×1 and at most 12 cells, with small, equal or near-2^63
/// numbers and sums from a hidden mask, perturbed, or all zero; counted by
/// the solver, by the solver after the text format's round trip, and by
/// ``BruteForce``. A count beyond 64 bits may be refused in one line, never
/// answered wrongly; numbers beyond 64 bits must be refused by the reader.
@Suite struct DifferentialFuzzTests {
    let family = CrossSumsFamily()

    /// Numbers near and at the 64-bit limit: sums of two or three of them
    /// overflow `Int`.
    static let large = [Int.max, Int.max - 1, 1 << 62, (1 << 62) + 1, 3_000_000_000_000_000_000,
                        6_000_000_000_000_000_000, Int.max / 3]

    func randomPuzzle(_ rng: inout SplitMix64) -> Puzzle {
        let (rows, columns): (Int, Int)
        switch rng.uniform(in: 0...4) {
        case 0: (rows, columns) = (1, rng.uniform(in: 1...12))
        case 1: (rows, columns) = (rng.uniform(in: 1...12), 1)
        default:
            let r = rng.uniform(in: 2...4)
            (rows, columns) = (r, rng.uniform(in: 2...(12 / r)))
        }
        let equal = rng.chance(1, in: 2) ? 1 : rng.uniform(in: 1...9)
        let numberKind = rng.uniform(in: 0...8)
        let number: (inout SplitMix64) -> Int = { rng in
            switch numberKind {
            case 0: return equal  // all equal
            case 1: return Self.large[rng.index(below: Self.large.count)]
            case 2: return Self.large[equal % Self.large.count]  // all equal and large
            case 3: return rng.chance(1, in: 3) ? Self.large[rng.index(below: Self.large.count)] : rng.uniform(in: 1...9)
            case 4: return rng.uniform(in: 1...9)
            default: return rng.uniform(in: 1...3)  // few values: several solutions
            }
        }
        let grid = (0..<rows).map { _ in (0..<columns).map { _ in number(&rng) } }
        let keepAll = rng.chance(1, in: 5)
        let mask = (0..<rows).map { _ in (0..<columns).map { _ in keepAll || rng.chance(1, in: 2) } }
        // A hidden mask's sums (a random sum where one does not fit in 64 bits).
        func sum(_ cells: [(Int, Int)]) -> Int {
            let total = cells.reduce(Int128(0)) { $0 + (mask[$1.0][$1.1] ? Int128(grid[$1.0][$1.1]) : 0) }
            return Int(exactly: total) ?? rng.uniform(in: 0...Int.max)
        }
        var rowSums = (0..<rows).map { r in sum((0..<columns).map { (r, $0) }) }
        var columnSums = (0..<columns).map { c in sum((0..<rows).map { ($0, c) }) }
        switch rng.uniform(in: 0...5) {
        case 0:  // all zero: the empty mask is the one solution
            rowSums = rowSums.map { _ in 0 }
            columnSums = columnSums.map { _ in 0 }
        case 1:  // perturbed: often no solution
            rowSums = rowSums.map { $0 < 2 || $0 == Int.max ? $0 : $0 + rng.uniform(in: -2...1) }
            columnSums = columnSums.map { $0 < 2 || $0 == Int.max ? $0 : $0 + rng.uniform(in: -2...1) }
        default:
            break
        }
        return Puzzle(id: "fuzz", difficulty: TextFormat.customDifficulty, grid: grid, solution: nil,
                      rowSums: rowSums, columnSums: columnSums)
    }

    /// True when a total the solver may need does not fit in 64 bits: a
    /// line's numbers, all the numbers, or all the row or column sums.
    func needsMoreThan64Bits(_ puzzle: Puzzle) -> Bool {
        let rowTotals = puzzle.grid.map { $0.reduce(Int128(0)) { $0 + Int128($1) } }
        let columnTotals = (0..<puzzle.columns).map { c in puzzle.grid.reduce(Int128(0)) { $0 + Int128($1[c]) } }
        let totals = rowTotals + columnTotals + [rowTotals.reduce(0, +),
                                                 puzzle.rowSums.reduce(Int128(0)) { $0 + Int128($1) },
                                                 puzzle.columnSums.reduce(Int128(0)) { $0 + Int128($1) }]
        return totals.contains { $0 > Int128(Int.max) }
    }

    @Test func countsAgreeWithTheBruteForce() throws {
        let cases = DifferentialFuzzing.cases(fixed: 1_000)
        var seen = (zero: 0, one: 0, several: 0, large: 0, refused: 0)
        for index in 0..<cases {
            var rng = SplitMix64(seed: DifferentialFuzzing.caseSeed(family: 2, index: index))
            let puzzle = randomPuzzle(&rng)
            let text = family.writeText(puzzle, comments: [])
            let expected = BruteForce.count(puzzle)
            let large = needsMoreThan64Bits(puzzle)
            let direct = DifferentialFuzzing.outcome(family, puzzle)
            let fail = { (what: String) in DifferentialFuzzing.fail(what, case: index, puzzle: text) }
            switch direct {
            case .count(let count) where count == expected: break
            case .refused where large && direct.isOneLineRefusal: seen.refused += 1
            default: fail("solver: \(direct), brute force: \(expected)\(large ? " (a total beyond 64 bits)" : "")")
            }
            // The CLI's path: the text form, read back as a `.xsum` file.
            switch DifferentialFuzzing.read(family, text, file: "fuzz.xsum") {
            case .success(let read):
                let again = DifferentialFuzzing.outcome(family, read)
                if again != direct { fail("read back from its text: \(again), built directly: \(direct)") }
            case .failure(let error):
                // The reader may refuse a line whose numbers pass 64 bits, in one line.
                if !(large && !"\(error)".contains("\n")) { fail("its text does not read back: \(error)") }
            }
            switch expected {
            case 0: seen.zero += 1
            case 1: seen.one += 1
            default: seen.several += 1
            }
            if large { seen.large += 1 }
        }
        if cases >= 1_000 {
            #expect(seen.zero > 50 && seen.one > 50 && seen.several > 20 && seen.large > 50, "\(seen)")
        }
    }

    /// A number or sum beyond 64 bits is refused by the reader in one line
    /// naming the limit (the default build), never read as something else.
    @Test func numbersBeyond64BitsAreRefusedInOneLine() throws {
        let cases = DifferentialFuzzing.cases(fixed: 1_000) / 10
        let beyond = ["9223372036854775808", "18446744073709551616", "99999999999999999999999999999"]
        for index in 0..<cases {
            var rng = SplitMix64(seed: DifferentialFuzzing.caseSeed(family: 2, index: 1_000_000 + index))
            let puzzle = randomPuzzle(&rng)
            var lines = family.writeText(puzzle, comments: []).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            let r = rng.index(below: lines.count), c = rng.uniform(in: r == 0 ? 1...(lines[r].count - 1) : 0...(lines[r].count - 1))
            lines[r][c] = beyond[rng.index(below: beyond.count)]
            let text = lines.map { $0.joined(separator: " ") }.joined(separator: "\n") + "\n"
            switch DifferentialFuzzing.read(family, text, file: "fuzz.xsum") {
            case .success: DifferentialFuzzing.fail("read a number beyond 64 bits", case: index, puzzle: text)
            case .failure(let error):
                let message = "\(error)"
                #expect(!message.contains("\n") && (message.contains("64 bits") || message.contains("\(Int.max)")), Comment(rawValue: DifferentialFuzzing.report(message, case: index, puzzle: text)))
            }
        }
    }
}
