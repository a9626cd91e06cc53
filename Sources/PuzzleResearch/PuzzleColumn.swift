import Foundation
import PuzzleKit

/// One column of a research row (`export`'s CSV): its name, unit, meaning
/// and value.
///
/// The columns are the same for every family but for the family's own
/// metric columns (`PuzzleFamily.metrics`), which stand after
/// `failureReason`. `puzzlelab export --list-columns --kind NAME` prints the
/// table.
public struct PuzzleColumn: Sendable {
    public var name: String
    public var unit: String
    /// The kind of value its cells hold.
    public var kind: ColumnKind
    public var meaning: String
    /// Timing columns differ from run to run; every other column is a pure
    /// function of the seed, the profile and the options.
    public var timing = false
    public var value: @Sendable (PuzzleRecord) -> ReportValue

    /// The columns of a family's rows, in order.
    ///
    /// - Parameters:
    ///   - metrics: the family's metric columns (`PuzzleFamily.metrics`).
    ///   - gradeLabels: the family's grade labels, the values of
    ///     `gradeLabel` (empty for a family without a grader).
    public static func all(metrics: [MetricColumn], gradeLabels: [String]) -> [PuzzleColumn] {
        leading + metrics.enumerated().map { index, column in
            PuzzleColumn(name: column.name, unit: column.unit, kind: column.kind, meaning: column.meaning) { record in
                record.metrics.flatMap { index < $0.count ? $0[index] : nil } ?? .null
            }
        } + trailing(gradeLabels: gradeLabels)
    }

    /// True when `cell`, as read back from a CSV file, can be this column's
    /// value (`ColumnKind.accepts(_:)`).
    public func accepts(_ cell: String) -> Bool { kind.accepts(cell) }

    /// The record as a report row (CSV or JSON), columns in order.
    public static func row(_ record: PuzzleRecord, columns: [PuzzleColumn]) -> ReportRow {
        ReportRow(columns.map { ($0.name, $0.value(record)) })
    }

    /// The columns as a Markdown table: name, unit, meaning.
    public static func markdownTable(_ columns: [PuzzleColumn]) -> String {
        var lines = ["| column | unit | meaning |", "|---|---|---|"]
        for column in columns {
            lines.append("| `\(column.name)` | \(column.unit.isEmpty ? "—" : column.unit) | \(column.meaning)\(column.timing ? "; a timing, different on every run" : "") |")
        }
        return lines.joined(separator: "\n")
    }

    static let leading: [PuzzleColumn] = [
        PuzzleColumn(name: "seed", unit: "", kind: .integer, meaning: "the generator seed (`--seed` + row index)") { .int($0.seed) },
        PuzzleColumn(name: "profile", unit: "", kind: .text, meaning: "the profile (difficulty) id") { .string($0.profileID) },
        PuzzleColumn(name: "toolkitVersion", unit: "", kind: .text, meaning: "the PuzzleLab version that wrote the row") { _ in .string(PuzzleLabVersion.string) },
        PuzzleColumn(name: "unique", unit: "bool", kind: .bool, meaning: "generated with `--unique` (only puzzles with exactly one solution)") { .bool($0.unique) },
        PuzzleColumn(name: "status", unit: "", kind: .label(["ok", "failed"]), meaning: "`ok`, or `failed` when the generator gave up") { .string($0.generated ? "ok" : "failed") },
        PuzzleColumn(name: "failureReason", unit: "", kind: .text, meaning: "why generation failed (the family's short reason); empty when ok") {
            $0.failureReason.map { .string($0) } ?? .null
        },
    ]

    static func trailing(gradeLabels: [String]) -> [PuzzleColumn] { [
        PuzzleColumn(name: "attempts", unit: "count", kind: .count, meaning: "attempts, layouts or candidates the generator used") {
            $0.attempts.map(ReportValue.int) ?? .null
        },
        PuzzleColumn(name: "revealed", unit: "cells", kind: .count, meaning: "empty cells turned into givens to make the solution unique (0 without `unique`; empty where the family has no such step)") {
            $0.revealed.map(ReportValue.int) ?? .null
        },
        PuzzleColumn(name: "solutionLimit", unit: "count", kind: .count, meaning: "the solver stops counting at this many solutions (always 2: a uniqueness check)") {
            $0.solve == nil ? .null : .int(PuzzleRun.solutionLimit)
        },
        PuzzleColumn(name: "solutionsUpTo2", unit: "count", kind: .count, meaning: "solutions counted up to `solutionLimit`: 0 = none, 1 = unique, 2 = two or more (not the count; `puzzlelab solve` counts exactly)") {
            solve($0) { .count($0.solutionsUpTo2) }
        },
        PuzzleColumn(name: "complete", unit: "bool", kind: .bool, meaning: "true when the search was exhausted (the count is exact), false when it stopped at the limit") {
            solve($0) { .bool($0.complete) }
        },
        PuzzleColumn(name: "solverNodes", unit: "count", kind: .count, meaning: "search nodes of the uniqueness check") { solve($0) { .int($0.nodes) } },
        PuzzleColumn(name: "solverFailures", unit: "count", kind: .count, meaning: "failed nodes of the uniqueness check") { solve($0) { .int($0.failures) } },
        PuzzleColumn(name: "solverPropagations", unit: "count", kind: .count, meaning: "propagator runs of the uniqueness check") { solve($0) { .int($0.propagations) } },
        PuzzleColumn(name: "gradeLabel", unit: "", kind: .label(gradeLabels), meaning: "the grader's label (the hardest technique's)") { grade($0) { .string($0.label) } },
        PuzzleColumn(name: "gradeScore", unit: "points", kind: .integer, meaning: "the grader's score (the family's README section says how it adds up)") { grade($0) { .int($0.score) } },
        PuzzleColumn(name: "hardestTechnique", unit: "", kind: .text, meaning: "code of the hardest technique the grader needed (the family's technique table)") { grade($0) { $0.hardestTechnique.map { .string($0) } ?? .null } },
        PuzzleColumn(name: "gradeSteps", unit: "count", kind: .count, meaning: "deduction steps on the solution path") { grade($0) { .int($0.steps) } },
        PuzzleColumn(name: "gradeRounds", unit: "count", kind: .count, meaning: "rounds: the length of the chain of steps that wait for each other") { grade($0) { .int($0.rounds) } },
        PuzzleColumn(name: "guesses", unit: "count", kind: .count, meaning: "guesses on the solution path (0 when logic alone solves it)") { grade($0) { .int($0.guesses) } },
        PuzzleColumn(name: "forcedShare", unit: "fraction", kind: .decimal, meaning: "share of steps with only one move on offer") { grade($0) { .double($0.forcedShare) } },
        PuzzleColumn(name: "longestForcedRun", unit: "steps", kind: .count, meaning: "longest run of steps with only one move on offer") { grade($0) { .int($0.longestForcedRun) } },
        PuzzleColumn(name: "visibility", unit: "fraction", kind: .decimal, meaning: "mean over steps of moves on offer ÷ empty cells left (empty where the family does not define it)") { grade($0) { $0.visibility.map { .double($0) } ?? .null } },
        PuzzleColumn(name: "generationMicroseconds", unit: "µs", kind: .decimal, meaning: "wall time of the generator call (failed calls too)", timing: true) {
            .double(microseconds($0.generationNanoseconds))
        },
        PuzzleColumn(name: "solveMicroseconds", unit: "µs", kind: .decimal, meaning: "wall time of the uniqueness check: building the model and counting to the limit", timing: true) {
            $0.solveNanoseconds.map { .double(microseconds($0)) } ?? .null
        },
        PuzzleColumn(name: "gradeMicroseconds", unit: "µs", kind: .decimal, meaning: "wall time of grading (without the solution count when the solver already ran)", timing: true) {
            $0.gradeNanoseconds.map { .double(microseconds($0)) } ?? .null
        },
    ] }

    private static func grade(_ record: PuzzleRecord, _ f: (GradeSummary) -> ReportValue) -> ReportValue {
        record.grade.map(f) ?? .null
    }

    private static func solve(_ record: PuzzleRecord, _ f: (SolveSummary) -> ReportValue) -> ReportValue {
        record.solve.map(f) ?? .null
    }
}
