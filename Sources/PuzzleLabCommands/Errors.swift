import ArgumentParser
import Foundation
import PuzzleKit

/// The exit statuses of every command (docs/CLI.md, "Errors and exit
/// statuses"), the BSD `sysexits.h` codes where one fits. When a run meets
/// several errors it exits with the highest status among them.
package enum ExitStatus: Int32, Sendable, Comparable {
    /// Everything asked for was done.
    case success = 0
    /// The command ran, and a puzzle failed: `check` found a problem, a seed
    /// gave no puzzle, `solve` or `grade` could not finish one.
    case failed = 1
    /// The command line is refused: an unknown command, option, profile or
    /// family, a missing or out-of-range value, options that do not go
    /// together (`EX_USAGE`).
    case usage = 64
    /// An input is not what it should be: a puzzle file, seeds file, weights
    /// file or log that cannot be read as one (`EX_DATAERR`).
    case dataError = 65
    /// An input file does not exist or cannot be opened (`EX_NOINPUT`).
    case noInput = 66
    /// Something the command needs is not there: `rsvg-convert` for
    /// `--pdf`, a port to listen on (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// An output cannot be created: it exists (without `--force`), it is a
    /// directory, the folder cannot be written (`EX_CANTCREAT`).
    case cannotCreate = 73
    /// Reading or writing failed on the way: a full disk, a closed standard
    /// output (`EX_IOERR`).
    case ioError = 74
    /// Another process is using the output right now: an export that is
    /// writing the same file; running again later may succeed (`EX_TEMPFAIL`).
    case busy = 75
    /// Stopped by an interrupt (Ctrl-C) before the end (`bench`, `export`).
    case interrupted = 130

    package static func < (a: ExitStatus, b: ExitStatus) -> Bool { a.rawValue < b.rawValue }

    /// The status a command that threw `error` exits with: a ``CLIError``'s
    /// own, ``ExitStatus/dataError`` for a file's ``FormatError``,
    /// ``ExitStatus/usage`` for a ``UsageError`` (an unknown profile),
    /// ``ExitStatus/noInput`` or ``ExitStatus/cannotCreate`` for a
    /// ``FileAccessError`` (an input or an output that cannot be opened), and
    /// the argument parser's otherwise (``ExitStatus/usage`` for what it
    /// refuses, the code of an `ExitCode`, 1 for anything else).
    static func of(_ error: any Error) -> Int32 {
        switch error {
        case let error as CLIError: error.status.rawValue
        case is FormatError: ExitStatus.dataError.rawValue
        case is UsageError: ExitStatus.usage.rawValue
        case let error as FileAccessError: (error.access == .read ? ExitStatus.noInput : .cannotCreate).rawValue
        default: PuzzleLab.exitCode(for: error).rawValue
        }
    }
}

/// An error the CLI reports as one line (``errorLine(_:)``), with the exit
/// status it ends the run with.
package struct CLIError: Error, CustomStringConvertible {
    package var description: String
    /// What kind of error it is, for the exit status.
    package var status: ExitStatus

    /// An error with `description` and `status`; any control character
    /// `description` quotes from outside text is escaped as
    /// ``printError(_:)`` escapes it.
    ///
    /// - Parameters:
    ///   - description: what is wrong, without the `puzzlelab: ` prefix.
    ///   - status: the exit status; by default ``ExitStatus/usage``, what
    ///     the command line asked for cannot be done.
    package init(_ description: String, status: ExitStatus = .usage) {
        self.description = description.printable(excerpts: false)
        self.status = status
    }

    /// The error of a file that cannot be read as what it should be
    /// (``ExitStatus/dataError``).
    ///
    /// - Parameter error: where in the file and what was expected.
    package init(_ error: FormatError) {
        self.init(error.description, status: .dataError)
    }
}

/// The errors reported in one run of the command line, so that a command
/// that goes on past a bad input (`check a.mcw missing.mcw b.mcw`) still
/// exits with the status of the worst one.
final class ReportedErrors: @unchecked Sendable {
    private let lock = NSLock()
    private var worst: ExitStatus?

    /// The run's errors: a fresh record for each run
    /// (``PuzzleLab/run(_:families:commands:)``).
    @TaskLocal static var current = ReportedErrors()

    /// Keeps `status` when it is the highest yet.
    func note(_ status: ExitStatus) {
        lock.withLock { worst = max(worst ?? status, status) }
    }

    /// The highest status reported, nil when nothing was.
    var status: ExitStatus? { lock.withLock { worst } }
}

/// `puzzlelab: ` and `message` on one line (a message of several lines has
/// them joined by spaces): the one form of every error line, located
/// (`puzzlelab: file:line:column: what is wrong`) or not.
func errorLine(_ message: String) -> String {
    "puzzlelab: " + message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }.joined(separator: " ")
}

/// Reports an error a command goes on past (a file it cannot read among
/// several, a puzzle that fails): prints its ``errorLine(_:)`` on standard
/// error and notes `status` for the run's exit status.
///
/// - Parameters:
///   - message: what is wrong, `file:line:column: …` when it is in a file.
///   - status: the kind of error.
package func reportError(_ message: String, status: ExitStatus) {
    ReportedErrors.current.note(status)
    printError(errorLine(message))
}

/// Reports `error` as ``reportError(_:status:)`` does, with its own status
/// (``ExitStatus/of(_:)``): a ``FormatError`` or ``CLIError`` as it is,
/// anything else after `context` (the file or the puzzle it is about).
///
/// - Parameters:
///   - error: the error.
///   - context: what an error that does not name its place is about.
package func reportError(_ error: any Error, context: String? = nil) {
    let located = error is FormatError || error is CLIError
    let message = located || context == nil ? "\(error)" : "\(context ?? ""): \(error)"
    let status = ExitStatus(rawValue: ExitStatus.of(error)) ?? .failed
    reportError(message, status: status)
}
