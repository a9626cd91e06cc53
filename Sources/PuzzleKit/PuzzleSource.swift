import Foundation

/// How a file's puzzles are written.
public enum PuzzleSource {
    /// The form of a file: by extension (the family's text extension,
    /// `json`, `jsonl`), else by content — JSON when the first meaningful
    /// character is `{` or `[` (JSON Lines when every line is an object),
    /// the text format otherwise.
    public static func form(path: String, text: String, textExtension: String) -> PuzzleFormat {
        switch (path as NSString).pathExtension.lowercased() {
        case textExtension: return .text
        case "json": return .json
        case "jsonl": return .jsonl
        default: break
        }
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" } }
            .filter { !$0.isEmpty }
        guard let first = lines.first?.first, first == "{" || first == "[" else { return .text }
        return first == "{" && lines.allSatisfy({ $0.first == "{" }) ? .jsonl : .json
    }

    /// Every puzzle of a file, by the one rule every family's
    /// ``PuzzleFamily/read(_:file:)`` follows: UTF-8 text; the form as
    /// ``form(path:text:textExtension:)`` tells it; the text format is one
    /// puzzle, JSON Lines one per non-blank line, and JSON one object or an
    /// array of them (one result per element). A puzzle that does not read is
    /// one failure; the others still read.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the file's name, for the form and for error locations.
    ///   - textExtension: the family's text format extension.
    ///   - text: reads the family's text format.
    ///   - json: reads one JSON object that starts on the given line.
    public static func read<Puzzle>(_ data: Data, file: String, textExtension: String,
                                    text: (String) throws(FormatError) -> Puzzle,
                                    json: (Data, _ line: Int) throws(FormatError) -> Puzzle) -> [Result<Puzzle, FormatError>] {
        guard let string = String(data: data, encoding: .utf8) else {
            return [.failure(FormatError("expected UTF-8 text", at: SourceLocation(file: file, line: 1)))]
        }
        switch form(path: file, text: string, textExtension: textExtension) {
        case .text:
            return [Result { () throws(FormatError) -> Puzzle in try text(string) }]
        case .jsonl:
            return readJSONLines(string, read: json)
        case .json where string.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }) == "[":
            return readJSONArray(data, file: file, read: json)
        case .json:
            return [Result { () throws(FormatError) -> Puzzle in try json(data, 1) }]
        }
    }
}
