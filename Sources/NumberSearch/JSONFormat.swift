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
        // The plain shape is read directly; anything else, errors included,
        // goes through the decoder and its messages.
        let level: Puzzle
        if let direct = readDirectly(data) {
            level = direct
        } else {
            level = try decodeJSON(Puzzle.self, from: data, file: file, line: line)
        }
        for (key, value) in [("id", level.id), ("profile", level.profile)] where !TextFormat.isName(value) {
            throw FormatError("\(key): expected a name of letters, digits, '_', '-' and '.', found '\(value)'", at: SourceLocation(file: file, line: line))
        }
        if let problem = level.problem { throw FormatError(problem, at: SourceLocation(file: file, line: line)) }
        return level
    }

    /// The level in `data` when it is in the plain shape, read without the
    /// decoder; `nil` for anything else.
    static func readDirectly(_ data: Data) -> Puzzle? { JSONScanner.read(data) { $0.level() } }

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

/// A level read straight from its bytes: exactly the keys of ``Puzzle`` and
/// ``Question``, each at most once, in any order, `solutionPositions` absent
/// or `null`; `nil` for anything else (read by the decoder, which then reads
/// the same level or says what is wrong).
fileprivate extension JSONScanner {
    mutating func level() -> Puzzle? {
        var id: String?, profile: String?, pathMode: PathMode?, grid: [[Int]]?, questions: [Question]?
        let read = object { s in
            if s.key("grid"), grid == nil { grid = s.array { $0.integers() }; return grid != nil }
            if s.key("id"), id == nil { id = s.string(); return id != nil }
            if s.key("pathMode"), pathMode == nil { pathMode = s.string().flatMap(PathMode.init(rawValue:)); return pathMode != nil }
            if s.key("profile"), profile == nil { profile = s.string(); return profile != nil }
            if s.key("questions"), questions == nil { questions = s.array { $0.question() }; return questions != nil }
            return false
        }
        guard read, let id, let profile, let pathMode, let grid, let questions else { return nil }
        return Puzzle(id: id, profile: profile, pathMode: pathMode, grid: grid, questions: questions)
    }

    mutating func question() -> Question? {
        var operands: [Int]?, target: Int?, positions: [GridPosition]?? = .none
        let read = object { s in
            if s.key("operands"), operands == nil { operands = s.integers(); return operands != nil }
            if s.key("solutionPositions"), positions == nil { return s.optional(&positions) { $0.array { $0.gridPosition() } } }
            if s.key("target"), target == nil { target = s.integer(); return target != nil }
            return false
        }
        guard read, let operands, let target else { return nil }
        return Question(operands: operands, target: target, solutionPositions: positions ?? nil)
    }
}

/// Why one array element did not decode.
private struct ElementError: Error {
    var message: String
}
