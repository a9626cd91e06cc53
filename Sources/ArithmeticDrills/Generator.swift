import PuzzleKit

/// Draws exercises of one difficulty at an exact feature score, never
/// repeating one within a session.
///
///     var generator = DrillGenerator(difficulty: .hard)
///     var rng = SplitMix64(seed: 3)
///     let exercise = generator.next(score: 5, using: &rng)  // an exercise scoring exactly 5
public struct DrillGenerator: Sendable {
    public let difficulty: Difficulty
    /// Exercises already used in this session.
    public private(set) var used: Set<Exercise> = []
    /// Every valid exercise of the difficulty with its score and grade, sorted.
    private let catalogue: [(exercise: Exercise, score: Int, label: String)]

    public init(difficulty: Difficulty) {
        self.difficulty = difficulty
        self.catalogue = Exercise.all(difficulty).map { ($0, $0.features.score, $0.features.label) }
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
    /// - Throws: ``PuzzleKit/GenerationFailure`` `too-few-exercises` when the
    ///   difficulty has fewer such exercises than the sheet needs.
    public static func sheet(_ profile: DrillProfile, seed: Int, label: String? = nil) throws(GenerationFailure) -> Sheet {
        var generator = DrillGenerator(difficulty: profile.difficulty)
        let pool = generator.candidates(score: profile.target, label: label)
        guard pool.count >= profile.length, profile.length > 0 else {
            let what = [profile.target.map { "score \($0)" }, label.map { "grade \($0)" }].compactMap { $0 }.joined(separator: " and ")
            throw GenerationFailure(reason: "too-few-exercises",
                                    "\(profile.difficulty.name) has \(pool.count) exercises\(what.isEmpty ? "" : " with \(what)"), a sheet needs \(profile.length)")
        }
        var rng = SplitMix64(seed: seed)
        var exercises: [Exercise] = []
        for _ in 0..<profile.length {
            guard let e = generator.next(score: profile.target, label: label, using: &rng) else { break }
            exercises.append(e)
        }
        return Sheet(id: "\(profile.id)-\(seed)", difficulty: profile.difficulty, target: profile.target, exercises: exercises)
    }
}
