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
/// Every list entry is graded (``Grader``); an exercise of a difficulty is
/// drawn from the entries graded exactly that difficulty, so generated
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

    /// The built-in words (or sentences) graded `difficulty`, in list order.
    public static func pool(sentences: Bool, difficulty: Difficulty) -> [String] {
        (sentences ? gradedSentences : gradedWords).filter { $0.difficulty == difficulty }.map(\.text)
    }

    private static let gradedWords = WordLists.allWords.map { (text: $0, difficulty: Grader.grade($0).difficulty) }
    private static let gradedSentences = WordLists.allSentences.map { (text: $0, difficulty: Grader.grade($0).difficulty) }

    public mutating func generateExercise(mode: ExerciseMode, difficulty: Difficulty) -> Puzzle {
        let all = Self.pool(sentences: mode.isSentence, difficulty: difficulty)
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
