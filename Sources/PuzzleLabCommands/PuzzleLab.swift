import ArgumentParser
import Foundation
import PuzzleKit
import PuzzleResearch

/// The `puzzlelab` command line, written once over a list of puzzle
/// families.
public struct PuzzleLab: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "puzzlelab",
        abstract: "Generate, check, solve and benchmark kids' number puzzles.",
        discussion: """
            Examples:
              puzzlelab generate --profile class_1 --seed 42
              puzzlelab generate --profile class_3 --count 100 --format jsonl > c.jsonl
              puzzlelab generate --profile class_2 --unique > puzzle.mcw
              puzzlelab solve puzzle.mcw --show-solution
              puzzlelab grade puzzle.mcw --explain
              puzzlelab check puzzle.mcw c.jsonl
              puzzlelab bench
              puzzlelab export --profile class_2 --count 1000 --out class_2.csv
            """,
        version: PuzzleLabVersion.string,
        subcommands: [
            Generate.self, Solve.self, Grade.self, Check.self, Pack.self, Bench.self, Export.self, Render.self, Review.self,
            DrillsCommand.self, MorseCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line of the process over `families` and exits with
    /// its status; standard output is checked when the process ends
    /// (`checkStandardOutputAtExit()`).
    ///
    /// - Parameter families: the puzzle families the commands know, in the
    ///   order help texts list them; the first is the default of `--kind`.
    public static func main(families: [any PuzzleFamily]) async {
        checkStandardOutputAtExit()
        guard !families.isEmpty else { exit(withError: CLIError("no puzzle families")) }
        await CommandFamilies.$list.withValue(families) { await main(nil) }
    }

    /// Runs one command line over `families` in this process and returns
    /// where ``main(families:)`` would exit, for tests: what the command
    /// prints goes to standard output and standard error as usual.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - families: the puzzle families the commands know, as for
    ///     ``main(families:)``.
    /// - Returns: the exit status, and the message the executable would
    ///   print on standard error for a parse or usage error (empty when
    ///   there is none).
    public static func run(_ arguments: [String], families: [any PuzzleFamily]) async -> (status: Int32, message: String) {
        guard !families.isEmpty else { return (ExitCode.failure.rawValue, "no puzzle families") }
        return await CommandFamilies.$list.withValue(families) {
            do {
                var command = try parseAsRoot(arguments)
                if var asynchronous = command as? AsyncParsableCommand {
                    try await asynchronous.run()
                } else {
                    try command.run()
                }
                flushStandardOutput()
                return (ExitCode.success.rawValue, "")
            } catch {
                flushStandardOutput()
                return (exitCode(for: error).rawValue, fullMessage(for: error))
            }
        }
    }
}
