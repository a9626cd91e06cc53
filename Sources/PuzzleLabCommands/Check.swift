import ArgumentParser
import Foundation
import PuzzleKit

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate puzzle files and show what each puzzle holds.",
        discussion: """
            Reads any family's files (docs/FORMATS.md). For each puzzle it
            prints a summary line and the family's details (a math crossword's
            equations with their state: incomplete, correct, incorrect) and
            notes what the generators never produce (equations that do not
            connect, more than two operands, grids that break their profile).
            Exits non-zero when any file or puzzle is invalid.

            Example:
              puzzlelab check puzzle.mcw corpus.jsonl puzzles.json
            """
    )

    @Argument(help: "Puzzle files (any family's text format, .json, .jsonl); - reads standard input.")
    var files: [String]

    @Option(help: "The puzzle family: \(familyNames) (default: by file extension or content).")
    var kind: Kind?

    @Flag(name: .shortAndLong, help: "Print only summaries, errors and notes, not the details.")
    var quiet = false

    func run() throws {
        let invalid = forEachInput(files, kind: kind) { family, file, data in check(family, file: file, data: data) }
        if invalid > 0 { throw ExitCode.failure }
    }

    /// Checks every puzzle of a file; returns how many were invalid.
    private func check<F: PuzzleFamily>(_ family: F, file: String, data: Data) -> Int {
        var invalid = 0
        forEachPuzzle(family, data, file: file) { result in
            switch result {
            case .failure(let error):
                reportError(error)
                invalid += 1
            case .success(let puzzle):
                let report = family.check(puzzle, details: !quiet)
                let id = family.id(of: puzzle)
                for problem in report.problems { reportError("\(file): \(id): \(problem)", status: .failed) }
                if !report.problems.isEmpty { invalid += 1 }
                printReport("\(file): \(id): \(report.summary)")
                if !quiet { for line in report.details { printReport("  \(line)") } }
                for note in report.notes { printReport("  note: \(note)") }
            }
        }
        return invalid
    }
}
