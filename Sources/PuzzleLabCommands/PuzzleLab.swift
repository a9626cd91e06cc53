import ArgumentParser
import Foundation
import PuzzleDrawing
import PuzzleKit
import PuzzleResearch

/// The `puzzlelab` command line, written once over a list of puzzle
/// families: its subcommands are the commands every family shares, then the
/// families' own that the run is given (``main(families:commands:)``).
public struct PuzzleLab: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
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
                Generate.self, Solve.self, Grade.self, Check.self, Pack.self, Bench.self, Export.self, Render.self, Review.self, WorksheetCommand.self, Serve.self, Play.self,
                Calibrate.self,
            ] + CommandFamilies.commands
        )
    }

    public init() {}

    /// Runs the command line of the process over `families` and exits with
    /// its status; standard output is checked when the process ends
    /// (`checkStandardOutputAtExit()`), and a reader that goes away ends it
    /// quietly (`endQuietlyWhenReaderLeaves()`).
    ///
    /// - Parameters:
    ///   - families: the puzzle families the commands know, in the order
    ///     help texts list them; the first is the default of `--kind`.
    ///   - commands: the families' own subcommands (`drills`, `morse`), after
    ///     the shared ones in help texts.
    public static func main(families: [any CommandFamily], commands: [any ParsableCommand.Type] = []) async {
        checkStandardOutputAtExit()
        endQuietlyWhenReaderLeaves()
        let (status, message) = await run(Array(CommandLine.arguments.dropFirst()), families: families, commands: commands)
        if !message.isEmpty {
            // Help and version texts go to standard output, errors to standard error.
            if status == ExitCode.success.rawValue { print(message) } else { printError(message) }
        }
        Foundation.exit(status)
    }

    /// Runs one command line over `families` in this process and returns
    /// where ``main(families:commands:)`` would exit, for tests: what the
    /// command prints goes to standard output and standard error as usual.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - families: the puzzle families the commands know, as for
    ///     ``main(families:commands:)``.
    ///   - commands: the families' own subcommands, as for
    ///     ``main(families:commands:)``.
    /// - Returns: the exit status, and what the executable prints besides
    ///   the command's own output: the help or version text asked for, or
    ///   the one error line of a parse or usage error or of an error the
    ///   command threw (empty when there is none).
    public static func run(_ arguments: [String], families: [any CommandFamily],
                           commands: [any ParsableCommand.Type] = []) async -> (status: Int32, message: String) {
        guard !families.isEmpty else { return (ExitCode.failure.rawValue, errorLine("no puzzle families")) }
        return await CommandFamilies.$list.withValue(families) {
            await CommandFamilies.$commands.withValue(commands) { await run(arguments) }
        }
    }

    /// ``run(_:families:commands:)`` once the run's families and commands
    /// are set.
    private static func run(_ arguments: [String]) async -> (status: Int32, message: String) {
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
            return outcome(of: error)
        }
    }

    /// The exit status and message of a command that threw `error`: help
    /// and version texts whole, as the argument parser writes them; every
    /// error as one line, `Error: what is wrong`, without the usage text
    /// (`--help` shows it); nothing for a bare exit status.
    static func outcome(of error: any Error) -> (status: Int32, message: String) {
        let status = exitCode(for: error).rawValue
        guard status != ExitCode.success.rawValue else { return (status, fullMessage(for: error)) }
        let message = message(for: error)
        return (status, message.isEmpty ? "" : errorLine(message))
    }

    /// `Error: ` and `message` on one line (a message of several lines has
    /// them joined by spaces).
    static func errorLine(_ message: String) -> String {
        "Error: " + message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}
