import Foundation

/// Decodes `type` from JSON, turning any decoding failure into a one-line
/// ``FormatError`` that names the file, the line and the JSON path.
///
/// - Parameters:
///   - type: the type to decode.
///   - data: the JSON text.
///   - file: the file name the error names.
///   - line: the line the JSON text starts on (JSON Lines give one per object).
///   - largeNumberHint: added to the message when the JSON holds a number
///     beyond 64 bits: what the user can do about it; without one the message
///     says that the `GMP` trait does not lift the limit here.
public func decodeJSON<T: Decodable>(_ type: T.Type, from data: Data, file: String, line: Int,
                                     largeNumberHint: String? = nil) throws(FormatError) -> T {
    // A slice of a larger text (a line of JSON Lines) is read as text of its own.
    let data = data.startIndex == 0 ? data : Data(data)
    do {
        return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
        if let digits = longDigitRun(in: data) {
            let hint = "; " + (largeNumberHint ?? "these values stay 64-bit even with --traits GMP")
            throw FormatError("the number \(digits) does not fit in 64 bits (at most \(Int.max))\(hint)", at: SourceLocation(file: file, line: line))
        }
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
           let object = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed),
           let (key, number) = firstNonInteger(in: object, path: []) {
            // Valid JSON that Foundation's decoder rejects without a path: a
            // number that is not a whole number where one is expected.
            throw FormatError("\(path(key)): expected an integer, found \(number)", at: SourceLocation(file: file, line: line))
        }
        throw FormatError(describe(error), at: SourceLocation(file: file, line: line))
    } catch {
        throw FormatError("expected JSON: \(error.localizedDescription)", at: SourceLocation(file: file, line: line))
    }
}

/// The first run of 19 or more digits in the data: a number an `Int` may not hold.
private func longDigitRun(in data: Data) -> String? {
    var run: [UInt8] = []
    for byte in data {
        if byte >= 0x30 && byte <= 0x39 {
            run.append(byte)
        } else {
            if run.count >= 19, Int(String(decoding: run, as: UTF8.self)) == nil {
                return String(decoding: run, as: UTF8.self)
            }
            run.removeAll()
        }
    }
    return run.count >= 19 && Int(String(decoding: run, as: UTF8.self)) == nil ? String(decoding: run, as: UTF8.self) : nil
}

/// The first number in the JSON value (keys in sorted order) that is not a
/// whole number an `Int` holds, with its path.
private func firstNonInteger(in value: Any, path: [any CodingKey]) -> ([any CodingKey], String)? {
    switch value {
    case let object as [String: Any]:
        for key in object.keys.sorted() {
            if let found = firstNonInteger(in: object[key] as Any, path: path + [JSONPathKey(key)]) { return found }
        }
    case let array as [Any]:
        for (index, element) in array.enumerated() {
            if let found = firstNonInteger(in: element, path: path + [JSONPathKey(index)]) { return found }
        }
    case let number as NSNumber:
        if Int(exactly: number.doubleValue) == nil { return (path, "\(number)") }
    default:
        break
    }
    return nil
}

/// A key of a JSON path.
private struct JSONPathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init(_ index: Int) { stringValue = "\(index)"; intValue = index }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(intValue) }
}

private func path(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
        if let index = key.intValue {
            result += "[\(index)]"
        } else {
            result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
    return result.isEmpty ? "the top level" : result
}

private func describe(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
        let parent = context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
        return "missing key '\(key.stringValue)'\(parent)"
    case .typeMismatch(let type, let context):
        return "\(path(context.codingPath)): expected \(typeName(type))"
    case .valueNotFound(let type, let context):
        return "\(path(context.codingPath)): expected \(typeName(type)), found null"
    case .dataCorrupted(let context):
        if context.codingPath.isEmpty {
            return "expected valid JSON (\(context.underlyingError.map { String(describing: $0) } ?? context.debugDescription))"
        }
        return "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
        return "invalid JSON"
    }
}

private func typeName(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type: return "an integer"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is [Any].Type: return "an array"
    default:
        let name = String(describing: type)
        if name.hasPrefix("Array") { return "an array" }
        if name.hasPrefix("Dictionary") { return "an object" }
        return "an object (\(name))"
    }
}

/// The canonical JSON encoder of PuzzleLab's writers: sorted keys, so output
/// never depends on dictionary order.
public func canonicalJSONEncoder(pretty: Bool) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}

/// Reads JSON Lines: `read` is given each non-blank line with its 1-based
/// number; one result per such line, so one bad line does not hide the
/// others. A leading byte-order mark is ignored; lines end in LF or CRLF.
public func readJSONLines<T>(_ text: String, read: (Data, _ line: Int) throws(FormatError) -> T) -> [Result<T, FormatError>] {
    readJSONLines(Data(text.utf8), read: read)
}

/// Everything a visiting reader hands on, in the order it hands it on: the
/// collecting form of the `visit` readers.
///
///     let results = collected { visitJSONLines(data, read: read, $0) }
///
/// - Parameter visit: calls the closure it is given once per value.
public func collected<T>(_ visit: (_ body: (T) -> Void) -> Void) -> [T] {
    var values: [T] = []
    visit { values.append($0) }
    return values
}

/// Reads JSON Lines from UTF-8 bytes, line by line as the same function
/// reads them from text. Each line is handed to `read` as a slice of `data`
/// (its indices continue those of `data`), not as a copy.
public func readJSONLines<T>(_ data: Data, read: (Data, _ line: Int) throws(FormatError) -> T) -> [Result<T, FormatError>] {
    collected { visitJSONLines(data, read: read, $0) }
}

/// Reads JSON Lines from UTF-8 bytes as `readJSONLines(_:read:)` does,
/// but hands each line's result to `body` as soon as it is read, in
/// order, and keeps none: memory holds one puzzle at a time.
///
/// - Parameters:
///   - data: the bytes; a leading byte-order mark is ignored.
///   - read: reads one line (a slice of `data`) that has the given 1-based number.
///   - body: called with each non-blank line's result, in the file's order.
public func visitJSONLines<T>(_ data: Data, read: (Data, _ line: Int) throws(FormatError) -> T,
                              _ body: (Result<T, FormatError>) -> Void) {
    // Split the bytes: a line ends at LF (a CR before it is dropped), and a
    // line of blanks is skipped.
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
        guard let base = bytes.baseAddress else { return }
        var number = 0
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start <= bytes.count {
            let end = memchr(base + start, 0x0A, bytes.count - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
            number += 1
            var last = end
            if last > start && bytes[last - 1] == 0x0D { last -= 1 }
            let line = start..<last
            start = end + 1
            guard line.contains(where: { bytes[$0] != 0x20 && bytes[$0] != 0x09 && bytes[$0] != 0x0D }) else { continue }
            body(Result { () throws(FormatError) -> T in
                try read(data[(data.startIndex + line.lowerBound)..<(data.startIndex + line.upperBound)], number)
            })
        }
    }
}

/// Reads a JSON array of puzzles: `read` is given each element's bytes and
/// the 1-based line it starts on; one result per element, so one bad element
/// does not hide the others, and its error names the element (`[2] …`).
/// Text that is not an array is one failure.
public func readJSONArray<T>(_ data: Data, file: String, read: (Data, _ line: Int) throws(FormatError) -> T) -> [Result<T, FormatError>] {
    collected { visitJSONArray(data, file: file, read: read, $0) }
}

/// Reads a JSON array of puzzles as ``readJSONArray(_:file:read:)`` does,
/// but hands each element's result to `body` as soon as it is read, in
/// order, and keeps none. The array is checked whole (one scan that keeps
/// only where each element is) before the first element is read, so text
/// that is not an array is still one failure and nothing else.
///
/// - Parameters:
///   - data: the file's bytes.
///   - file: the file's name, for the error of text that is not an array.
///   - read: reads one element's bytes, which start on the given 1-based line.
///   - body: called with each element's result, in the array's order.
public func visitJSONArray<T>(_ data: Data, file: String, read: (Data, _ line: Int) throws(FormatError) -> T,
                              _ body: (Result<T, FormatError>) -> Void) {
    var elements: [(range: Range<Int>, line: Int)] = []
    let whole = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
        var line = 1, depth = 0, start = -1, end = -1, startLine = 1
        var inString = false, escaped = false, sawArray = false
        for (i, byte) in raw.enumerated() {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                end = i + 1
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF:  // blanks and a byte-order mark
                continue
            case 0x5B where depth == 0:  // the array's [
                sawArray = true
                depth = 1
                continue
            case 0x2C where depth == 1, 0x5D where depth == 1:  // , or ] between elements
                if start >= 0 { elements.append((start..<end, startLine)) }
                start = -1
                if byte == 0x5D { depth = 0 }
                continue
            case 0x5B, 0x7B: depth += 1
            case 0x5D, 0x7D: depth -= 1
            case 0x22: inString = true
            default: break
            }
            if depth >= 1 && start < 0 { start = i; startLine = line }
            end = i + 1
        }
        return sawArray && depth == 0 && !inString
    }
    guard whole else {
        body(.failure(FormatError("expected a JSON array of puzzles", at: SourceLocation(file: file, line: 1))))
        return
    }
    for (index, element) in elements.enumerated() {
        body(Result { () throws(FormatError) -> T in
            do throws(FormatError) {
                let range = (data.startIndex + element.range.lowerBound)..<(data.startIndex + element.range.upperBound)
                return try read(Data(data[range]), element.line)
            } catch {
                throw FormatError("[\(index)] \(error.message)", at: error.location)
            }
        })
    }
}
