import PuzzleKit
@testable import NumberSearch

/// The obviously-correct reference: every sequence of distinct, king-move
/// adjacent cells of the right length, written without the solver's code.
enum BruteForce {
    /// Every path of `length` cells (distinct, each next to the one before;
    /// in straight mode every step the same).
    static func sequences(rows: Int, columns: Int, length: Int, straight: Bool) -> [[GridPosition]] {
        var all: [[GridPosition]] = []
        var current: [GridPosition] = []
        func grow() {
            if current.count == length {
                all.append(current)
                return
            }
            let candidates: [GridPosition]
            if let last = current.last {
                candidates = (-1...1).flatMap { dr in (-1...1).map { dc in GridPosition(row: last.row + dr, column: last.column + dc) } }
            } else {
                candidates = (0..<rows).flatMap { r in (0..<columns).map { GridPosition(row: r, column: $0) } }
            }
            for p in candidates where p.row >= 0 && p.row < rows && p.column >= 0 && p.column < columns && !current.contains(p) {
                current.append(p)
                grow()
                current.removeLast()
            }
        }
        grow()
        guard straight else { return all }
        return all.filter { path in
            path.count < 3 || (2..<path.count).allSatisfy { i in
                path[i].row - path[i - 1].row == path[1].row - path[0].row
                    && path[i].column - path[i - 1].column == path[1].column - path[0].column
            }
        }
    }

    /// The paths whose digits, read in order, are the decimal text of `target`.
    static func paths(_ target: Int, grid: [[Int]], straight: Bool) -> [[GridPosition]] {
        let text = String(target)
        return sequences(rows: grid.count, columns: grid[0].count, length: text.count, straight: straight).filter { path in
            path.map { String(grid[$0.row][$0.column]) }.joined() == text
        }
    }

    /// Near misses by the definition in ``Technique``: paths spelling the
    /// target's first n−1 digits that are not the first n−1 cells of an
    /// answer, and paths spelling the reversal's first n−1 digits that are not
    /// the first n−1 cells of an answer read backwards.
    static func nearMisses(_ target: Int, grid: [[Int]], straight: Bool) -> Int {
        let text = Array(String(target))
        guard text.count >= 2 else { return 0 }
        let answers = paths(target, grid: grid, straight: straight)
        let n = text.count
        let sequences = sequences(rows: grid.count, columns: grid[0].count, length: n - 1, straight: straight)
        func spells(_ p: [GridPosition], _ s: ArraySlice<Character>) -> Bool {
            p.map { Character(String(grid[$0.row][$0.column])) } == Array(s)
        }
        let leads = sequences.filter { p in spells(p, text.prefix(n - 1)) && !answers.contains { Array($0.prefix(n - 1)) == p } }
        let backs = sequences.filter { p in spells(p, Array(text.reversed()).prefix(n - 1)) && !answers.contains { Array($0.reversed().prefix(n - 1)) == p } }
        return leads.count + backs.count
    }
}

/// Random grids for the tests, from a seeded generator.
enum RandomGrids {
    /// A grid of digits drawn from `0...maxDigit` (small alphabets give many paths).
    static func grid(rows: Int, columns: Int, maxDigit: Int, using rng: inout SplitMix64) -> [[Int]] {
        (0..<rows).map { _ in (0..<columns).map { _ in rng.uniform(in: 0...maxDigit) } }
    }

    /// A level of that grid with one question of target `target`.
    static func level(_ grid: [[Int]], target: Int, mode: PathMode) -> Puzzle {
        Puzzle(id: "t", profile: Puzzle.customProfile, pathMode: mode, grid: grid,
              questions: [Question(operands: [target, 0], target: target)])
    }
}
