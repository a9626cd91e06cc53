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
public enum Feature: Int, CaseIterable, Sendable, Comparable, TechniqueTier {
    case shortSymbol
    case confusablePair
    case mediumSymbol
    case longSymbol
    case ambiguousWord
    case digit
    case punctuation

    public var code: String {
        switch self {
        case .shortSymbol: return "short-symbol"
        case .confusablePair: return "confusable-pair"
        case .mediumSymbol: return "medium-symbol"
        case .longSymbol: return "long-symbol"
        case .ambiguousWord: return "ambiguous-word"
        case .digit: return "digit"
        case .punctuation: return "punctuation"
        }
    }

    public var name: String {
        switch self {
        case .shortSymbol: return "Short symbol"
        case .confusablePair: return "Confusable pair"
        case .mediumSymbol: return "Medium symbol"
        case .longSymbol: return "Long symbol"
        case .ambiguousWord: return "Ambiguous word"
        case .digit: return "Digit"
        case .punctuation: return "Punctuation"
        }
    }

    public var rule: String {
        switch self {
        case .shortSymbol: return "A symbol of at most 5 time units (E T I A N S) is quick to hear and to tap."
        case .confusablePair: return "Two symbols of the exercise whose codes are one signal apart (E/T, S/H) are easily mixed up."
        case .mediumSymbol: return "A letter of 7 to 9 time units has three or four signals to hold in mind."
        case .longSymbol: return "A letter of 11 time units or more has several dashes to count."
        case .ambiguousWord: return "A word whose code, run together, decodes in at least 100,000 ways falls apart if a letter gap is missed."
        case .digit: return "A digit has five signals."
        case .punctuation: return "A punctuation mark has five to seven signals and is rarely practised."
        }
    }

    public var weight: Int {
        switch self {
        case .shortSymbol: return 1
        case .confusablePair: return 2
        case .mediumSymbol: return 2
        case .longSymbol: return 3
        case .ambiguousWord: return 3
        case .digit: return 4
        case .punctuation: return 5
        }
    }

    /// The difficulty of an exercise whose hardest feature this is.
    public var difficulty: Difficulty {
        switch self {
        case .shortSymbol, .confusablePair: return .beginner
        case .mediumSymbol, .longSymbol: return .intermediate
        case .ambiguousWord, .digit, .punctuation: return .advanced
        }
    }

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

    public static func < (a: Feature, b: Feature) -> Bool { a.rawValue < b.rawValue }
}
