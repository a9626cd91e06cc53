import PuzzleKit

/// Making exercises.
public protocol PuzzleGenerating {
    /// An exercise of `mode` whose grade is `difficulty`.
    mutating func generateExercise(mode: ExerciseMode, difficulty: Difficulty) -> Puzzle
    /// The next symbol to practise.
    mutating func getNextSymbol() -> Character
}

/// Draws exercises from the built-in lists with a seeded `SplitMix64`.
///
/// Every list entry is graded (``Grader``) in both directions; an exercise
/// of a difficulty is drawn from the entries graded exactly that difficulty
/// in its mode's direction, so generated
/// exercises always grade as asked. With weak symbols (from a
/// ``ProgressRecord``), entries holding one of them are preferred whenever
/// any of the right difficulty does.
///
///     var generator = Generator(seed: 7)
///     let exercise = generator.generateExercise(mode: .codeToWord, difficulty: .beginner)
///     print(exercise.prompt, "→", exercise.answer)
public struct Generator: PuzzleGenerating, Sendable {
    public var rng: SplitMix64
    /// Symbols to favour, weakest first.
    public var weakSymbols: [Character]
    private var drawn = 0

    public init(seed: Int, weakSymbols: [Character] = []) {
        rng = SplitMix64(seed: seed)
        self.weakSymbols = weakSymbols
    }

    /// The built-in words (or sentences, for a sentence mode) graded
    /// `difficulty` in `mode`'s direction, in list order.
    public static func pool(_ mode: ExerciseMode, difficulty: Difficulty) -> [String] {
        (mode.isSentence ? gradedSentences : gradedWords).filter { $0.difficulty[mode.direction] == difficulty }.map(\.text)
    }

    private static let gradedWords = WordLists.allWords.map(gradedBothWays)
    private static let gradedSentences = WordLists.allSentences.map(gradedBothWays)

    private static func gradedBothWays(_ text: String) -> (text: String, difficulty: [Direction: Difficulty]) {
        (text, Dictionary(uniqueKeysWithValues: Direction.allCases.map { ($0, Grader.grade(text, direction: $0).difficulty) }))
    }

    public mutating func generateExercise(mode: ExerciseMode, difficulty: Difficulty) -> Puzzle {
        let all = Self.pool(mode, difficulty: difficulty)
        let weak = Set(weakSymbols.map { Character($0.uppercased()) })
        let favoured = all.filter { $0.contains { weak.contains($0) } }
        let pool = favoured.isEmpty ? all : favoured
        let text = pool.isEmpty ? "E" : pool[rng.index(below: pool.count)]
        let normal = (try? MorseText.normalize(text)) ?? text
        let code = (try? MorseText.encode(text)) ?? "."
        drawn += 1
        return Puzzle(id: "\(Profile(mode: mode, difficulty: difficulty).id)-\(drawn)", mode: mode, difficulty: difficulty,
                        prompt: mode.promptIsCode ? code : normal, answer: mode.promptIsCode ? normal : code)
    }

    /// A weak symbol half of the time (when there are any), otherwise a
    /// letter, uniformly.
    public mutating func getNextSymbol() -> Character {
        if !weakSymbols.isEmpty && rng.chance(1, in: 2) {
            return weakSymbols[rng.index(below: weakSymbols.count)]
        }
        return MorseTable.letters[rng.index(below: MorseTable.letters.count)].character
    }

    /// The exercise of one seed: the same profile and seed give the same
    /// exercise, with the id `<profile id>-<seed>`.
    public static func generate(_ profile: Profile, seed: Int, weakSymbols: [Character] = []) -> Puzzle {
        var generator = Generator(seed: seed, weakSymbols: weakSymbols)
        var exercise = generator.generateExercise(mode: profile.mode, difficulty: profile.difficulty)
        exercise.id = "\(profile.id)-\(seed)"
        return exercise
    }
}
