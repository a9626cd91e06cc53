import ArgumentParser
import Foundation
import MathCrossword
import PuzzleKit

/// Prints one line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// The bytes of `path`, or of standard input for `-`. Works on pipes too.
func readInput(path: String) throws(FormatError) -> Data {
    let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
    guard let handle else {
        let reason = FileManager.default.fileExists(atPath: path) ? "cannot open the file" : "no such file"
        throw FormatError(reason, at: SourceLocation(file: path, line: 1))
    }
    do {
        return try handle.readToEnd() ?? Data()
    } catch {
        throw FormatError("cannot read the file: \(error.localizedDescription)", at: SourceLocation(file: path, line: 1))
    }
}

/// Calls `body` with each file's bytes (standard input for `-`); a file
/// that cannot be read is reported on stderr and counted.
///
/// - Returns: the unreadable files plus the failures `body` returned.
func forEachInput(_ files: [String], _ body: (_ file: String, _ data: Data) -> Int) -> Int {
    var failed = 0
    for file in files {
        do {
            failed += body(file, try readInput(path: file))
        } catch {
            printError(error.description)
            failed += 1
        }
    }
    return failed
}

/// A puzzle file's levels: one for `.mcw` and `.json`, one per line for
/// `.jsonl`. Standard input (`-`) and other names are told apart by content:
/// JSON when the first character is `{` (JSON Lines when every line is an
/// object), the text grid otherwise. A read failure is one error result.
func readLevels(path: String, data: Data) -> [Result<Level, FormatError>] {
    guard let text = String(data: data, encoding: .utf8) else {
        return [.failure(FormatError("expected UTF-8 text", at: SourceLocation(file: path, line: 1)))]
    }
    var kind = (path as NSString).pathExtension.lowercased()
    if !["mcw", "json", "jsonl"].contains(kind) {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" } }.filter { !$0.isEmpty }
        kind = lines.first?.first != "{" ? "mcw" : lines.allSatisfy { $0.first == "{" } ? "jsonl" : "json"
    }
    switch kind {
    case "jsonl": return JSONFormat.readLines(text, file: path)
    case "json": return [Result { () throws(FormatError) -> Level in try JSONFormat.read(data, file: path) }]
    default: return [Result { () throws(FormatError) -> Level in try TextFormat.read(text, file: path) }]
    }
}

/// Resolves `--profile`: a class profile name or a JSON profile file.
func resolveProfile(_ name: String) throws -> DifficultyProfile {
    if let profile = DifficultyProfile.named(name) { return profile }
    guard name.hasSuffix(".json") else {
        throw CLIError("unknown profile '\(name)': expected class_1, class_2, class_3, class_4 or a profile .json file")
    }
    return try DifficultyProfile.decode(from: try readInput(path: name), file: name)
}

/// An error the CLI reports as one line, without usage text.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension DifficultyLabel: ExpressibleByArgument {}

/// The output formats of the reporting commands (FORMATS.md section 5).
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, csv
}

/// Prints report rows as JSON lines or CSV with one header.
struct RowPrinter {
    let format: ReportFormat
    private var wroteHeader = false

    init(format: ReportFormat) { self.format = format }

    mutating func print(_ row: ReportRow) {
        switch format {
        case .csv:
            if !wroteHeader { Swift.print(row.csvHeader, terminator: CSV.lineEnd); wroteHeader = true }
            Swift.print(row.csv, terminator: CSV.lineEnd)
        case .json, .text:
            Swift.print(row.json)
        }
    }
}

extension Duration {
    /// Whole microseconds.
    var microseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
    }
}
