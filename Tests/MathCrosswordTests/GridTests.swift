import Foundation
@testable import MathCrossword
import PuzzleKit
import Testing

/// The one-pass test of listed equations against reading the grid's runs.
@Suite struct GridTests {
    /// What ``TokenGrid/isListedExactly(_:)`` must answer: whether reading
    /// the runs succeeds and gives exactly the listed equations, in order.
    private func listedExactly(_ grid: TokenGrid, _ listed: [Equation]) -> Bool {
        guard let runs = try? grid.equations() else { return false }
        return runs == listed.map { EquationRun(orientation: $0.orientation, positions: $0.cellPositions) }
    }

    /// The listed equations as a compact level writes them, or `nil` when
    /// one is not a straight run of its orientation.
    private func compactRuns(_ listed: [Equation]) -> [CompactLevel.Run]? {
        var runs: [CompactLevel.Run] = []
        for equation in listed {
            guard let start = equation.cellPositions.first else { return nil }
            let run = CompactLevel.Run(orientation: equation.orientation == .horizontal ? "h" : "v", row: start.row,
                                       column: start.column, length: equation.cellPositions.count)
            guard run.positions == equation.cellPositions else { return nil }
            runs.append(run)
        }
        return runs
    }

    private static let tokens: [GridToken] = [.block, .empty, .number(4), .op(.add), .op(.divide), .equals]

    /// Generated levels with a few cells changed and their equation list
    /// edited (one dropped, two swapped, one turned, one cell moved,
    /// shortened or lengthened, one repeated): the one pass agrees with
    /// reading the runs every time.
    @Test func agreesWithReadingTheRunsOnEditedLevels() throws {
        var rng = SplitMix64(seed: 2026)
        var agreedTrue = 0, agreedFalse = 0, runsTrue = 0, runsFalse = 0
        for profile in Profile.classProfiles {
            for seed in 1...15 {
                let level = try Generator().generate(difficulty: profile, seed: seed).level
                for variant in 0..<24 {
                    var grid = level.tokenGrid
                    var listed = level.equations
                    // Half the variants keep the grid, a third keep the list.
                    if variant % 2 == 1 {
                        for _ in 0..<rng.uniform(in: 1...2) {
                            grid.tokens[rng.index(below: grid.tokens.count)] = Self.tokens[rng.index(below: Self.tokens.count)]
                        }
                    }
                    if variant % 3 != 0 {
                        let i = rng.index(below: listed.count), j = rng.index(below: listed.count)
                        let e = listed[i]
                        switch rng.index(below: 7) {
                        case 0: listed.remove(at: i)
                        case 1: listed.swapAt(i, j)
                        case 2:
                            listed[i] = Equation(id: e.id, orientation: e.orientation == .horizontal ? .vertical : .horizontal,
                                                 cellPositions: e.cellPositions)
                        case 3:
                            var positions = e.cellPositions
                            let k = rng.index(below: positions.count)
                            positions[k] = GridPosition(row: positions[k].row + rng.uniform(in: -1...1),
                                                        column: positions[k].column + rng.uniform(in: -1...1))
                            listed[i] = Equation(id: e.id, orientation: e.orientation, cellPositions: positions)
                        case 4:
                            listed[i] = Equation(id: e.id, orientation: e.orientation, cellPositions: Array(e.cellPositions.dropLast(2)))
                        case 5:
                            let last = e.cellPositions[e.cellPositions.count - 1]
                            let (dr, dc) = e.orientation == .horizontal ? (0, 1) : (1, 0)
                            let more = [1, 2].map { GridPosition(row: last.row + $0 * dr, column: last.column + $0 * dc) }
                            listed[i] = Equation(id: e.id, orientation: e.orientation, cellPositions: e.cellPositions + more)
                        default: listed.insert(e, at: j)
                        }
                    }
                    let expected = listedExactly(grid, listed)
                    #expect(grid.isListedExactly(listed) == expected, "\(profile.id) seed \(seed) variant \(variant)")
                    if expected { agreedTrue += 1 } else { agreedFalse += 1 }
                    // The same list as a compact level's runs, when it can say it.
                    if let runs = compactRuns(listed) {
                        #expect(grid.isListedExactly(runs) == expected, "\(profile.id) seed \(seed) variant \(variant), runs")
                        if expected { runsTrue += 1 } else { runsFalse += 1 }
                    }
                }
            }
        }
        // Both answers were asked for many times (an unedited level is always listed exactly).
        #expect(agreedTrue >= 4 * 15 * 4)
        #expect(agreedFalse > 500)
        #expect(runsTrue == agreedTrue)
        #expect(runsFalse > 400)
    }

    /// A compact level's runs that differ from the grid's in one field
    /// only — orientation (or one that names none), row, column, length —
    /// are not listed exactly.
    @Test func compactRunsDifferingInOneFieldAreNotListed() throws {
        let level = try Generator().generate(difficulty: .class4, seed: 3).level
        let grid = level.tokenGrid
        let runs = try #require(compactRuns(level.equations))
        #expect(grid.isListedExactly(runs))
        for k in [0, runs.count / 2, runs.count - 1] {
            let run = runs[k]
            let edits = [
                CompactLevel.Run(orientation: run.orientation == "h" ? "v" : "h", row: run.row, column: run.column, length: run.length),
                CompactLevel.Run(orientation: "x", row: run.row, column: run.column, length: run.length),
                CompactLevel.Run(orientation: run.orientation, row: run.row + 1, column: run.column, length: run.length),
                CompactLevel.Run(orientation: run.orientation, row: run.row, column: run.column - 1, length: run.length),
                CompactLevel.Run(orientation: run.orientation, row: run.row, column: run.column, length: run.length + 2),
                CompactLevel.Run(orientation: run.orientation, row: run.row, column: run.column, length: run.length - 2),
            ]
            for edit in edits {
                var edited = runs
                edited[k] = edit
                #expect(!grid.isListedExactly(edited), "equation \(k) as \(edit)")
            }
        }
    }

    /// Small random grids, mostly not well formed, each against the runs
    /// read from it (when they read) and against no equations at all.
    @Test func agreesWithReadingTheRunsOnRandomGrids() {
        var rng = SplitMix64(seed: 7)
        var wellFormed = 0
        for _ in 0..<60_000 {
            let rows = rng.uniform(in: 1...6), columns = rng.uniform(in: 1...6)
            // Mostly operands and operators in turn, so that some grids read.
            let tokens = (0..<rows * columns).map { index -> GridToken in
                if rng.index(below: 4) == 0 { return Self.tokens[rng.index(below: Self.tokens.count)] }
                let (row, column) = (index / columns, index % columns)
                if (row + column) % 2 == 0 { return rng.index(below: 3) == 0 ? .block : .empty }
                return rng.index(below: 3) == 0 ? .equals : .op(.subtract)
            }
            let grid = TokenGrid(rows: rows, columns: columns, tokens: tokens)
            #expect(!grid.isListedExactly([Equation]()))
            #expect(!grid.isListedExactly([CompactLevel.Run]()))
            guard let runs = try? grid.equations() else { continue }
            wellFormed += 1
            let listed = runs.map { Equation(id: UUID(stable: 1, 0), orientation: $0.orientation, cellPositions: $0.positions) }
            #expect(grid.isListedExactly(listed), "\(tokens.map(\.text))")
            #expect(!grid.isListedExactly(listed.reversed()) || listed.count == 1)
            let compact = compactRuns(listed) ?? []
            #expect(grid.isListedExactly(compact), "\(tokens.map(\.text))")
            #expect(!grid.isListedExactly(Array(compact.reversed())) || compact.count == 1)
        }
        #expect(wellFormed > 60)
    }
}
