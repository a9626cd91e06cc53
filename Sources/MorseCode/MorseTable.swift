import PuzzleKit

/// The international Morse code (ITU-R M.1677-1): letters, digits and
/// punctuation, with lookups both ways.
///
///     print(MorseTable.code(for: "S") ?? "", MorseTable.character(for: "....") ?? "?")
///     // Prints "... H"
public enum MorseTable {
    /// What kind of symbol a character is; the grader weighs them apart.
    public enum Kind: Sendable, Equatable {
        case letter, digit, punctuation
    }

    /// Every symbol and its code, letters A–Z, then digits 0–9, then punctuation.
    public static let entries: [(character: Character, code: String)] = table
        .split(whereSeparator: \.isWhitespace)
        .map { (character: $0.first ?? " ", code: String($0.dropFirst())) }

    /// The table as `<symbol><code>` tokens apart by blanks (one string
    /// keeps the type checker fast where a long literal of tuples does not).
    private static let table = """
        A.- B-... C-.-. D-.. E. F..-. G--. H.... I..
        J.--- K-.- L.-.. M-- N-. O--- P.--. Q--.- R.-.
        S... T- U..- V...- W.-- X-..- Y-.-- Z--.. 0-----
        1.---- 2..--- 3...-- 4....- 5..... 6-.... 7--... 8---.. 9----.
        ..-.-.- ,--..-- ?..--.. '.----. !-.-.-- /-..-. (-.--. )-.--.- &.-...
        :---... ;-.-.-. =-...- +.-.-. --....- _..--.- ".-..-. $...-..- @.--.-.
        """

    private static let codeByCharacter: [Character: String] = Dictionary(uniqueKeysWithValues: entries.map { ($0.character, $0.code) })
    private static let characterByCode: [String: Character] = Dictionary(uniqueKeysWithValues: entries.map { ($0.code, $0.character) })

    /// The letters A–Z with their codes, alphabetically.
    public static let letters: [(character: Character, code: String)] = Array(entries.prefix(26))

    /// The code of `character` (letters in either case), or `nil` when the
    /// table has none.
    public static func code(for character: Character) -> String? {
        codeByCharacter[Character(character.uppercased())]
    }

    /// A code as boards and drawings write it: `•` and `−` with thin
    /// spaces between (`.-` → `• −`).
    public static func drawn(_ code: String) -> String {
        code.map { $0 == "." ? "•" : "−" }.joined(separator: "\u{2009}")
    }

    /// The symbol whose code is `code` (dots and dashes, no blanks), or `nil`.
    public static func character(for code: String) -> Character? {
        characterByCode[code]
    }

    /// The symbol of a signal sequence, or `nil`.
    public static func character(for signals: [MorseSignal]) -> Character? {
        characterByCode[String(signals.map(\.symbol))]
    }

    /// The signals of a code string (`nil` when it holds anything but `.` and `-`).
    public static func signals(of code: String) -> [MorseSignal]? {
        var result: [MorseSignal] = []
        for c in code {
            guard let s = MorseSignal(c) else { return nil }
            result.append(s)
        }
        return result
    }

    /// The kind of a symbol of the table (`nil` for others).
    public static func kind(of character: Character) -> Kind? {
        guard let upper = code(for: character).map({ _ in Character(character.uppercased()) }) else { return nil }
        if upper.isASCII && upper.isLetter { return .letter }
        if upper.isASCII && upper.isNumber { return .digit }
        return .punctuation
    }

    /// The length of a code in PARIS time units: a dot is 1, a dash 3, and
    /// the gap between two signals of one symbol 1 (`.-` is 5 units).
    public static func units(of code: String) -> Int {
        guard !code.isEmpty else { return 0 }
        var units = code.count - 1
        for signal in code { units += signal == "-" ? 3 : 1 }
        return units
    }

    /// The symbols of the table whose codes are one edit from `character`'s,
    /// in table order: those a listener confuses it with.
    public static func neighbours(of character: Character) -> [Character] {
        guard let own = code(for: character), let symbol = self.character(for: own) else { return [] }
        return neighbourLists[symbol] ?? []
    }

    /// ``neighbours(of:)`` of every symbol, computed once.
    private static let neighbourLists: [Character: [Character]] = Dictionary(uniqueKeysWithValues: entries.map { entry in
        (entry.character, entries.filter { $0.code != entry.code && editDistance($0.code, entry.code) == 1 }.map(\.character))
    })
}
