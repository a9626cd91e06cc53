import Foundation
import PuzzleKit

/// How a simulated learner's true ability moves: up with practice, down
/// with time away.
///
/// A learner starts at ability `θ₀` and has a practice ceiling `G`; the
/// learned part `p` (0 at the start) moves a share `1/practiceAnswers` of
/// the way to `G` with every answer, and shrinks by the factor
/// `exp(−forgettingPerDay · days)` over a break. True ability is `θ₀ + p`,
/// so after `n` answers without breaks `p = G·(1 − (1 − 1/τ)ⁿ)` — about
/// `G·(1 − e^(−n/τ))` with τ = `practiceAnswers`.
public struct LearningCurve: Sendable, Equatable {
    /// `G` is drawn uniformly from `lowestGain … highestGain` per learner.
    public var lowestGain: Double = 0.5
    public var highestGain: Double = 2.5
    /// τ: answers for the learned part to cover about 63 % of the way to `G`.
    public var practiceAnswers: Double = 60
    /// Share of the learned part lost per day away (as a rate).
    public var forgettingPerDay: Double = 0.02

    public init() {}

    /// Learners who neither learn nor forget (the old simulation's).
    public static let none: LearningCurve = {
        var curve = LearningCurve()
        curve.lowestGain = 0
        curve.highestGain = 0
        curve.forgettingPerDay = 0
        return curve
    }()
}

/// What ``simulateTracking(_:)`` replays: one cohort of learners, answering
/// in sessions with breaks between them, rated once by the current model
/// (``EloModel``: 1/n gain with a floor, constant item gain) and once by the
/// uncertainty model (``RatingConstants``).
public struct TrackingSettings: Sendable, Equatable {
    public var learners: Int = 500
    /// Answers per learner.
    public var answers: Int = 200
    public var seed: Int = 1
    /// Answers per session; an exercise is never repeated within one.
    public var sessionLength: Int = 10
    public var difficulty: Difficulty = .hard
    /// Standard deviation of the starting abilities (mean 0).
    public var abilitySpread: Double = 1
    /// True difficulties are the feature ratings plus normal noise of this spread.
    public var itemNoise: Double = 0.5
    public var learning: LearningCurve = LearningCurve()
    /// Learners join on a day drawn uniformly from `0 ..< arrivalDays`, so
    /// the bank always sees some new children (as a live system does).
    public var arrivalDays: Int = 7
    /// Days between sessions: 1 … `longestShortBreak` (uniform), or with
    /// probability `holidayChance` a holiday of `shortestHoliday … longestHoliday` days.
    public var longestShortBreak: Int = 3
    public var holidayChance: Double = 0.1
    public var shortestHoliday: Int = 7
    public var longestHoliday: Int = 28
    /// An answer that would be wrong with a score below `skipBelow` (a
    /// quick wrong guess) is a "?" instead with this probability.
    public var skipShare: Double = 0.3
    public var skipBelow: Double = -0.5
    /// Answer counts (per learner) at which the ability table gives a row.
    public var checkpoints: [Int] = [0, 1, 5, 10, 20, 30, 50, 75, 100, 150, 200]
    /// Answer counts (over the whole cohort) at which the item table gives a row.
    public var itemCheckpoints: [Int] = [0, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000]
    public var legacy: EloModel = .standard
    public var constants: RatingConstants = .standard

    public init() {}
}

/// The two models ``simulateTracking(_:)`` compares.
public enum TrackingModel: String, Sendable, CaseIterable {
    /// ``EloModel``: child gain `max(0.1, 4/(n+4))`, item gain 0.005, no time.
    case current
    /// ``RatingConstants``: gains from both uncertainties, which rise with time away.
    case uncertainty
}

/// How well each model followed the cohort.
public struct TrackingReport: Sendable, Equatable {
    /// The ability error after `answers` answers of every learner.
    public struct AbilityRow: Sendable, Equatable {
        public var answers: Int
        /// Mean day (since the learner's first session) of that answer.
        public var meanDay: Double
        /// Mean true ability at that answer.
        public var meanAbility: Double
        /// Root mean square of estimate − true ability, per model (``TrackingModel`` order).
        public var rmse: [Double]
        /// Mean of estimate − true ability, per model.
        public var bias: [Double]
        /// Share of right answers since the previous row, per model.
        public var successRate: [Double]
    }

    /// The exercise rating error after `answers` answers in the whole bank.
    public struct ItemRow: Sendable, Equatable {
        public var answers: Int
        /// Root mean square of rating − true difficulty over the range's exercises, per model.
        public var rmse: [Double]
    }

    public var settings: TrackingSettings
    public var ability: [AbilityRow]
    public var items: [ItemRow]
    /// Sessions that follow a holiday, and the ability RMSE per model just
    /// before their first answer and after their last.
    public var holidaySessions: Int
    public var holidayBefore: [Double]
    public var holidayAfter: [Double]
    /// Share of skipped answers ("?") over the run, per model.
    public var skipRate: [Double]

    /// Long-format rows for CSV or JSON: `table` (`ability`, `items`,
    /// `holiday-before`, `holiday-after`), `model`, `answers`, `meanDay`,
    /// `meanAbility`, `rmse`, `bias`, `successRate`.
    public var csvRows: [ReportRow] {
        var rows: [ReportRow] = []
        func row(_ table: String, _ model: TrackingModel, answers: Int, day: Double?, ability: Double?, rmse: Double,
                 bias: Double?, success: Double?) -> ReportRow {
            ReportRow([("table", .string(table)), ("model", .string(model.rawValue)), ("answers", .int(answers)),
                       ("meanDay", day.map(ReportValue.double) ?? .null), ("meanAbility", ability.map(ReportValue.double) ?? .null),
                       ("rmse", .double(rmse)), ("bias", bias.map(ReportValue.double) ?? .null),
                       ("successRate", success.map(ReportValue.double) ?? .null)])
        }
        for (m, model) in TrackingModel.allCases.enumerated() {
            for r in ability {
                rows.append(row("ability", model, answers: r.answers, day: r.meanDay, ability: r.meanAbility, rmse: r.rmse[m],
                                bias: r.bias[m], success: r.answers == 0 ? nil : r.successRate[m]))
            }
            for r in items {
                rows.append(row("items", model, answers: r.answers, day: nil, ability: nil, rmse: r.rmse[m], bias: nil, success: nil))
            }
            rows.append(row("holiday-before", model, answers: holidaySessions, day: nil, ability: nil, rmse: holidayBefore[m], bias: nil, success: nil))
            rows.append(row("holiday-after", model, answers: holidaySessions, day: nil, ability: nil, rmse: holidayAfter[m], bias: nil, success: nil))
        }
        return rows
    }
}

/// Replays one simulated cohort of learning learners through both the
/// current model and the uncertainty model and measures how closely each
/// follows the true abilities and difficulties.
///
/// The cohort — starting abilities, practice ceilings, the calendar of
/// sessions and breaks, the true difficulties — is drawn once from
/// `SplitMix64` seeded with `settings.seed`. Sessions of all
/// learners are played in calendar order (ties by learner), so exercises
/// are shared and their time away is real. Each model then plays the cohort
/// with its own copy of the ratings and its own draw of answers (both from
/// the same seed): the model picks an exercise, a score is drawn from the
/// high-speed-high-stakes density ∝ `exp(Δ·S)` with the true Δ (right when
/// `S > 0`, time `d·(1 − |S|)` with the exercise's deadline `d`; a quick
/// wrong answer may become a "?"), and the answer is scored with the same
/// rule (per-exercise deadlines, a skip scores ``RatingConstants/skipScore``)
/// for both models. True abilities follow ``LearningCurve`` and depend only
/// on answers and days, so they are the same under both models.
///
/// - Complexity: O(learners × answers × exercises).
public func simulateTracking(_ settings: TrackingSettings) -> TrackingReport {
    var rng = SplitMix64(seed: settings.seed)
    let constants = settings.constants
    let exercises = Exercise.all(settings.difficulty)
    let truth = exercises.map { $0.features.initialRating + settings.itemNoise * normal(&rng) }
    let deadlines = exercises.map { constants.deadline(for: $0) }
    let learners = max(0, settings.learners)
    let n = max(0, settings.answers)
    let perSession = max(1, settings.sessionLength)
    let sessions = (n + perSession - 1) / perSession
    let curve = settings.learning

    // The cohort: abilities, ceilings and the calendar.
    var start = [Double](), ceiling = [Double](), days = [[Int]]()
    for _ in 0..<learners {
        start.append(settings.abilitySpread * normal(&rng))
        ceiling.append(curve.lowestGain + (curve.highestGain - curve.lowestGain) * unitDouble(&rng))
        var day = rng.index(below: max(1, settings.arrivalDays))
        var list: [Int] = []
        for s in 0..<sessions {
            if s > 0 {
                if unitDouble(&rng) < settings.holidayChance {
                    day += settings.shortestHoliday + rng.index(below: max(1, settings.longestHoliday - settings.shortestHoliday + 1))
                } else {
                    day += 1 + rng.index(below: max(1, settings.longestShortBreak))
                }
            }
            list.append(day)
        }
        days.append(list)
    }
    var events: [(day: Int, learner: Int, session: Int)] = []
    for l in 0..<learners { for s in 0..<sessions { events.append((days[l][s], l, s)) } }
    events.sort { ($0.day, $0.learner, $0.session) < ($1.day, $1.learner, $1.session) }

    let models = TrackingModel.allCases
    let m = models.count
    var learned = [Double](repeating: 0, count: learners)
    var estimates = [[EloRating]](repeating: [EloRating](repeating: EloRating(uncertainty: constants.startUncertainty), count: learners), count: m)
    var items = [[EloRating]](repeating: exercises.map { EloRating(rating: $0.features.initialRating, uncertainty: constants.startUncertainty) }, count: m)
    var newModel = settings.legacy
    newModel.targetSuccess = constants.targetSuccess
    var pickers = [AdaptivePicker(difficulty: settings.difficulty, model: settings.legacy),
                   AdaptivePicker(difficulty: settings.difficulty, model: newModel)]
    var plays = [SplitMix64](repeating: SplitMix64(seed: settings.seed &+ 1), count: m)
    var squared = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: m)
    var signed = squared
    var right = [[Int]](repeating: [Int](repeating: 0, count: n + 1), count: m)
    var skips = [Int](repeating: 0, count: m)
    var dayTotal = [Double](repeating: 0, count: n + 1)
    var abilityTotal = [Double](repeating: 0, count: n + 1)
    var holidaySessions = 0
    var holidayBefore = [Double](repeating: 0, count: m), holidayAfter = holidayBefore
    let itemMarks = Set(settings.itemCheckpoints.filter { $0 >= 0 })
    var itemRows: [TrackingReport.ItemRow] = []
    var total = 0
    func markItems() {
        guard itemMarks.contains(total) else { return }
        itemRows.append(.init(answers: total, rmse: (0..<m).map { k in rootMeanSquare(zip(items[k], truth).map { $0.rating - $1 }) }))
    }
    markItems()
    func note(_ k: Int, _ l: Int, _ answer: Int) {
        let error = estimates[k][l].rating - (start[l] + learned[l])
        squared[k][answer] += error * error
        signed[k][answer] += error
    }
    for l in 0..<learners {
        for k in 0..<m { note(k, l, 0) }
        abilityTotal[0] += start[l]
    }

    for event in events {
        let l = event.learner, s = event.session
        let gap = s > 0 ? event.day - days[l][s - 1] : 0
        if gap > 0 { learned[l] *= exp(-curve.forgettingPerDay * Double(gap)) }
        let holiday = s > 0 && gap >= settings.shortestHoliday
        if holiday {
            holidaySessions += 1
            for k in 0..<m {
                let e = estimates[k][l].rating - (start[l] + learned[l])
                holidayBefore[k] += e * e
            }
        }
        for k in 0..<m { pickers[k].newSession() }
        var seconds = Double(16 * 3600)
        let first = s * perSession + 1
        for answer in first...min(n, first + perSession - 1) {
            let ability = start[l] + learned[l]
            let firstDate = Date(timeIntervalSinceReferenceDate: Double(event.day) * 86_400 + seconds)
            var elapsed: Double = 0
            for k in 0..<m {
                guard let index = pickers[k].nextIndex(ability: estimates[k][l].rating, using: &plays[k]) else { continue }
                let draw = EloModel.sampleScore(delta: ability - truth[index], using: &plays[k])
                let time = deadlines[index] * (1 - abs(draw))
                var outcome: RatedAnswer = draw > 0 ? .right : .wrong
                if draw < settings.skipBelow && unitDouble(&plays[k]) < settings.skipShare { outcome = .skipped }
                let score = constants.score(outcome, seconds: time, deadline: deadlines[index])
                let date = firstDate.addingTimeInterval(time)
                if k == 0 {
                    let surprise = estimates[k][l].update(score: score, itemRating: pickers[k].ratings[index].rating, model: settings.legacy)
                    pickers[k].update(index: index, surprise: surprise)
                    items[k][index].rating = pickers[k].ratings[index].rating
                } else {
                    constants.update(child: &estimates[k][l], item: &items[k][index], score: score, at: date)
                    pickers[k].ratings[index].rating = items[k][index].rating
                }
                if outcome == .right { right[k][answer] += 1 }
                if outcome == .skipped { skips[k] += 1 }
                elapsed = max(elapsed, time)
            }
            seconds += elapsed + 3
            dayTotal[answer] += Double(event.day - days[l][0])
            abilityTotal[answer] += ability
            for k in 0..<m { note(k, l, answer) }
            learned[l] += (ceiling[l] - learned[l]) / max(1, curve.practiceAnswers)
            total += 1
            markItems()
        }
        if holiday {
            for k in 0..<m {
                let e = estimates[k][l].rating - (start[l] + learned[l])
                holidayAfter[k] += e * e
            }
        }
    }

    var rows: [TrackingReport.AbilityRow] = []
    var previous = 0
    let count = Double(max(1, learners))
    for checkpoint in Set(settings.checkpoints).sorted() where checkpoint >= 0 && checkpoint <= n {
        let answers = Double(max(1, (checkpoint - previous) * learners))
        rows.append(.init(answers: checkpoint, meanDay: dayTotal[checkpoint] / count, meanAbility: abilityTotal[checkpoint] / count,
                          rmse: (0..<m).map { (squared[$0][checkpoint] / count).squareRoot() },
                          bias: (0..<m).map { signed[$0][checkpoint] / count },
                          successRate: (0..<m).map { k in
                              checkpoint > previous ? Double(right[k][(previous + 1)...checkpoint].reduce(0, +)) / answers : 0
                          }))
        previous = checkpoint
    }
    if !itemMarks.contains(total) {
        itemRows.append(.init(answers: total, rmse: (0..<m).map { k in rootMeanSquare(zip(items[k], truth).map { $0.rating - $1 }) }))
    }
    let h = Double(max(1, holidaySessions))
    return TrackingReport(settings: settings, ability: rows, items: itemRows, holidaySessions: holidaySessions,
                          holidayBefore: holidayBefore.map { ($0 / h).squareRoot() },
                          holidayAfter: holidayAfter.map { ($0 / h).squareRoot() },
                          skipRate: skips.map { learners * n > 0 ? Double($0) / Double(learners * n) : 0 })
}
