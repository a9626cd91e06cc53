import Foundation

/// A family's text format: a file holds one puzzle or several, apart by
/// blank lines (``textPuzzles(of:file:)``).
public protocol PuzzleTextFormat<Puzzle> {
    associatedtype Puzzle
    /// Reads one puzzle from its lines; errors name its file and the line.
    static func read(_ puzzle: TextPuzzle) throws(FormatError) -> Puzzle
    /// Writes `puzzle` canonically, each of `comments` as a `#` line first.
    static func write(_ puzzle: Puzzle, comments: [String]) -> String
}

/// A family's JSON format: one puzzle per JSON object.
public protocol PuzzleJSONFormat<Puzzle> {
    associatedtype Puzzle
    /// Reads one puzzle from one JSON object that starts on `line` of `file`.
    static func read(_ data: Data, file: String, line: Int) throws(FormatError) -> Puzzle
    /// Writes `puzzle` as one JSON object, on one line unless `pretty`.
    static func write(_ puzzle: Puzzle, pretty: Bool) -> String
}

/// A family whose formats are a ``PuzzleTextFormat`` and a
/// ``PuzzleJSONFormat``: reading (by ``PuzzleSource/visit(_:file:textExtension:text:json:_:)``)
/// and writing come from them, written once here.
public protocol FormattedFamily: PuzzleFamily {
    associatedtype TextFormat: PuzzleTextFormat<Puzzle>
    associatedtype JSONFormat: PuzzleJSONFormat<Puzzle>
}

extension PuzzleTextFormat {
    /// Reads the one puzzle of `text`, blank lines and all; its id is
    /// `file`'s name without folder and extension.
    ///
    /// - Throws: ``FormatError`` at the first fault, naming `file`, the line
    ///   and what was expected.
    public static func read(_ text: String, file: String) throws(FormatError) -> Puzzle {
        try read(TextPuzzle(lines: meaningfulLines(of: text, file: file), file: file, id: TextPuzzle.id(file: file)))
    }
}

extension FormattedFamily {
    public func read(_ data: Data, file: String) -> [Result<Puzzle, FormatError>] {
        collected { visit(data, file: file, $0) }
    }

    public func visit(_ data: Data, file: String, _ body: (Result<Puzzle, FormatError>) -> Void) {
        PuzzleSource.visit(data, file: file, textExtension: info.textExtension,
                           text: { puzzle throws(FormatError) in try TextFormat.read(puzzle) },
                           json: { data, line throws(FormatError) in try JSONFormat.read(data, file: file, line: line) },
                           body)
    }

    public func writeText(_ puzzle: Puzzle, comments: [String]) -> String { TextFormat.write(puzzle, comments: comments) }

    public func writeJSON(_ puzzle: Puzzle, pretty: Bool) -> String { JSONFormat.write(puzzle, pretty: pretty) }
}
