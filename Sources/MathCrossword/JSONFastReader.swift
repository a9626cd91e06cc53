import Foundation
import PuzzleKit

/// Reads the JSON form of a level straight from its bytes, for the common
/// case: exactly the keys of ``Puzzle`` and its parts, each at most once and
/// in any order, integers written plainly. Anything else — an unknown or
/// repeated key, a missing one, a key or value with an escape, a fraction or
/// exponent, a number beyond `Int`, malformed JSON — gives `nil`, and the
/// caller decodes with Foundation's decoder, which then either reads the
/// same level or reports the error with its path. So this reader never
/// decides what an error message says, and a level it returns is the one
/// the decoder would have returned.
///
/// Keys are compared as bytes, never made into strings; a cell's `type` and
/// an equation's `orientation` likewise. The bytes are read through a
/// pointer: the reader checks every index against the end itself.
struct JSONFastReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    /// The bytes of the key last read by ``object(_:)``, between its quotes.
    private var keyStart = 0, keyCount = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The level in `data`, or `nil` when it is not in the plain shape.
    static func level(_ data: Data) -> Puzzle? {
        data.withUnsafeBytes { raw -> Puzzle? in
            var reader = JSONFastReader(raw.bindMemory(to: UInt8.self))
            guard let level = reader.level() else { return nil }
            reader.skipSpace()
            return reader.at == reader.bytes.count ? level : nil
        }
    }

    // MARK: The level's shape

    private mutating func level() -> Puzzle? {
        var id: String?, difficulty: Profile?, rows: Int?, columns: Int?
        var cells: [GridCell]?, equations: [Equation]?, pool: [PuzzleNumber]?
        var solution: [SolutionEntry]?? = .none
        let read = object { reader in
            if reader.key("cells"), cells == nil {
                // Room for as many cells as the rest could hold (each takes
                // over 64 bytes), so that the array is not regrown as it fills.
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

    private mutating func profile() -> Profile? {
        var id: String?, name: String?, minValue: PuzzleNumber?, maxValue: PuzzleNumber?, operators: [String]?
        var rows: Int?, columns: Int?, minEquations: Int?, maxEquations: Int?, maxOperands: Int?, minCrossings: Int?
        /// Reads an integer into a field not read yet.
        func integer(_ reader: inout JSONFastReader, into field: inout Int?) -> Bool {
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
    private mutating func cells() -> [GridCell]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var result: [GridCell] = []
        // Room for as many cells as the rest could hold (each takes over 64
        // bytes), so that the array is not regrown as it fills.
        result.reserveCapacity(min((bytes.count - at) / 64, 1 << 16))
        if take(UInt8(ascii: "]")) { return result }
        repeat {
            let start = at
            if let cell = writersCell() {
                result.append(cell)
            } else {
                at = start
                guard let cell = keyedCell() else { return nil }
                result.append(cell)
            }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? result : nil
    }

    /// A cell read by its keys, in any order.
    private mutating func keyedCell() -> GridCell? {
        var id: UUID?, position: GridPosition?, type: CellType?
        var fixedValue: PuzzleNumber?? = .none, symbol: String?? = .none, current: PuzzleNumber?? = .none
        let read = object { reader in
            if reader.key("id"), id == nil { id = reader.uuid(); return id != nil }
            if reader.key("position"), position == nil { position = reader.position(); return position != nil }
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
    private mutating func writersCell() -> GridCell? {
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
        guard exactly("position\":"), let position = position(), literal(",\"type\":"), let type = cellType(),
              take(UInt8(ascii: "}")) else { return nil }
        return GridCell(id: id, position: position, type: type, fixedValue: fixed, operatorSymbol: symbol, currentValue: current)
    }

    private mutating func equation() -> Equation? {
        let start = at
        if let equation = writersEquation() { return equation }
        at = start
        var id: UUID?, orientation: EquationOrientation?, positions: [GridPosition]?
        let read = object { reader in
            if reader.key("cellPositions"), positions == nil { positions = reader.array { $0.position() }; return positions != nil }
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
    private mutating func writersEquation() -> Equation? {
        // Room for the positions of an equation of up to four operands.
        guard literal("{\"cellPositions\":"), let positions = array(reserving: 9, { $0.position() }),
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

    @inline(__always)
    private mutating func position() -> GridPosition? {
        // The writers' form, `{"column":…,"row":…}`, is read in one pass;
        // anything else from the same place by keys.
        let start = at
        if literal("{\"column\":"), let column = integer(), literal(",\"row\":"), let row = integer(), take(UInt8(ascii: "}")) {
            return GridPosition(row: row, column: column)
        }
        at = start
        var row: Int?, column: Int?
        let read = object { reader in
            if reader.key("column"), column == nil { column = reader.integer(); return column != nil }
            if reader.key("row"), row == nil { row = reader.integer(); return row != nil }
            return false
        }
        guard read, let row, let column else { return nil }
        return GridPosition(row: row, column: column)
    }

    private mutating func solutionEntry() -> SolutionEntry? {
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
    private mutating func cellType() -> CellType? {
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
    private mutating func symbol() -> String? {
        skipSpace()
        if literal("\"+\"") { return "+" }
        if literal("\"-\"") { return "-" }
        if literal("\"x\"") { return "x" }
        if literal("\"/\"") { return "/" }
        return string()
    }

    /// An optional field: `null` (read as absent) or a value.
    private mutating func optional<T>(_ slot: inout T??, _ value: (inout JSONFastReader) -> T?) -> Bool {
        if null() { slot = .some(nil); return true }
        guard let v = value(&self) else { return false }
        slot = .some(v)
        return true
    }

    // MARK: JSON

    @inline(__always)
    private mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
    }

    @inline(__always)
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// Whether the next token is exactly `text` (spaces before it skipped);
    /// if so it is read.
    @inline(__always)
    private mutating func literal(_ text: StaticString) -> Bool {
        skipSpace()
        return exactly(text)
    }

    /// Whether the next bytes are exactly `text`, nothing skipped (as inside
    /// a string); if so they are read.
    @inline(__always)
    private mutating func exactly(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - at >= count, let base = bytes.baseAddress,
              memcmp(base + at, text.utf8Start, count) == 0 else { return false }
        at += count
        return true
    }

    /// Whether the key last read is `name`.
    @inline(__always)
    private func key(_ name: StaticString) -> Bool {
        guard keyCount == name.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        // The literal's own length: a constant, so the comparison is inlined.
        return memcmp(base + keyStart, name.utf8Start, name.utf8CodeUnitCount) == 0
    }

    /// An object whose every member `member` reads (false: not the plain
    /// shape); `member` finds the member's key through ``key(_:)``.
    @inline(__always)
    private mutating func object(_ member: (inout JSONFastReader) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard take(UInt8(ascii: "\"")) else { return false }
            // A key without escapes: any byte up to the closing quote.
            // Keys with other bytes match no name and end the reading.
            let start = at
            while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\") { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return false }
            keyStart = start
            keyCount = at - start
            at += 1
            guard take(UInt8(ascii: ":")), member(&self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// An array of elements `element` reads.
    private mutating func array<T>(reserving capacity: Int = 0, _ element: (inout JSONFastReader) -> T?) -> [T]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var result: [T] = []
        result.reserveCapacity(capacity)
        if take(UInt8(ascii: "]")) { return result }
        repeat {
            guard let value = element(&self) else { return nil }
            result.append(value)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? result : nil
    }

    private mutating func null() -> Bool { literal("null") }

    /// A string without escapes or control characters, in valid UTF-8.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = at
        var ascii = true
        while at < bytes.count {
            let b = bytes[at]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<at])
                at += 1
                return ascii ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            if b >= 0x80 { ascii = false }
            at += 1
        }
        return nil
    }

    /// A UUID string: the canonical 8-4-4-4-12 hex digits (either case) read
    /// here, any other form left to `UUID(uuidString:)` (the decoder's own
    /// reading).
    @inline(__always)
    private mutating func uuid() -> UUID? {
        skipSpace()
        if bytes.count - at >= 38, let base = bytes.baseAddress, base[at] == UInt8(ascii: "\""), base[at + 37] == UInt8(ascii: "\"") {
            let text = UnsafeRawPointer(base + at + 1)
            func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            func half(_ offset: Int) -> UInt64 {
                UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            }
            let dash = UInt8(ascii: "-")
            let dashes = base[at + 9] == dash && base[at + 14] == dash && base[at + 19] == dash && base[at + 24] == dash
            // The 32 digits in four groups of eight: 0–7, 9–12 with 14–17,
            // 19–22 with 24–27, and 28–35.
            let groups = (Self.hexOctets(word(0)), Self.hexOctets(half(9) | half(14) << 32),
                          Self.hexOctets(half(19) | half(24) << 32), Self.hexOctets(word(28)))
            if dashes, let a = groups.0, let b = groups.1, let c = groups.2, let d = groups.3 {
                at += 38
                // Each group's octets from its lowest byte up.
                func octet(_ group: UInt32, _ index: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: group >> (8 * index)) }
                return UUID(uuid: (octet(a, 0), octet(a, 1), octet(a, 2), octet(a, 3), octet(b, 0), octet(b, 1), octet(b, 2), octet(b, 3),
                                   octet(c, 0), octet(c, 1), octet(c, 2), octet(c, 3), octet(d, 0), octet(d, 1), octet(d, 2), octet(d, 3)))
            }
        }
        return string().flatMap(UUID.init(uuidString:))
    }

    /// Eight hex digits of either case, as the little-endian word of the four
    /// octets they spell (the first two digits the lowest octet); `nil` when
    /// any byte is not a hex digit. `digits` holds the digits' bytes, the
    /// first in its lowest byte.
    ///
    /// All eight bytes are tested at once: for bytes below 0x80, adding
    /// `0x80 - low` to each sets its top bit exactly when it is at least
    /// `low`, without a carry into the next byte.
    @inline(__always)
    static func hexOctets(_ digits: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101, tops = ones &* 0x80
        guard digits & tops == 0 else { return nil }
        func within(_ x: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
            (x &+ ones &* (0x80 - low)) & ~(x &+ ones &* (0x7F - high)) & tops
        }
        let decimal = within(digits, 0x30, 0x39)
        let letter = within(digits | ones &* 0x20, 0x61, 0x66)  // 'A'–'F' as 'a'–'f'
        guard decimal | letter == tops else { return nil }
        // Each byte's value: its low four bits, plus 9 for a letter.
        let nibbles = (digits & (ones &* 0x0F)) &+ (letter >> 7) &* 9
        // Pair the nibbles into octets (the first digit high), then gather the octets.
        let octets = (nibbles << 4 | nibbles >> 8) & 0x00FF_00FF_00FF_00FF
        let packed = (octets | octets >> 8) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: packed | packed >> 16)
    }

    /// An integer written plainly (`-?(0|[1-9][0-9]*)`, no `-0`) that fits in an `Int`.
    @inline(__always)
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
