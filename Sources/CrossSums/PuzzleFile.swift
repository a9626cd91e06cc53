import Foundation
import PuzzleKit

/// Reading any cross sums file a command line is given.
public enum PuzzleFile {
    /// The puzzles of a file: those of `.xsum` (apart by blank lines), one for a `.json` puzzle, one per
    /// element of a `.json` level pack (a JSON array, or the levels of a
    /// `PuzzlePack`), one per line of
    /// `.jsonl`. Other names (and `-` for standard input) are told apart by
    /// content: JSON Lines when every non-blank line starts with `{`, a pack
    /// when the text starts with `[`, a text grid otherwise. A file that is
    /// not UTF-8, or a pack with a fault, is one error result.
    ///
    ///     for result in PuzzleFile.read(data, file: "puzzles.json") {
    ///         switch result {
    ///         case .success(let puzzle): print(puzzle.id)
    ///         case .failure(let error): print(error)   // file:line: message
    ///         }
    ///     }
    public static func read(_ data: Data, file: String) -> [Result<Puzzle, FormatError>] {
        collected { visit(data, file: file, $0) }
    }

    /// Reads the puzzles of a file as ``read(_:file:)`` does and hands each
    /// result to `body` in the file's order as soon as it is read, keeping
    /// none for JSON Lines. (A level pack is read and validated whole
    /// first: a pack with a fault is one error.)
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the file's name, for the form and for error locations.
    ///   - body: called with each puzzle's result.
    public static func visit(_ data: Data, file: String, _ body: (Result<Puzzle, FormatError>) -> Void) {
        if let error = PuzzleSource.secondByteOrderMark(data, file: file) { return body(.failure(error)) }
        do throws(FormatError) {
            if let puzzles = try PuzzlePack.puzzleArray(data, file: file) { return try JSONFormat.readPack(puzzles, file: file).forEach { body(.success($0)) } }
        } catch {
            return body(.failure(error))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return body(.failure(FormatError("expected UTF-8 text", at: SourceLocation(file: file, line: 1))))
        }
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" } }
            .filter { !$0.isEmpty }
        var kind = (file as NSString).pathExtension.lowercased()
        if kind == "json" && lines.first?.first != "[" { kind = "object" }
        if !["xsum", "json", "jsonl"].contains(kind) || kind == "object" {
            switch lines.first?.first {
            case "[": kind = "json"
            case "{": kind = lines.allSatisfy { $0.first == "{" } && lines.count > 1 ? "jsonl" : "object"
            default: kind = "xsum"
            }
        }
        switch kind {
        case "jsonl":
            visitJSONLines(Data(text.utf8), read: { data, line throws(FormatError) in try JSONFormat.read(data, file: file, line: line) }, body)
        case "json":
            do {
                try JSONFormat.readPack(data, file: file).forEach { body(.success($0)) }
            } catch {
                body(.failure(error))
            }
        case "object":
            body(Result { () throws(FormatError) -> Puzzle in try JSONFormat.read(data, file: file) })
        default:
            PuzzleSource.readText(text, file: file, read: TextFormat.read).forEach(body)
        }
    }
}
