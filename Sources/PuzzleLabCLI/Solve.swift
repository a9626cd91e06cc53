import ArgumentParser
import ConstraintSolver
import Foundation
import MathCrossword
import PuzzleKit

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Count the solutions of puzzle files and show one.",
        discussion: """
            Counts exactly, by constraint propagation and backtracking. A count
            stopped by --limit, --nodes or --timeout is a lower bound and is
            reported with complete = false. Invalid files get a one-line error
            on stderr; the other files are still solved, and the exit status is
            non-zero.

            Examples:
              puzzlelab solve puzzle.mcw --show-solution
              puzzlelab solve --limit 2 corpus.jsonl --format csv > counts.csv
              puzzlelab solve puzzle.xsum --show-solution
            """
    )

    @Argument(help: "Puzzle files (.mcw, .json, .jsonl); - reads standard input.")
    var files: [String]

    @Option(help: "math-crossword or cross-sums (default: by file extension, .mcw or .xsum, or content).")
    var kind: PuzzleKind?

    @Option(help: "Stop counting after this many solutions (2 checks uniqueness).")
    var limit: Int?

    @Option(help: "Search-node budget per puzzle.")
    var nodes = 10_000_000

    @Option(help: "Time budget per puzzle, in seconds.")
    var timeout: Double?

    @Flag(help: "Show the first solution (text: the solved grid; json/csv: a solution array).")
    var showSolution = false

    @Option(name: .shortAndLong, help: "Output: text, json (one object per line) or csv (RFC 4180, with a header).")
    var format: ReportFormat = .text

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        guard nodes >= 1 else { throw ValidationError("--nodes must be at least 1.") }
        if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be positive.") }
    }

    func run() throws {
        let limits = SearchLimits(solutions: limit, nodes: nodes, time: timeout.map { .milliseconds(Int($0 * 1000)) },
                                  keepSolutions: showSolution ? 1 : 0)
        var printer = RowPrinter(format: format)
        let failed = forEachInput(files) { file, data in
            if (kind ?? PuzzleKind.of(path: file, data: data)) == .crossSums {
                return CrossSumsCLI.solve(file: file, data: data, limits: limits, showSolution: showSolution,
                                          format: format, printer: &printer)
            }
            var failed = 0
            for result in readLevels(path: file, data: data) {
                let level: Level
                let model: CrosswordModel
                do {
                    level = try result.get()
                    model = try CrosswordModel(level: level)
                } catch let error as FormatError {
                    printError(error.description)
                    failed += 1
                    continue
                } catch {
                    printError("\(file): \(error)")
                    failed += 1
                    continue
                }
                let solved = model.solve(limits)
                let row = Self.row(file: file, level: level, solved, showSolution: showSolution)
                switch format {
                case .json, .csv: printer.print(row)
                case .text:
                    print(Self.summary(file: file, id: level.id, count: solved.solutionCount, complete: solved.complete,
                                       stopReason: solved.stopReason, statistics: solved.statistics))
                    if let first = solved.solutions.first {
                        var filled = level
                        filled.solution = first
                        print(TextFormat.write(filled, solved: true), terminator: "")
                    }
                }
            }
            return failed
        }
        if failed > 0 { throw ExitCode.failure }
    }

    /// The one-line text summary of a count, for either family.
    static func summary(file: String, id: String, count: Int, complete: Bool, stopReason: StopReason,
                        statistics s: SearchStatistics) -> String {
        let solutions = count == 1 ? "1 solution" : "\(count)\(complete ? "" : "+") solutions"
        return "\(file): \(id): \(solutions), \(complete ? "complete" : "stopped by \(stopReason.rawValue)");"
            + " \(s.nodes) nodes, \(s.failures) failures, \(s.propagations) propagations, depth \(s.maxDepth),"
            + " \(s.elapsed.microseconds) µs"
    }

    static func row(file: String, level: Level, _ solved: SolveResult, showSolution: Bool) -> ReportRow {
        let s = solved.statistics
        var row = ReportRow([
            ("file", .string(file)), ("id", .string(level.id)),
            ("solutionCount", .count(solved.solutionCount)), ("complete", .bool(solved.complete)),
            ("stopReason", .string(solved.stopReason.rawValue)), ("blanks", .int(level.blankPositions.count)),
            ("nodes", .int(s.nodes)), ("failures", .int(s.failures)), ("propagations", .int(s.propagations)),
            ("maxDepth", .int(s.maxDepth)), ("timeMicroseconds", .int(s.elapsed.microseconds)),
        ])
        if showSolution {
            let entries = solved.solutions.first.map { first in
                "[" + first.map { "{\"row\":\($0.row),\"column\":\($0.column),\"value\":\($0.value.jsonText)}" }.joined(separator: ",") + "]"
            }
            row.append("solution", entries.map(ReportValue.json) ?? .null)
        }
        return row
    }
}
