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
        if let error = PuzzleSource.secondByteOrderMark(data, file: file) { return [.failure(error)] }
        do throws(FormatError) {
            if let puzzles = try PuzzlePack.puzzleArray(data, file: file) { return try JSONFormat.readPack(puzzles, file: file).map { .success($0) } }
        } catch {
            return [.failure(error)]
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return [.failure(FormatError("expected UTF-8 text", at: SourceLocation(file: file, line: 1)))]
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
            return JSONFormat.readLines(text, file: file)
        case "json":
            do {
                return try JSONFormat.readPack(data, file: file).map { .success($0) }
            } catch {
                return [.failure(error)]
            }
        case "object":
            return [Result { () throws(FormatError) -> Puzzle in try JSONFormat.read(data, file: file) }]
        default:
            return PuzzleSource.readText(text, file: file, read: TextFormat.read)
        }
    }
}
