import Foundation

/// Every constant of the uncertainty-driven rating model in one table
/// (mirrored in `docs/families/drills.md`, "Rating constants").
///
/// Following Klinkenberg, Straatemeier and van der Maas (2011), a child and
/// an exercise each carry an uncertainty `U` in `minimumUncertainty …
/// maximumUncertainty`. It starts at `startUncertainty`, falls by
/// `uncertaintyPerAnswer` with every answer and rises by `uncertaintyPerDay`
/// for every day (fractions count) since that side's previous answer. The
/// gain of each side grows with its own uncertainty and shrinks with the
/// other side's:
///
///     K_child = childGain · (1 + ownWeight · U_child − otherWeight · U_item)
///     K_item  = itemGain  · (1 + ownWeight · U_item  − otherWeight · U_child)
///
/// (never below 0). A new child facing well-known exercises moves fast, a
/// well-known exercise barely moves on a new child's answer.
///
/// | constant | value | meaning |
/// |---|---|---|
/// | ``startUncertainty`` | 1 | U of a new child or exercise |
/// | ``uncertaintyPerAnswer`` | 1/25 | fall per answer |
/// | ``uncertaintyPerDay`` | 1/100 | rise per day away |
/// | ``minimumUncertainty`` | 0 | lower bound |
/// | ``maximumUncertainty`` | 1 | upper bound |
/// | ``childGain`` | 0.1 | child's gain when both are certain |
/// | ``itemGain`` | 0.005 | exercise's gain when both are certain |
/// | ``ownWeight`` | 9 | K⁺: weight of a side's own uncertainty |
/// | ``otherWeight`` | 1 | K⁻: weight of the other side's uncertainty |
/// | ``deadlineBase`` | 10 s | deadline of an exercise with feature score 0 |
/// | ``deadlinePerPoint`` | 2 s | added per point of feature score |
/// | ``skipScore`` | 0 | score of a skipped answer ("?") |
/// | ``targetSuccess`` | 0.75 | success rate the exercise choice aims at |
public struct RatingConstants: Sendable, Equatable {
    public var startUncertainty: Double = 1
    public var uncertaintyPerAnswer: Double = 1.0 / 25
    public var uncertaintyPerDay: Double = 1.0 / 100
    public var minimumUncertainty: Double = 0
    public var maximumUncertainty: Double = 1
    public var childGain: Double = 0.1
    public var itemGain: Double = 0.005
    public var ownWeight: Double = 9
    public var otherWeight: Double = 1
    public var deadlineBase: TimeInterval = 10
    public var deadlinePerPoint: TimeInterval = 2
    public var skipScore: Double = 0
    public var targetSuccess: Double = 0.75

    public init() {}

    /// The table's values.
    public static let standard = RatingConstants()

    /// The rows of the table, in order: (name, value) — for reports and the
    /// check that the documentation mirrors the code.
    public var table: [(name: String, value: Double)] {
        [("startUncertainty", startUncertainty), ("uncertaintyPerAnswer", uncertaintyPerAnswer),
         ("uncertaintyPerDay", uncertaintyPerDay), ("minimumUncertainty", minimumUncertainty),
         ("maximumUncertainty", maximumUncertainty), ("childGain", childGain), ("itemGain", itemGain),
         ("ownWeight", ownWeight), ("otherWeight", otherWeight), ("deadlineBase", deadlineBase),
         ("deadlinePerPoint", deadlinePerPoint), ("skipScore", skipScore), ("targetSuccess", targetSuccess)]
    }

    /// The deadline of an exercise: `deadlineBase + deadlinePerPoint · score`
    /// (12 s for a score-1 fact such as `3 + 1`, 26 s for `7 + 5`, score 8).
    public func deadline(for exercise: Exercise) -> TimeInterval {
        deadlineBase + deadlinePerPoint * Double(exercise.features.score)
    }

    /// `U` kept within the bounds.
    func bounded(_ u: Double) -> Double {
        guard u.isFinite else { return maximumUncertainty }
        return min(maximumUncertainty, max(minimumUncertainty, u))
    }

    /// The gains `(child, item)` for a child and an exercise with these uncertainties.
    public func gains(child uChild: Double, item uItem: Double) -> (child: Double, item: Double) {
        (max(0, childGain * (1 + ownWeight * uChild - otherWeight * uItem)),
         max(0, itemGain * (1 + ownWeight * uItem - otherWeight * uChild)))
    }

    /// The high-speed-high-stakes score of an answer with the exercise's own
    /// deadline `d` (discrimination `1/d`): `(2·right − 1)·(1 − t/d)` with `t`
    /// clamped to `0…d`; a skipped answer scores ``skipScore`` whatever its time.
    public func score(_ outcome: RatedAnswer, seconds: TimeInterval, deadline: TimeInterval) -> Double {
        switch outcome {
        case .skipped: return skipScore
        case .right, .wrong:
            let d = max(deadline, 1e-9)
            let t = seconds.isFinite ? min(max(seconds, 0), d) : d
            return (outcome == .right ? 1 : -1) * (1 - t / d)
        }
    }

    /// The ability − difficulty gap that gives ``targetSuccess``: `logit(p)`.
    public var targetGap: Double {
        let p = min(max(targetSuccess, 0.01), 0.99)
        return log(p / (1 - p))
    }

    /// Lets `rating`'s uncertainty rise for the time since its previous answer.
    public func age(_ rating: inout EloRating, to date: Date) {
        if let last = rating.lastAnswer {
            let days = max(0, date.timeIntervalSince(last)) / 86_400
            rating.uncertainty = bounded(rating.uncertainty + uncertaintyPerDay * days)
        }
    }

    /// Rates one answer on both sides: ages both uncertainties to `date`,
    /// moves the child's rating by `K_child·(S − E)` and the exercise's by
    /// `−K_item·(S − E)`, then lowers both uncertainties by one answer.
    ///
    /// - Returns: the surprise `S − E`.
    @discardableResult
    public func update(child: inout EloRating, item: inout EloRating, score: Double, at date: Date) -> Double {
        age(&child, to: date)
        age(&item, to: date)
        let surprise = score - EloModel.expectedScore(child.rating - item.rating)
        let k = gains(child: child.uncertainty, item: item.uncertainty)
        child.rating += k.child * surprise
        item.rating -= k.item * surprise
        step(&child, at: date)
        step(&item, at: date)
        return surprise
    }

    private func step(_ rating: inout EloRating, at date: Date) {
        rating.answers += 1
        rating.uncertainty = bounded(rating.uncertainty - uncertaintyPerAnswer)
        rating.lastAnswer = max(rating.lastAnswer ?? date, date)
    }
}

/// How an answer ended: right, wrong, or skipped with the "?" button.
public enum RatedAnswer: String, Sendable, Equatable, CaseIterable {
    case right, wrong, skipped
}
