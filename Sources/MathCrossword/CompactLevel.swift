import Foundation
import PuzzleKit

/// The compact JSON form of a level (docs/FORMATS.md section 2, "The
/// compact level"): the grid as rows of the text format's tokens, the
/// equations as `[orientation, row, column, length]`, and every cell and
/// equation id derived from one namespace instead of written out. A 40×40
/// level takes about 10 KB in it against 191 KB in the current form.
///
/// ``JSONFormat/read(_:file:line:)`` reads both forms and expands this one
/// to the very ``Puzzle`` it was written from (``JSONFormat/expanded(_:)``);
/// ``JSONFormat/writeCompact(_:pretty:)`` writes it for a level whose ids
/// allow it. This type holds the level as written, before any check.
struct CompactLevel: Decodable, Equatable, Sendable {
    /// The `format` that marks the form.
    static let format = "math-crossword-compact"
    /// The version of the form this toolkit writes and reads.
    static let version = 1

    var id: String
    var difficulty: Profile
    var rows: Int
    var columns: Int
    /// The namespace of the ids, as written: 16 lower-case hex digits.
    var idNamespace: String
    /// Each row's cells as the text format writes their tokens, apart by one space.
    var grid: [String]
    /// The equations, in the level's order.
    var equations: [Run]
    var numberPool: [PuzzleNumber]
    var solution: [SolutionEntry]?
    /// The numbers a player placed in empty cells, row-major.
    var current: [SolutionEntry]?

    /// One equation as written: `[orientation, row, column, length]`.
    struct Run: Decodable, Equatable, Sendable {
        /// `h` (horizontal) or `v` (vertical); anything else is refused when
        /// the level is expanded.
        var orientation: String
        /// Where its first cell is (0-based).
        var row: Int
        var column: Int
        /// Its cells, operators and `=` included.
        var length: Int

        init(orientation: String, row: Int, column: Int, length: Int) {
            self.orientation = orientation
            self.row = row
            self.column = column
            self.length = length
        }

        init(from decoder: any Decoder) throws {
            var elements = try decoder.unkeyedContainer()
            guard elements.count == 4 else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "expected [\"h\" or \"v\", row, column, length]"))
            }
            orientation = try elements.decode(String.self)
            row = try elements.decode(Int.self)
            column = try elements.decode(Int.self)
            length = try elements.decode(Int.self)
        }

        /// The direction `orientation` names, if it names one.
        var direction: EquationOrientation? {
            switch orientation {
            case "h": return .horizontal
            case "v": return .vertical
            default: return nil
            }
        }

        /// Whether every cell of the run lies in a grid of `rows` × `columns`
        /// (`direction` must be known).
        func fits(rows: Int, columns: Int) -> Bool {
            guard length >= 1, (0..<rows).contains(row), (0..<columns).contains(column) else { return false }
            return direction == .horizontal ? length <= columns - column : length <= rows - row
        }

        /// The positions of the run's cells in reading order (`direction`
        /// must be known).
        var positions: [GridPosition] {
            let (dr, dc) = direction == .horizontal ? (0, 1) : (1, 0)
            return (0..<length).map { GridPosition(row: row + $0 * dr, column: column + $0 * dc) }
        }
    }
}

extension CompactLevel {
    /// The compact form of `level`, or `nil` when it has none: when its ids
    /// are not all derived from one namespace as generated and packed
    /// levels' are (``Puzzle/init(id:difficulty:grid:equations:numberPool:solution:idNamespace:)``,
    /// ``Puzzle/withIDs(namespace:)``), or it holds what the form cannot
    /// say (an operator spelled otherwise, a field its cell's type has not,
    /// an equation that is not a straight run). So a level is written in
    /// this form only when it expands to the very same level.
    ///
    /// - Parameter level: the level.
    init?(_ level: Puzzle) {
        // The namespace is found from the first cell's id, then every id is checked.
        guard let first = level.cells.first else { return nil }
        for namespace in first.id.stableNamespaces(index: 0) {
            if let compact = CompactLevel(level, namespace: namespace) {
                self = compact
                return
            }
        }
        return nil
    }

    /// The compact form of `level` with its ids from `namespace`, or `nil`
    /// when any part of it is not what that form expands to.
    private init?(_ level: Puzzle, namespace: UInt64) {
        let rows = level.rows, columns = level.columns
        guard rows >= 1, columns >= 1, rows <= JSONFormat.maxCells / columns, level.cells.count == rows * columns else { return nil }
        var grid: [String] = [], current: [SolutionEntry] = []
        grid.reserveCapacity(rows)
        for row in 0..<rows {
            var text = ""
            for column in 0..<columns {
                let index = row * columns + column
                let cell = level.cells[index]
                let token = cell.token
                let placed = token == .empty ? cell.currentValue : nil
                let expanded = GridCell(id: UUID(stable: namespace, index), position: GridPosition(row: row, column: column),
                                        token: token, currentValue: placed)
                guard cell == expanded else { return nil }
                if let placed { current.append(SolutionEntry(row: row, column: column, value: placed)) }
                if column > 0 { text += " " }
                text += token.text
            }
            grid.append(text)
        }
        var runs: [Run] = []
        runs.reserveCapacity(level.equations.count)
        for (offset, equation) in level.equations.enumerated() {
            guard let start = equation.cellPositions.first else { return nil }
            let run = Run(orientation: equation.orientation == .horizontal ? "h" : "v", row: start.row, column: start.column,
                          length: equation.cellPositions.count)
            let expanded = Equation(id: UUID(stable: namespace, level.cells.count + offset), orientation: equation.orientation,
                                    cellPositions: run.positions)
            guard equation == expanded else { return nil }
            runs.append(run)
        }
        self.init(id: level.id, difficulty: level.difficulty, rows: rows, columns: columns, idNamespace: Self.text(of: namespace),
                  grid: grid, equations: runs, numberPool: level.numberPool, solution: level.solution,
                  current: current.isEmpty ? nil : current)
    }

    /// A namespace as 16 lower-case hex digits.
    static func text(of namespace: UInt64) -> String {
        let digits = String(namespace, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The namespace `text` spells in 16 lower-case hex digits, or `nil`.
    static func namespace(_ text: String) -> UInt64? {
        guard text.utf8.count == 16,
              text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        else { return nil }
        return UInt64(text, radix: 16)
    }
}

extension CompactLevel {
    /// Whether a level the direct readers left to the decoder is of this
    /// form: false for an object without `format` (a level of the current
    /// form, read as before) and for text that is not a JSON object (the
    /// current form's decoder then says what is wrong), true for this
    /// form's `format` and `version`.
    ///
    /// - Parameters:
    ///   - data: the level's JSON text.
    ///   - location: where the level starts, for the error.
    /// - Throws: ``FormatError`` naming any other `format` or `version`.
    static func isMarked(_ data: Data, at location: SourceLocation) throws(FormatError) -> Bool {
        // A slice of a larger text (a line of JSON Lines) is read as text of its own.
        let data = data.startIndex == 0 ? data : Data(data)
        guard let marker = try? JSONDecoder().decode(Marker.self, from: data), marker.isMarked else { return false }
        guard let format = marker.format, format == Self.format else {
            let found = marker.format.map { "'\($0)'" } ?? "that is not a string"
            throw FormatError("a level of format \(found); this puzzlelab reads math crossword levels without 'format' "
                              + "and those of format '\(Self.format)' (version \(Self.version))", at: location)
        }
        guard marker.version == Self.version else {
            let found = marker.version.map(String.init) ?? (marker.hasVersion ? "that is not an integer" : "none")
            throw FormatError("a \(format) level of version \(found); this puzzlelab reads version \(Self.version)", at: location)
        }
        return true
    }

    /// The `format` and `version` members of a level's object, whatever
    /// their types.
    private struct Marker: Decodable {
        /// Whether the object has a `format` member.
        var isMarked: Bool
        /// `format`, when it is a string.
        var format: String?
        /// Whether the object has a `version` member.
        var hasVersion: Bool
        /// `version`, when it is an integer.
        var version: Int?

        private enum Key: String, CodingKey { case format, version }

        init(from decoder: any Decoder) throws {
            let members = try decoder.container(keyedBy: Key.self)
            isMarked = members.contains(.format)
            format = try? members.decode(String.self, forKey: .format)
            hasVersion = members.contains(.version)
            version = try? members.decode(Int.self, forKey: .version)
        }
    }
}

extension JSONFormat {
    /// One level in the compact form (docs/FORMATS.md section 2, "The
    /// compact level"), pretty-printed or on one line, keys sorted; `nil`
    /// when the level has no compact form — its ids are not derived from
    /// one namespace (a hand-made or edited level), or it holds what the
    /// form cannot say — and is to be written with ``write(_:pretty:)``.
    ///
    /// - Parameters:
    ///   - level: the level.
    ///   - pretty: whether to break lines and indent.
    /// - Returns: the JSON text, without a trailing newline, or `nil`.
    public static func writeCompact(_ level: Puzzle, pretty: Bool) -> String? {
        CompactLevel(level).map { write($0, pretty: pretty) }
    }

    /// A compact level as JSON, keys sorted.
    static func write(_ level: CompactLevel, pretty: Bool) -> String {
        let gridBytes = level.grid.reduce(0) { $0 + $1.utf8.count + 8 }
        var w = JSONWriter(pretty: pretty, capacity: 1024 + gridBytes + level.equations.count * (pretty ? 80 : 20))
        w.beginObject()
        w.key("columns"); w.integer(level.columns)
        if let current = level.current {
            w.key("current"); write(current, to: &w)
        }
        w.key("difficulty"); write(level.difficulty, to: &w)
        w.key("equations")
        w.beginArray()
        for run in level.equations {
            w.beginArray()
            w.string(run.orientation)
            w.integer(run.row)
            w.integer(run.column)
            w.integer(run.length)
            w.endArray()
        }
        w.endArray()
        w.key("format"); w.string(CompactLevel.format)
        w.key("grid")
        w.beginArray()
        for row in level.grid { w.string(row) }
        w.endArray()
        w.key("id"); w.string(level.id)
        w.key("idNamespace"); w.string(level.idNamespace)
        writePoolRowsSolution(level.numberPool, rows: level.rows, solution: level.solution, to: &w)
        w.key("version"); w.integer(CompactLevel.version)
        w.endObject()
        return w.text
    }

    /// The level a compact level describes, checked as strictly as the
    /// current form (``validated``): the namespace, every grid row (its
    /// cells and their tokens), the equations (inside the grid, then exactly
    /// the grid's runs), the placed values, the pool and the solution.
    static func expanded(_ compact: CompactLevel) throws(Problem) -> Puzzle {
        let rows = compact.rows, columns = compact.columns
        try checkSize(compact.difficulty, rows: rows, columns: columns)
        guard let namespace = CompactLevel.namespace(compact.idNamespace) else {
            throw Problem(text: "idNamespace: expected 16 lower-case hex digits, found '\(compact.idNamespace)'")
        }
        guard compact.grid.count == rows else {
            throw Problem(text: "grid: expected \(rows) rows (one string each), found \(compact.grid.count)")
        }
        var tokens: [GridToken] = []
        tokens.reserveCapacity(rows * columns)
        for (row, text) in compact.grid.enumerated() {
            try appendTokens(of: text, row: row, columns: columns, to: &tokens)
        }
        // The placed values by row-major index; none made for a level without.
        let current = compact.current ?? []
        var placed = [PuzzleNumber?](repeating: nil, count: current.isEmpty ? 0 : tokens.count)
        for entry in current {
            let p = entry.position
            let slot: Int? = (0..<rows).contains(p.row) && (0..<columns).contains(p.column) ? p.row * columns + p.column : nil
            guard let slot, tokens[slot] == .empty, placed[slot] == nil else {
                throw Problem(text: "current: expected at most one entry per empty operand and none elsewhere, found one at \(p)")
            }
            guard entry.value >= 0 else { throw Problem(text: "current: values must be non-negative, found \(entry.value) at \(p)") }
            placed[slot] = entry.value
        }
        var cells: [GridCell] = []
        cells.reserveCapacity(tokens.count)
        var blankCount = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let index = row * columns + column
                let token = tokens[index]
                if case .empty = token { blankCount += 1 }
                cells.append(GridCell(id: UUID(stable: namespace, index), position: GridPosition(row: row, column: column),
                                      token: token, currentValue: placed.isEmpty ? nil : placed[index]))
            }
        }
        var equations: [Equation] = []
        equations.reserveCapacity(compact.equations.count)
        for (offset, run) in compact.equations.enumerated() {
            guard let direction = run.direction else {
                throw Problem(text: "equations[\(offset)]: expected \"h\" or \"v\" first, found \"\(run.orientation)\"")
            }
            guard run.fits(rows: rows, columns: columns) else {
                throw Problem(text: "equations[\(offset)]: the \(direction) run of \(run.length) cells from [\(run.row), \(run.column)] "
                                  + "does not lie in the \(rows)x\(columns) grid")
            }
            equations.append(Equation(id: UUID(stable: namespace, tokens.count + offset), orientation: direction, cellPositions: run.positions))
        }
        let level = Puzzle(id: compact.id, difficulty: compact.difficulty, rows: rows, columns: columns, cells: cells,
                           equations: equations, numberPool: compact.numberPool, solution: compact.solution)
        // The runs as written are compared with the grid's, without their
        // cells; only when they differ are the equations read to say how.
        let grid = TokenGrid(rows: rows, columns: columns, tokens: tokens)
        if !grid.isListedExactly(compact.equations) {
            try checkEquations(equations, grid)
        }
        // The solution's equations are evaluated on the tokens, not the
        // cells: by then the solution fills every empty cell, so what the
        // cells add (a player's placed numbers) is never read.
        try checkPoolAndSolution(level, blankCount: blankCount) { placed in
            let evaluator = EquationEvaluator()
            return compact.equations.indices.first { k in
                let run = compact.equations[k]
                return evaluator.evaluate(start: run.row * columns + run.column, step: run.direction == .horizontal ? 1 : columns,
                                          length: run.length, in: tokens, placing: placed) != .correct
            }
        }
        return level
    }

    /// Appends the tokens of grid row `row`: `columns` cells apart by one
    /// space, each a token as the text format writes it (`.` `?` `=`
    /// `+ - x /` or a number without sign or leading zeros). The row's
    /// bytes are read in place, no cell made into a string.
    private static func appendTokens(of text: String, row: Int, columns: Int, to tokens: inout [GridToken]) throws(Problem) {
        var text = text
        let problem = text.withUTF8 { bytes -> Problem? in
            var column = 0, start = 0
            while true {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: " ") { end += 1 }
                let cell = UnsafeBufferPointer(rebasing: bytes[start..<end])
                switch gridToken(cell) {
                case .success(let token):
                    tokens.append(token)
                case .failure(let fault):
                    let found = Substring(String(decoding: cell, as: UTF8.self))
                    let message = switch fault {
                    case .notDigits: "expected '.', '?', a number, an operator (+ - x /) or '=', cells apart by one space, found '\(found)'"
                    case .leadingZero, .tooLarge: fault.message(for: found, expected: "a number")
                    }
                    return Problem(text: "grid[\(row)] at \(GridPosition(row: row, column: column)): \(message)")
                }
                column += 1
                guard end < bytes.count else { break }
                start = end + 1
            }
            return column == columns ? nil : Problem(text: "grid[\(row)]: expected \(columns) cells apart by one space, found \(column)")
        }
        if let problem { throw problem }
    }

    /// The token a cell's bytes spell, as the text format writes tokens.
    private static func gridToken(_ text: UnsafeBufferPointer<UInt8>) -> Result<GridToken, IntegerTokenError> {
        if text.count == 1 {
            switch text[0] {
            case UInt8(ascii: "."): return .success(.block)
            case UInt8(ascii: "?"): return .success(.empty)
            case UInt8(ascii: "="): return .success(.equals)
            case UInt8(ascii: "+"): return .success(.op(.add))
            case UInt8(ascii: "-"): return .success(.op(.subtract))
            case UInt8(ascii: "x"): return .success(.op(.multiply))
            case UInt8(ascii: "/"): return .success(.op(.divide))
            default: break
            }
        }
        // Up to 18 digits always fit in 64 bits; longer ones are the
        // build's to judge.
        let leadingZero = text.count > 1 && text[0] == UInt8(ascii: "0")
        guard text.count <= 18, !leadingZero else {
            return parsePuzzleNumber(Substring(String(decoding: text, as: UTF8.self))).map(GridToken.number)
        }
        var value = 0
        for digit in text {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return .failure(.notDigits) }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return text.isEmpty ? .failure(.notDigits) : .success(.number(PuzzleNumber(value)))
    }
}
