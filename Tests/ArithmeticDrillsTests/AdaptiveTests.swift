import ArithmeticDrills
import Foundation
import PuzzleKit
import Testing

@Suite struct AdaptiveTests {
    /// ∫ f(s)·exp(Δs) ds over [a, b] by the midpoint rule.
    func integrate(_ delta: Double, from a: Double = -1, to b: Double = 1, _ f: (Double) -> Double) -> Double {
        let steps = 20_000
        let h = (b - a) / Double(steps)
        return (0..<steps).reduce(0) { sum, i in
            let s = a + (Double(i) + 0.5) * h
            return sum + f(s) * exp(delta * s) * h
        }
    }

    @Test func highSpeedHighStakesScores() {
        let model = EloModel(deadline: 20)
        #expect(model.score(correct: true, time: 0) == 1)
        #expect(model.score(correct: true, time: 5) == 0.75)
        #expect(model.score(correct: false, time: 5) == -0.75)
        #expect(model.score(correct: true, time: 20) == 0 && model.score(correct: false, time: 30) == 0)
        #expect(model.score(correct: false, time: -3) == -1)
        #expect(model.score(correct: true, time: 5, deadline: 10) == 0.5)
    }

    /// The closed forms against numerical integration of the score density.
    @Test func expectedScoreAndSuccessMatchTheDensity() {
        for delta in stride(from: -4.0, through: 4.0, by: 0.5) {
            let z = integrate(delta) { _ in 1 }
            let mean = integrate(delta) { $0 } / z
            let right = integrate(delta, from: 0, to: 1) { _ in 1 } / z
            #expect(abs(EloModel.expectedScore(delta) - mean) < 1e-6, "Δ = \(delta)")
            #expect(abs(EloModel.successProbability(delta) - right) < 1e-6, "Δ = \(delta)")
        }
        #expect(EloModel.expectedScore(0) == 0)
        #expect(abs(EloModel.expectedScore(1e-5) - 1e-5 / 3) < 1e-12)
        #expect(EloModel.expectedScore(100) < 1 && EloModel.expectedScore(100) > 0.98)
        #expect(EloModel.expectedScore(-100) > -1 && EloModel.expectedScore(-100) < -0.98)
        #expect(abs(EloModel().targetGap - log(3)) < 1e-12)
    }

    @Test func sampledScoresFollowTheModel() {
        var rng = SplitMix64(seed: 4)
        for delta in [-2.0, 0, 1.1] {
            let draws = (0..<40_000).map { _ in EloModel.sampleScore(delta: delta, using: &rng) }
            #expect(draws.allSatisfy { (-1...1).contains($0) })
            let mean = draws.reduce(0, +) / Double(draws.count)
            let right = Double(draws.filter { $0 > 0 }.count) / Double(draws.count)
            #expect(abs(mean - EloModel.expectedScore(delta)) < 0.02, "Δ = \(delta)")
            #expect(abs(right - EloModel.successProbability(delta)) < 0.02, "Δ = \(delta)")
        }
    }

    @Test func ratingsMoveTowardTheEvidenceWithAShrinkingGain() {
        let model = EloModel()
        #expect(model.gain(answers: 0) == 1)
        #expect(model.gain(answers: 36) == 0.1 && model.gain(answers: 1000) == 0.1)
        var rating = EloRating()
        let surprise = rating.update(score: 1, itemRating: 0)
        #expect(surprise == 1 && rating.rating == 1 && rating.answers == 1)
        let before = rating.rating
        rating.update(score: -0.5, itemRating: 0)
        #expect(rating.rating < before)
        // An answer exactly as expected moves nothing.
        var steady = EloRating(rating: 0.7, answers: 3)
        steady.update(score: EloModel.expectedScore(0.7 - 0.2), itemRating: 0.2)
        #expect(abs(steady.rating - 0.7) < 1e-12)
    }

    @Test func thePickerAimsAtTheTargetAndNeverRepeatsInASession() {
        var picker = AdaptivePicker(difficulty: .hard)
        var rng = SplitMix64(seed: 8)
        let aim = 0.5 - picker.model.targetGap
        let best = picker.ratings.map { abs($0.rating - aim) }.min()!
        let first = picker.next(ability: 0.5, using: &rng)!
        #expect(abs(first.features.initialRating - aim) <= best + 0.01 + 1e-9)
        var seen: Set<Exercise> = [first]
        while let next = picker.next(ability: 0.5, using: &rng) {
            #expect(!seen.contains(next))
            seen.insert(next)
        }
        #expect(seen.count == 155)
        picker.newSession()
        #expect(picker.next(ability: 0.5, using: &rng) != nil)
        // Higher abilities get harder exercises.
        var low = AdaptivePicker(difficulty: .hard), high = AdaptivePicker(difficulty: .hard)
        #expect(low.next(ability: -1, using: &rng)!.features.score < high.next(ability: 2, using: &rng)!.features.score)
    }

    @Test func theSimulationConvergesAndKeepsTheSuccessRateNearTheTarget() {
        var settings = SimulationSettings()
        settings.learners = 150
        settings.answers = 100
        settings.seed = 3
        let report = simulateLearners(settings)
        #expect(report == simulateLearners(settings))  // deterministic
        #expect(report.rows.map(\.answers) == [0, 1, 2, 5, 10, 20, 30, 50, 75, 100])
        let rmse = report.rows.map(\.rmse)
        #expect(rmse.first! > 0.8)
        #expect(rmse.last! < 0.35)
        #expect(rmse[4] < rmse[0] && rmse[6] < rmse[4] && rmse[9] < rmse[6])  // 0 → 10 → 30 → 100
        #expect(abs(report.overallSuccess - 0.75) < 0.04)
        #expect(report.itemRMSEAfter < report.itemRMSEBefore)
        settings.model.targetSuccess = 0.6
        settings.learners = 60
        #expect(abs(simulateLearners(settings).overallSuccess - 0.6) < 0.04)
        settings.seed = 4
        settings.answers = 10
        #expect(simulateLearners(settings).rows != simulateLearners({ var s = settings; s.seed = 3; return s }()).rows)
    }

    @Test func playersCarryAnAbilityEstimate() {
        var player = Player(name: "x", createdAt: at())
        for i in 0..<20 { player.record(result(12, time: 2, at: at(hours: 10 + Double(i) / 60), exercise: Exercise(.addition, 7, 5, difficulty: .hard))) }
        #expect(player.ability.answers == 20 && player.ability.rating > 1)
    }
}
