import Foundation
import PuzzleKit

/// Reads the JSON form of a level straight from its bytes, for the common
/// case: exactly the keys of ``Puzzle`` and its parts, each at most once,
/// integers written plainly. Anything else — an unknown or repeated key, a
/// missing one, a fraction or exponent, a number beyond `Int`, malformed
/// JSON — gives `nil`, and the caller decodes with Foundation's decoder,
/// which then either reads the same level or reports the error with its path.
/// So this reader never decides what an error message says, and a level it
/// returns is the one the decoder would have returned.
struct JSONFastReader {
    private let bytes: [UInt8]
    private var at = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The level in `data`, or `nil` when it is not in the plain shape.
    static func level(_ data: Data) -> Puzzle? {
        var reader = JSONFastReader([UInt8](data))
        guard let level = reader.level() else { return nil }
        reader.skipSpace()
        return reader.at == reader.bytes.count ? level : nil
    }

    // MARK: The level's shape

    private mutating func level() -> Puzzle? {
        var id: String?, difficulty: Profile?, rows: Int?, columns: Int?
        var cells: [GridCell]?, equations: [Equation]?, pool: [PuzzleNumber]?
        var solution: [SolutionEntry]?? = .none
        let read = object { reader, key in
            switch key {
            case "id" where id == nil: id = reader.string(); return id != nil
            case "difficulty" where difficulty == nil: difficulty = reader.profile(); return difficulty != nil
            case "rows" where rows == nil: rows = reader.integer(); return rows != nil
            case "columns" where columns == nil: columns = reader.integer(); return columns != nil
            case "cells" where cells == nil: cells = reader.array { $0.cell() }; return cells != nil
            case "equations" where equations == nil: equations = reader.array { $0.equation() }; return equations != nil
            case "numberPool" where pool == nil: pool = reader.array { $0.number() }; return pool != nil
            case "solution" where solution == nil:
                if reader.null() { solution = .some(nil); return true }
                guard let entries = reader.array({ $0.solutionEntry() }) else { return false }
                solution = .some(entries)
                return true
            default: return false
            }
        }
        guard read, let id, let difficulty, let rows, let columns, let cells, let equations, let pool else { return nil }
        return Puzzle(id: id, difficulty: difficulty, rows: rows, columns: columns, cells: cells, equations: equations,
                     numberPool: pool, solution: solution ?? nil)
    }

    private mutating func profile() -> Profile? {
        var id: String?, name: String?, minValue: PuzzleNumber?, maxValue: PuzzleNumber?, operators: [String]?
        var ints = [Int?](repeating: nil, count: 6)
        let intKeys = ["gridRows", "gridColumns", "minEquations", "maxEquations", "maxOperandsPerEquation",
                       "minCrossingsPerEquation"]
        let read = object { reader, key in
            switch key {
            case "id" where id == nil: id = reader.string(); return id != nil
            case "displayName" where name == nil: name = reader.string(); return name != nil
            case "minValue" where minValue == nil: minValue = reader.number(); return minValue != nil
            case "maxValue" where maxValue == nil: maxValue = reader.number(); return maxValue != nil
            case "allowedOperators" where operators == nil: operators = reader.array { $0.string() }; return operators != nil
            default:
                guard let k = intKeys.firstIndex(of: key), ints[k] == nil else { return false }
                ints[k] = reader.integer()
                return ints[k] != nil
            }
        }
        guard read, let id, let name, let minValue, let maxValue, let operators,
              let rows = ints[0], let columns = ints[1], let minEquations = ints[2], let maxEquations = ints[3],
              let maxOperands = ints[4], let minCrossings = ints[5] else { return nil }
        return Profile(id: id, displayName: name, minValue: minValue, maxValue: maxValue, allowedOperators: operators,
                                 gridRows: rows, gridColumns: columns, minEquations: minEquations, maxEquations: maxEquations,
                                 maxOperandsPerEquation: maxOperands, minCrossingsPerEquation: minCrossings)
    }

    private mutating func cell() -> GridCell? {
        var id: UUID?, position: GridPosition?, type: CellType?
        var fixedValue: PuzzleNumber?? = .none, symbol: String?? = .none, current: PuzzleNumber?? = .none
        let read = object { reader, key in
            switch key {
            case "id" where id == nil: id = reader.uuid(); return id != nil
            case "position" where position == nil: position = reader.position(); return position != nil
            case "type" where type == nil: type = reader.string().flatMap(CellType.init(rawValue:)); return type != nil
            case "fixedValue" where fixedValue == nil: return reader.optional(&fixedValue) { $0.number() }
            case "operatorSymbol" where symbol == nil: return reader.optional(&symbol) { $0.string() }
            case "currentValue" where current == nil: return reader.optional(&current) { $0.number() }
            default: return false
            }
        }
        guard read, let id, let position, let type else { return nil }
        return GridCell(id: id, position: position, type: type, fixedValue: fixedValue ?? nil, operatorSymbol: symbol ?? nil,
                        currentValue: current ?? nil)
    }

    private mutating func equation() -> Equation? {
        var id: UUID?, orientation: EquationOrientation?, positions: [GridPosition]?
        let read = object { reader, key in
            switch key {
            case "id" where id == nil: id = reader.uuid(); return id != nil
            case "orientation" where orientation == nil:
                orientation = reader.string().flatMap(EquationOrientation.init(rawValue:))
                return orientation != nil
            case "cellPositions" where positions == nil: positions = reader.array { $0.position() }; return positions != nil
            default: return false
            }
        }
        guard read, let id, let orientation, let positions else { return nil }
        return Equation(id: id, orientation: orientation, cellPositions: positions)
    }

    private mutating func position() -> GridPosition? {
        var row: Int?, column: Int?
        let read = object { reader, key in
            switch key {
            case "row" where row == nil: row = reader.integer(); return row != nil
            case "column" where column == nil: column = reader.integer(); return column != nil
            default: return false
            }
        }
        guard read, let row, let column else { return nil }
        return GridPosition(row: row, column: column)
    }

    private mutating func solutionEntry() -> SolutionEntry? {
        var row: Int?, column: Int?, value: PuzzleNumber?
        let read = object { reader, key in
            switch key {
            case "row" where row == nil: row = reader.integer(); return row != nil
            case "column" where column == nil: column = reader.integer(); return column != nil
            case "value" where value == nil: value = reader.number(); return value != nil
            default: return false
            }
        }
        guard read, let row, let column, let value else { return nil }
        return SolutionEntry(row: row, column: column, value: value)
    }

    /// An optional field: `null` (read as absent) or a value.
    private mutating func optional<T>(_ slot: inout T??, _ value: (inout JSONFastReader) -> T?) -> Bool {
        if null() { slot = .some(nil); return true }
        guard let v = value(&self) else { return false }
        slot = .some(v)
        return true
    }

    // MARK: JSON

    private mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// An object whose every member `member` reads (false: not the plain shape).
    private mutating func object(_ member: (inout JSONFastReader, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// An array of elements `element` reads.
    private mutating func array<T>(_ element: (inout JSONFastReader) -> T?) -> [T]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var result: [T] = []
        if take(UInt8(ascii: "]")) { return result }
        repeat {
            guard let value = element(&self) else { return nil }
            result.append(value)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? result : nil
    }

    private mutating func null() -> Bool {
        skipSpace()
        guard at + 4 <= bytes.count, bytes[at] == UInt8(ascii: "n"), bytes[at + 1] == UInt8(ascii: "u"),
              bytes[at + 2] == UInt8(ascii: "l"), bytes[at + 3] == UInt8(ascii: "l") else { return false }
        at += 4
        return true
    }

    /// A string without escapes or control characters, in valid UTF-8.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = at
        var ascii = true
        while at < bytes.count {
            let b = bytes[at]
            if b == UInt8(ascii: "\"") {
                let slice = bytes[start..<at]
                at += 1
                return ascii ? String(decoding: slice, as: UTF8.self) : String(bytes: slice, encoding: .utf8)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            if b >= 0x80 { ascii = false }
            at += 1
        }
        return nil
    }

    /// A UUID string: the canonical 8-4-4-4-12 hex digits read here, any
    /// other form left to `UUID(uuidString:)` (the decoder's own reading).
    private mutating func uuid() -> UUID? {
        skipSpace()
        let start = at + 1
        if at + 38 <= bytes.count, bytes[at] == UInt8(ascii: "\""), bytes[start + 36] == UInt8(ascii: "\"") {
            var octets = [UInt8](repeating: 0, count: 16)
            var n = 0
            var ok = true
            var i = start
            while i < start + 36 {
                if i - start == 8 || i - start == 13 || i - start == 18 || i - start == 23 {
                    if bytes[i] != UInt8(ascii: "-") { ok = false; break }
                    i += 1
                    continue
                }
                guard let high = Self.hex(bytes[i]), let low = Self.hex(bytes[i + 1]) else { ok = false; break }
                octets[n] = high << 4 | low
                n += 1
                i += 2
            }
            if ok && n == 16 {
                at = start + 37
                return UUID(uuid: (octets[0], octets[1], octets[2], octets[3], octets[4], octets[5], octets[6], octets[7],
                                   octets[8], octets[9], octets[10], octets[11], octets[12], octets[13], octets[14], octets[15]))
            }
        }
        return string().flatMap(UUID.init(uuidString:))
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    /// An integer written plainly (`-?(0|[1-9][0-9]*)`, no `-0`) that fits in an `Int`.
    private mutating func integer() -> Int? {
        skipSpace()
        var negative = false
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { negative = true; at += 1 }
        let start = at
        var value = 0
        while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39 {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = times.addingReportingOverflow(Int(bytes[at] - 0x30))
            if o1 || o2 { return nil }
            value = next
            at += 1
        }
        let digits = at - start
        guard digits >= 1, digits == 1 || bytes[start] != 0x30, !(negative && value == 0) else { return nil }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") || bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            return nil
        }
        return negative ? -value : value
    }

    private mutating func number() -> PuzzleNumber? {
        integer().map { PuzzleNumber($0) }
    }
}
