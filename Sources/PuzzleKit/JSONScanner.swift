import Foundation

/// Reads JSON straight from its bytes, for the families' fast readers of
/// their levels: the common shape (the one the writers emit, in any key order
/// and spacing) is read without Foundation's `JSONDecoder`.
///
/// Every reading method either reads what it names and moves past it, or
/// returns `nil` (`false`); after a failure the scanner's place is
/// unspecified, and a reader gives up: it returns `nil`, and its caller
/// decodes the same bytes with ``decodeJSON(_:from:file:line:largeNumberHint:)``,
/// which then reads the same value or says what is wrong with its path. So
/// a fast reader never decides what an error message says; it must only
/// never read a value the decoder would read differently or refuse. To that
/// end the methods are strict: integers only in the plain form that fits in
/// an `Int` (no fraction, exponent or `-0`), strings only in valid UTF-8
/// without raw control characters and with well-formed escapes, and keys
/// compared as their bytes (a key with an escape matches no name).
///
///     let data = Data(#"{"rows":3,"name":"a\u00e9"}"#.utf8)
///     let read = JSONScanner.read(data) { scanner -> (Int, String)? in
///         var rows: Int?, name: String?
///         let ok = scanner.object { s in
///             if s.key("rows"), rows == nil { rows = s.integer(); return rows != nil }
///             if s.key("name"), name == nil { name = s.string(); return name != nil }
///             return false
///         }
///         guard ok, let rows, let name else { return nil }
///         return (rows, name)
///     }
///     print(read.map { "\($0.0) \($0.1)" } ?? "left to the decoder")
///     // Prints "3 aé"
///
/// The bytes are read through a pointer: the scanner checks every index
/// against the end itself.
@frozen
public struct JSONScanner {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    /// The index of the next byte to read.
    @usableFromInline var at = 0
    /// The bytes of the key last read by ``object(_:)``, between its quotes.
    @usableFromInline var keyStart = 0, keyCount = 0

    /// A scanner at the start of `bytes`.
    ///
    /// - Parameter bytes: the JSON text's UTF-8 bytes, which must stay
    ///   valid while the scanner is used.
    @inlinable
    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The value `body` reads from `data`, when it reads one and only blanks
    /// follow it; otherwise `nil`.
    ///
    /// - Parameters:
    ///   - data: the JSON text.
    ///   - body: reads the value from a scanner at the start of `data`.
    @inlinable
    public static func read<T>(_ data: Data, _ body: (inout JSONScanner) -> T?) -> T? {
        data.withUnsafeBytes { raw -> T? in
            var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
            guard let value = body(&scanner) else { return nil }
            scanner.skipSpace()
            return scanner.atEnd ? value : nil
        }
    }

    /// The offset of the next byte to read, from the start of the text: a
    /// reader saves it to try one form of a value and, failing, go back and
    /// read another (a value set outside the text is taken as its end or
    /// start).
    @inlinable
    public var offset: Int {
        get { at }
        set { at = min(max(newValue, 0), bytes.count) }
    }

    /// The bytes not read yet.
    @inlinable
    public var remaining: Int { bytes.count - at }

    /// Whether every byte has been read.
    @inlinable
    public var atEnd: Bool { at == bytes.count }

    // MARK: Tokens

    /// Skips blanks (space, tab, line feed, carriage return).
    @inlinable @inline(__always)
    public mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
    }

    /// Whether the next token is `byte` (blanks before it skipped); if so
    /// it is read.
    ///
    /// - Parameter byte: the punctuation byte, such as `UInt8(ascii: ",")`.
    @inlinable @inline(__always)
    public mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    /// Whether the next token is exactly `text` (blanks before it
    /// skipped); if so it is read.
    ///
    /// - Parameter text: the bytes expected, such as `"{\"column\":"`.
    @inlinable @inline(__always)
    public mutating func literal(_ text: StaticString) -> Bool {
        skipSpace()
        return exactly(text)
    }

    /// Whether the next bytes are exactly `text`, nothing skipped (as inside
    /// a string); if so they are read.
    ///
    /// - Parameter text: the bytes expected.
    @inlinable @inline(__always)
    public mutating func exactly(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - at >= count, let base = bytes.baseAddress,
              memcmp(base + at, text.utf8Start, count) == 0 else { return false }
        at += count
        return true
    }

    /// Whether the next token is `null`; if so it is read.
    @inlinable
    public mutating func null() -> Bool { literal("null") }

    // MARK: Objects and arrays

    /// Whether the key last read by ``object(_:)`` is `name`.
    ///
    /// - Parameter name: the key, as its bytes.
    @inlinable @inline(__always)
    public func key(_ name: StaticString) -> Bool {
        guard keyCount == name.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        return memcmp(base + keyStart, name.utf8Start, name.utf8CodeUnitCount) == 0
    }

    /// An object whose every member `member` reads; false when it is not
    /// an object or `member` returns false. `member` is called with the
    /// scanner after the member's key and colon, finds which key it is
    /// through ``key(_:)``, and reads the value.
    ///
    /// - Parameter member: reads one member's value.
    @inlinable @inline(__always)
    public mutating func object(_ member: (inout JSONScanner) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard take(UInt8(ascii: "\"")) else { return false }
            // A key without escapes: any byte up to the closing quote. Keys
            // with other bytes match no name and end the reading.
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

    /// An array of elements `element` reads; `nil` when it is not an array
    /// or an element does not read.
    ///
    /// - Parameters:
    ///   - capacity: the elements to reserve room for.
    ///   - element: reads one element.
    @inlinable
    public mutating func array<T>(reserving capacity: Int = 0, _ element: (inout JSONScanner) -> T?) -> [T]? {
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

    /// An optional member's value: `null` (read as absent) or a value
    /// `value` reads, stored in `slot`; false when neither reads.
    ///
    /// - Parameters:
    ///   - slot: where the value goes: `.some(nil)` for `null`.
    ///   - value: reads the value.
    @inlinable
    public mutating func optional<T>(_ slot: inout T??, _ value: (inout JSONScanner) -> T?) -> Bool {
        if null() { slot = .some(nil); return true }
        guard let v = value(&self) else { return false }
        slot = .some(v)
        return true
    }

    /// Steps over one value of any kind without reading it: a string to
    /// its closing quote (escapes stepped over), an array or object to its
    /// matching bracket, a number or literal to the next delimiter or
    /// blank. Only the nesting of brackets and strings is checked, not the
    /// grammar inside, so what a reader steps over is the decoder's to judge.
    ///
    /// - Returns: the bytes of the value, or `nil` when no value starts
    ///   here or the text ends inside one.
    @discardableResult
    public mutating func skipValue() -> Range<Int>? {
        skipSpace()
        let start = at
        var depth = 0
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\""):
                at += 1
                while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
                    at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard at < bytes.count else {
                    at = bytes.count
                    return nil
                }
                at += 1
                if depth == 0 { return start..<at }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return at > start ? start..<at : nil }
                depth -= 1
                if depth == 0 {
                    at += 1
                    return start..<at
                }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                if depth == 0 { return at > start ? start..<at : nil }
            default:
                break
            }
            at += 1
        }
        return depth == 0 && at > start ? start..<at : nil
    }

    // MARK: Values

    /// An integer written plainly (`-?(0|[1-9][0-9]*)`, not `-0`) that fits
    /// in an `Int`; `nil` for any other number (a fraction, an exponent).
    @inlinable @inline(__always)
    public mutating func integer() -> Int? {
        skipSpace()
        var negative = false
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { negative = true; at += 1 }
        let start = at
        var value = 0
        // A negative number is built downwards, so that `Int.min` fits.
        while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39 {
            let digit = Int(bytes[at] - 0x30)
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            if o1 || o2 { return nil }
            value = next
            at += 1
        }
        let digits = at - start
        guard digits >= 1, digits == 1 || bytes[start] != 0x30, !(negative && value == 0) else { return nil }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") || bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            return nil
        }
        return value
    }

    /// An array of plain integers (see ``integer()``).
    @inlinable
    public mutating func integers() -> [Int]? {
        array(reserving: 16) { $0.integer() }
    }

    /// `true` or `false`.
    @inlinable
    public mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// A grid position as the writers write it, `{"column":…,"row":…}`,
    /// or with its two keys in any order and spacing.
    @inlinable @inline(__always)
    public mutating func gridPosition() -> GridPosition? {
        let start = at
        if literal("{\"column\":"), let column = integer(), literal(",\"row\":"), let row = integer(), take(UInt8(ascii: "}")) {
            return GridPosition(row: row, column: column)
        }
        at = start
        var row: Int?, column: Int?
        let read = object { s in
            if s.key("column"), column == nil { column = s.integer(); return column != nil }
            if s.key("row"), row == nil { row = s.integer(); return row != nil }
            return false
        }
        guard read, let row, let column else { return nil }
        return GridPosition(row: row, column: column)
    }

    /// A string: valid UTF-8 without raw control characters, with any of
    /// JSON's escapes (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` and
    /// `\uXXXX`, a character beyond the basic plane as a surrogate pair);
    /// `nil` for anything else, a lone surrogate included.
    @inlinable
    public mutating func string() -> String? {
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
            if b == UInt8(ascii: "\\") {
                at = start
                return escapedString()
            }
            if b < 0x20 { return nil }
            if b >= 0x80 { ascii = false }
            at += 1
        }
        return nil
    }

    /// The rest of a string with escapes, from just after its opening quote.
    @usableFromInline
    mutating func escapedString() -> String? {
        var text: [UInt8] = []
        while at < bytes.count {
            let b = bytes[at]
            at += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { return nil }
                let escape = bytes[at]
                at += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = escapedScalar() else { return nil }
                    UTF8.encode(scalar) { text.append($0) }
                default:
                    return nil
                }
            default:
                if b < 0x20 { return nil }
                text.append(b)
            }
        }
        return nil
    }

    /// The character of a `\u` escape, just after its `u`: four hex digits,
    /// or a high surrogate's four and then `\u` and a low surrogate's four.
    @usableFromInline
    mutating func escapedScalar() -> Unicode.Scalar? {
        guard let first = hexQuad() else { return nil }
        switch first {
        case 0xD800...0xDBFF:
            guard exactly("\\u"), let second = hexQuad(), (0xDC00...0xDFFF).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + (first - 0xD800) << 10 + (second - 0xDC00))
        case 0xDC00...0xDFFF:
            return nil
        default:
            return Unicode.Scalar(first)
        }
    }

    /// Four hex digits of either case, as their value.
    @usableFromInline
    mutating func hexQuad() -> UInt32? {
        guard bytes.count - at >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[at]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }

    /// A UUID string: the canonical 8-4-4-4-12 hex digits (either case) read
    /// directly, any other string left to `UUID(uuidString:)` (what the
    /// decoder reads a UUID with).
    @inlinable @inline(__always)
    public mutating func uuid() -> UUID? {
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
    @inlinable @inline(__always)
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
}
