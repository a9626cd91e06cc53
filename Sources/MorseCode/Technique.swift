import PuzzleKit

/// What makes Morse hard to read or send, easiest first: the one weight table
/// the grader, its explanations and the generator's difficulty targeting
/// derive from.
///
/// | feature | rule | weight | grade |
/// |---|---|---|---|
/// | ``shortSymbol`` | a symbol of at most 5 time units (E T I A N S) | 1 | Beginner |
/// | ``confusablePair`` | two symbols of the exercise one signal apart (E/T, S/H) | 2 | Beginner |
/// | ``mediumSymbol`` | a letter of 7–9 units (H U R D K G W V F L B M) | 2 | Intermediate |
/// | ``longSymbol`` | a letter of 11 units or more (C J O P Q X Y Z) | 3 | Intermediate |
/// | ``ambiguousWord`` | a word whose unspaced code decodes in ≥ 100,000 ways | 3 | Advanced |
/// | ``digit`` | a digit (five signals) | 4 | Advanced |
/// | ``punctuation`` | a punctuation mark (five to seven signals) | 5 | Advanced |
public enum Technique: Int, CaseIterable, Sendable, Comparable, TechniqueTier {
    case shortSymbol
    case confusablePair
    case mediumSymbol
    case longSymbol
    case ambiguousWord
    case digit
    case punctuation

    /// (code, name, one-line rule, weight, difficulty): the table's row.
    private var entry: (code: String, name: String, rule: String, weight: Int, difficulty: Difficulty) {
        switch self {
        case .shortSymbol:
            return ("short-symbol", "Short symbol", "A symbol of at most 5 time units (E T I A N S) is quick to hear and to tap.", 1, .beginner)
        case .confusablePair:
            return ("confusable-pair", "Confusable pair", "Two symbols of the exercise whose codes are one signal apart (E/T, S/H) are easily mixed up.", 2, .beginner)
        case .mediumSymbol:
            return ("medium-symbol", "Medium symbol", "A letter of 7 to 9 time units has three or four signals to hold in mind.", 2, .intermediate)
        case .longSymbol:
            return ("long-symbol", "Long symbol", "A letter of 11 time units or more has several dashes to count.", 3, .intermediate)
        case .ambiguousWord:
            return ("ambiguous-word", "Ambiguous word", "A word whose code, run together, decodes in at least 100,000 ways falls apart if a letter gap is missed.", 3, .advanced)
        case .digit:
            return ("digit", "Digit", "A digit has five signals.", 4, .advanced)
        case .punctuation:
            return ("punctuation", "Punctuation", "A punctuation mark has five to seven signals and is rarely practised.", 5, .advanced)
        }
    }

    public var code: String { entry.code }
    public var name: String { entry.name }
    public var rule: String { entry.rule }
    public var weight: Int { entry.weight }
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
