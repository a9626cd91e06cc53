import Foundation
import PuzzleKit

/// Grade weights fitted to logged solve times, for one family
/// (`puzzlelab calibrate`; docs/CALIBRATION.md).
///
/// The fitted solves are the completed games without a hint; lost and
/// given-up games and games with a hint are counted and left out. The model
/// is `seconds ≈ intercept + Σ w_f · feature_f` over the candidate features
/// that vary, with every `w_f ≥ 0`, ridge-regularised on standardised
/// features (penalty λ chosen by an inner cross-validation from
/// ``lambdas``). The i-th fitted solve, in the order the logs hold them, is
/// in fold `i mod k`, so the figures are the same on every run.
public struct Calibration: Sendable {
    /// The family's name.
    public var kind: String
    /// The family's finish records read.
    public var games: Int
    /// Games left out: lost, given up, and completed with a hint.
    public var lost: Int
    public var givenUp: Int
    public var withHints: Int
    /// The completed games without a hint: the solves fitted.
    public var solves: Int
    /// The candidate features that vary across the solves (fitted), and
    /// those that never do (no weight).
    public var features: [String]
    public var dropped: [String]
    /// The solves a fit needs: ``minimumSolves``, or twice the features.
    public var needed: Int
    /// The fitted weights with their cross-validation figures; `nil` when
    /// the solves are too few.
    public var weights: GradeWeights?

    /// The least number of solves any fit needs.
    public static let minimumSolves = 20
    /// The ridge penalties the inner cross-validation chooses from (on
    /// features scaled to standard deviation 1).
    public static let lambdas = [0, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1]

    /// Fits the weights of `kind` to its games in `records`.
    ///
    /// - Parameters:
    ///   - kind: the family's name (records of other families are ignored).
    ///   - records: finish records, in the order the logs hold them.
    ///   - hinted: games (`player`, `game`) whose move records show a hint,
    ///     left out like a finish record with hints.
    ///   - candidates: the features a weight may go to (the family's
    ///     `weightFeatures`).
    ///   - folds: the cross-validation's folds (at least 2).
    public init(kind: String, records: [PlayFinishRecord], hinted: Set<GameKey> = [], candidates: [String], folds: Int) {
        self.kind = kind
        let games = records.filter { $0.game.kind == kind }
        self.games = games.count
        lost = games.count { $0.outcome == .lost }
        givenUp = games.count { $0.outcome == .givenUp }
        let completed = games.filter { $0.outcome == .completed }
        let fitted = completed.filter { $0.hints == 0 && !hinted.contains(GameKey($0.game)) }
        withHints = completed.count - fitted.count
        solves = fitted.count
        let varying = candidates.filter { key in Set(fitted.map { $0.features[key] ?? 0 }).count > 1 }
        features = varying
        dropped = candidates.filter { !varying.contains($0) }
        needed = max(Self.minimumSolves, 2 * varying.count)
        guard solves >= needed, folds >= 2 else { return }

        let x = fitted.map { record in varying.map { record.features[$0] ?? 0 } }
        let y = fitted.map { Double($0.solveMs) / 1000 }
        let score = fitted.map { [Double($0.score)] }
        let fold = (0..<solves).map { $0 % folds }

        var predicted = [Double](repeating: 0, count: solves), handSet = predicted
        for k in 0..<folds {
            let train = (0..<solves).filter { fold[$0] != k }, test = (0..<solves).filter { fold[$0] == k }
            let lambda = Self.chooseLambda(x: train.map { x[$0] }, y: train.map { y[$0] }, folds: folds)
            let model = RidgeModel.fit(x: train.map { x[$0] }, y: train.map { y[$0] }, lambda: lambda, nonNegative: true)
            let scaled = RidgeModel.fit(x: train.map { score[$0] }, y: train.map { y[$0] }, lambda: 0, nonNegative: false)
            for i in test {
                predicted[i] = model.predict(x[i])
                handSet[i] = scaled.predict(score[i])
            }
        }
        let lambda = Self.chooseLambda(x: x, y: y, folds: folds)
        let model = RidgeModel.fit(x: x, y: y, lambda: lambda, nonNegative: true)
        let fit = GradeWeightsFit(solves: solves, excluded: games.count - solves, folds: folds, lambda: lambda,
                                  cvCorrelation: Self.correlation(predicted, y), cvMeanAbsoluteError: Self.meanAbsoluteError(predicted, y),
                                  handSetCvCorrelation: Self.correlation(handSet, y),
                                  handSetCvMeanAbsoluteError: Self.meanAbsoluteError(handSet, y), dropped: dropped)
        weights = GradeWeights(kind: kind, intercept: model.intercept,
                               weights: Dictionary(uniqueKeysWithValues: zip(varying, model.weights)), fit: fit)
    }

    /// The penalty of ``lambdas`` with the least held-out squared error in
    /// a cross-validation of `x` and `y` (the first, smallest, on a tie).
    static func chooseLambda(x: [[Double]], y: [Double], folds: Int) -> Double {
        var best = lambdas[0], bestError = Double.infinity
        for lambda in lambdas {
            var error = 0.0
            for k in 0..<folds {
                let train = y.indices.filter { $0 % folds != k }
                let model = RidgeModel.fit(x: train.map { x[$0] }, y: train.map { y[$0] }, lambda: lambda, nonNegative: true)
                for i in y.indices where i % folds == k {
                    let e = model.predict(x[i]) - y[i]
                    error += e * e
                }
            }
            if error < bestError {
                best = lambda
                bestError = error
            }
        }
        return best
    }

    /// Pearson's correlation of `a` and `b`; 0 when either never varies.
    public static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        guard n > 1 else { return 0 }
        let ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for (u, v) in zip(a, b) {
            sab += (u - ma) * (v - mb)
            saa += (u - ma) * (u - ma)
            sbb += (v - mb) * (v - mb)
        }
        return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : 0
    }

    /// The mean of `|a - b|`.
    public static func meanAbsoluteError(_ a: [Double], _ b: [Double]) -> Double {
        a.isEmpty ? 0 : zip(a, b).reduce(0) { $0 + abs($1.0 - $1.1) } / Double(a.count)
    }
}

/// A game of a play log: its player and id.
public struct GameKey: Hashable, Sendable {
    public var player: String
    public var game: String

    /// The key of `game`.
    public init(_ info: PlayGameInfo) {
        player = info.player
        game = info.game
    }
}

/// A linear model `y ≈ intercept + Σ weights · x` fitted by ridge
/// regression on standardised columns (weighted mean 0, standard deviation
/// 1), optionally with every weight at least 0, by cyclic coordinate
/// descent: minimises `Σ vᵢ(yᵢ − ȳ − zᵢ·β)² / 2Σv + λ‖β‖² / 2` for sample
/// weights `v`. A column that does not vary gets weight 0.
struct RidgeModel {
    var intercept: Double
    var weights: [Double]

    /// Fits in two passes, for noise that grows with the time (solve
    /// times' spread is roughly proportional to their size): unweighted,
    /// then weighted by 1 / prediction² (feasible weighted least squares),
    /// which keeps the long solves' large noise from swamping the short ones.
    static func fit(x: [[Double]], y: [Double], lambda: Double, nonNegative: Bool) -> RidgeModel {
        let first = RidgeModel(x: x, y: y, sampleWeights: y.map { _ in 1 }, lambda: lambda, nonNegative: nonNegative)
        let floor = max(1, y.reduce(0, +) / Double(max(y.count, 1)) / 10)
        let weights = x.map { row in 1 / pow(max(first.predict(row), floor), 2) }
        return RidgeModel(x: x, y: y, sampleWeights: weights, lambda: lambda, nonNegative: nonNegative)
    }

    init(x: [[Double]], y: [Double], sampleWeights v: [Double], lambda: Double, nonNegative: Bool) {
        let p = x.first?.count ?? 0
        let total = max(v.reduce(0, +), .leastNormalMagnitude)
        let meanY = zip(v, y).reduce(0) { $0 + $1.0 * $1.1 } / total
        var means = [Double](repeating: 0, count: p), scales = means
        for j in 0..<p {
            means[j] = zip(v, x).reduce(0) { $0 + $1.0 * $1.1[j] } / total
            scales[j] = (zip(v, x).reduce(0) { $0 + $1.0 * ($1.1[j] - means[j]) * ($1.1[j] - means[j]) } / total).squareRoot()
        }
        // The weighted Gram matrix of the standardised columns and their
        // products with the centred times: each sweep then costs p², not n·p.
        var gram = [[Double]](repeating: [Double](repeating: 0, count: p), count: p), target = [Double](repeating: 0, count: p)
        for ((row, value), weight) in zip(zip(x, y), v) {
            let z = (0..<p).map { scales[$0] > 0 ? (row[$0] - means[$0]) / scales[$0] : 0 }
            for j in 0..<p {
                target[j] += weight * z[j] * (value - meanY) / total
                for k in 0..<p { gram[j][k] += weight * z[j] * z[k] / total }
            }
        }
        var beta = [Double](repeating: 0, count: p)
        for _ in 0..<10_000 {
            var largest = 0.0
            for j in 0..<p where scales[j] > 0 {
                var partial = target[j]
                for k in 0..<p where k != j { partial -= gram[j][k] * beta[k] }
                var next = partial / (gram[j][j] + lambda)
                if nonNegative { next = max(0, next) }
                largest = max(largest, abs(next - beta[j]))
                beta[j] = next
            }
            if largest < 1e-10 { break }
        }
        weights = (0..<p).map { scales[$0] > 0 ? beta[$0] / scales[$0] : 0 }
        intercept = meanY - zip(weights, means).reduce(0) { $0 + $1.0 * $1.1 }
    }

    func predict(_ row: [Double]) -> Double {
        intercept + zip(weights, row).reduce(0) { $0 + $1.0 * $1.1 }
    }
}
