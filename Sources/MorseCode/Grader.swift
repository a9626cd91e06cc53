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

        /// The occurrence is one symbol's own feature (its length or kind),
        /// so reading it decodes that symbol.
        public var decodesSymbol: Bool { feature != .confusablePair && feature != .ambiguousWord }
    }

    public var steps: [Step]
    /// The sum of the steps' weights.
    public var score: Int
    public var hardest: Technique?
    /// The difficulty of the hardest feature (Beginner without any).
    public var difficulty: Difficulty
    /// The text's length in PARIS time units.
    public var units: Int
    /// The signals of the text run together.
    public var signals: Int
    /// The most decodings of one word's unspaced code (a lower bound when
    /// it exceeds 64 bits in a build without the `GMP` trait).
    public var maxWordAmbiguity: PuzzleNumber
}

/// What a text measures beside its features.
public struct TextMeasures: Sendable, Equatable {
    /// The text's length in PARIS time units.
    public var units: Int
    /// The signals of the text run together.
    public var signals: Int
    /// The most decodings of one word's unspaced code (a lower bound when
    /// it exceeds 64 bits in a build without the `GMP` trait).
    public var maxWordAmbiguity: PuzzleNumber
}

/// Rates text (a symbol, a word or a sentence) by its features; an
/// exercise's grade is that of its text side.
///
///     let grade = Grader.grade("SOS")
///     print(grade.difficulty, grade.score, grade.hardest?.code ?? "-")
///     // Prints "intermediate 5 long-symbol"
public enum Grader {
    /// A word's unspaced code with at least this many decodings is an
    /// ``Technique/ambiguousWord``.
    public static let ambiguityThreshold = 100_000

    /// Grades text; text that does not encode grades as empty (no steps).
    public static func grade(_ text: String) -> GradeReport {
        let words = (try? MorseText.words(of: text)) ?? []
        var steps: [GradeReport.Step] = []
        var next = 0
        for word in words {
            let symbols = Array(next..<next + word.count)
            for (symbol, index) in zip(word, symbols) {
                steps.append(.init(feature: Technique(symbol: symbol), subject: String(symbol), symbols: [index]))
            }
            next += word.count
            if !(wordAmbiguity(word) < PuzzleNumber(ambiguityThreshold)) {
                steps.append(.init(feature: .ambiguousWord, subject: word, symbols: symbols))
            }
        }
        let all = Array(words.joined())
        let distinct = Set(all).sorted()
        for (i, a) in distinct.enumerated() {
            let near = MorseTable.neighbours(of: a)
            for b in distinct[(i + 1)...] where near.contains(b) {
                steps.append(.init(feature: .confusablePair, subject: "\(a)/\(b)",
                                   symbols: all.indices.filter { all[$0] == a || all[$0] == b }))
            }
        }
        let hardest = steps.map(\.feature).max()
        var score = 0
        for step in steps { score += step.feature.weight }
        let measures = measures(text)
        return GradeReport(steps: steps, score: score, hardest: hardest, difficulty: hardest?.difficulty ?? .beginner,
                          units: measures.units, signals: measures.signals, maxWordAmbiguity: measures.maxWordAmbiguity)
    }

    /// The decodings of a word's unspaced code into letters; `Int.max` when
    /// the count exceeds this build's numbers.
    static func wordAmbiguity(_ word: String) -> PuzzleNumber {
        guard let code = try? MorseText.unspaced(word) else { return PuzzleNumber(0) }
        do {
            return try Solver.count(code)
        } catch {
            return PuzzleNumber(Int.max)
        }
    }

    /// The text's length in PARIS time units, its signals and the most
    /// decodings of one word's unspaced code (the grade's own fields).
    public static func measures(_ text: String) -> TextMeasures {
        let words = (try? MorseText.words(of: text)) ?? []
        return TextMeasures(units: (try? MorseText.units(of: text)) ?? 0, signals: ((try? MorseText.unspaced(text)) ?? "").count,
                            maxWordAmbiguity: words.map(wordAmbiguity).max() ?? PuzzleNumber(0))
    }

    /// Grades an exercise by its text side.
    public static func grade(_ exercise: Puzzle) -> GradeReport { grade(exercise.text) }

    /// What a person reads for one feature occurrence.
    public static func sentence(_ step: GradeReport.Step) -> String {
        "\(step.subject): \(step.feature.name.lowercased()) (weight \(step.feature.weight)) — \(step.feature.rule)"
    }
}
