import PuzzleKit

/// Draws exercises of one difficulty at an exact feature score, never
/// repeating one within a session.
///
///     var generator = Generator(difficulty: .hard)
///     var rng = SplitMix64(seed: 3)
///     let exercise = generator.next(score: 5, using: &rng)  // an exercise scoring exactly 5
public struct Generator: Sendable {
    public let difficulty: Difficulty
    /// Exercises already used in this session.
    public private(set) var used: Set<Exercise> = []
    /// Every valid exercise of the difficulty with its score and grade, sorted.
    private let catalogue: [Entry]

    private typealias Entry = (exercise: Exercise, score: Int, label: String)

    /// The catalogue of every difficulty, scored once (scoring every
    /// exercise is most of the cost of a sheet).
    private static let catalogues: [Difficulty: [Entry]] = Dictionary(uniqueKeysWithValues: Difficulty.allCases.map { difficulty in
        (difficulty, Exercise.all(difficulty).map { (exercise: $0, score: $0.features.score, label: $0.features.label) })
    })

    public init(difficulty: Difficulty) {
        self.difficulty = difficulty
        self.catalogue = Self.catalogues[difficulty] ?? []
    }

    /// Every valid exercise of the difficulty with exactly `score` (any score
    /// when `nil`) and, when given, exactly the grade `label`; sorted.
    public func candidates(score: Int? = nil, label: String? = nil) -> [Exercise] {
        catalogue.filter { entry in
            (score.map { entry.score == $0 } ?? true) && (label.map { entry.label == $0 } ?? true)
        }.map(\.exercise)
    }

    /// The scores some exercise of the difficulty has, ascending.
    public var scores: [Int] { Array(Set(catalogue.map(\.score))).sorted() }

    /// Starts a new session: exercises may be used again.
    public mutating func newSession() { used.removeAll() }

    /// An exercise with exactly `score` not yet used in this session, drawn
    /// uniformly, or `nil` when none is left.
    public mutating func next(score: Int? = nil, label: String? = nil, using rng: inout some RandomNumberGenerator) -> Exercise? {
        let open = candidates(score: score, label: label).filter { !used.contains($0) }
        guard !open.isEmpty else { return nil }
        let exercise = open[rng.index(below: open.count)]
        used.insert(exercise)
        return exercise
    }

    /// A sheet for `profile` from `seed`: `profile.length` different
    /// exercises, each scoring exactly the profile's target (and grading
    /// `label` when given), in random order.
    ///
    /// - Throws: `GenerationFailure` `too-few-exercises` when the
    ///   difficulty has fewer such exercises than the sheet needs.
    public static func sheet(_ profile: Profile, seed: Int, label: String? = nil) throws(GenerationFailure) -> Puzzle {
        let pool = Generator(difficulty: profile.difficulty).candidates(score: profile.target, label: label)
        guard pool.count >= profile.length, profile.length > 0 else {
            let what = [profile.target.map { "score \($0)" }, label.map { "grade \($0)" }].compactMap { $0 }.joined(separator: " and ")
            throw GenerationFailure(reason: "too-few-exercises",
                                    "\(profile.difficulty.name) has \(pool.count) exercises\(what.isEmpty ? "" : " with \(what)"), a sheet needs \(profile.length)")
        }
        // The draws of `next`, without filtering the catalogue for each: the
        // exercises not yet drawn, in catalogue order.
        var rng = SplitMix64(seed: seed)
        var open = pool
        var exercises: [Exercise] = []
        for _ in 0..<profile.length {
            exercises.append(open.remove(at: rng.index(below: open.count)))
        }
        return Puzzle(id: "\(profile.id)-\(seed)", difficulty: profile.difficulty, target: profile.target, exercises: exercises)
    }
}
