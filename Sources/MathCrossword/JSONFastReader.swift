import Foundation
import PuzzleKit

/// Reads the JSON form of a level straight from its bytes, for the common
/// case: exactly the keys of ``Puzzle`` and its parts, each at most once and
/// in any order, integers written plainly. Anything else — an unknown or
/// repeated key, a missing one, a key with an escape, a cell type or
/// orientation with one, a fraction or exponent, a number beyond `Int`,
/// malformed JSON — gives `nil`, and the
/// caller decodes with Foundation's decoder, which then either reads the
/// same level or reports the error with its path. So this reader never
/// decides what an error message says, and a level it returns is the one
/// the decoder would have returned.
///
/// Keys are compared as bytes, never made into strings; a cell's `type` and
/// an equation's `orientation` likewise. The JSON itself is read by
/// PuzzleKit's `JSONScanner`, which every family's fast reader shares.
enum JSONFastReader {
    /// The level in `data`, or `nil` when it is not in the plain shape.
    static func level(_ data: Data) -> Puzzle? {
        JSONScanner.read(data) { $0.level() }
    }

    /// The compact level in `data` (``CompactLevel``, as written, before
    /// any check), or `nil` when it is not one in the plain shape: this
    /// form's `format` and `version`, and its other keys each at most once.
    static func compactLevel(_ data: Data) -> CompactLevel? {
        JSONScanner.read(data) { $0.compactLevel() }
    }
}

/// The level's shape, read by `JSONScanner`.
fileprivate extension JSONScanner {
    mutating func level() -> Puzzle? {
        var id: String?, difficulty: Profile?, rows: Int?, columns: Int?
        var cells: [GridCell]?, equations: [Equation]?, pool: [PuzzleNumber]?
        var solution: [SolutionEntry]?? = .none
        let read = object { reader in
            if reader.key("cells"), cells == nil {
                cells = reader.cells()
                return cells != nil
            }
            if reader.key("columns"), columns == nil { columns = reader.integer(); return columns != nil }
            if reader.key("difficulty"), difficulty == nil { difficulty = reader.profile(); return difficulty != nil }
            if reader.key("equations"), equations == nil { equations = reader.array { $0.equation() }; return equations != nil }
            if reader.key("id"), id == nil { id = reader.string(); return id != nil }
            if reader.key("numberPool"), pool == nil { pool = reader.array { $0.number() }; return pool != nil }
            if reader.key("rows"), rows == nil { rows = reader.integer(); return rows != nil }
            if reader.key("solution"), solution == nil { return reader.optional(&solution) { $0.array { $0.solutionEntry() } } }
            return false
        }
        guard read, let id, let difficulty, let rows, let columns, let cells, let equations, let pool else { return nil }
        return Puzzle(id: id, difficulty: difficulty, rows: rows, columns: columns, cells: cells, equations: equations,
                      numberPool: pool, solution: solution ?? nil)
    }

    mutating func compactLevel() -> CompactLevel? {
        var marked = false, versioned = false
        var id: String?, difficulty: Profile?, rows: Int?, columns: Int?, namespace: String?
        var grid: [String]?, runs: [CompactLevel.Run]?, pool: [PuzzleNumber]?
        var solution: [SolutionEntry]?? = .none, current: [SolutionEntry]?? = .none
        let read = object { reader in
            if reader.key("columns"), columns == nil { columns = reader.integer(); return columns != nil }
            if reader.key("current"), current == nil { return reader.optional(&current) { $0.array { $0.solutionEntry() } } }
            if reader.key("difficulty"), difficulty == nil { difficulty = reader.profile(); return difficulty != nil }
            if reader.key("equations"), runs == nil { runs = reader.array { $0.compactRun() }; return runs != nil }
            // CompactLevel.format, spelled out for the byte comparison.
            if reader.key("format"), !marked { marked = reader.literal("\"math-crossword-compact\""); return marked }
            if reader.key("grid"), grid == nil { grid = reader.array { $0.string() }; return grid != nil }
            if reader.key("id"), id == nil { id = reader.string(); return id != nil }
            if reader.key("idNamespace"), namespace == nil { namespace = reader.string(); return namespace != nil }
            if reader.key("numberPool"), pool == nil { pool = reader.array { $0.number() }; return pool != nil }
            if reader.key("rows"), rows == nil { rows = reader.integer(); return rows != nil }
            if reader.key("solution"), solution == nil { return reader.optional(&solution) { $0.array { $0.solutionEntry() } } }
            if reader.key("version"), !versioned { versioned = reader.integer() == CompactLevel.version; return versioned }
            return false
        }
        guard read, marked, versioned, let id, let difficulty, let rows, let columns, let namespace, let grid, let runs,
              let pool else { return nil }
        return CompactLevel(id: id, difficulty: difficulty, rows: rows, columns: columns, idNamespace: namespace, grid: grid,
                            equations: runs, numberPool: pool, solution: solution ?? nil, current: current ?? nil)
    }

    /// A compact level's equation, `["h", row, column, length]`.
    mutating func compactRun() -> CompactLevel.Run? {
        guard take(UInt8(ascii: "[")), let orientation = string(), take(UInt8(ascii: ",")), let row = integer(),
              take(UInt8(ascii: ",")), let column = integer(), take(UInt8(ascii: ",")), let length = integer(),
              take(UInt8(ascii: "]")) else { return nil }
        return CompactLevel.Run(orientation: orientation, row: row, column: column, length: length)
    }

    mutating func profile() -> Profile? {
        var id: String?, name: String?, minValue: PuzzleNumber?, maxValue: PuzzleNumber?, operators: [String]?
        var rows: Int?, columns: Int?, minEquations: Int?, maxEquations: Int?, maxOperands: Int?, minCrossings: Int?
        /// Reads an integer into a field not read yet.
        func integer(_ reader: inout JSONScanner, into field: inout Int?) -> Bool {
            guard field == nil else { return false }
            field = reader.integer()
            return field != nil
        }
        let read = object { reader in
            if reader.key("allowedOperators"), operators == nil { operators = reader.array { $0.string() }; return operators != nil }
            if reader.key("displayName"), name == nil { name = reader.string(); return name != nil }
            if reader.key("gridColumns") { return integer(&reader, into: &columns) }
            if reader.key("gridRows") { return integer(&reader, into: &rows) }
            if reader.key("id"), id == nil { id = reader.string(); return id != nil }
            if reader.key("maxEquations") { return integer(&reader, into: &maxEquations) }
            if reader.key("maxOperandsPerEquation") { return integer(&reader, into: &maxOperands) }
            if reader.key("maxValue"), maxValue == nil { maxValue = reader.number(); return maxValue != nil }
            if reader.key("minCrossingsPerEquation") { return integer(&reader, into: &minCrossings) }
            if reader.key("minEquations") { return integer(&reader, into: &minEquations) }
            if reader.key("minValue"), minValue == nil { minValue = reader.number(); return minValue != nil }
            return false
        }
        guard read, let id, let name, let minValue, let maxValue, let operators, let rows, let columns,
              let minEquations, let maxEquations, let maxOperands, let minCrossings else { return nil }
        return Profile(id: id, displayName: name, minValue: minValue, maxValue: maxValue, allowedOperators: operators,
                       gridRows: rows, gridColumns: columns, minEquations: minEquations, maxEquations: maxEquations,
                       maxOperandsPerEquation: maxOperands, minCrossingsPerEquation: minCrossings)
    }

    /// The array of cells: each in the writers' form read inline, so that
    /// the cell goes from the reading straight into the array, any other
    /// form by keys.
    mutating func cells() -> [GridCell]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var result: [GridCell] = []
        // Room for as many cells as the rest could hold (each takes over 64
        // bytes), so that the array is not regrown as it fills.
        result.reserveCapacity(min(remaining / 64, 1 << 16))
        if take(UInt8(ascii: "]")) { return result }
        repeat {
            let start = offset
            if let cell = writersCell() {
                result.append(cell)
            } else {
                offset = start
                guard let cell = keyedCell() else { return nil }
                result.append(cell)
            }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? result : nil
    }

    /// A cell read by its keys, in any order.
    mutating func keyedCell() -> GridCell? {
        var id: UUID?, position: GridPosition?, type: CellType?
        var fixedValue: PuzzleNumber?? = .none, symbol: String?? = .none, current: PuzzleNumber?? = .none
        let read = object { reader in
            if reader.key("id"), id == nil { id = reader.uuid(); return id != nil }
            if reader.key("position"), position == nil { position = reader.gridPosition(); return position != nil }
            if reader.key("type"), type == nil { type = reader.cellType(); return type != nil }
            if reader.key("fixedValue"), fixedValue == nil { return reader.optional(&fixedValue) { $0.number() } }
            if reader.key("operatorSymbol"), symbol == nil { return reader.optional(&symbol) { $0.symbol() } }
            if reader.key("currentValue"), current == nil { return reader.optional(&current) { $0.number() } }
            return false
        }
        guard read, let id, let position, let type else { return nil }
        return GridCell(id: id, position: position, type: type, fixedValue: fixedValue ?? nil, operatorSymbol: symbol ?? nil,
                        currentValue: current ?? nil)
    }

    /// A cell as the writers emit it — keys sorted, no spaces, no `null`
    /// fields — read in one pass without looking keys up; `nil` for any
    /// other form (read by keys from the same place).
    @inline(__always)
    mutating func writersCell() -> GridCell? {
        guard literal("{\"") else { return nil }
        var current: PuzzleNumber?, fixed: PuzzleNumber?, symbol: String?
        if exactly("currentValue\":") {
            guard let value = number(), literal(",\"") else { return nil }
            current = value
        }
        if exactly("fixedValue\":") {
            guard let value = number(), literal(",\"") else { return nil }
            fixed = value
        }
        guard exactly("id\":"), let id = uuid(), literal(",\"") else { return nil }
        if exactly("operatorSymbol\":") {
            guard let value = self.symbol(), literal(",\"") else { return nil }
            symbol = value
        }
        guard exactly("position\":"), let position = gridPosition(), literal(",\"type\":"), let type = cellType(),
              take(UInt8(ascii: "}")) else { return nil }
        return GridCell(id: id, position: position, type: type, fixedValue: fixed, operatorSymbol: symbol, currentValue: current)
    }

    mutating func equation() -> Equation? {
        let start = offset
        if let equation = writersEquation() { return equation }
        offset = start
        var id: UUID?, orientation: EquationOrientation?, positions: [GridPosition]?
        let read = object { reader in
            if reader.key("cellPositions"), positions == nil { positions = reader.array { $0.gridPosition() }; return positions != nil }
            if reader.key("id"), id == nil { id = reader.uuid(); return id != nil }
            if reader.key("orientation"), orientation == nil {
                if reader.literal("\"horizontal\"") { orientation = .horizontal } else if reader.literal("\"vertical\"") { orientation = .vertical }
                return orientation != nil
            }
            return false
        }
        guard read, let id, let orientation, let positions else { return nil }
        return Equation(id: id, orientation: orientation, cellPositions: positions)
    }

    /// An equation as the writers emit it (keys sorted, no spaces), read in
    /// one pass; `nil` for any other form (read by keys from the same place).
    mutating func writersEquation() -> Equation? {
        // Room for the positions of an equation of up to four operands.
        guard literal("{\"cellPositions\":"), let positions = array(reserving: 9, { $0.gridPosition() }),
              literal(",\"id\":"), let id = uuid(), literal(",\"orientation\":") else { return nil }
        let orientation: EquationOrientation
        if literal("\"horizontal\"") {
            orientation = .horizontal
        } else if literal("\"vertical\"") {
            orientation = .vertical
        } else {
            return nil
        }
        guard take(UInt8(ascii: "}")) else { return nil }
        return Equation(id: id, orientation: orientation, cellPositions: positions)
    }

    mutating func solutionEntry() -> SolutionEntry? {
        // As the writers write it, read in one pass; else by its keys.
        let start = offset
        if literal("{\"column\":"), let column = integer(), literal(",\"row\":"), let row = integer(), literal(",\"value\":"),
           let value = number(), take(UInt8(ascii: "}")) {
            return SolutionEntry(row: row, column: column, value: value)
        }
        offset = start
        var row: Int?, column: Int?, value: PuzzleNumber?
        let read = object { reader in
            if reader.key("column"), column == nil { column = reader.integer(); return column != nil }
            if reader.key("row"), row == nil { row = reader.integer(); return row != nil }
            if reader.key("value"), value == nil { value = reader.number(); return value != nil }
            return false
        }
        guard read, let row, let column, let value else { return nil }
        return SolutionEntry(row: row, column: column, value: value)
    }

    /// A cell's type: one of the five names, as a string without escapes.
    @inline(__always)
    mutating func cellType() -> CellType? {
        skipSpace()
        if literal("\"block\"") { return .block }
        if literal("\"emptyOperand\"") { return .emptyOperand }
        if literal("\"fixedOperand\"") { return .fixedOperand }
        if literal("\"operatorSymbol\"") { return .operatorSymbol }
        if literal("\"equals\"") { return .equals }
        return nil
    }

    /// An operator cell's symbol: the four the writers use without building
    /// a string from bytes, any other string as read.
    mutating func symbol() -> String? {
        skipSpace()
        if literal("\"+\"") { return "+" }
        if literal("\"-\"") { return "-" }
        if literal("\"x\"") { return "x" }
        if literal("\"/\"") { return "/" }
        return string()
    }

    mutating func number() -> PuzzleNumber? {
        integer().map { PuzzleNumber($0) }
    }
}
