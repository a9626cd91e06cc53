import Foundation

/// How a file's puzzles are written.
public enum PuzzleSource {
    /// The form of a file: by extension (the family's text extension,
    /// `json`, `jsonl`), else by content — JSON when the first meaningful
    /// character is `{` or `[` (JSON Lines when every line is an object),
    /// the text format otherwise.
    public static func form(path: String, text: String, textExtension: String) -> PuzzleFormat {
        if let form = form(path: path, textExtension: textExtension) { return form }
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" } }
            .filter { !$0.isEmpty }
        guard let first = lines.first?.first, first == "{" || first == "[" else { return .text }
        return first == "{" && lines.allSatisfy({ $0.first == "{" }) ? .jsonl : .json
    }

    /// The form a file's extension names, if it names one.
    private static func form(path: String, textExtension: String) -> PuzzleFormat? {
        switch (path as NSString).pathExtension.lowercased() {
        case textExtension: return .text
        case "json": return .json
        case "jsonl": return .jsonl
        default: return nil
        }
    }

    /// Every puzzle of a file, by the one rule every family's
    /// ``PuzzleFamily/read(_:file:)`` follows: UTF-8 text; the form as
    /// ``form(path:text:textExtension:)`` tells it; the text format one
    /// puzzle or several apart by blank lines (``textPuzzles(of:file:)``),
    /// JSON Lines one per non-blank line, JSON one object or an array of
    /// them (one result per element), and a level pack (``PuzzlePack``) the
    /// puzzles of its levels. A puzzle that does not read is
    /// one failure; the others still read. The results of
    /// ``visit(_:file:textExtension:text:json:_:)``, collected.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the file's name, for the form and for error locations.
    ///   - textExtension: the family's text format extension.
    ///   - text: reads one puzzle of the family's text format.
    ///   - json: reads one JSON object that starts on the given line.
    public static func read<Puzzle>(_ data: Data, file: String, textExtension: String,
                                    text: (TextPuzzle) throws(FormatError) -> Puzzle,
                                    json: (Data, _ line: Int) throws(FormatError) -> Puzzle) -> [Result<Puzzle, FormatError>] {
        collected { visit(data, file: file, textExtension: textExtension, text: text, json: json, $0) }
    }

    /// Reads every puzzle of a file as ``read(_:file:textExtension:text:json:)``
    /// does and hands each result to `body` in the file's order as soon as
    /// it is read, keeping none, so a file of JSON Lines, a JSON array or a
    /// pack costs the memory of one puzzle at a time. (A text file with
    /// several puzzles is read whole first: when one of them fails, the
    /// file may be one puzzle written with blank lines inside.)
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the file's name, for the form and for error locations.
    ///   - textExtension: the family's text format extension.
    ///   - text: reads one puzzle of the family's text format.
    ///   - json: reads one JSON object that starts on the given line.
    ///   - body: called with each puzzle's result.
    public static func visit<Puzzle>(_ data: Data, file: String, textExtension: String,
                                     text: (TextPuzzle) throws(FormatError) -> Puzzle,
                                     json: (Data, _ line: Int) throws(FormatError) -> Puzzle,
                                     _ body: (Result<Puzzle, FormatError>) -> Void) {
        let notUTF8 = FormatError("expected UTF-8 text", at: SourceLocation(file: file, line: 1))
        // JSON Lines named by the extension are split from the bytes, with
        // no text made of the whole file, a leading byte-order mark dropped
        // as the conversion to text drops it. The bytes are checked as UTF-8
        // before the first line is read, since a file that is not is one
        // failure and nothing else. A pack is a pack whatever its name
        // (`pack --out levels.jsonl` writes one).
        if let error = secondByteOrderMark(data, file: file) { return body(.failure(error)) }
        let jsonLines = form(path: file, textExtension: textExtension) == .jsonl
        let string = jsonLines ? nil : String(data: data, encoding: .utf8)
        guard jsonLines ? isUTF8(data) : string != nil else { return body(.failure(notUTF8)) }
        do throws(FormatError) {
            if let puzzles = try PuzzlePack.puzzleArray(data, file: file) { return visitJSONArray(puzzles, file: file, read: json, body) }
        } catch {
            return body(.failure(error))
        }
        guard let string else {
            return visitJSONLines(data.starts(with: byteOrderMark) ? data.dropFirst(3) : data, read: json, body)
        }
        switch form(path: file, text: string, textExtension: textExtension) {
        case .text:
            readText(string, file: file, read: text).forEach(body)
        case .jsonl:
            visitJSONLines(Data(string.utf8), read: json, body)
        case .json where string.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }) == "[":
            visitJSONArray(data, file: file, read: json, body)
        case .json:
            body(Result { () throws(FormatError) -> Puzzle in try json(data, 1) })
        }
    }

    /// The puzzles of a text file, apart by blank lines. A file that reads
    /// as one puzzle but not as several (a puzzle written with blank lines
    /// inside, which the formats allowed before a file could hold several
    /// puzzles) is that one puzzle.
    ///
    /// - Parameters:
    ///   - string: the file's text.
    ///   - file: the file's name, for error locations and ids.
    ///   - read: reads one puzzle of the family's text format.
    public static func readText<Puzzle>(_ string: String, file: String,
                                        read: (TextPuzzle) throws(FormatError) -> Puzzle) -> [Result<Puzzle, FormatError>] {
        let puzzles: [TextPuzzle]
        do { puzzles = try textPuzzles(of: string, file: file) } catch { return [.failure(error)] }
        let results = puzzles.map { puzzle in Result { () throws(FormatError) -> Puzzle in try read(puzzle) } }
        guard puzzles.count > 1, results.contains(where: { if case .failure = $0 { true } else { false } }) else { return results }
        let whole = TextPuzzle(lines: puzzles.flatMap(\.lines), file: file, id: TextPuzzle.id(file: file))
        guard let puzzle = try? read(whole) else { return results }
        return [.success(puzzle)]
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The error for a file that starts with two byte-order marks, or `nil`:
    /// docs/FORMATS.md section 0 lets a file start with one, which readers
    /// drop; a second would be dropped too by readers that drop one at each
    /// step, so every reader of a whole file asks here first.
    public static func secondByteOrderMark(_ data: Data, file: String) -> FormatError? {
        guard data.starts(with: byteOrderMark), data.dropFirst(byteOrderMark.count).starts(with: byteOrderMark) else { return nil }
        return FormatError("a second byte-order mark; a file may start with one only", at: SourceLocation(file: file, line: 1))
    }

    /// What content detection (``PuzzleFamily/recognizes(_:)``) reads of a
    /// file not named by its extension: when the file is JSON (its first
    /// character after blanks is `{`, or `[` and then `{`), the keys of its
    /// first object — the first line of JSON Lines, the first element of an
    /// array — at every depth, each once in the order first met, written as
    /// one object `{"key":null,…}`, so the keys that decide the family are
    /// seen whatever their order and however long the values before them,
    /// and no value can look like a key; otherwise the first 4 KiB. The cost
    /// is one scan of that object, never of the rest of the file.
    public static func detectionHead(_ data: Data) -> String {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> String in
            let bytes = raw.bindMemory(to: UInt8.self)
            var i = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
            while i < bytes.count, isBlank(bytes[i]) { i += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: "[") {
                i += 1
                while i < bytes.count, isBlank(bytes[i]) { i += 1 }
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else {
                return String(decoding: UnsafeBufferPointer(rebasing: bytes.prefix(4096)), as: UTF8.self)
            }
            var keys: [String] = []
            var seen = Set<String>()
            var depth = 0
            scan: while i < bytes.count {
                let byte = bytes[i]
                i += 1
                switch byte {
                case UInt8(ascii: "\""):
                    // A string, escapes kept as written; a key when a colon follows it.
                    let start = i - 1
                    var escaped = false
                    while i < bytes.count {
                        let c = bytes[i]
                        i += 1
                        if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") { break }
                    }
                    var after = i
                    while after < bytes.count, isBlank(bytes[after]) { after += 1 }
                    if after < bytes.count, bytes[after] == UInt8(ascii: ":") {
                        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                        if seen.insert(key).inserted { keys.append(key) }
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { break scan }
                default: break
                }
            }
            return "{" + keys.map { $0 + ":null" }.joined(separator: ",") + "}"
        }
    }

    /// Whether `data` is valid UTF-8, as `String(validating:as:)` judges it.
    /// ASCII bytes are passed over 32 or eight at a time; each stretch of other
    /// bytes between them is validated on its own, which judges the whole
    /// alike: an ASCII byte is never part of a longer sequence, so a valid
    /// text is ASCII bytes and valid stretches, and so is nothing else.
    static func isUTF8(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            let high: UInt64 = 0x8080_8080_8080_8080
            var at = 0
            while at < bytes.count {
                while bytes.count - at >= 32, (bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                    | bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)
                    | bytes.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self)
                    | bytes.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self)) & high == 0 { at += 32 }
                while bytes.count - at >= 8, bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self) & high == 0 { at += 8 }
                while at < bytes.count, bytes[at] < 0x80 { at += 1 }
                let start = at
                while at < bytes.count, bytes[at] >= 0x80 { at += 1 }
                if at > start, String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<at]).assumingMemoryBound(to: UInt8.self), as: UTF8.self) == nil {
                    return false
                }
            }
            return true
        }
    }
}
