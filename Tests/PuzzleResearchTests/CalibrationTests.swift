import CrossSums
import MathCrossword
import PuzzleKit
import PuzzleResearch
import Testing

/// `calibrate`'s fitting, tested on simulated players whose solve times
/// follow a known model (docs/CALIBRATION.md): a test of the fitting, not
/// evidence about children.
@Suite struct CalibrationTests {
    /// The weights of a fit to `records`, with `players`' true ones and
    /// the share of the steps each technique made.
    private func fit<F: GradingFamily>(_ family: F, _ records: [PlayFinishRecord]) -> Calibration {
        Calibration(kind: family.info.name, records: records, candidates: family.weightFeatures, folds: 5)
    }

    /// The features whose weights a recovery test checks: `rounds`, and
    /// every technique with at least 5 % of the fitted solves' steps.
    private func checked(_ records: [PlayFinishRecord], _ players: SimulatedPlayers) -> [String] {
        let total = records.reduce(0.0) { $0 + ($1.features["steps"] ?? 0) }
        return players.secondsPerStep.keys.sorted().filter { key in
            records.reduce(0.0) { $0 + ($1.features[key] ?? 0) } >= 0.05 * total
        } + ["rounds"]
    }

    /// The largest relative error of the fitted weights of `features`.
    private func worstError(_ weights: GradeWeights, _ players: SimulatedPlayers, _ features: [String]) -> Double {
        features.map { abs((weights.weights[$0] ?? 0) / (players.trueWeights[$0] ?? 1) - 1) }.max() ?? 0
    }

    /// With σ 0.1, 1000 simulated solves recover every checked weight within
    /// ±25 % (math crossword) or ±35 % (cross sums, whose too-big steps go
    /// with its rounds) and 200 solves within ±60 %; the fitted model's
    /// cross-validated correlation is at least 0.8 in both, and at 1000 it
    /// predicts held-out solves better than the (mis-specified) hand-set score.
    @Test(arguments: ["math-crossword", "cross-sums"])
    func recoversKnownWeights(kind: String) throws {
        let (records, players, features) = kind == "math-crossword" ? simulate(MathCrosswordFamily()) : simulate(CrossSumsFamily())
        #expect(records.count == 1000)
        for (solves, bound) in [(200, 0.6), (1000, kind == "math-crossword" ? 0.25 : 0.35)] {
            let calibration = kind == "math-crossword" ? fit(MathCrosswordFamily(), Array(records.prefix(solves)))
                                                       : fit(CrossSumsFamily(), Array(records.prefix(solves)))
            let weights = try #require(calibration.weights)
            let fit = try #require(weights.fit)
            let worst = worstError(weights, players, features)
            #expect(worst <= bound, "\(kind) at \(solves): \(weights.weights) vs \(players.trueWeights)")
            print("recovery \(kind) \(solves) solves: worst error \(worst) over \(features), cv r \(fit.cvCorrelation), "
                  + "MAE \(fit.cvMeanAbsoluteError); hand-set r \(fit.handSetCvCorrelation), MAE \(fit.handSetCvMeanAbsoluteError), lambda \(fit.lambda)")
            #expect(fit.cvCorrelation >= 0.8)
            if solves == 1000 { #expect(fit.cvMeanAbsoluteError < fit.handSetCvMeanAbsoluteError) }
        }
    }

    private func simulate<F: GradingFamily>(_ family: F) -> ([PlayFinishRecord], SimulatedPlayers, [String]) {
        var players = SimulatedPlayers.standard(family)
        players.sigma = 0.1
        let records = players.play(family, profiles: family.profiles, puzzles: 1000, solves: 1000, seed: 1)
        let fitted = records.filter { $0.outcome == .completed && $0.hints == 0 }
        return (records, players, checked(fitted, players))
    }

    /// Ten solves are too few: no weights, and the solves needed are named.
    @Test func tenSolvesAreTooFew() {
        let family = MathCrosswordFamily()
        let records = SimulatedPlayers.standard(family).play(family, profiles: family.profiles, puzzles: 10, solves: 10, seed: 3)
        let calibration = fit(family, records)
        #expect(calibration.weights == nil)
        #expect(calibration.solves <= 10)
        #expect(calibration.needed >= Calibration.minimumSolves)
    }

    /// Noise-free times of a linear model are fitted exactly; lost,
    /// given-up and hinted games are left out and counted; a feature that
    /// never varies is dropped; the fit is the same on every run.
    @Test func exactModelIsRecoveredAndExclusionsCounted() throws {
        func record(_ i: Int, a: Double, b: Double, outcome: PlayOutcome = .completed, hints: Int = 0) -> PlayFinishRecord {
            let game = PlayGameInfo(player: "p", game: "g\(i)", kind: "k", puzzle: "x", profile: nil, seed: nil, language: "en")
            let seconds = 10 + 3 * a + 5 * b
            return PlayFinishRecord(game: game, outcome: outcome, solveMs: Int(seconds * 1000), moves: 1, mistakes: 0, hints: hints,
                                    label: "easy", score: Int(a + b), features: ["a": a, "b": b, "c": 7])
        }
        var records = (0..<40).map { record($0, a: Double($0 % 7), b: Double(($0 * 3) % 5)) }
        records += [record(40, a: 1, b: 1, outcome: .lost), record(41, a: 1, b: 1, outcome: .givenUp), record(42, a: 9, b: 9, hints: 1),
                    record(43, a: 9, b: 9)]
        let hinted: Set<GameKey> = [GameKey(records[43].game)]
        let calibration = Calibration(kind: "k", records: records, hinted: hinted, candidates: ["a", "b", "c"], folds: 4)
        #expect((calibration.lost, calibration.givenUp, calibration.withHints, calibration.solves) == (1, 1, 2, 40))
        #expect(calibration.features == ["a", "b"] && calibration.dropped == ["c"])
        let weights = try #require(calibration.weights)
        #expect(abs(weights.intercept - 10) < 1e-6 && abs((weights.weights["a"] ?? 0) - 3) < 1e-6 && abs((weights.weights["b"] ?? 0) - 5) < 1e-6)
        let fit = try #require(weights.fit)
        #expect(fit.lambda == 0 && fit.cvCorrelation > 0.999999)
        let again = Calibration(kind: "k", records: records, hinted: hinted, candidates: ["a", "b", "c"], folds: 4)
        #expect(again.weights == weights)
    }

    /// A negative effect is not fitted: weights stay at least 0.
    @Test func weightsAreNonNegative() throws {
        let records = (0..<30).map { i -> PlayFinishRecord in
            let a = Double(i % 6), b = Double(i % 5)
            let game = PlayGameInfo(player: "p", game: "g\(i)", kind: "k", puzzle: "x", profile: nil, seed: nil, language: "en")
            return PlayFinishRecord(game: game, outcome: .completed, solveMs: Int((50 + 4 * a - 3 * b) * 1000), moves: 1, mistakes: 0,
                                    hints: 0, label: "easy", score: 1, features: ["a": a, "b": b])
        }
        let weights = try #require(Calibration(kind: "k", records: records, candidates: ["a", "b"], folds: 5).weights)
        #expect(weights.weights["b"] == 0)
        #expect(abs((weights.weights["a"] ?? 0) - 4) < 0.5)
    }
}
