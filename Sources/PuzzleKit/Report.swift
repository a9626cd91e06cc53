import Foundation

/// One value of a report row.
public enum ReportValue: Sendable, Equatable {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case null
    /// Text that is already JSON (an array or object), kept as is in JSON and
    /// as its text in CSV.
    case json(String)

    /// An array of strings, as JSON.
    public static func strings(_ items: [String]) -> ReportValue {
        .json("[" + items.map(quoted).joined(separator: ",") + "]")
    }

    /// A count that may exceed what a JSON reader holds exactly: an integer up
    /// to 2^53, a decimal string above (docs/FORMATS.md section 5).
    public static func count(_ n: Int) -> ReportValue {
        n.magnitude <= 1 << 53 ? .int(n) : .string(String(n))
    }

    var jsonText: String {
        switch self {
        case .int(let n): return String(n)
        case .double(let d): return d.isFinite ? Self.decimal(d) : "null"
        case .string(let s): return Self.quoted(s)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .json(let text): return text
        }
    }

    /// The value as a CSV cell: strings as they are, null empty, the rest as
    /// in JSON.
    public var csvText: String {
        switch self {
        case .string(let s), .json(let s): return s
        case .null: return ""
        default: return jsonText
        }
    }

    /// A fixed-notation decimal with at most six fractional digits, the same
    /// on every platform.
    static func decimal(_ d: Double) -> String {
        var text = String(format: "%.6f", d)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// One row of machine-readable output: ordered keys and values, written as a
/// one-line JSON object or as an RFC 4180 CSV record with the same columns.
public struct ReportRow: Sendable, Equatable {
    public var fields: [(key: String, value: ReportValue)]

    public init(_ fields: [(key: String, value: ReportValue)] = []) {
        self.fields = fields
    }

    public mutating func append(_ key: String, _ value: ReportValue) {
        fields.append((key, value))
    }

    public subscript(key: String) -> ReportValue? {
        fields.first { $0.key == key }?.value
    }

    /// The row as one line of JSON, keys in row order.
    public var json: String {
        "{" + fields.map { "\(ReportValue.quoted($0.key)):\($0.value.jsonText)" }.joined(separator: ",") + "}"
    }

    /// The CSV header line for rows of this shape (without line end).
    public var csvHeader: String { CSV.record(fields.map(\.key)) }

    /// The row as a CSV record (without line end).
    public var csv: String { CSV.record(fields.map(\.value.csvText)) }

    public static func == (a: ReportRow, b: ReportRow) -> Bool {
        a.fields.map(\.key) == b.fields.map(\.key) && a.fields.map(\.value) == b.fields.map(\.value)
    }
}

/// RFC 4180 CSV: records end in CRLF; a field holding a comma, a quote, CR
/// or LF is quoted, with quotes doubled.
public enum CSV {
    public static let lineEnd = "\r\n"

    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",")
    }

    /// Why text is not RFC 4180 CSV.
    public enum Malformed: Error, Sendable, Equatable {
        /// A quoted field is not closed.
        case unclosedQuote
        /// A quote inside a field that does not start with one, or text
        /// after the quote that closes a quoted field; `field` is 1-based
        /// within its record.
        case strayQuote(field: Int)

        /// What was expected, for an error message.
        public var message: String {
            switch self {
            case .unclosedQuote: return "expected a CSV record, found an unclosed quote"
            case .strayQuote(let field):
                return "field \(field): expected a quote only around a whole field (with quotes inside it doubled), found a stray quote"
            }
        }
    }

    /// Parses CSV text into records of fields (RFC 4180, LF or CRLF).
    ///
    /// - Returns: `nil` when the text is not RFC 4180 CSV (see ``records(_:)``).
    public static func parse(_ text: String) -> [[String]]? {
        try? records(text)
    }

    /// Parses CSV text into records of fields (RFC 4180, LF or CRLF): a
    /// field is either unquoted, holding no quote, or quoted from its first
    /// character to the comma or line end that follows its closing quote,
    /// with quotes inside it doubled.
    ///
    /// - Throws: ``Malformed`` for an unclosed quote or a stray one.
    public static func records(_ text: String) throws(Malformed) -> [[String]] {
        // One line without quotes (most records): its fields are what lies between commas.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) {
            // Split at the comma byte, as the general case splits at the comma scalar.
            return text.isEmpty ? [] : [text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { String(Substring($0)) }]
        }
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var closed = false  // the current field was quoted and its quote is closed
        var atFieldStart = true
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return iterator.next()
        }
        while let c = next() {
            if quoted {
                if c == "\"" {
                    if let n = next() {
                        if n == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; closed = true; pending = n }
                    } else {
                        quoted = false
                        closed = true
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case ",":
                record.append(field)
                field = ""
                atFieldStart = true
                closed = false
            case "\r":
                continue
            case "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
                atFieldStart = true
                closed = false
            case "\"" where atFieldStart:
                quoted = true
                atFieldStart = false
            default:
                if c == "\"" || closed { throw .strayQuote(field: record.count + 1) }
                field.unicodeScalars.append(c)
                atFieldStart = false
            }
        }
        if quoted { throw .unclosedQuote }
        if !atFieldStart || !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }
}
