import PuzzleKit

/// A graded exercise: every feature found, the score and the grade.
public struct GradeReport: Sendable, Equatable {
    /// One feature occurrence and what it concerns (`S`, `S/H`, `TELEGRAPH`).
    public struct Step: Sendable, Equatable {
        public var feature: Technique
        public var subject: String
        /// The symbols of the text (0-based, in reading order, gaps not
        /// counted) the occurrence is about: one symbol, a word's symbols, or
        /// every occurrence of a confusable pair's two symbols.
        public var symbols: [Int]
        /// The exercise's direction (reading or sending), which its weight and sentence follow.
        public var direction: Direction
        /// An ambiguous word's decodings run together (`nil` for the other features).
        public var decodings: PuzzleNumber?

        /// The occurrence is one symbol's own feature (its length or kind),
        /// so reading it decodes that symbol.
        public var decodesSymbol: Bool { feature != .confusablePair && feature != .ambiguousWord }

        /// The occurrence's part of the score: its feature's weight in the direction.
        public var points: Int { feature.weight(in: direction) }
    }

    public var steps: [Step]
    /// The sum of the steps' points.
    public var score: Int
    public var hardest: Technique?
    /// The difficulty of the hardest feature (Beginner without any).
    public var difficulty: Difficulty
    /// The text's length in PARIS time units.
    public var units: Int
    /// The signals of the text run together.
    public var signals: Int
    /// The most decodings of one word as the learner meets it (see ``TextMeasures``).
    public var maxWordAmbiguity: PuzzleNumber
}

/// What a text measures beside its features.
public struct TextMeasures: Sendable, Equatable {
    /// The text's length in PARIS time units.
    public var units: Int
    /// The signals of the text run together.
    public var signals: Int
    /// The most decodings of one word as the learner meets it: sending, of
    /// the word's code run together (what a receiver gets if the sender
    /// drops the letter gaps; a lower bound when it exceeds 64 bits in a
    /// build without the `GMP` trait); reading, of the word's code as the
    /// prompt shows it, with its letter gaps: 1, since every token is the
    /// code of exactly one symbol.
    public var maxWordAmbiguity: PuzzleNumber
}

/// Rates text (a symbol, a word or a sentence) by its features, in the
/// direction of the exercise; an exercise's grade is that of its text side.
///
///     let grade = Grader.grade("SOS", direction: .production)
///     print(grade.difficulty, grade.score, grade.hardest?.code ?? "-")
///     // Prints "intermediate 6 long-symbol"
public enum Grader {
    /// A word's run-together code with at least this many decodings is an
    /// ``Technique/ambiguousWord`` when sent.
    public static let ambiguityThreshold = 100_000

    /// Grades text read (`recognition`) or sent (`production`); text that
    /// does not encode grades as empty (no steps).
    public static func grade(_ text: String, direction: Direction) -> GradeReport {
        let words = (try? MorseText.words(of: text)) ?? []
        var steps: [GradeReport.Step] = []
        var next = 0
        for word in words {
            let symbols = Array(next..<next + word.count)
            for (symbol, index) in zip(word, symbols) {
                steps.append(.init(feature: Technique(symbol: symbol), subject: String(symbol), symbols: [index], direction: direction))
            }
            next += word.count
            let decodings = wordAmbiguity(word, direction: direction)
            if !(decodings < PuzzleNumber(ambiguityThreshold)) {
                steps.append(.init(feature: .ambiguousWord, subject: word, symbols: symbols, direction: direction, decodings: decodings))
            }
        }
        let all = Array(words.joined())
        let distinct = Set(all).sorted()
        for (i, a) in distinct.enumerated() {
            let near = MorseTable.neighbours(of: a)
            for b in distinct[(i + 1)...] where near.contains(b) {
                steps.append(.init(feature: .confusablePair, subject: "\(a)/\(b)",
                                   symbols: all.indices.filter { all[$0] == a || all[$0] == b }, direction: direction))
            }
        }
        let hardest = steps.map(\.feature).max()
        var score = 0
        for step in steps { score += step.points }
        let measures = measures(text, direction: direction)
        return GradeReport(steps: steps, score: score, hardest: hardest, difficulty: hardest?.difficulty ?? .beginner,
                          units: measures.units, signals: measures.signals, maxWordAmbiguity: measures.maxWordAmbiguity)
    }

    /// The decodings of a word as the learner meets it: reading, its code
    /// with the letter gaps the prompt shows, which decodes one way (each
    /// token is one symbol's code, and no two symbols share one); sending,
    /// its code run together (the sender keeps the gaps, or the word falls
    /// apart), `Int.max` when the count exceeds this build's numbers.
    static func wordAmbiguity(_ word: String, direction: Direction) -> PuzzleNumber {
        guard let code = try? MorseText.unspaced(word) else { return PuzzleNumber(0) }
        guard direction == .production else { return PuzzleNumber(1) }
        do {
            return try Solver.count(code)
        } catch {
            return PuzzleNumber(Int.max)
        }
    }

    /// The text's length in PARIS time units, its signals and the most
    /// decodings of one word as the learner meets it (the grade's own fields).
    public static func measures(_ text: String, direction: Direction) -> TextMeasures {
        let words = (try? MorseText.words(of: text)) ?? []
        return TextMeasures(units: (try? MorseText.units(of: text)) ?? 0, signals: ((try? MorseText.unspaced(text)) ?? "").count,
                            maxWordAmbiguity: words.map { wordAmbiguity($0, direction: direction) }.max() ?? PuzzleNumber(0))
    }

    /// Grades an exercise by its text side, in its mode's direction.
    public static func grade(_ exercise: Puzzle) -> GradeReport { grade(exercise.text, direction: exercise.mode.direction) }

    /// What a teacher reads for one feature occurrence, in English.
    public static func sentence(_ step: GradeReport.Step) -> String { sentence(step, in: .english) }

    /// What a teacher reads for one feature occurrence, in `language`: the
    /// symbol, its code and what makes it hard in the exercise's direction.
    public static func sentence(_ step: GradeReport.Step, in language: Language) -> String {
        let messages = MorseMessages.catalogue
        let reading = step.direction == .recognition
        let direction = reading ? "reading" : "sending"
        let points = language.number(step.points)
        switch step.feature {
        case .confusablePair:
            let pair = step.subject.split(separator: "/").map { symbol in
                messages.text("step.symbol.pair", language, ["symbol": String(symbol), "code": code(String(symbol))])
            }
            return messages.text("step.confusable-pair.\(direction)", count: step.symbols.count, language,
                                 ["pair": language.list(pair), "points": points])
        case .ambiguousWord:
            let signals = (try? MorseText.unspaced(step.subject))?.count ?? 0
            return messages.text("step.ambiguous-word", language, [
                "word": step.subject, "signals": language.number(signals), "points": points,
                "decodings": step.decodings?.description ?? messages.text("step.ambiguous-word.many", language),
            ])
        case .shortSymbol, .mediumSymbol, .longSymbol, .digit, .punctuation:
            let symbol = Character(step.subject)
            let code = MorseTable.code(for: symbol) ?? ""
            let kind: String
            switch step.feature {
            case .digit: kind = messages.text("kind.digit", language)
            case .punctuation: kind = messages.text("kind.punctuation.\(direction)", count: code.count, language)
            case .shortSymbol: kind = messages.text("kind.short", language)
            default: kind = messages.text("kind.signals.\(direction)", count: code.count, language)
            }
            // The slip a miscount makes: one signal fewer is another symbol's code.
            let shorter = MorseTable.character(for: String(code.dropLast()))
            return messages.text("step.symbol.\(direction)" + (shorter == nil ? "" : ".slip"), language, [
                "code": code, "symbol": String(symbol), "signals": signalCount(code, language),
                "units": messages.text("count.units", count: MorseTable.units(of: code), language),
                "kind": kind, "shorter": shorter.map { String($0) } ?? "", "points": points,
            ])
        }
    }

    /// A symbol's code as the sentences write it: `.-`.
    private static func code(_ symbol: String) -> String {
        symbol.first.flatMap { MorseTable.code(for: $0) } ?? ""
    }

    /// "3 dots", "1 dot and 2 dashes".
    private static func signalCount(_ code: String, _ language: Language) -> String {
        let dots = code.count { $0 == "." }, dashes = code.count - dots
        let messages = MorseMessages.catalogue
        let dotText = messages.text("count.dots", count: dots, language), dashText = messages.text("count.dashes", count: dashes, language)
        if dashes == 0 { return dotText }
        if dots == 0 { return dashText }
        return language.list([dotText, dashText])
    }
}
