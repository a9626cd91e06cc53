import Foundation

/// The Elo-style adaptive model of Math Garden (Klinkenberg, Straatemeier
/// and van der Maas 2011) with the high-speed-high-stakes scoring rule.
///
/// A child has an ability θ and an exercise a difficulty β, on one logit
/// scale. An answer within the deadline `d` after `t` seconds scores
/// `S = (2·correct − 1)·(1 − t/d)`: a fast right answer earns almost 1, a
/// fast wrong one costs almost 1, a slow one of either kind is near 0. Under
/// the model the density of S is proportional to `exp(Δ·S)` on `[−1, 1]`,
/// Δ = θ − β, so
///
/// - the expected score is `coth Δ − 1/Δ` (0 at Δ = 0),
/// - the chance of a right answer is `1 / (1 + exp(−Δ))`.
///
/// After each answer both ratings move by `K·(S − E)`. In this model (the
/// one before ``RatingConstants``, kept as the baseline `drills simulate`
/// compares against) the child's gain shrinks as answers accumulate,
/// `max(0.1, 4/(n + 4))`, the exercise's is a small constant, one deadline
/// holds for every exercise, and time away changes nothing; ``Player`` and
/// ``ItemBank`` use ``RatingConstants`` instead. The expected score, the
/// success chance and ``sampleScore(delta:using:)`` are shared by both. The
/// next exercise is the one whose rating is closest to `θ − logit(p)`, so
/// the child succeeds with about the target probability `p`.
public struct EloModel: Sendable, Equatable {
    /// Seconds after which an answer scores 0 either way.
    public var deadline: TimeInterval
    /// The success rate the choice of exercises aims at.
    public var targetSuccess: Double
    /// The child's gain is `max(minimumGain, gainScale / (answers + gainOffset))`.
    public var gainScale: Double
    public var gainOffset: Double
    public var minimumGain: Double
    /// The exercise's gain.
    public var itemGain: Double

    public init(deadline: TimeInterval = 20, targetSuccess: Double = 0.75, gainScale: Double = 4,
                gainOffset: Double = 4, minimumGain: Double = 0.1, itemGain: Double = 0.005) {
        self.deadline = deadline
        self.targetSuccess = targetSuccess
        self.gainScale = gainScale
        self.gainOffset = gainOffset
        self.minimumGain = minimumGain
        self.itemGain = itemGain
    }

    /// The model with the defaults above.
    public static let standard = EloModel()

    /// The high-speed-high-stakes score of an answer: `(2·correct − 1)·(1 − t/d)`,
    /// with `t` clamped to `0…d`.
    public func score(correct: Bool, time: TimeInterval, deadline: TimeInterval? = nil) -> Double {
        let d = max(deadline ?? self.deadline, 1e-9)
        let t = min(max(time, 0), d)
        return (correct ? 1 : -1) * (1 - t / d)
    }

    /// The expected score at ability − difficulty = `delta`: `coth Δ − 1/Δ`.
    public static func expectedScore(_ delta: Double) -> Double {
        if abs(delta) < 1e-4 { return delta / 3 }
        if abs(delta) > 30 { return delta > 0 ? 1 - 1 / delta : -1 - 1 / delta }
        return 1 / tanh(delta) - 1 / delta
    }

    /// The chance of a right answer at ability − difficulty = `delta`.
    public static func successProbability(_ delta: Double) -> Double {
        1 / (1 + exp(-delta))
    }

    /// The ability − difficulty gap that gives ``targetSuccess``: `logit(p)`.
    public var targetGap: Double {
        let p = min(max(targetSuccess, 0.01), 0.99)
        return log(p / (1 - p))
    }

    /// The child's gain after `answers` answers.
    public func gain(answers: Int) -> Double {
        max(minimumGain, gainScale / (Double(answers) + gainOffset))
    }
}

/// A rating on the model's logit scale — a child's ability or an exercise's
/// difficulty — with how many answers it rests on, its uncertainty `U` (see
/// ``RatingConstants``) and when it last moved.
public struct EloRating: Codable, Sendable, Equatable {
    public var rating: Double
    public var answers: Int
    /// The uncertainty `U`, 1 for a new rating (``RatingConstants``).
    public var uncertainty: Double
    /// When the latest answer was rated (`nil` before the first, and in
    /// ratings of version 2 files, which did not record it).
    public var lastAnswer: Date?

    public init(rating: Double = 0, answers: Int = 0, uncertainty: Double = 1, lastAnswer: Date? = nil) {
        self.rating = rating
        self.answers = answers
        self.uncertainty = uncertainty
        self.lastAnswer = lastAnswer
    }

    enum CodingKeys: String, CodingKey {
        case rating, answers, uncertainty, lastAnswer
    }

    /// Reads a rating; a version 2 rating has only `rating` and `answers`
    /// (its uncertainty is then derived from the answers).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rating = try c.decode(Double.self, forKey: .rating)
        answers = try c.decode(Int.self, forKey: .answers)
        let constants = RatingConstants.standard
        uncertainty = try c.decodeIfPresent(Double.self, forKey: .uncertainty)
            ?? constants.bounded(constants.startUncertainty - constants.uncertaintyPerAnswer * Double(max(0, answers)))
        lastAnswer = try c.decodeIfPresent(Date.self, forKey: .lastAnswer)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rating, forKey: .rating)
        try c.encode(answers, forKey: .answers)
        try c.encode(uncertainty, forKey: .uncertainty)
        try c.encodeIfPresent(lastAnswer, forKey: .lastAnswer)
    }

    /// The 1/n schedule of ``EloModel`` (the model before the uncertainty
    /// one; kept for comparison): moves the rating after an answer that scored `score` on an exercise
    /// rated `itemRating`. Returns the surprise `S − E` (the exercise's rating
    /// moves by `−itemGain·surprise`).
    @discardableResult
    public mutating func update(score: Double, itemRating: Double, model: EloModel = .standard) -> Double {
        let surprise = score - EloModel.expectedScore(rating - itemRating)
        rating += model.gain(answers: answers) * surprise
        answers += 1
        return surprise
    }
}

/// Chooses exercises for a child: the one whose rating is closest to the
/// ability estimate minus the target gap, never one already used in the
/// session.
///
///     var picker = AdaptivePicker(difficulty: .hard)
///     var rng = SplitMix64(seed: 1)
///     let next = picker.next(ability: 0.5, using: &rng)
public struct AdaptivePicker: Sendable {
    public var model: EloModel
    /// Every exercise of the difficulty and its current rating, sorted.
    public var ratings: [(exercise: Exercise, rating: Double)]
    /// Exercises used in the current session.
    public private(set) var used: Set<Exercise> = []

    /// A picker over every exercise of `difficulty`, rated by its features.
    public init(difficulty: Difficulty, model: EloModel = .standard) {
        self.model = model
        self.ratings = Exercise.all(difficulty).map { ($0, $0.features.initialRating) }
    }

    /// A picker over every exercise of `difficulty`, rated by `bank` where
    /// the child has met the exercise and by its features elsewhere, aiming
    /// at ``RatingConstants/targetSuccess``.
    public init(difficulty: Difficulty, bank: ItemBank, constants: RatingConstants = .standard) {
        var model = EloModel.standard
        model.targetSuccess = constants.targetSuccess
        self.model = model
        self.ratings = Exercise.all(difficulty).map { ($0, bank[$0]?.rating.rating ?? $0.features.initialRating) }
    }

    /// Starts a new session: exercises may be used again.
    public mutating func newSession() { used.removeAll() }

    /// The index in ``ratings`` of the next exercise, or `nil` when the
    /// session has used them all. Among exercises equally close to the
    /// aim (within 0.01), one is drawn with `rng`.
    public mutating func nextIndex(ability: Double, using rng: inout some RandomNumberGenerator) -> Int? {
        let aim = ability - model.targetGap
        var best: [Int] = []
        var bestDistance = Double.infinity
        for (i, entry) in ratings.enumerated() where !used.contains(entry.exercise) {
            let distance = abs(entry.rating - aim)
            if distance < bestDistance - 0.01 {
                best = [i]
                bestDistance = distance
            } else if distance <= bestDistance + 0.01 {
                best.append(i)
                bestDistance = min(bestDistance, distance)
            }
        }
        best = best.filter { abs(ratings[$0].rating - aim) <= bestDistance + 0.01 }
        guard !best.isEmpty else { return nil }
        let choice = best[rng.index(below: best.count)]
        used.insert(ratings[choice].exercise)
        return choice
    }

    /// The next exercise (see ``nextIndex(ability:using:)``).
    public mutating func next(ability: Double, using rng: inout some RandomNumberGenerator) -> Exercise? {
        nextIndex(ability: ability, using: &rng).map { ratings[$0].exercise }
    }

    /// Moves the rating of the exercise at `index` after a surprise `S − E`.
    public mutating func update(index: Int, surprise: Double) {
        guard ratings.indices.contains(index) else { return }
        ratings[index].rating -= model.itemGain * surprise
    }
}
