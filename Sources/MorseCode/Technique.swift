import PuzzleKit

/// What makes Morse hard to read or send, easiest first: the one weight table
/// the grader, its explanations and the generator's difficulty targeting
/// derive from. An exercise is weighed by its ``Direction``: recognising
/// codes (code to text) or producing them (text to code).
///
/// | feature | rule | weight reading | weight sending | grade |
/// |---|---|---|---|---|
/// | ``shortSymbol`` | a symbol of at most 5 time units (E T I A N S) | 1 | 1 | Beginner |
/// | ``confusablePair`` | two symbols of the exercise one signal apart (E/T, S/H) | 2 | 1 | Beginner |
/// | ``mediumSymbol`` | a letter of 7–9 units (H U R D K G W V F L B M) | 2 | 3 | Intermediate |
/// | ``longSymbol`` | a letter of 11 units or more (C J O P Q X Y Z) | 3 | 4 | Intermediate |
/// | ``ambiguousWord`` | sending only: a word whose code, run together, decodes in ≥ 100,000 ways | — | 3 | Advanced |
/// | ``digit`` | a digit (five signals) | 4 | 5 | Advanced |
/// | ``punctuation`` | a punctuation mark (five to seven signals) | 5 | 6 | Advanced |
///
/// Sending recalls every code whole, with nothing to look at, so each symbol
/// longer than the shortest weighs one more than reading it; reading weighs a
/// confusable pair more, since the shown code must be told from its
/// neighbour signal by signal (sending shows the two letters apart). Reading
/// never meets an ambiguous word: the prompt shows the letter gaps.
public enum Technique: Int, CaseIterable, Sendable, Comparable, TechniqueTier {
    case shortSymbol
    case confusablePair
    case mediumSymbol
    case longSymbol
    case ambiguousWord
    case digit
    case punctuation

    /// (code, weight reading, weight sending, difficulty): the table's row.
    /// The names and rules people read are in ``MorseMessages``.
    private var entry: (code: String, reading: Int, sending: Int, difficulty: Difficulty) {
        switch self {
        case .shortSymbol: return ("short-symbol", 1, 1, .beginner)
        case .confusablePair: return ("confusable-pair", 2, 1, .beginner)
        case .mediumSymbol: return ("medium-symbol", 2, 3, .intermediate)
        case .longSymbol: return ("long-symbol", 3, 4, .intermediate)
        case .ambiguousWord: return ("ambiguous-word", 3, 3, .advanced)
        case .digit: return ("digit", 4, 5, .advanced)
        case .punctuation: return ("punctuation", 5, 6, .advanced)
        }
    }

    public var code: String { entry.code }
    public static var catalogue: Catalogue { MorseMessages.catalogue }
    /// The weight when sending, the heavier direction (`TechniqueTier`'s one
    /// weight column); a grade weighs each occurrence by ``weight(in:)``.
    public var weight: Int { entry.sending }

    /// The weight of one occurrence in an exercise of `direction`.
    public func weight(in direction: Direction) -> Int {
        direction == .recognition ? entry.reading : entry.sending
    }

    /// The difficulty of an exercise whose hardest feature this is.
    public var difficulty: Difficulty { entry.difficulty }

    public var gradeLabel: String { difficulty.label }

    /// The feature of one symbol of the table (length or kind).
    public init(symbol: Character) {
        switch MorseTable.kind(of: symbol) {
        case .digit: self = .digit
        case .punctuation, nil: self = .punctuation
        case .letter:
            let units = MorseTable.units(of: MorseTable.code(for: symbol) ?? "")
            if units <= 5 {
                self = .shortSymbol
            } else if units <= 9 {
                self = .mediumSymbol
            } else {
                self = .longSymbol
            }
        }
    }

    public static func < (a: Technique, b: Technique) -> Bool { a.rawValue < b.rawValue }
}
