import ArgumentParser
import Foundation
import MathCrossword
import PuzzleKit

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate puzzle files and show every equation's state.",
        discussion: """
            Reads .mcw, .json and .jsonl files (FORMATS.md). For each level it
            lists the equations with their state (incomplete, correct,
            incorrect) and notes what the class generators never produce:
            equations that do not connect, equations with more than two operands,
            and grids that break their profile. Exits non-zero when any file is
            invalid.

            Example:
              puzzlelab check puzzle.mcw corpus.jsonl
            """
    )

    @Argument(help: "Puzzle files (.mcw, .json, .jsonl); - reads standard input.")
    var files: [String]

    @Flag(name: .shortAndLong, help: "Print only errors and notes, not the equations.")
    var quiet = false

    func run() throws {
        let invalid = forEachInput(files) { file, data in
            if PuzzleKind.of(path: file, data: data) == .crossSums {
                return CrossSumsCLI.check(file: file, data: data, quiet: quiet)
            }
            var invalid = 0
            for result in readLevels(path: file, data: data) {
                switch result {
                case .failure(let error):
                    printError(error.description)
                    invalid += 1
                case .success(let level):
                    do throws(SolveError) {
                        _ = try CrosswordModel(level: level)
                    } catch .overflow(let position) {
                        printError("\(file): \(level.id): \(SolveError.overflow(position))")
                        invalid += 1
                        continue
                    } catch {}  // too many blanks to tabulate matters to solving, not to the format
                    print("\(file): \(level.id): valid, \(level.rows)x\(level.columns), \(level.equations.count) equations, \(level.blankPositions.count) blanks")
                    let states = EquationEvaluator().evaluate(filledWithSolution(level))
                    if !quiet {
                        for (equation, state) in zip(level.equations, states) {
                            print("  \(Explain.equationText(equation, in: level))  \(state.rawValue)")
                        }
                    }
                    for note in LevelCheck.notes(for: level) { print("  note: \(note)") }
                }
            }
            return invalid
        }
        if invalid > 0 { throw ExitCode.failure }
    }

    /// The level with its solution (if it carries one) placed, so states show
    /// whether the solution holds; otherwise the player's values as they are.
    private func filledWithSolution(_ level: Level) -> Level {
        guard let solution = level.solution else { return level }
        var filled = level
        for entry in solution { filled[entry.position].currentValue = entry.value }
        return filled
    }
}
