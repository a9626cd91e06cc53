import CrossSums
import PuzzleKit

/// The obviously-correct reference: every keep/remove mask, row by row,
/// keeping only rows that make their sum, then checking the columns. Sums
/// are taken in 128 bits, so numbers up to `Int.max` never overflow them.
enum BruteForce {
    static func count(_ puzzle: Puzzle) -> Int {
        let rows = puzzle.rows, columns = puzzle.columns
        // The masks of each row that make its sum.
        let rowOptions: [[[Bool]]] = (0..<rows).map { r in
            (0..<(1 << columns)).compactMap { bits in
                let mask = (0..<columns).map { bits >> $0 & 1 == 1 }
                let sum = (0..<columns).reduce(Int128(0)) { $0 + (mask[$1] ? Int128(puzzle.grid[r][$1]) : 0) }
                return sum == Int128(puzzle.rowSums[r]) ? mask : nil
            }
        }
        var count = 0
        var chosen: [[Bool]] = []
        func visit(_ r: Int) {
            if r == rows {
                let columnsHold = (0..<columns).allSatisfy { c in
                    (0..<rows).reduce(Int128(0)) { $0 + (chosen[$1][c] ? Int128(puzzle.grid[$1][c]) : 0) } == Int128(puzzle.columnSums[c])
                }
                if columnsHold { count += 1 }
                return
            }
            for option in rowOptions[r] {
                chosen.append(option)
                visit(r + 1)
                chosen.removeLast()
            }
        }
        visit(0)
        return count
    }
}

/// Random puzzles for the tests, from a seeded generator.
enum RandomPuzzles {
    /// A grid of `rows` x `columns` numbers in `range`; sums from a random
    /// mask (so at least one solution) or, with `randomSums`, drawn at random.
    static func make(rows: Int, columns: Int, range: ClosedRange<Int>, randomSums: Bool,
                     using rng: inout SplitMix64) -> Puzzle {
        let grid = (0..<rows).map { _ in (0..<columns).map { _ in rng.uniform(in: range) } }
        let mask = (0..<rows).map { _ in (0..<columns).map { _ in rng.chance(1, in: 2) } }
        var rowSums = (0..<rows).map { r in (0..<columns).reduce(0) { $0 + (mask[r][$1] ? grid[r][$1] : 0) } }
        var columnSums = (0..<columns).map { c in (0..<rows).reduce(0) { $0 + (mask[$1][c] ? grid[$1][c] : 0) } }
        if randomSums {
            rowSums = rowSums.map { max(0, $0 + rng.uniform(in: -2...2)) }
            columnSums = columnSums.map { max(0, $0 + rng.uniform(in: -2...2)) }
        }
        return Puzzle(id: "random", difficulty: "custom", grid: grid, solution: nil, rowSums: rowSums, columnSums: columnSums)
    }
}
