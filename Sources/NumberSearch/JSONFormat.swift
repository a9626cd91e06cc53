import Foundation
import PuzzleKit

/// The JSON level (FORMATS.md section 6): the ``Puzzle`` model with the
/// default `Codable` keys `id`, `profile`, `pathMode`, `grid` and
/// `questions` (`operands`, `target`, optional `solutionPositions` of
/// `{row, column}`, 0-based). A corpus is JSON Lines or a JSON array.
/// Writers sort keys, so output never depends on dictionary order.
public enum JSONFormat: PuzzleJSONFormat {
    /// Reads and validates one level (see ``Puzzle/problem``).
    ///
    /// - Parameters:
    ///   - data: the JSON text of one level.
    ///   - file: the file name errors name.
    ///   - line: the line the object starts on.
    /// - Throws: `FormatError`: a decoding failure names the JSON
    ///   path, a malformed level what is wrong.
    public static func read(_ data: Data, file: String, line: Int = 1) throws(FormatError) -> Puzzle {
        let level = try decodeJSON(Puzzle.self, from: data, file: file, line: line)
        for (key, value) in [("id", level.id), ("profile", level.profile)] where !TextFormat.isName(value) {
            throw FormatError("\(key): expected a name of letters, digits, '_', '-' and '.', found '\(value)'", at: SourceLocation(file: file, line: line))
        }
        if let problem = level.problem { throw FormatError(problem, at: SourceLocation(file: file, line: line)) }
        return level
    }

    /// Reads JSON Lines: one result per non-blank line.
    public static func readLines(_ text: String, file: String) -> [Result<Puzzle, FormatError>] {
        readJSONLines(text) { data, line throws(FormatError) in try read(data, file: file, line: line) }
    }

    /// One level as JSON with sorted keys: pretty-printed, or compact on one
    /// line. The bytes are those of `JSONEncoder` with
    /// `canonicalJSONEncoder(pretty:)` encoding the ``Puzzle``,
    /// written directly.
    public static func write(_ level: Puzzle, pretty: Bool = false) -> String {
        var w = JSONWriter(pretty: pretty, capacity: 256 + level.rows * level.columns * (pretty ? 16 : 2))
        w.beginObject()
        w.key("grid")
        w.beginArray()
        for row in level.grid { w.integers(row) }
        w.endArray()
        w.key("id"); w.string(level.id)
        w.key("pathMode"); w.string(level.pathMode.rawValue)
        w.key("profile"); w.string(level.profile)
        w.key("questions")
        w.beginArray()
        for question in level.questions {
            w.beginObject()
            w.key("operands"); w.integers(question.operands)
            if let positions = question.solutionPositions {
                w.key("solutionPositions")
                w.beginArray()
                for position in positions { w.position(position) }
                w.endArray()
            }
            w.key("target"); w.integer(question.target)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }
}

/// Why one array element did not decode.
private struct ElementError: Error {
    var message: String
}
