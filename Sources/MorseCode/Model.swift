import PuzzleKit

/// One Morse signal: a short tap (dot) or a long one (dash).
public enum MorseSignal: String, Codable, Sendable, CaseIterable, Hashable {
    case dot
    case dash

    /// The signal as it is written in code text: `.` or `-`.
    public var symbol: Character { self == .dot ? "." : "-" }

    /// Its length in PARIS time units: 1 for a dot, 3 for a dash.
    public var units: Int { self == .dot ? 1 : 3 }

    /// The signal written as `character`, or `nil` for anything but `.` and `-`.
    public init?(_ character: Character) {
        switch character {
        case ".": self = .dot
        case "-": self = .dash
        default: return nil
        }
    }
}

/// What an exercise asks: read code and write text, or the other way round.
///
/// The raw values are the JSON spelling and
/// ``code`` the text-format and command-line spelling.
public enum ExerciseMode: String, Codable, Sendable, CaseIterable, Comparable {
    case codeToWord
    case codeToSentence
    case wordToCode
    case sentenceToCode

    /// The text-format and command-line spelling (`code-to-word`, …).
    public var code: String {
        switch self {
        case .codeToWord: return "code-to-word"
        case .codeToSentence: return "code-to-sentence"
        case .wordToCode: return "word-to-code"
        case .sentenceToCode: return "sentence-to-code"
        }
    }

    /// The mode spelled `code`, if any.
    public init?(code: String) {
        guard let mode = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = mode
    }

    /// Reads the JSON spelling (`wordToCode`) or the command-line spelling
    /// (`word-to-code`, as a level pack writes it).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let mode = Self(rawValue: text) ?? Self(code: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected one of \(Self.allCases.map(\.rawValue).joined(separator: ", ")) (or \(Self.allCases.map(\.code).joined(separator: ", "))), found '\(text)'")
        }
        self = mode
    }

    /// True when the prompt is code and the answer text.
    public var promptIsCode: Bool { self == .codeToWord || self == .codeToSentence }

    /// What the exercise asks of the learner: recognising codes (reading
    /// them, code to text) or producing them (sending, text to code).
    public var direction: Direction { promptIsCode ? .recognition : .production }

    /// True when the text side is a sentence (two words or more).
    public var isSentence: Bool { self == .codeToSentence || self == .sentenceToCode }

    public static func < (a: ExerciseMode, b: ExerciseMode) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// The skill an exercise practises, which the grade weighs differently.
public enum Direction: String, Sendable, CaseIterable {
    /// Code to text: the code is shown, with its letter gaps; the learner
    /// tells each code from those one signal away.
    case recognition
    /// Text to code: the learner recalls each symbol's code whole and sends
    /// it, keeping the letter gaps.
    case production
}

/// One exercise: the family's puzzle.
///
/// For the code-to-text modes the prompt is code text (``MorseText/encode(_:)``
/// form: letters apart by one space, words by ` / `) and the answer is upper
/// case text; for the text-to-code modes it is the other way round. The two
/// always agree: the code side encodes the text side.
public struct Puzzle: Codable, Sendable, Hashable {
    /// A stable id (the generator's `<mode>-<difficulty>-<seed>`, or a file name).
    public var id: String
    public var mode: ExerciseMode
    /// The difficulty the exercise was made for (metadata; ``Grader`` rates it).
    public var difficulty: Difficulty
    /// What the player is shown.
    public var prompt: String
    /// The expected answer, in canonical form.
    public var answer: String

    public init(id: String, mode: ExerciseMode, difficulty: Difficulty, prompt: String, answer: String) {
        self.id = id
        self.mode = mode
        self.difficulty = difficulty
        self.prompt = prompt
        self.answer = answer
    }

    /// The text side: the answer of a code-to-text exercise, else the prompt.
    public var text: String { mode.promptIsCode ? answer : prompt }

    /// The code side: the prompt of a code-to-text exercise, else the answer.
    public var code: String { mode.promptIsCode ? prompt : answer }
}
