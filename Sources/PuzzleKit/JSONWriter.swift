import Foundation

/// Writes JSON byte for byte as PuzzleLab's writers' `JSONEncoder` does
/// (``canonicalJSONEncoder(pretty:)``: keys in the order the caller gives
/// them, which must be the sorted order; slashes unescaped; pretty output
/// indented by two spaces with `" : "` between key and value), without
/// building `Codable` containers: the families' hot paths (levels, JSON
/// Lines, packs) write through it.
///
/// A value is written where the writer stands: after ``key(_:)`` inside an
/// object, or as the next element inside an array.
///
///     var writer = JSONWriter(pretty: false)
///     writer.beginObject()
///     writer.key("id"); writer.string("a/b")
///     writer.key("rows"); writer.integer(3)
///     writer.endObject()
///     print(writer.text)
///     // Prints "{"id":"a/b","rows":3}"
public struct JSONWriter {
    /// The UTF-8 bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private let pretty: Bool
    /// How many objects and arrays are open.
    private var depth = 0
    /// Whether the innermost open object or array has no member yet.
    private var empty = true
    /// Whether a key was written and its value not yet.
    private var afterKey = false

    /// A writer of compact JSON (one line), or pretty-printed JSON.
    ///
    /// - Parameters:
    ///   - pretty: whether to break lines and indent as `JSONEncoder`'s
    ///     `.prettyPrinted` does.
    ///   - capacity: the bytes to reserve room for.
    public init(pretty: Bool, capacity: Int = 1024) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// The bytes written, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object.
    public mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// Closes the innermost open object.
    public mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array.
    public mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Closes the innermost open array.
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes the key of the next member of the open object.
    ///
    /// - Parameter name: the key, plain ASCII that needs no escape.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        raw(pretty ? "\" : " : "\":")
        afterKey = true
    }

    /// Writes a string, escaping `"`, `\` and control characters as
    /// `JSONEncoder` does; everything else, `/` and non-ASCII included, as is.
    ///
    /// - Parameter value: the string.
    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var plainStart = 0
            for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<i]))
                appendEscape(byte)
                plainStart = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes an integer in decimal digits.
    ///
    /// - Parameter value: the integer.
    public mutating func integer(_ value: Int) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // At most 20 digits, written from the last.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// Writes a puzzle number as its `Encodable` form does: a number when it
    /// fits in an `Int`, else (only with the `GMP` trait) a string of digits.
    ///
    /// - Parameter value: the number.
    public mutating func number(_ value: PuzzleNumber) {
        if let int = value.intValue {
            integer(int)
        } else {
            string(value.description)
        }
    }

    /// Writes `true` or `false`.
    ///
    /// - Parameter value: the Boolean.
    public mutating func bool(_ value: Bool) {
        separate()
        raw(value ? "true" : "false")
    }

    /// Writes a UUID as `Encodable` does: its upper-case
    /// 8-4-4-4-12 string.
    ///
    /// - Parameter value: the UUID.
    public mutating func uuid(_ value: UUID) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        let hex: StaticString = "0123456789ABCDEF"
        withUnsafeBytes(of: value.uuid) { octets in
            for (i, octet) in octets.enumerated() {
                if i == 4 || i == 6 || i == 8 || i == 10 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(hex.utf8Start[Int(octet >> 4)])
                bytes.append(hex.utf8Start[Int(octet & 0x0F)])
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a grid position as `Encodable` does: `{"column":…,"row":…}`.
    ///
    /// - Parameter position: the position.
    public mutating func position(_ position: GridPosition) {
        beginObject()
        key("column"); integer(position.column)
        key("row"); integer(position.row)
        endObject()
    }

    /// Writes an array of integers.
    ///
    /// - Parameter values: the integers.
    public mutating func integers(_ values: [Int]) {
        beginArray()
        for value in values { integer(value) }
        endArray()
    }

    // MARK: Layout

    /// Before a key or an array element: the comma after the one before,
    /// and in pretty output the line break and indentation.
    @inline(__always)
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        if pretty {
            if bytes.last != 0x0A { bytes.append(0x0A) }
            indent()
        }
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        if pretty { bytes.append(0x0A) }
        depth += 1
        empty = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if pretty {
            bytes.append(0x0A)
            indent()
        }
        bytes.append(bracket)
        empty = false
    }

    private mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func indent() {
        for _ in 0..<(2 * depth) { bytes.append(0x20) }
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                      hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0x0F)]])
        }
    }
}
