import Foundation
import PuzzleKit

/// The JSON form of a level (docs/FORMATS.md section 2): ``Puzzle`` with
/// Swift's default `Codable` keys and an optional `solution`; a corpus is JSON
/// Lines, one level per line.
public enum JSONFormat: PuzzleJSONFormat {
    /// The largest grid a file may declare (a guard against absurd sizes).
    public static let maxCells = 1_000_000

    /// Reads and validates one level, of either form of docs/FORMATS.md
    /// section 2: the current one, or the compact one, marked by its
    /// `format` (``writeCompact(_:pretty:)``).
    ///
    /// Beyond decoding, the grid must follow the same rules as the text format:
    /// one cell per position, each cell's fields matching its type, the listed
    /// equations being exactly the grid's runs, one pool tile per empty cell,
    /// and a `solution` (when present) that fills every empty cell from the pool
    /// and makes every equation hold. A compact level's grid rows, equations
    /// and ids are checked as strictly; a level of another `format` or
    /// `version` is refused.
    ///
    /// - Parameters:
    ///   - data: the JSON text of one level.
    ///   - file: the file name errors name.
    ///   - line: the line the object starts on (JSON Lines).
    /// - Throws: `FormatError`.
    public static func read(_ data: Data, file: String, line: Int = 1) throws(FormatError) -> Puzzle {
        let location = SourceLocation(file: file, line: line)
        // The plain shapes every writer emits are read directly; anything
        // else, errors included, goes through the decoder and its messages.
        if let level = JSONFastReader.level(data) {
            return try checked(at: location) { () throws(Problem) in try validated(level) }
        }
        if let level = JSONFastReader.compactLevel(data) {
            return try checked(at: location) { () throws(Problem) in try expanded(level) }
        }
        if try CompactLevel.isMarked(data, at: location) {
            let level = try decodeJSON(CompactLevel.self, from: data, file: file, line: line, largeNumberHint: puzzleNumberHint)
            return try checked(at: location) { () throws(Problem) in try expanded(level) }
        }
        let level = try decodeJSON(Puzzle.self, from: data, file: file, line: line, largeNumberHint: puzzleNumberHint)
        return try checked(at: location) { () throws(Problem) in try validated(level) }
    }

    /// What `body` returns, or its problem as an error at `location`.
    private static func checked(at location: SourceLocation, _ body: () throws(Problem) -> Puzzle) throws(FormatError) -> Puzzle {
        do {
            return try body()
        } catch {
            throw FormatError(error.text, at: location)
        }
    }

    /// Reads a JSON Lines corpus: one result per non-blank line, so one bad
    /// line does not hide the others.
    public static func readLines(_ text: String, file: String) -> [Result<Puzzle, FormatError>] {
        readJSONLines(text) { data, line throws(FormatError) in try read(data, file: file, line: line) }
    }

    /// One level as JSON with sorted keys: pretty-printed, or compact on one
    /// line (for JSON Lines). The bytes are those of `JSONEncoder` with
    /// `canonicalJSONEncoder(pretty:)` encoding the ``Puzzle``,
    /// written directly.
    public static func write(_ level: Puzzle, pretty: Bool) -> String {
        // About 120 bytes a cell in the compact form.
        var w = JSONWriter(pretty: pretty, capacity: 512 + level.cells.count * (pretty ? 320 : 128))
        w.beginObject()
        w.key("cells")
        w.beginArray()
        for cell in level.cells {
            w.beginObject()
            if let value = cell.currentValue { w.key("currentValue"); w.number(value) }
            if let value = cell.fixedValue { w.key("fixedValue"); w.number(value) }
            w.key("id"); w.uuid(cell.id)
            if let symbol = cell.operatorSymbol { w.key("operatorSymbol"); w.string(symbol) }
            w.key("position"); w.position(cell.position)
            w.key("type"); w.string(cell.type.rawValue)
            w.endObject()
        }
        w.endArray()
        w.key("columns"); w.integer(level.columns)
        w.key("difficulty"); write(level.difficulty, to: &w)
        w.key("equations")
        w.beginArray()
        for equation in level.equations {
            w.beginObject()
            w.key("cellPositions")
            w.beginArray()
            for position in equation.cellPositions { w.position(position) }
            w.endArray()
            w.key("id"); w.uuid(equation.id)
            w.key("orientation"); w.string(equation.orientation.rawValue)
            w.endObject()
        }
        w.endArray()
        w.key("id"); w.string(level.id)
        writePoolRowsSolution(level.numberPool, rows: level.rows, solution: level.solution, to: &w)
        w.endObject()
        return w.text
    }

    /// The last keys of both forms of a level, in sorted order:
    /// `numberPool`, `rows`, and `solution` when the level has one (the
    /// compact form writes `version` after them).
    static func writePoolRowsSolution(_ pool: [PuzzleNumber], rows: Int, solution: [SolutionEntry]?, to w: inout JSONWriter) {
        w.key("numberPool")
        w.beginArray()
        for number in pool { w.number(number) }
        w.endArray()
        w.key("rows"); w.integer(rows)
        if let solution {
            w.key("solution"); write(solution, to: &w)
        }
    }

    /// Solution entries (or a compact level's placed values) as
    /// `JSONEncoder` writes them, keys sorted.
    static func write(_ entries: [SolutionEntry], to w: inout JSONWriter) {
        w.beginArray()
        for entry in entries {
            w.beginObject()
            w.key("column"); w.integer(entry.column)
            w.key("row"); w.integer(entry.row)
            w.key("value"); w.number(entry.value)
            w.endObject()
        }
        w.endArray()
    }

    /// A profile as `JSONEncoder` writes it, keys sorted.
    static func write(_ profile: Profile, to w: inout JSONWriter) {
        w.beginObject()
        w.key("allowedOperators")
        w.beginArray()
        for symbol in profile.allowedOperators { w.string(symbol) }
        w.endArray()
        w.key("displayName"); w.string(profile.displayName)
        w.key("gridColumns"); w.integer(profile.gridColumns)
        w.key("gridRows"); w.integer(profile.gridRows)
        w.key("id"); w.string(profile.id)
        w.key("maxEquations"); w.integer(profile.maxEquations)
        w.key("maxOperandsPerEquation"); w.integer(profile.maxOperandsPerEquation)
        w.key("maxValue"); w.number(profile.maxValue)
        w.key("minCrossingsPerEquation"); w.integer(profile.minCrossingsPerEquation)
        w.key("minEquations"); w.integer(profile.minEquations)
        w.key("minValue"); w.number(profile.minValue)
        w.endObject()
    }

    /// Why a level does not read, without its place.
    struct Problem: Error { var text: String }

    private static func validated(_ level: Puzzle) throws(Problem) -> Puzzle {
        try checkSize(level.difficulty, rows: level.rows, columns: level.columns)
        let rows = level.rows, columns = level.columns
        guard level.cells.count == rows * columns else {
            throw Problem(text: "cells: expected \(rows * columns) cells (\(rows)x\(columns), blocks included), found \(level.cells.count)")
        }
        // Where each cell goes (row-major), and whether every one is there
        // already; in the same pass, each cell's token at its place and the
        // number of empty cells.
        var slotOf = [Int](repeating: -1, count: rows * columns)
        var tokens = [GridToken](repeating: .block, count: rows * columns)
        var blankCount = 0
        var inOrder = true
        for i in level.cells.indices {
            let p = level.cells[i].position
            guard level.contains(p) else {
                throw Problem(text: "cells[\(i)].position (\(p.row), \(p.column)) lies outside the \(rows)x\(columns) grid")
            }
            let slot = p.row * columns + p.column
            guard slotOf[slot] < 0 else {
                throw Problem(text: "cells[\(i)]: a second cell at \(p)")
            }
            do {
                tokens[slot] = try token(of: level.cells[i])
            } catch {
                throw Problem(text: "cells[\(i)] at \(p): \(error.text)")
            }
            slotOf[slot] = i
            if level.cells[i].type == .emptyOperand { blankCount += 1 }
            if slot != i { inOrder = false }
        }
        var result = level
        if !inOrder { result.cells = slotOf.map { level.cells[$0] } }
        try checkEquations(result.equations, TokenGrid(rows: rows, columns: columns, tokens: tokens))
        try checkPoolAndSolution(result, blankCount: blankCount)
        return result
    }

    /// The level's profile and size, as both forms check them first.
    static func checkSize(_ difficulty: Profile, rows: Int, columns: Int) throws(Problem) {
        // The embedded profile obeys the rules of a profile file (check compares the level against it).
        if let problem = difficulty.problem { throw Problem(text: "difficulty: \(problem)") }
        guard rows >= 1, columns >= 1, rows <= maxCells / columns else {
            throw Problem(text: "rows and columns must be positive and the grid at most \(maxCells) cells, found \(rows)x\(columns)")
        }
    }

    /// What both forms check once the grid's tokens are known: the
    /// equations must be the grid's runs.
    static func checkEquations(_ equations: [Equation], _ grid: TokenGrid) throws(Problem) {
        // Listed in the grid's own order (as every writer lists them) and
        // reading as equations: nothing to build or look up. Otherwise the
        // grid's runs are read to say what is wrong.
        guard !grid.isListedExactly(equations) else { return }
        let runs: [EquationRun]
        do {
            runs = try grid.equations()
        } catch {
            throw Problem(text: "\(error.position): \(error.message)")
        }
        let listed = equations.map { EquationRun(orientation: $0.orientation, positions: $0.cellPositions) }
        if listed != runs {
            try checkListed(listed, runs)
        }
    }

    /// What both forms check last: `level`'s cells, with `blankCount` empty
    /// ones, take one pool tile each, and its solution (if any) must fill
    /// them and hold.
    static func checkPoolAndSolution(_ level: Puzzle, blankCount: Int) throws(Problem) {
        try checkPoolAndSolution(level, blankCount: blankCount) { placed in
            EquationEvaluator().evaluate(level, placing: placed).firstIndex { $0 != .correct }
        }
    }

    /// ``checkPoolAndSolution(_:blankCount:)`` with the equations judged by
    /// `firstWrong`: given the solution's values by row-major index, the
    /// index of the first of `level`'s equations that does not hold, if any.
    static func checkPoolAndSolution(_ level: Puzzle, blankCount: Int, firstWrong: ([PuzzleNumber?]) -> Int?) throws(Problem) {
        guard level.numberPool.count == blankCount else {
            throw Problem(text: "numberPool lists \(level.numberPool.count) tiles but the grid has \(blankCount) empty operands; expected one tile per empty operand")
        }
        if let negative = level.numberPool.first(where: { $0 < 0 }) {
            throw Problem(text: "numberPool: expected non-negative integers, found \(negative)")
        }
        if let solution = level.solution {
            // Each entry's value by its cell's row-major index: every entry at
            // an empty cell, no cell twice, and as many entries as empty cells.
            var placed = [PuzzleNumber?](repeating: nil, count: level.cells.count)
            for entry in solution {
                let p = entry.position
                // The slot only inside the grid: a row far outside would overflow.
                let slot: Int? = level.contains(p) ? p.row * level.columns + p.column : nil
                guard let slot, level.cells[slot].type == .emptyOperand, placed[slot] == nil else {
                    throw Problem(text: "solution: expected exactly one entry per empty operand")
                }
                placed[slot] = entry.value
            }
            guard solution.count == blankCount else {
                throw Problem(text: "solution: expected exactly one entry per empty operand")
            }
            guard solution.map(\.value).sorted() == level.numberPool.sorted() else {
                throw Problem(text: "solution: its values are not the pool's tiles")
            }
            if let wrong = firstWrong(placed) {
                throw Problem(text: "solution: equation \(wrong) (starting at \(level.equations[wrong].cellPositions[0])) does not hold")
            }
        }
    }

    /// The listed equations are exactly the grid's runs, each once, in any order.
    private static func checkListed(_ listed: [EquationRun], _ runs: [EquationRun]) throws(Problem) {
        let runSet = Set(runs), listedSet = Set(listed)
        for (i, equation) in listed.enumerated() where !runSet.contains(equation) {
            throw Problem(text: "equations[\(i)] is not a run of the grid (every maximal run of two or more non-block cells is one equation)")
        }
        if let missing = runs.first(where: { !listedSet.contains($0) }) {
            throw Problem(text: "equations: the \(missing.orientation) equation starting at \(missing.positions[0]) is not listed")
        }
        guard listed.count == runs.count else { throw Problem(text: "equations: an equation is listed twice") }
    }

    /// Why a cell's fields do not fit its type.
    private struct FieldFault: Error { var text: String }

    /// The cell's token (as ``GridCell/token`` makes it), or why its fields
    /// do not fit its type; an operator's symbol is read once for both.
    @inline(__always)  // reads the cell's fields in place, without copying the cell
    private static func token(of cell: GridCell) throws(FieldFault) -> GridToken {
        switch cell.type {
        case .fixedOperand:
            guard let value = cell.fixedValue else { throw FieldFault(text: "a fixedOperand needs a fixedValue") }
            guard value >= 0 else { throw FieldFault(text: "fixedValue must be non-negative, found \(value)") }
            return .number(value)
        case .operatorSymbol:
            guard let symbol = cell.operatorSymbol, let op = ArithmeticOperator(symbol: symbol) else {
                throw FieldFault(text: "an operatorSymbol cell needs operatorSymbol '+', '-', 'x' or '/', found \(cell.operatorSymbol.map { "'\($0)'" } ?? "none")")
            }
            return .op(op)
        case .emptyOperand:
            if let value = cell.currentValue, value < 0 { throw FieldFault(text: "currentValue must be non-negative, found \(value)") }
            guard cell.fixedValue == nil else { throw FieldFault(text: "an emptyOperand has no fixedValue") }
            return .empty
        case .block:
            return .block
        case .equals:
            return .equals
        }
    }
}
