import Foundation
import PuzzleKit

/// The JSON puzzle and the `puzzles.json` level pack (docs/FORMATS.md section 4).
///
/// One puzzle is a ``Puzzle`` with the default `Codable` keys `id`,
/// `difficulty`, `grid`, `solution` (optional), `rowSums`, `columnSums`. A
/// level pack is a JSON array of puzzles whose ids are
/// `"<difficulty>-<level>"`, levels numbered 1, 2, 3, … within each
/// difficulty. Writers sort keys, so output never depends on dictionary order.
public enum JSONFormat: PuzzleJSONFormat {
    /// Reads and validates one puzzle (see ``Puzzle/problem``).
    ///
    /// - Parameters:
    ///   - data: the JSON text of one puzzle.
    ///   - file: the file name errors name.
    ///   - line: the line the object starts on (JSON Lines give one
    ///     per object).
    /// - Throws: `FormatError`: a decoding failure names the JSON
    ///   path, a malformed puzzle what is wrong.
    public static func read(_ data: Data, file: String, line: Int = 1) throws(FormatError) -> Puzzle {
        // The plain shape is read directly; anything else, errors included,
        // goes through the decoder and its messages.
        let puzzle: Puzzle
        if let direct = readDirectly(data) {
            puzzle = direct
        } else {
            puzzle = try decodeJSON(Puzzle.self, from: data, file: file, line: line)
        }
        if let problem = puzzle.problem {
            throw FormatError(problem, at: SourceLocation(file: file, line: line))
        }
        return puzzle
    }

    /// The puzzle in `data` when it is in the plain shape, read without the
    /// decoder; `nil` for anything else.
    static func readDirectly(_ data: Data) -> Puzzle? { JSONScanner.read(data) { $0.puzzle() } }

    /// Reads a JSON Lines corpus: one result per non-blank line, so one bad
    /// line does not hide the others.
    public static func readLines(_ text: String, file: String) -> [Result<Puzzle, FormatError>] {
        readJSONLines(text) { data, line throws(FormatError) in try read(data, file: file, line: line) }
    }

    /// Reads and validates a level pack: a JSON array of puzzles (version 1)
    /// or a `PuzzlePack` (version 2, its levels' puzzles).
    ///
    /// Every puzzle must be well formed, its id must be
    /// `"<difficulty>-<level>"` with its own `difficulty` and a level of 1 or
    /// more, no id may repeat, and the levels of each difficulty must run
    /// 1…*n* without gaps (in any order in the file).
    ///
    /// - Throws: `FormatError` naming the line where the faulty
    ///   puzzle starts and its index in the array.
    public static func readPack(_ data: Data, file: String) throws(FormatError) -> [Puzzle] {
        let data = try PuzzlePack.puzzleArray(data, file: file) ?? data
        let puzzles = try decodeJSON([Puzzle].self, from: data, file: file, line: 1)
        let lines = elementLines(data)
        func fault(_ index: Int, _ message: String) -> FormatError {
            let line = index < lines.count ? lines[index] : 1
            return FormatError("[\(index)] (id '\(puzzles[index].id)'): \(message)", at: SourceLocation(file: file, line: line))
        }
        var levelsByDifficulty: [String: [Int: Int]] = [:]   // difficulty -> level -> index
        var order: [String] = []
        for (index, puzzle) in puzzles.enumerated() {
            if let problem = puzzle.problem { throw fault(index, problem) }
            guard let level = LevelID.level(of: puzzle.id, difficulty: puzzle.difficulty) else {
                throw fault(index, "expected the id '\(puzzle.difficulty)-<level>' (its difficulty, '-', a level of 1 or more)")
            }
            if levelsByDifficulty[puzzle.difficulty] == nil { order.append(puzzle.difficulty) }
            if let earlier = levelsByDifficulty[puzzle.difficulty]?[level] {
                throw fault(index, "repeats the id of [\(earlier)]")
            }
            levelsByDifficulty[puzzle.difficulty, default: [:]][level] = index
        }
        for difficulty in order {
            let levels = levelsByDifficulty[difficulty] ?? [:]
            if let missing = (1...levels.count).first(where: { levels[$0] == nil }) {
                let highest = levels.keys.max() ?? 0
                throw fault(levels[highest] ?? 0, "the levels of '\(difficulty)' must run 1…\(levels.count) without gaps; level \(missing) is missing")
            }
        }
        return puzzles
    }

    /// One puzzle as JSON with sorted keys: pretty-printed, or compact on one
    /// line (for JSON Lines). The bytes are those of `JSONEncoder` with
    /// `canonicalJSONEncoder(pretty:)` encoding the ``Puzzle``,
    /// written directly.
    public static func write(_ puzzle: Puzzle, pretty: Bool = false) -> String {
        var w = JSONWriter(pretty: pretty, capacity: 256 + puzzle.rows * puzzle.columns * (pretty ? 24 : 8))
        w.beginObject()
        w.key("columnSums"); w.integers(puzzle.columnSums)
        w.key("difficulty"); w.string(puzzle.difficulty)
        w.key("grid")
        w.beginArray()
        for row in puzzle.grid { w.integers(row) }
        w.endArray()
        w.key("id"); w.string(puzzle.id)
        w.key("rowSums"); w.integers(puzzle.rowSums)
        if let solution = puzzle.solution {
            w.key("solution")
            w.beginArray()
            for row in solution {
                w.beginArray()
                for kept in row { w.bool(kept) }
                w.endArray()
            }
            w.endArray()
        }
        w.endObject()
        return w.text
    }

    /// A level pack: a JSON array with one compact puzzle per line, so packs
    /// diff line by line. Ends with a newline.
    public static func writePack(_ puzzles: [Puzzle]) -> String {
        guard !puzzles.isEmpty else { return "[]\n" }
        return "[\n" + puzzles.map { write($0, pretty: false) }.joined(separator: ",\n") + "\n]\n"
    }

    /// The 1-based line on which each element of a top-level JSON array
    /// starts (a light scan that tracks strings and nesting depth).
    static func elementLines(_ data: Data) -> [Int] {
        var result: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var expectingElement = false
        for byte in data {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case 0x5B, 0x7B:  // [ {
                if depth == 1 && expectingElement { result.append(line); expectingElement = false }
                depth += 1
                if depth == 1 && byte == 0x5B { expectingElement = true }
            case 0x5D, 0x7D:  // ] }
                depth -= 1
            case 0x2C:  // ,
                if depth == 1 { expectingElement = true }
            default:
                if byte == 0x22 { inString = true }
                if depth == 1 && expectingElement { result.append(line); expectingElement = false }
            }
        }
        return result
    }
}

/// A puzzle read straight from its bytes: exactly the keys of ``Puzzle``,
/// each at most once, in any order, `solution` absent or `null`; `nil` for
/// anything else (read by the decoder, which then reads the same puzzle or
/// says what is wrong).
fileprivate extension JSONScanner {
    mutating func puzzle() -> Puzzle? {
        var id: String?, difficulty: String?, grid: [[Int]]?, rowSums: [Int]?, columnSums: [Int]?
        var solution: [[Bool]]?? = .none
        let read = object { s in
            if s.key("columnSums"), columnSums == nil { columnSums = s.integers(); return columnSums != nil }
            if s.key("difficulty"), difficulty == nil { difficulty = s.string(); return difficulty != nil }
            if s.key("grid"), grid == nil { grid = s.array { $0.integers() }; return grid != nil }
            if s.key("id"), id == nil { id = s.string(); return id != nil }
            if s.key("rowSums"), rowSums == nil { rowSums = s.integers(); return rowSums != nil }
            if s.key("solution"), solution == nil { return s.optional(&solution) { $0.array { $0.array { $0.bool() } } } }
            return false
        }
        guard read, let id, let difficulty, let grid, let rowSums, let columnSums else { return nil }
        return Puzzle(id: id, difficulty: difficulty, grid: grid, solution: solution ?? nil, rowSums: rowSums, columnSums: columnSums)
    }
}

/// Level ids of packs: `"<difficulty>-<level>"`, e.g. `"hard-50"`.
public enum LevelID {
    /// The id of `level` in `difficulty`.
    public static func make(difficulty: String, level: Int) -> String { "\(difficulty)-\(level)" }

    /// The level number of `id` when it reads `"<difficulty>-<level>"` with a
    /// level of 1 or more (decimal digits, no leading zero), else `nil`.
    public static func level(of id: String, difficulty: String) -> Int? {
        let prefix = difficulty + "-"
        guard !difficulty.isEmpty, id.hasPrefix(prefix) else { return nil }
        let digits = id.dropFirst(prefix.count)
        guard case .success(let level) = parseNonNegativeInteger(Substring(digits)), level >= 1 else { return nil }
        return level
    }
}
