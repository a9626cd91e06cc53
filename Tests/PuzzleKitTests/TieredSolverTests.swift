import PuzzleKit
import Testing

/// The shared tiered loop: easiest deduction first, again after every step,
/// guesses only when nothing applies, backing up from contradictions.
@Suite struct TieredSolverTests {
    @Test func easiestFirstTakesTheLowestTierAndTheFirstOnATie() {
        #expect(EasiestFirst.order([2, 0, 1, 0]) == [1, 3, 2, 0])
        #expect(EasiestFirst.order([Int]()) == [])
        #expect(EasiestFirst.order(["b", "a", "c"]) == [1, 0, 2])
    }

    /// A toy puzzle: find the digits of a hidden number left to right. The
    /// only deduction places a digit that is given; otherwise it guesses
    /// 0…9 and a wrong guess is a contradiction at once.
    struct HiddenDigits: TieredSolver {
        let secret: [Int]
        let given: Set<Int>
        var backtracks = 0
        var guessBudget = 1_000

        mutating func status(_ state: inout [Int]) -> Bool? {
            if zip(state, secret).contains(where: { $0 != $1 }) { return false }
            return state.count == secret.count ? true : nil
        }

        mutating func deduce(_ state: inout [Int], depth: Int) -> DeductionResult {
            guard given.contains(state.count) else { return .none }
            state.append(secret[state.count])
            return .progress
        }

        mutating func guesses(_ state: [Int], depth: Int) -> [[Int]]? { (0...9).map { state + [$0] } }

        mutating func mayTryGuess(depth: Int) -> Bool {
            guessBudget -= 1
            return guessBudget >= 0
        }

        mutating func backtracked() { backtracks += 1 }
    }

    @Test func deductionsComeFirstAndWrongGuessesAreBackedOutOf() {
        var solver = HiddenDigits(secret: [3, 1, 4], given: [0, 2])
        guard case .solved(let state) = solver.solveTiered([]) else { Issue.record("not solved"); return }
        #expect(state == [3, 1, 4])
        #expect(solver.backtracks == 1, "only the middle digit is guessed: 0 fails, 1 works")
    }

    @Test func aSpentGuessBudgetEndsStuck() {
        var solver = HiddenDigits(secret: [9, 9], given: [], guessBudget: 5)
        guard case .stuck = solver.solveTiered([]) else { Issue.record("expected stuck"); return }
    }
}
