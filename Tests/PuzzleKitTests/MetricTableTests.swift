import Foundation
import PuzzleKit
import Testing

@Suite struct MetricTableTests {
    /// Counts how often an analysis ran.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    /// Lists are JSON arrays in every column (docs/RESEARCH.md): counts
    /// exactly as the tool writes them, words as any JSON array of strings.
    @Test func listCellsAreJSONArrays() {
        for cell in ["[]", "[0]", "[3,1,1]", "[12,0,7]", ""] { #expect(ColumnKind.counts.accepts(cell), "\(cell)") }
        for cell in ["3;1;1", "[3, 1]", "[-1]", "[1.5]", "[01]", "[1,]", "[,1]", "3", "[\"1\"]", "[1]]"] {
            #expect(!ColumnKind.counts.accepts(cell), "\(cell)")
        }
        for cell in ["[]", "[\"right\",\"down\"]", "[\"one-cell\"]", ""] { #expect(ColumnKind.words.accepts(cell), "\(cell)") }
        for cell in ["right;down", "[1]", "\"right\"", "[\"a\",null]", "{}"] { #expect(!ColumnKind.words.accepts(cell), "\(cell)") }
        #expect([ColumnKind.count, .integer, .decimal, .bool, .label(["a"]), .counts, .words, .text, .json].map(\.name)
                == ["count", "integer", "decimal", "bool", "label", "counts", "words", "text", "json"])
    }

    @Test func columnsAndValuesComeFromOneDeclarationInOrder() {
        let table = MetricTable<[Int]>([
            Metric("count", unit: "count", kind: .integer, "numbers") { .int($0.count) },
            Metric("sum", unit: "sum", kind: .integer, "their sum") { .int($0.reduce(0, +)) },
            Metric("first", unit: "value", kind: .integer, "the first number") { $0.first.map(ReportValue.int) ?? .null },
        ])
        #expect(table.columns == [
            MetricColumn("count", unit: "count", kind: .integer, "numbers"),
            MetricColumn("sum", unit: "sum", kind: .integer, "their sum"),
            MetricColumn("first", unit: "value", kind: .integer, "the first number"),
        ])
        var rng = SplitMix64(seed: 5)
        for _ in 0..<200 {
            let numbers = (0..<Int(rng.next() % 6)).map { _ in Int(rng.next() % 100) }
            #expect(table.values(of: numbers) == [.int(numbers.count), .int(numbers.reduce(0, +)),
                                                   numbers.first.map(ReportValue.int) ?? .null])
        }
    }

    @Test func theAnalysisRunsOncePerPuzzleForAllColumns() {
        let counter = Counter()
        let table = MetricTable<Int>(analysis: { n -> (square: Int, cube: Int) in
            counter.add()
            return (n * n, n * n * n)
        }, [
            Metric("square", unit: "value", kind: .integer, "n²") { .int($0.square) },
            Metric("cube", unit: "value", kind: .integer, "n³") { .int($0.cube) },
            Metric("both", unit: "value", kind: .integer, "n² + n³") { .int($0.square + $0.cube) },
        ])
        for n in 0..<50 {
            #expect(table.values(of: n) == [.int(n * n), .int(n * n * n), .int(n * n + n * n * n)])
        }
        #expect(counter.count == 50)
    }

    @Test func aPuzzleWithoutAnAnalysisHasOnlyNulls() {
        let table = MetricTable<Int>(analysis: { $0 >= 0 ? $0 : nil }, [
            Metric("value", unit: "value", kind: .integer, "the number") { .int($0) },
            Metric("double", unit: "value", kind: .integer, "twice the number") { .int(2 * $0) },
        ])
        #expect(table.values(of: 4) == [.int(4), .int(8)])
        #expect(table.values(of: -1) == [.null, .null])
    }

    @Test func gridSizeNamesRowsThenColumns() {
        let table = MetricTable<(Int, Int)>(Metric.gridSize(rows: { $0.0 }, columns: { $0.1 }))
        #expect(table.columns.map(\.name) == ["rows", "columns"])
        #expect(table.columns.map(\.unit) == ["cells", "cells"])
        #expect(table.values(of: (3, 7)) == [.int(3), .int(7)])
    }
}
