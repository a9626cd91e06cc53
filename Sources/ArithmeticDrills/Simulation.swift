import Foundation
import PuzzleKit

/// What ``simulateLearners(_:)`` replays.
public struct SimulationSettings: Sendable, Equatable {
    /// Synthetic learners, one after another (exercise ratings carry over).
    public var learners: Int = 200
    /// Answers per learner.
    public var answers: Int = 100
    public var seed: Int = 1
    /// Exercises per session; an exercise is never repeated within one.
    public var sessionLength: Int = 10
    public var difficulty: Difficulty = .hard
    /// True abilities are drawn from a normal distribution with mean 0 and
    /// this standard deviation.
    public var abilitySpread: Double = 1
    /// True exercise difficulties are the feature ratings plus normal noise
    /// with this standard deviation (the feature table is only a first guess).
    public var itemNoise: Double = 0.3
    /// The answer counts at which the report gives a row.
    public var checkpoints: [Int] = [0, 1, 2, 5, 10, 20, 30, 50, 75, 100]
    public var model: EloModel = .standard

    public init() {}
}

/// How the ability estimates of synthetic learners converged.
public struct SimulationReport: Sendable, Equatable {
    /// One row per checkpoint that lies within the answers simulated.
    public struct Row: Sendable, Equatable {
        /// Answers given so far.
        public var answers: Int
        /// Root mean square of estimate − true ability over the learners.
        public var rmse: Double
        /// Mean absolute error.
        public var meanAbsoluteError: Double
        /// Mean of estimate − true ability.
        public var bias: Double
        /// Share of right answers among the answers since the previous checkpoint.
        public var successRate: Double
    }

    public var settings: SimulationSettings
    public var rows: [Row]
    /// Right answers ÷ answers over the whole run.
    public var overallSuccess: Double
    /// Root mean square of exercise rating − true difficulty, before and
    /// after the run.
    public var itemRMSEBefore: Double
    public var itemRMSEAfter: Double

    /// The report's rows for CSV or JSON output (no success rate before the first answer).
    public var csvRows: [ReportRow] {
        rows.map { row in
            ReportRow([("answers", .int(row.answers)), ("rmse", .double(row.rmse)), ("meanAbsoluteError", .double(row.meanAbsoluteError)),
                       ("bias", .double(row.bias)), ("successRate", row.answers == 0 ? .null : .double(row.successRate))])
        }
    }
}

/// Replays synthetic learners through the adaptive model and measures how
/// fast each learner's ability estimate approaches the true ability.
///
/// Each learner has a fixed true ability; each answer is drawn from the
/// high-speed-high-stakes model (the score's density ∝ `exp(Δ·S)`, a right
/// answer when `S > 0`, time `d·(1 − |S|)`), scored and fed back into both
/// ratings. Estimates start at 0. Everything is drawn from one
/// `SplitMix64` seeded with `settings.seed`.
///
///     var settings = SimulationSettings()
///     settings.learners = 100
///     let report = simulateLearners(settings)
///     print(report.rows.last?.rmse ?? 0)
///
/// - Complexity: O(learners × answers × exercises).
public func simulateLearners(_ settings: SimulationSettings) -> SimulationReport {
    var rng = SplitMix64(seed: settings.seed)
    let model = settings.model
    var picker = AdaptivePicker(difficulty: settings.difficulty, model: model)
    let truth = picker.ratings.map { $0.rating + settings.itemNoise * normal(&rng) }
    let itemBefore = rootMeanSquare(zip(picker.ratings, truth).map { $0.rating - $1 })
    let n = max(0, settings.answers)
    var squared = [Double](repeating: 0, count: n + 1)
    var absolute = [Double](repeating: 0, count: n + 1)
    var signed = [Double](repeating: 0, count: n + 1)
    var right = [Int](repeating: 0, count: n + 1)
    var rightTotal = 0
    let learners = max(0, settings.learners)
    for _ in 0..<learners {
        let ability = settings.abilitySpread * normal(&rng)
        var estimate = EloRating()
        picker.newSession()
        func note(_ k: Int) {
            let error = estimate.rating - ability
            squared[k] += error * error
            absolute[k] += abs(error)
            signed[k] += error
        }
        note(0)
        for k in 1...max(1, n) where k <= n {
            if (k - 1) % max(1, settings.sessionLength) == 0 { picker.newSession() }
            guard let index = picker.nextIndex(ability: estimate.rating, using: &rng) else { break }
            let s = EloModel.sampleScore(delta: ability - truth[index], using: &rng)
            let correct = s > 0
            let time = model.deadline * (1 - abs(s))
            let score = model.score(correct: correct, time: time)
            let surprise = estimate.update(score: score, itemRating: picker.ratings[index].rating, model: model)
            picker.update(index: index, surprise: surprise)
            if correct {
                right[k] += 1
                rightTotal += 1
            }
            note(k)
        }
    }
    var rows: [SimulationReport.Row] = []
    var previous = 0
    let count = Double(max(1, learners))
    for checkpoint in Set(settings.checkpoints).sorted() where checkpoint >= 0 && checkpoint <= n {
        let window = checkpoint > previous ? right[(previous + 1)...checkpoint].reduce(0, +) : 0
        let answers = (checkpoint - previous) * learners
        rows.append(.init(answers: checkpoint, rmse: (squared[checkpoint] / count).squareRoot(),
                          meanAbsoluteError: absolute[checkpoint] / count, bias: signed[checkpoint] / count,
                          successRate: answers > 0 ? Double(window) / Double(answers) : 0))
        previous = checkpoint
    }
    let itemAfter = rootMeanSquare(zip(picker.ratings, truth).map { $0.rating - $1 })
    return SimulationReport(settings: settings, rows: rows,
                            overallSuccess: learners * n > 0 ? Double(rightTotal) / Double(learners * n) : 0,
                            itemRMSEBefore: itemBefore, itemRMSEAfter: itemAfter)
}

/// A uniform double in `[0, 1)` from 53 random bits.
func unitDouble(_ rng: inout some RandomNumberGenerator) -> Double {
    Double(rng.next() >> 11) * 0x1p-53
}

/// A standard normal deviate (Box–Muller).
func normal(_ rng: inout some RandomNumberGenerator) -> Double {
    let u = 1 - unitDouble(&rng)  // (0, 1]
    let v = unitDouble(&rng)
    return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
}

extension EloModel {
    /// A score drawn from the model's density ∝ `exp(Δ·S)` on `[−1, 1]` (by
    /// inverting its distribution function): the answer is right when the
    /// score is positive, and took `deadline·(1 − |S|)` seconds.
    public static func sampleScore(delta: Double, using rng: inout some RandomNumberGenerator) -> Double {
        let u = unitDouble(&rng)
        if abs(delta) < 1e-9 { return 2 * u - 1 }
        let low = exp(-delta), high = exp(delta)
        let s = log(low + u * (high - low)) / delta
        return min(1, max(-1, s))
    }
}

func rootMeanSquare(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    return (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
}
