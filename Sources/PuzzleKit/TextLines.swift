import Foundation

/// One token of a text-format line and the 1-based column where it starts
/// (counted in characters).
public struct Token: Sendable, Equatable {
    public var text: Substring
    public var column: Int

    public init(text: Substring, column: Int) {
        self.text = text
        self.column = column
    }
}

/// A meaningful line of a PuzzleLab text format: neither blank nor a comment.
public struct TextLine: Sendable {
    /// The 1-based line number in the file.
    public var number: Int
    /// The line with leading and trailing blanks removed.
    public var content: Substring
    /// The line split at runs of spaces and tabs.
    public var tokens: [Token]
    /// Whether a blank line lies between this line and the meaningful line
    /// before it: where ``textPuzzles(of:file:)`` starts the next puzzle.
    public var followsBlankLine = false
}

/// One puzzle of a text file: its meaningful lines, and the id it takes when
/// its format names none (its own `id:` header wins where the format has one).
public struct TextPuzzle: Sendable {
    /// The puzzle's meaningful lines, numbered as in the file.
    public var lines: [TextLine]
    /// The file's name, for error locations.
    public var file: String
    /// The file's name without folder and extension (`stdin` for `-`), with
    /// `-` and the puzzle's number after it in a file of several puzzles.
    public var id: String

    /// - Parameters:
    ///   - lines: the puzzle's meaningful lines.
    ///   - file: the file's name, for error locations.
    ///   - id: the puzzle's id when its format names none.
    public init(lines: [TextLine], file: String, id: String) {
        self.lines = lines
        self.file = file
        self.id = id
    }

    /// The id of a file's only puzzle: its name without folder and
    /// extension, `stdin` for `-`.
    public static func id(file: String) -> String {
        file == "-" ? "stdin" : ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}

/// The puzzles of a text file (docs/FORMATS.md section 0): its meaningful
/// lines, a new puzzle starting at each line that follows a blank line.
/// Comments (also between puzzles) and blank lines before the first line
/// start nothing. A file of one puzzle gives its id from the file's name
/// (``TextPuzzle/id(file:)``); puzzle *i* of several gets `-i` after it.
///
/// - Throws: ``FormatError`` at the first stray `#`.
public func textPuzzles(of text: String, file: String) throws(FormatError) -> [TextPuzzle] {
    var parts: [[TextLine]] = []
    for line in try meaningfulLines(of: text, file: file) {
        if line.followsBlankLine || parts.isEmpty { parts.append([]) }
        parts[parts.count - 1].append(line)
    }
    let id = TextPuzzle.id(file: file)
    guard parts.count > 1 else { return [TextPuzzle(lines: parts.first ?? [], file: file, id: id)] }
    return parts.enumerated().map { TextPuzzle(lines: $1, file: file, id: "\(id)-\($0 + 1)") }
}

/// Splits text into the meaningful lines of the shared lexical rules
/// (docs/FORMATS.md section 0).
///
/// A leading byte-order mark is dropped; lines end in LF or CRLF; blanks are
/// spaces and tabs; blank lines and lines whose first non-blank character is
/// `#` are skipped. A `#` anywhere else is an error, since the formats have no
/// trailing comments, and so is a control character other than the tab in a
/// line that is not a comment (a lone CR is not a line end).
///
/// - Throws: ``FormatError`` at the first stray `#` or control character.
public func meaningfulLines(of text: String, file: String) throws(FormatError) -> [TextLine] {
    var body = Substring(text)
    if body.first == "\u{FEFF}" { body = body.dropFirst() }
    var result: [TextLine] = []
    var number = 0
    var blank = false
    // Split on "\n" only; "\r\n" is one Character in Swift, so split on both.
    for line in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
        number += 1
        let tokens = tokenize(line)
        guard let first = tokens.first else {
            blank = !result.isEmpty
            continue
        }
        if first.text.first == "#" { continue }
        if line.unicodeScalars.contains(where: \.isNonTabControl),
           let control = line.firstIndex(where: { $0.unicodeScalars.contains(where: \.isNonTabControl) }) {
            let hex = String(line[control].unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)
            let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            throw FormatError(
                "a control character (U+\(code)) inside a line; lines end in LF or CRLF",
                at: SourceLocation(file: file, line: number, column: line.distance(from: line.startIndex, to: control) + 1))
        }
        if let hash = tokens.first(where: { $0.text.contains("#") }) {
            let offset = hash.text.firstIndex(of: "#").map { hash.text.distance(from: hash.text.startIndex, to: $0) } ?? 0
            throw FormatError(
                "'#' starts a comment only at the beginning of a line",
                at: SourceLocation(file: file, line: number, column: hash.column + offset))
        }
        // The line without blanks at either end (it has a token, so a non-blank character).
        let start = line.drop(while: isBlank)
        let content = start[..<(start.lastIndex(where: { !isBlank($0) }).map(start.index(after:)) ?? start.endIndex)]
        result.append(TextLine(number: number, content: Substring(String(content)), tokens: tokens, followsBlankLine: blank))
        blank = false
    }
    return result
}

private func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }

extension Unicode.Scalar {
    /// A control character (Unicode category Cc) other than the tab: what a
    /// line of the text formats may not hold (docs/FORMATS.md section 0).
    public var isNonTabControl: Bool {
        (value < 0x20 && self != "\t") || (0x7F...0x9F).contains(value)
    }
}

private func tokenize(_ line: Substring) -> [Token] {
    var tokens: [Token] = []
    var column = 1
    var start: Substring.Index?
    var startColumn = 0
    var index = line.startIndex
    while index < line.endIndex {
        let c = line[index]
        if isBlank(c) {
            if let s = start {
                tokens.append(Token(text: line[s..<index], column: startColumn))
                start = nil
            }
        } else if start == nil {
            start = index
            startColumn = column
        }
        column += 1
        index = line.index(after: index)
    }
    if let s = start { tokens.append(Token(text: line[s...], column: startColumn)) }
    return tokens
}

/// Why a token is not a valid integer under the shared lexical rules.
public enum IntegerTokenError: Error, Sendable, Equatable {
    /// Not all ASCII digits (a sign, a separator, a letter…).
    case notDigits
    /// More than one digit and a leading zero.
    case leadingZero
    /// Digits only, but more than this build can represent.
    case tooLarge
}

/// Parses a puzzle number (any size the build represents) under the shared
/// lexical rules.
public func parsePuzzleNumber(_ text: Substring) -> Result<PuzzleNumber, IntegerTokenError> {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return .failure(.notDigits) }
    if text.utf8.count > 1 && text.utf8.first == 0x30 { return .failure(.leadingZero) }
    guard let value = PuzzleNumber(decimalDigits: text) else { return .failure(.tooLarge) }
    return .success(value)
}

/// Parses a non-negative decimal integer under the shared lexical rules: ASCII
/// digits only, no sign, no leading zeros except `0` itself.
public func parseNonNegativeInteger(_ text: Substring) -> Result<Int, IntegerTokenError> {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return .failure(.notDigits) }
    if text.utf8.count > 1 && text.utf8.first == 0x30 { return .failure(.leadingZero) }
    guard let value = Int(text) else { return .failure(.tooLarge) }
    return .success(value)
}

extension IntegerTokenError {
    /// A message for a token that should have been an integer.
    public func message(for token: Substring, expected: String = "a non-negative integer") -> String {
        switch self {
        case .notDigits: return "expected \(expected) (ASCII digits, no sign), found '\(token)'"
        case .leadingZero: return "expected \(expected) without leading zeros, found '\(token)'"
        case .tooLarge: return "the integer '\(token)' does not fit in 64 bits (the largest is \(Int.max)); this build cannot represent it (build with --traits GMP for larger numbers)"
        }
    }
}

/// A header line of the `key: value` text formats.
public struct HeaderLine: Sendable, Equatable {
    /// The key: the line's leading word of ASCII letters.
    public var key: String
    /// The line's tokens after the colon (a token may start right after it,
    /// as in `pool:5`).
    public var values: [Token]
    /// The 1-based column just after the colon.
    public var valueColumn: Int

    /// The header `line` holds, or `nil` when it does not start with a word
    /// of letters followed by `:` (blanks are allowed before the colon).
    public init?(_ line: TextLine) {
        let content = line.content
        let key = content.prefix(while: { $0.isASCII && $0.isLetter })
        guard !key.isEmpty else { return nil }
        let afterKey = content[key.endIndex...].drop(while: { $0 == " " || $0 == "\t" })
        guard afterKey.first == ":" else { return nil }
        let colonColumn = content.distance(from: content.startIndex, to: afterKey.startIndex) + (line.tokens.first?.column ?? 1)
        var values: [Token] = []
        for token in line.tokens where token.column + token.text.count - 1 > colonColumn {
            if token.column <= colonColumn {
                values.append(Token(text: token.text.dropFirst(colonColumn - token.column + 1), column: colonColumn + 1))
            } else {
                values.append(token)
            }
        }
        self.key = String(key)
        self.values = values
        valueColumn = colonColumn + 1
    }
}

/// The keys of the `key: value` lines of `head` (a word of ASCII letters,
/// optional blanks, then `:`), in order; comment lines are passed over. The
/// families' content detection reads the keys their formats require.
///
///     headerKeys(of: "# a level\nid: x\nmode: straight\n6 8\n")
///     // ["id", "mode"]
public func headerKeys(of head: String) -> [String] {
    head.split(whereSeparator: \.isNewline).compactMap { raw in
        let line = raw.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
        let key = line.prefix { $0.isASCII && $0.isLetter }
        guard !key.isEmpty, line.dropFirst(key.count).drop(while: { $0 == " " || $0 == "\t" }).first == ":" else { return nil }
        return String(key)
    }
}
