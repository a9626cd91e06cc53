/// Code text: the written form of Morse code, with letter and word gaps.
///
/// A symbol is its dots and dashes (`.-`); symbols of one word are apart by
/// one space (the 3-unit letter gap) and words by ` / ` (the 7-unit word
/// gap). Text is upper case words apart by one space.
///
///     print(try MorseText.encode("sos help"))
///     // Prints "... --- ... / .... . .-.. .--."
///     print(try MorseText.decode("... --- ... / .... . .-.. .--."))
///     // Prints "SOS HELP"
public enum MorseText {
    /// Why text or code text does not convert.
    public enum Fault: Error, Sendable, Equatable, CustomStringConvertible {
        /// A character the Morse table does not hold (1-based position).
        case unknownCharacter(Character, position: Int)
        /// A token that is not the code of a symbol (1-based token index).
        case unknownCode(String, token: Int)
        /// A `/` at the start or end, or two in a row.
        case misplacedWordGap(token: Int)
        /// Nothing to convert.
        case empty

        public var description: String {
            switch self {
            case .unknownCharacter(let c, let position):
                return "'\(c)' (character \(position)) has no Morse code; expected letters, digits or . , ? ' ! / ( ) & : ; = + - _ \" $ @"
            case .unknownCode(let code, let token):
                return "'\(code)' (token \(token)) is not the code of a symbol; expected dots and dashes of a letter, digit or punctuation mark, or '/' between words"
            case .misplacedWordGap(let token):
                return "'/' (token \(token)) must stand between two words"
            case .empty:
                return "expected at least one symbol"
            }
        }
    }

    /// The canonical text: upper case, words apart by one space.
    ///
    /// - Throws: ``Fault`` for a character without a code, or empty text.
    public static func normalize(_ text: String) throws(Fault) -> String {
        try words(of: text).joined(separator: " ")
    }

    /// The upper-case words of text split at blanks (spaces, tabs, newlines).
    ///
    /// - Throws: ``Fault`` for a character without a code, or empty text.
    public static func words(of text: String) throws(Fault) -> [String] {
        for (offset, c) in text.enumerated() where !c.isWhitespace && MorseTable.code(for: c) == nil {
            throw .unknownCharacter(c, position: offset + 1)
        }
        let words = text.uppercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { throw .empty }
        return words
    }

    /// Encodes text into code text (letters apart by a space, words by ` / `).
    ///
    /// - Throws: ``Fault`` for a character without a code, or empty text.
    public static func encode(_ text: String) throws(Fault) -> String {
        try words(of: text).map { word in
            word.compactMap { MorseTable.code(for: $0) }.joined(separator: " ")
        }.joined(separator: " / ")
    }

    /// The codes of code text, one array of symbol codes per word.
    ///
    /// Tokens are split at blanks; `/` separates words.
    ///
    /// - Throws: ``Fault`` for a token that is no symbol's code, a misplaced
    ///   `/`, or empty code text.
    public static func codeWords(of code: String) throws(Fault) -> [[String]] {
        let tokens = code.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !tokens.isEmpty else { throw .empty }
        var words: [[String]] = [[]]
        for (index, token) in tokens.enumerated() {
            if token == "/" {
                guard let last = words.last, !last.isEmpty, index + 1 < tokens.count else { throw .misplacedWordGap(token: index + 1) }
                words.append([])
            } else {
                guard MorseTable.character(for: token) != nil else { throw .unknownCode(token, token: index + 1) }
                words[words.count - 1].append(token)
            }
        }
        return words
    }

    /// Decodes code text into upper-case text, words apart by one space.
    ///
    /// - Throws: ``Fault`` for a token that is no symbol's code, a misplaced
    ///   `/`, or empty code text.
    public static func decode(_ code: String) throws(Fault) -> String {
        try codeWords(of: code).map { word in
            String(word.compactMap { MorseTable.character(for: $0) })
        }.joined(separator: " ")
    }

    /// The canonical code text of valid code text (single spaces, ` / `).
    public static func normalizeCode(_ code: String) throws(Fault) -> String {
        try codeWords(of: code).map { $0.joined(separator: " ") }.joined(separator: " / ")
    }

    /// The code of text with every gap removed: the signal string a listener
    /// hears when the sender runs letters and words together.
    public static func unspaced(_ text: String) throws(Fault) -> String {
        try words(of: text).joined().compactMap { MorseTable.code(for: $0) }.joined()
    }

    /// The length of text sent in Morse, in PARIS time units: symbols, 3-unit
    /// letter gaps and 7-unit word gaps (`PARIS` is 43, plus a 7-unit word
    /// gap makes the standard 50-unit word).
    public static func units(of text: String) throws(Fault) -> Int {
        let words = try words(of: text)
        var units = 7 * (words.count - 1)
        for word in words {
            units += 3 * (word.count - 1)
            for symbol in word { units += MorseTable.units(of: MorseTable.code(for: symbol) ?? "") }
        }
        return units
    }

    /// The length of one PARIS time unit, in seconds, at `wordsPerMinute`:
    /// 60 s ÷ (50 units × wpm) = 1.2 s ÷ wpm.
    public static func unitSeconds(wordsPerMinute: Double) -> Double { 1.2 / wordsPerMinute }
}
