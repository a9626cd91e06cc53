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
                Families (--kind, the first is the default): \(familyNames).
                'puzzlelab families' lists their profiles (--profile) and grade labels.

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
                Calibrate.self, ListFamilies.self,
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
            if status == ExitStatus.success.rawValue {
                print(message)
            } else {
                for line in message.split(separator: "\n") { printError(String(line)) }
            }
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
    ///   the error line of an error the command threw (empty when there is
    ///   none), with the line naming `--help` after a usage error. The
    ///   status is the highest of the thrown error's and of those the
    ///   command reported on its way (`reportError`).
    public static func run(_ arguments: [String], families: [any CommandFamily],
                           commands: [any ParsableCommand.Type] = []) async -> (status: Int32, message: String) {
        guard !families.isEmpty else { return (ExitStatus.failed.rawValue, errorLine("no puzzle families")) }
        return await CommandFamilies.$list.withValue(families) {
            await CommandFamilies.$commands.withValue(commands) { await run(arguments) }
        }
    }

    /// ``run(_:families:commands:)`` once the run's families and commands
    /// are set.
    private static func run(_ arguments: [String]) async -> (status: Int32, message: String) {
        await ReportedErrors.$current.withValue(ReportedErrors()) {
            let (status, message) = await runCommand(arguments)
            return (max(status, ReportedErrors.current.status?.rawValue ?? 0), message)
        }
    }

    /// The status and message of the command `arguments` name, from what
    /// it threw (nothing: success).
    private static func runCommand(_ arguments: [String]) async -> (status: Int32, message: String) {
        if let unknown = unknownCommand(arguments) { return outcome(of: CLIError(unknown), arguments: arguments) }
        do {
            var command = try parseAsRoot(operandsLast(arguments))
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            flushStandardOutput()
            return (ExitStatus.success.rawValue, "")
        } catch {
            flushStandardOutput()
            return outcome(of: error, arguments: arguments)
        }
    }

    /// `arguments` with the operands of an ``OperandsLikeOptions`` command
    /// moved after a `--`, so that the parser takes them as they are (a
    /// Morse code such as `-.-.` or `---` is not an option); a `--` right
    /// after the command's name ends its options as usual and is dropped.
    /// Other command lines are returned unchanged.
    static func operandsLast(_ arguments: [String]) -> [String] {
        let (command, named) = command(named: arguments)
        guard let operands = command as? any OperandsLikeOptions.Type else { return arguments }
        var rest = arguments[named...]
        if rest.first == "--" { rest = rest.dropFirst() }
        let codes = rest.filter(operands.isOperand)
        return Array(arguments[..<named]) + rest.filter { !operands.isOperand($0) } + (codes.isEmpty ? [] : ["--"] + codes)
    }

    /// The command the leading `arguments` name, and how many of them name it.
    static func command(named arguments: [String]) -> (command: any ParsableCommand.Type, count: Int) {
        var command: any ParsableCommand.Type = PuzzleLab.self
        var named = 0
        while named < arguments.count,
              let subcommand = command.configuration.subcommands.first(where: { $0._commandName == arguments[named] }) {
            command = subcommand
            named += 1
        }
        return (command, named)
    }

    /// Why `arguments` name no command, with the names nearest to the one
    /// given, when a command that has subcommands is followed by a word
    /// that names none of them; nil otherwise.
    static func unknownCommand(_ arguments: [String]) -> String? {
        let (command, named) = command(named: arguments)
        let commands = command.configuration.subcommands.map { $0._commandName } + (named == 0 ? ["help"] : [])
        guard named < arguments.count, !arguments[named].hasPrefix("-"), !commands.isEmpty, !commands.contains(arguments[named]) else { return nil }
        let given = arguments[named]
        let near = commands.filter { editDistance($0, given) <= 2 || $0.hasPrefix(given) }
        let guess = near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
        return "unknown command '\(given)'\(guess)"
    }

    /// The exit status and message of a command that threw `error`: help
    /// and version texts whole, as the argument parser writes them; an error
    /// as its ``errorLine(_:)``, without the usage text, and after a usage
    /// error a line naming the `--help` of the command `arguments` name;
    /// nothing for a bare exit status.
    static func outcome(of error: any Error, arguments: [String]) -> (status: Int32, message: String) {
        let status = ExitStatus.of(error)
        guard status != ExitStatus.success.rawValue else { return (status, fullMessage(for: error)) }
        let message = message(for: error)
        guard !message.isEmpty else { return (status, "") }
        guard status == ExitStatus.usage.rawValue else { return (status, errorLine(lowercasingFirstWord(message))) }
        let path = (["puzzlelab"] + arguments[..<command(named: arguments).count]).joined(separator: " ")
        return (status, errorLine(lowercasingFirstWord(message)) + "\nSee '\(path) --help' for more information.")
    }

    /// `message` with its first word in lower case when it is a capitalized
    /// word ("Unknown option" of the argument parser), so that every error
    /// line reads alike after `puzzlelab: `; "JSON" or "--count" stay.
    static func lowercasingFirstWord(_ message: String) -> String {
        let start = message.prefix(2)
        guard start.count == 2, start.first?.isUppercase == true, start.last?.isLowercase == true else { return message }
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}

/// A command whose operands may start with `-` (Morse code): they are taken
/// as operands wherever they stand, never as options.
public protocol OperandsLikeOptions: ParsableCommand {
    /// Whether `argument` is one of the command's operands.
    static func isOperand(_ argument: String) -> Bool
}
