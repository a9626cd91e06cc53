import ArgumentParser
import Foundation
import PuzzleDrawing
import PuzzleKit

/// Writes `text` to `path` (`-`: standard output) whole or not at all: a
/// file is written beside its final name and moved into place; an existing
/// FIFO or character device (a named pipe, `/dev/null`, a terminal) is
/// written to as it is (``OutputTarget``).
///
/// - Parameter replacing: replace an existing regular file; without it an
///   existing file is an error and is left as it is.
/// - Throws: one line naming the path and the system's reason.
package func writeOutput(_ text: String, to path: String, replacing: Bool) throws(CLIError) {
    switch try OutputTarget(path, replacing: replacing) {
    case .standardOutput:
        try write(Data(text.utf8), to: .standardOutput, path: "standard output")
    case .stream(let path):
        let handle = try openStream(path)
        try write(Data(text.utf8), to: handle, path: path)
        try? handle.close()
    case .file(let path):
        try writeFile(text, to: path, replacing: replacing)
    }
}

/// Writes `text` to the regular file `path` (new, or replaced with
/// `replacing`) through a temporary file beside it.
private func writeFile(_ text: String, to path: String, replacing: Bool) throws(CLIError) {
    let temporary = path + ".partial"
    guard let file = fopen(temporary, "w") else {
        throw CLIError("\(path): cannot write the file: \(String(cString: strerror(errno)))", status: .cannotCreate)
    }
    let bytes = Array(text.utf8)
    let wrote = fwrite(bytes, 1, bytes.count, file) == bytes.count
    let reason = errno
    let closed = fclose(file) == 0
    guard wrote, closed else {
        unlink(temporary)
        throw CLIError("\(path): cannot write the file: \(String(cString: strerror(reason)))", status: .ioError)
    }
    do throws(CLIError) {
        try moveIntoPlace(temporary, path, replacing: replacing)
    } catch {
        unlink(temporary)
        throw error
    }
}

/// Where an `--out` path goes. Only regular files are ever created or
/// replaced; what already exists as a stream is written to as it is, and
/// anything else is refused and kept.
enum OutputTarget: Equatable {
    /// `-`, or `/dev/stdout` (written as standard output whatever it is,
    /// so a shell's redirection to a file is never replaced).
    case standardOutput
    /// An existing FIFO or character device (`/dev/null`, `/dev/stdout` of
    /// a pipe or terminal, a named pipe): opened and written, never
    /// replaced, with or without `--force`.
    case stream(String)
    /// A regular file (new, or existing with `--force`): written beside its
    /// final name and moved into place.
    case file(String)

    /// Where `path` goes.
    ///
    /// - Parameter replacing: `--force`: an existing regular file may be
    ///   replaced.
    /// - Throws: one line for an existing regular file without `replacing`,
    ///   and for a directory, socket, block device or symbolic link to one
    ///   of those or to a regular file (`--force` replaces regular files
    ///   only), which is kept.
    init(_ path: String, replacing: Bool) throws(CLIError) {
        if path == "-" || path == "/dev/stdout" {
            self = .standardOutput
            return
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw CLIError("\(path): cannot write the file: \(String(cString: strerror(errno)))", status: .cannotCreate) }
            self = .file(path)
            return
        }
        let linked = info.st_mode & S_IFMT == S_IFLNK
        if linked && stat(path, &info) != 0 {
            throw CLIError("\(path) is a symbolic link to nothing; it is kept (--force replaces regular files only)", status: .cannotCreate)
        }
        switch info.st_mode & S_IFMT {
        case S_IFIFO, S_IFCHR:
            self = .stream(path)
        case S_IFREG where linked:
            throw CLIError("\(path) is a symbolic link; it is kept (--force replaces regular files only): write to the file it names",
                           status: .cannotCreate)
        case S_IFREG:
            guard replacing else { throw CLIError("\(path) exists; add --force to replace it", status: .cannotCreate) }
            self = .file(path)
        case let kind:
            throw CLIError("\(path) is \(fileKind(kind)), not a regular file; it is kept (--force replaces regular files only)",
                           status: .cannotCreate)
        }
    }
}

/// "a directory", "a socket", … for a `stat` file type (`st_mode & S_IFMT`).
func fileKind(_ type: mode_t) -> String {
    switch type {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a file"
    }
}

/// Opens the existing FIFO or character device `path` for writing.
///
/// - Throws: one line naming the path and the system's reason.
func openStream(_ path: String) throws(CLIError) -> FileHandle {
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw CLIError("\(path): cannot write: \(String(cString: strerror(errno)))", status: .cannotCreate) }
    return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
}

/// Throws when `path` may not be written (``OutputTarget``): an existing
/// regular file without `replacing`, or anything that is neither a regular
/// file nor a stream.
func refuseExisting(_ path: String, replacing: Bool) throws(CLIError) {
    _ = try OutputTarget(path, replacing: replacing)
}

/// Gives the finished file `temporary` its final name `path`. Without
/// `replacing` the move cannot overwrite a file that appeared meanwhile
/// (link(2) refuses an existing name).
///
/// - Throws: one line naming the path and the system's reason.
func moveIntoPlace(_ temporary: String, _ path: String, replacing: Bool) throws(CLIError) {
    if !replacing {
        if link(temporary, path) == 0 {
            unlink(temporary)
            return
        }
        if errno == EEXIST { throw CLIError("\(path) exists; add --force to replace it", status: .cannotCreate) }
        // A file system without hard links: fall back to rename after the check above.
    }
    guard rename(temporary, path) == 0 else {
        throw CLIError("cannot rename \(temporary) to \(path): \(String(cString: strerror(errno)))", status: .cannotCreate)
    }
}

/// Writes `data` to `handle`.
///
/// - Throws: one line naming `path` and the system's reason.
func write(_ data: Data, to handle: FileHandle, path: String) throws(CLIError) {
    do { try handle.write(contentsOf: data) } catch {
        throw CLIError("\(path): cannot write: \(systemReason(error))", status: .ioError)
    }
}

/// The operating system's words for a failed file operation ("No space
/// left on device"), without Foundation's error domain dump.
func systemReason(_ error: any Error) -> String {
    let error = error as NSError
    if let posix = error.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(posix.code)))
    }
    return error.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(error.code))) : error.localizedDescription
}

/// "1 step", "3 steps", "0 guesses".
func counted(_ n: Int, _ one: String, _ many: String? = nil) -> String {
    "\(n) \(n == 1 ? one : many ?? one + "s")"
}

/// Prints one line to standard error, with any control character the
/// message quotes from outside text escaped (``Swift/String/printable(excerpts:)``).
package func printError(_ message: String) {
    FileHandle.standardError.write(Data((message.printable(excerpts: false) + "\n").utf8))
}

/// Prints one line of a text report (`check`, `solve`, `grade`), with the
/// control characters of the outside text it shows (ids, file names, labels
/// read from files) escaped (``Swift/String/escapingControlCharacters``): a
/// line of a report is one line on a terminal, and runs no escape sequence.
func printReport(_ line: String) {
    print(line.escapingControlCharacters)
}

/// The bytes of `path`, or of standard input for `-`. Works on pipes too.
///
/// - Throws: a one-line error for a file that does not exist or cannot be
///   opened (``ExitStatus/noInput``), cannot be read
///   (``ExitStatus/ioError``), or is larger than ``InputLimits/fileBytes``
///   or has a line longer than ``InputLimits/lineBytes`` (found before any
///   parsing; ``ExitStatus/dataError``).
package func readInput(path: String) throws(CLIError) -> Data {
    let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
    guard let handle else {
        let reason = FileManager.default.fileExists(atPath: path) ? "cannot open the file" : "no such file"
        throw CLIError("\(path): \(reason)", status: .noInput)
    }
    var data = Data()
    do {
        // A regular file within the limit is read straight into a buffer of
        // its size (not mapped: a file another program cut short while it
        // is read would end the run with SIGBUS); the rest (all of a pipe,
        // or what a growing file gained) in chunks, so an endless or huge
        // stream stops at the limit.
        if let size = regularFileSize(handle), size <= InputLimits.fileBytes {
            data = try readBytes(handle, count: size, path: path)
        }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
            if data.count > InputLimits.fileBytes {
                throw CLIError(FormatError("larger than \(InputLimits.fileBytes >> 20) MiB (the most one file may hold; split it)",
                                           at: SourceLocation(file: path)))
            }
        }
    } catch let error as CLIError {
        throw error
    } catch {
        throw CLIError("\(path): cannot read the file: \(systemReason(error))", status: .ioError)
    }
    do throws(FormatError) { try InputLimits.checkLines(data, file: path) } catch { throw CLIError(error) }
    return data
}

/// The size of the regular file `handle` reads, or `nil` for anything else
/// (a pipe, a terminal, a device).
private func regularFileSize(_ handle: FileHandle) -> Int? {
    var info = stat()
    guard fstat(handle.fileDescriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
}

/// Up to `count` bytes from `handle`, fewer when the file ends first.
///
/// - Throws: the file's name and the system's reason.
private func readBytes(_ handle: FileHandle, count: Int, path: String) throws(CLIError) -> Data {
    var data = Data(count: count)
    var failure: Int32 = 0
    let got = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        var got = 0
        while got < count {
            let n = read(handle.fileDescriptor, base + got, count - got)
            if n > 0 {
                got += n
            } else if n == 0 {
                break
            } else if errno != EINTR {
                failure = errno
                break
            }
        }
        return got
    }
    guard failure == 0 else {
        throw CLIError("\(path): cannot read the file: \(String(cString: strerror(failure)))", status: .ioError)
    }
    data.count = got
    return data
}

/// Calls `body` with each file's family (`kind`, or the one
/// ``Kind/of(path:data:)`` finds) and bytes (standard input for `-`); a file
/// that cannot be read is reported (``reportError(_:context:)``) and counted.
///
/// - Returns: the unreadable files plus the failures `body` returned.
func forEachInput(_ files: [String], kind: Kind?, _ body: (_ family: any CommandFamily, _ file: String, _ data: Data) -> Int) -> Int {
    var failed = 0
    for file in files {
        do {
            let (family, data) = try readPuzzleFile(file, kind: kind)
            failed += body(family, file, data)
        } catch {
            reportError(error)
            failed += 1
        }
    }
    return failed
}

/// Hands every puzzle of a file to `body`, one at a time in the file's order,
/// keeping none (`PuzzleFamily.visit(_:file:_:)`); a file with none (empty,
/// or only blank lines) is one failure, never a silent success, and so is a
/// level pack of another family.
func forEachPuzzle<F: PuzzleFamily>(_ family: F, _ data: Data, file: String, _ body: (Result<F.Puzzle, FormatError>) -> Void) {
    if let kind = PuzzlePack.kind(of: data), kind != family.info.name {
        return body(.failure(FormatError("a \(kind) pack, not \(family.info.name) (name the pack's family with --kind \(kind), or leave --kind out)",
                                          at: SourceLocation(file: file, line: 1))))
    }
    var none = true
    family.visit(data, file: file) { result in
        none = false
        body(result)
    }
    if none { body(.failure(FormatError("no puzzle in the file", at: SourceLocation(file: file)))) }
}

/// True when `puzzle` has none of the problems ``PuzzleFamily/problems(_:)``
/// finds; otherwise reports each as `check` does and returns false.
func isValid<F: PuzzleFamily>(_ family: F, _ puzzle: F.Puzzle, file: String) -> Bool {
    let problems = family.problems(puzzle)
    for problem in problems { reportError("\(file): \(family.id(of: puzzle)): \(problem)", status: .failed) }
    return problems.isEmpty
}

/// The bytes of the one file a command works on and its family (`kind`,
/// else told by extension or content).
///
/// - Throws: the file's one-line error as a ``CLIError``.
func readPuzzleFile(_ file: String, kind: Kind?) throws(CLIError) -> (family: any CommandFamily, data: Data) {
    let data = try readInput(path: file)
    if let kind { return (kind.family, data) }
    do throws(FormatError) {
        return (try Kind.of(path: file, data: data), data)
    } catch {
        throw CLIError(error)
    }
}

/// The output formats of the reporting commands (docs/FORMATS.md section 5).
package enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv
}

/// Prints report rows as JSON lines, or as one CSV table with one header.
///
/// Rows of one family share their columns, so CSV streams under the first
/// row's header. Files of several families have different columns: with
/// `mixed`, CSV rows are kept until ``finish()``, which writes one header
/// covering every row (columns in first-seen order) and leaves a row's
/// cells empty under the columns that are not its own.
package struct RowPrinter {
    let format: ReportFormat
    let mixed: Bool
    private var wroteHeader = false
    private var held: [ReportRow] = []

    package init(format: ReportFormat, mixed: Bool = false) {
        self.format = format
        self.mixed = mixed
    }

    package mutating func print(_ row: ReportRow) {
        switch format {
        case .csv where mixed:
            held.append(row)
        case .csv:
            if !wroteHeader { Swift.print(row.csvHeader, terminator: CSV.lineEnd); wroteHeader = true }
            Swift.print(row.csv, terminator: CSV.lineEnd)
        case .json, .text:
            Swift.print(row.json)
        }
    }

    /// Writes the rows kept for one mixed CSV table.
    mutating func finish() {
        guard !held.isEmpty else { return }
        var columns: [String] = []
        var seen = Set<String>()
        for row in held {
            for (key, _) in row.fields where seen.insert(key).inserted { columns.append(key) }
        }
        Swift.print(CSV.record(columns), terminator: CSV.lineEnd)
        for row in held {
            let values = Dictionary(row.fields.map { ($0.key, $0.value.csvText) }, uniquingKeysWith: { first, _ in first })
            Swift.print(CSV.record(columns.map { values[$0] ?? "" }), terminator: CSV.lineEnd)
        }
        held.removeAll()
    }
}

extension Duration {
    /// Whole microseconds.
    var microseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
    }
}

/// The CPU-time budget of the commands that count or grade a puzzle.
struct TimeBudget: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("CPU-time budget per puzzle, in seconds; a count or grade it stops is reported with complete = false.",
                               valueName: "seconds"))
    var timeout: Double = Double(DefaultBudget.time.components.seconds)

    func validate() throws {
        guard timeout > 0 && timeout <= 86_400 else {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 86400.")
        }
    }

    var time: Duration { .milliseconds(Int((timeout * 1000).rounded(.up))) }
}
