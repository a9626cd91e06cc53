import PuzzleKit

/// A graded exercise: every feature found, the score and the grade.
public struct GradeReport: Sendable, Equatable {
    /// One feature occurrence and what it concerns (`S`, `S/H`, `TELEGRAPH`).
    public struct Step: Sendable, Equatable {
        public var feature: Technique
        public var subject: String
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
        var maxAmbiguity = PuzzleNumber(0)
        for word in words {
            for symbol in word { steps.append(.init(feature: Technique(symbol: symbol), subject: String(symbol))) }
            let ambiguity = wordAmbiguity(word)
            if maxAmbiguity < ambiguity { maxAmbiguity = ambiguity }
            if !(ambiguity < PuzzleNumber(ambiguityThreshold)) {
                steps.append(.init(feature: .ambiguousWord, subject: word))
            }
        }
        let distinct = Set(words.joined()).sorted()
        for (i, a) in distinct.enumerated() {
            let near = MorseTable.neighbours(of: a)
            for b in distinct[(i + 1)...] where near.contains(b) {
                steps.append(.init(feature: .confusablePair, subject: "\(a)/\(b)"))
            }
        }
        let hardest = steps.map(\.feature).max()
        var score = 0
        for step in steps { score += step.feature.weight }
        return GradeReport(steps: steps, score: score, hardest: hardest, difficulty: hardest?.difficulty ?? .beginner,
                          units: (try? MorseText.units(of: text)) ?? 0,
                          signals: ((try? MorseText.unspaced(text)) ?? "").count, maxWordAmbiguity: maxAmbiguity)
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

    /// Grades an exercise by its text side.
    public static func grade(_ exercise: Puzzle) -> GradeReport { grade(exercise.text) }

    /// The steps as sentences, easiest first (`EasiestFirst`), for
    /// explanations and hints.
    public static func explain(_ grade: GradeReport) -> [String] {
        EasiestFirst.order(grade.steps.map(\.feature)).map { i in
            let step = grade.steps[i]
            return "\(step.subject): \(step.feature.name.lowercased()) (weight \(step.feature.weight)) — \(step.feature.rule)"
        }
    }
}
