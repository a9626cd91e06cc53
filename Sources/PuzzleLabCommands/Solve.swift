import ArgumentParser
import Foundation
import PuzzleKit

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Count the solutions of puzzle files and show one.",
        discussion: """
            Counts exactly, by constraint propagation and backtracking (or the
            family's own exact counter), within 10,000,000 search nodes and 10
            seconds of CPU time per puzzle unless --nodes or --timeout say
            otherwise (the text names the one that stopped it: "stopped by
            timeLimit (10 s CPU)", "stopped by nodeLimit (100 nodes)"). A
            count stopped by --limit, --nodes or --timeout is a lower bound and is reported with complete = false
            and stopReason solutionLimit, nodeLimit or timeLimit; a count
            beyond 64 bits is reported as 9223372036854775807 with
            complete = false and stopReason overflow.
            Invalid files get a one-line error on stderr; the other files are
            still solved, and the exit status is non-zero.

            Examples:
              puzzlelab solve puzzle.mcw --show-solution
              puzzlelab solve --limit 2 corpus.jsonl --format csv > counts.csv
              puzzlelab solve puzzle.xsum --show-solution
            """
    )

    @Argument(help: "Puzzle files (any family's text format, .json, .jsonl); - reads standard input.")
    var files: [String]

    @Option(help: "The puzzle family: \(familyNames) (default: by file extension or content).")
    var kind: Kind?

    @Option(parsing: .unconditional, help: "Stop counting after this many solutions (2 checks uniqueness).")
    var limit: Int?

    @Option(parsing: .unconditional, help: "Search-node budget per puzzle.")
    var nodes = 10_000_000

    @OptionGroup var budget: TimeBudget

    @Flag(help: "Show the first solution (text: the solved puzzle; json/csv: a solution value).")
    var showSolution = false

    @Option(name: .shortAndLong, help: "Output: text, json (one object per line) or csv (RFC 4180, with a header).")
    var format: ReportFormat = .text

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        guard nodes >= 1 else { throw ValidationError("--nodes must be at least 1.") }
    }

    func run() throws {
        let limits = CountLimits(solutions: limit, nodes: nodes, time: budget.time,
                                 keepSolutions: showSolution ? 1 : 0)
        var printer = RowPrinter(format: format, mixed: files.count > 1)
        defer { printer.finish() }
        let failed = forEachInput(files, kind: kind) { family, file, data in
            solve(family, file: file, data: data, limits: limits, printer: &printer)
        }
        if failed > 0 { throw ExitCode.failure }
    }

    /// Solves every puzzle of a file; returns how many failed.
    private func solve<F: CountingFamily>(_ family: F, file: String, data: Data, limits: CountLimits,
                                          printer: inout RowPrinter) -> Int {
        var failed = 0
        forEachPuzzle(family, data, file: file) { result in
            let puzzle: F.Puzzle
            let counted: CountResult
            let elapsed: Duration
            do {
                puzzle = try result.get()
                guard isValid(family, puzzle, file: file) else {
                    failed += 1
                    return
                }
                // The count's time is measured here, around the call, the
                // same way for every family.
                let started = ContinuousClock.now
                counted = try family.count(puzzle, limits: limits)
                elapsed = ContinuousClock.now - started
            } catch {
                reportError(error, context: file)
                failed += 1
                return
            }
            let id = family.id(of: puzzle)
            switch format {
            case .json, .csv: printer.print(Self.row(file: file, id: id, counted, elapsed: elapsed, showSolution: showSolution))
            case .text:
                printReport(Self.summary(file: file, id: id, counted, elapsed: elapsed, limits: limits))
                if let text = counted.solutionText {
                    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                    if lines.last?.isEmpty == true { lines.removeLast() }
                    for line in lines { printReport(String(line)) }
                }
            }
        }
        return failed
    }

    /// The one-line text summary of a count within `limits` that took
    /// `elapsed`; a budget that stopped it is named with its size.
    static func summary(file: String, id: String, _ c: CountResult, elapsed: Duration, limits: CountLimits) -> String {
        let solutions = c.solutionCount == 1 ? "1 solution" : "\(c.solutionCount)\(c.complete ? "" : "+") solutions"
        let stop = switch c.stopReason {
        case .overflow: "stopped by overflow (more than 64 bits" + (puzzleNumberHint.map { "; \($0)" } ?? "") + ")"
        case .timeLimit: "stopped by timeLimit" + (limits.time.map { " (\(Deadline.describe($0)))" } ?? "")
        case .nodeLimit: "stopped by nodeLimit (\(limits.nodes) nodes)"
        default: "stopped by \(c.stopReason.rawValue)"
        }
        return "\(file): \(id): \(solutions), \(c.complete ? "complete" : stop);"
            + " \(c.nodes) nodes, \(c.failures) failures, \(c.propagations) propagations, depth \(c.maxDepth),"
            + " \(elapsed.microseconds) µs"
    }

    /// The count, which took `elapsed`, as a JSON/CSV row (docs/FORMATS.md
    /// section 5).
    static func row(file: String, id: String, _ c: CountResult, elapsed: Duration, showSolution: Bool) -> ReportRow {
        var row = ReportRow([
            ("file", .string(file)), ("id", .string(id)),
            ("solutionCount", .count(c.solutionCount)), ("complete", .bool(c.complete)),
            ("stopReason", .string(c.stopReason.rawValue)),
        ] + c.fields + [
            ("nodes", .int(c.nodes)), ("failures", .int(c.failures)), ("propagations", .int(c.propagations)),
            ("maxDepth", .int(c.maxDepth)), ("timeMicroseconds", .int(elapsed.microseconds)),
        ])
        if showSolution { row.append("solution", c.solutionJSON.map(ReportValue.json) ?? .null) }
        return row
    }
}
