import ConstraintSolver
@testable import MathCrossword
import PuzzleKit
import Testing

/// The blank-removal loop's shared model answers every trial exactly as a
/// fresh model of the trial's level does, with the same search.
@Suite struct EmptyingModelTests {
    /// Empties the givens of `level` one after another in a seeded order,
    /// keeping a cell when `keep` says so for the fresh answer, and checks
    /// every trial of the shared model against a fresh ``Solver``: the same
    /// count, completeness, stop reason, nodes and failures.
    private func compareTrials(_ level: Puzzle, seed: Int, limits: SearchLimits, emptiable: [Bool]? = nil,
                               keep: (SolveResult, inout SplitMix64) -> Bool) throws -> Int {
        let emptiable = emptiable ?? level.cells.map { $0.type == .fixedOperand }
        guard var model = EmptyingModel(level: level, emptiable: emptiable) else { return 0 }
        var level = level
        var rng = SplitMix64(seed: seed)
        // The level as it stands first, with the solution found.
        let freshStart = try Solver(level: level).solveExcluding(level.solution ?? [], limits)
        let sharedStart = model.searchOthers(limits)
        #expect(sharedStart.solutionCount == freshStart.solutionCount && sharedStart.complete == freshStart.complete)
        #expect(sharedStart.solutions == freshStart.solutions)
        #expect(sharedStart.statistics.nodes == freshStart.statistics.nodes)
        var givens = level.cells.filter { $0.type == .fixedOperand }.map(\.position)
        givens.stableShuffle(using: &rng)
        var trials = 0
        for position in givens {
            guard let trial = level.emptying(position), let known = trial.solution else { continue }
            let cell = position.row * level.columns + position.column
            guard emptiable[cell] else {
                #expect(model.searchEmptying(cell, limits) == nil)
                continue
            }
            let fresh = try Solver(level: trial).solveExcluding(known, limits)
            guard let shared = model.searchEmptying(cell, limits) else {
                Issue.record("no shared answer at \(position)")
                return trials
            }
            trials += 1
            let context = "seed \(seed) at \(position)"
            #expect(shared.solutionCount == fresh.solutionCount, "\(context)")
            #expect(shared.complete == fresh.complete && shared.stopReason == fresh.stopReason, "\(context)")
            #expect(shared.statistics.nodes == fresh.statistics.nodes, "\(context)")
            #expect(shared.statistics.failures == fresh.statistics.failures, "\(context)")
            let kept = keep(fresh, &rng)
            model.endTrial(keep: kept)
            if kept { level = trial }
        }
        // After the trials, the level as it stands again.
        let freshEnd = try Solver(level: level).solveExcluding(level.solution ?? [], limits)
        let sharedEnd = model.searchOthers(limits)
        #expect(sharedEnd.solutionCount == freshEnd.solutionCount && sharedEnd.statistics.nodes == freshEnd.statistics.nodes)
        return trials
    }

    @Test(arguments: Profile.classProfiles)
    func everyTrialAnswersAsAFreshModel(_ profile: Profile) throws {
        var trials = 0
        for seed in 1...30 {
            let level = try Generator().generateUnique(difficulty: profile, seed: seed).level
            // As the loop does: a cell stays empty when the level stays unique.
            let unique = SearchLimits(solutions: 1, nodes: Generator.uniquenessNodeBudget)
            trials += try compareTrials(level, seed: seed, limits: unique) { fresh, _ in
                fresh.solutionCount == 0 && fresh.complete
            }
            // Only the givens the blank-removal loop may empty have variables.
            trials += try compareTrials(level, seed: seed, limits: unique, emptiable: Generator.emptiableCells(level)) { fresh, _ in
                fresh.solutionCount == 0 && fresh.complete
            }
            // Searching further, and keeping cells at random (levels with
            // several solutions, tuples left out and taken back).
            trials += try compareTrials(level, seed: seed, limits: SearchLimits(solutions: 20, keepSolutions: 3)) { _, rng in
                rng.chance(1, in: 2)
            }
        }
        #expect(trials > 250)
    }

    /// On small levels the shared model's count of other solutions after
    /// emptying each given equals a brute-force count minus the known one.
    @Test func otherSolutionsMatchBruteForce() throws {
        var rng = SplitMix64(seed: 77)
        var trials = 0
        for _ in 0..<1500 {
            let random = try randomSmallPuzzle(&rng)
            guard let known = try Solver(level: random).solve(SearchLimits(keepSolutions: 1)).solutions.first else { continue }
            var level = Puzzle(id: random.id, difficulty: random.difficulty, rows: random.rows, columns: random.columns,
                               cells: random.cells, equations: random.equations, numberPool: random.numberPool, solution: known)
            guard var model = EmptyingModel(level: level, emptiable: level.cells.map { $0.type == .fixedOperand }) else { continue }
            #expect(model.searchOthers(SearchLimits()).solutionCount == bruteForceCount(level) - 1)
            for position in level.cells.filter({ $0.type == .fixedOperand }).map(\.position) {
                guard let trial = level.emptying(position), trial.blankPositions.count <= 6 else { continue }
                let shared = model.searchEmptying(position.row * level.columns + position.column, SearchLimits())
                #expect(shared?.solutionCount == bruteForceCount(trial) - 1, "\(TextFormat.write(trial))")
                trials += 1
                let kept = rng.chance(1, in: 2)
                model.endTrial(keep: kept)
                if kept { level = trial }
            }
        }
        #expect(trials > 500)
    }
}
