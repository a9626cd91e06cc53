import Foundation
import PuzzleKit

/// Simulated players with a known solve-time model, for testing
/// `calibrate`: they "play" real generated puzzles of a family (with their
/// real grades' features) and write play log finish records whose times
/// follow the model. A test of the fitting, not evidence about children
/// (docs/CALIBRATION.md).
///
/// The model: `seconds = (base + Σ secondsPerStep[t] · steps_t +
/// secondsPerRound · rounds) · exp(σ·z − σ²/2)`, z standard normal (the
/// noise is lognormal with mean 1, so the model is the mean time). Each
/// game has a hint with chance ``hintRate`` (and then takes half as long
/// again), is given up with chance ``giveUpRate`` (after 30–90 % of its
/// time), and makes a Poisson number of mistakes with mean
/// ``mistakesPerStep`` × steps, which add no time beyond the noise.
public struct SimulatedPlayers: Sendable {
    /// Seconds of every puzzle.
    public var base: Double
    /// Seconds per step of each technique, by feature key (`steps_one-blank`).
    public var secondsPerStep: [String: Double]
    /// Seconds per round (the chain of steps that wait for each other).
    public var secondsPerRound: Double
    /// The noise's σ (of the time's logarithm).
    public var sigma: Double
    public var mistakesPerStep: Double
    public var hintRate: Double
    public var giveUpRate: Double

    /// The standard players of `family`: 20 s per puzzle, 2 s per step of
    /// the technique table's first technique and 1.5 s more for each later
    /// one (not proportional to the hand-set weights), 4 s per round,
    /// σ 0.25, 0.03 mistakes per step, a hint in 10 % of games, 3 % given up.
    ///
    /// - Parameter family: the family whose technique table sets the seconds.
    public static func standard<F: GradingFamily>(_ family: F) -> SimulatedPlayers {
        let codes = F.Technique.allCases.map { GradeResult.techniqueKeyPrefix + $0.code }
        return SimulatedPlayers(base: 20, secondsPerStep: Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, 2 + 1.5 * Double($0)) }),
                                secondsPerRound: 4, sigma: 0.25, mistakesPerStep: 0.03, hintRate: 0.1, giveUpRate: 0.03)
    }

    /// - Parameters:
    ///   - base: seconds of every puzzle.
    ///   - secondsPerStep: seconds per step of each technique, by feature key.
    ///   - secondsPerRound: seconds per round.
    ///   - sigma: the noise's σ.
    ///   - mistakesPerStep: the mean mistakes per step.
    ///   - hintRate: the chance of a game with a hint.
    ///   - giveUpRate: the chance of a game given up.
    public init(base: Double, secondsPerStep: [String: Double], secondsPerRound: Double, sigma: Double,
                mistakesPerStep: Double, hintRate: Double, giveUpRate: Double) {
        self.base = base
        self.secondsPerStep = secondsPerStep
        self.secondsPerRound = secondsPerRound
        self.sigma = sigma
        self.mistakesPerStep = mistakesPerStep
        self.hintRate = hintRate
        self.giveUpRate = giveUpRate
    }

    /// The model's mean seconds for a grade's features.
    ///
    /// - Parameter features: the grade's numeric fields.
    public func meanSeconds(_ features: [String: Double]) -> Double {
        var seconds = base + secondsPerRound * (features["rounds"] ?? 0)
        for key in secondsPerStep.keys.sorted() { seconds += (secondsPerStep[key] ?? 0) * (features[key] ?? 0) }
        return seconds
    }

    /// The true weights as a weights file would hold them (for comparing
    /// with a fit).
    public var trueWeights: [String: Double] {
        secondsPerStep.merging(["rounds": secondsPerRound]) { first, _ in first }
    }

    /// `solves` games of `family`, over `puzzles` puzzles (unique where the family can ask for it) generated
    /// from `seed` on (cycling through `profiles`; seeds that fail are
    /// skipped), played in turn by 25 players (`sim-01` …).
    ///
    /// - Parameters:
    ///   - family: the family.
    ///   - profiles: the profiles the puzzles cycle through.
    ///   - puzzles: how many distinct puzzles.
    ///   - solves: how many games.
    ///   - seed: the first puzzle seed and the seed of the players' randomness.
    /// - Returns: one finish record per game, in order.
    public func play<F: GradingFamily>(_ family: F, profiles: [F.Profile], puzzles: Int, solves: Int, seed: Int) -> [PlayFinishRecord] {
        var graded: [SimulatedPuzzle] = []
        var next = seed
        var attempts = 0
        let unique = family.unsupported(GenerationRequest(seed: seed, unique: true)) == nil
        while graded.count < puzzles && !profiles.isEmpty && attempts < 4 * puzzles {
            let profile = profiles[attempts % profiles.count]
            attempts += 1
            defer { next += 1 }
            guard let puzzle = try? family.generate(profile, GenerationRequest(seed: next, unique: unique)).puzzle,
                  let grade = try? family.grade(puzzle, solutionsUpTo2: nil, words: .none, timeLimit: DefaultBudget.time),
                  grade.complete else { continue }
            graded.append(SimulatedPuzzle(id: family.id(of: puzzle), profile: family.id(of: profile), seed: next, grade: grade))
        }
        guard !graded.isEmpty else { return [] }
        var rng = SplitMix64(seed: seed)
        return (0..<solves).map { i in
            let puzzle = graded[i % graded.count]
            let features = puzzle.grade.features
            var seconds = meanSeconds(features) * exp(sigma * rng.normal() - sigma * sigma / 2)
            let hints = rng.unit() < hintRate ? 1 : 0
            if hints > 0 { seconds *= 1.5 }
            let outcome: PlayOutcome = rng.unit() < giveUpRate ? .givenUp : .completed
            if outcome == .givenUp { seconds *= 0.3 + 0.6 * rng.unit() }
            let mistakes = rng.poisson(mistakesPerStep * Double(puzzle.grade.steps))
            let game = PlayGameInfo(player: (i % 25 < 9 ? "sim-0" : "sim-") + String(i % 25 + 1), game: "sim-\(i + 1)", kind: family.info.name,
                                    puzzle: puzzle.id, profile: puzzle.profile, seed: puzzle.seed, language: "en")
            return PlayFinishRecord(game: game, outcome: outcome, solveMs: Int((seconds * 1000).rounded()),
                                    moves: puzzle.grade.steps + mistakes + hints, mistakes: mistakes, hints: hints,
                                    label: puzzle.grade.label, score: puzzle.grade.score, features: features)
        }
    }
}

/// A graded puzzle the simulated players play.
private struct SimulatedPuzzle {
    var id: String
    var profile: String
    var seed: Int
    var grade: GradeResult
}

extension RandomNumberGenerator {
    /// A uniform number in [0, 1) from 53 random bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A standard normal number (Box–Muller).
    mutating func normal() -> Double {
        let u = 1 - unit(), v = unit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }

    /// A Poisson number with mean `mean` (Knuth's method, for small means).
    mutating func poisson(_ mean: Double) -> Int {
        let limit = exp(-mean)
        var count = 0, product = unit()
        while product > limit && count < 1000 {
            count += 1
            product *= unit()
        }
        return count
    }
}
