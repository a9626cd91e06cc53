import CrossSums
import Foundation
import PuzzleKit
import Testing

@Suite struct GeneratorTests {
    /// Seeds per difficulty: `CROSSSUMS_SEEDS` (e.g. 500 with
    /// `swift test -c release`), or a quick 20 in a debug build.
    static let seedCount = ProcessInfo.processInfo.environment["CROSSSUMS_SEEDS"].flatMap(Int.init) ?? 20

    @Test(arguments: Profile.allCases)
    func everyPuzzleIsUniqueAndGradesWithinItsDifficulty(_ difficulty: Profile) throws {
        let generator = Generator()
        for seed in 1...Self.seedCount {
            let puzzle = try generator.generate(difficulty: difficulty, seed: seed).puzzle
            #expect(puzzle.id == "\(difficulty.rawValue)-\(seed)")
            #expect(puzzle.difficulty == difficulty.rawValue)
            #expect((puzzle.rows, puzzle.columns) == difficulty.size)
            #expect(puzzle.grid.allSatisfy { $0.allSatisfy(difficulty.numberRange.contains) })
            #expect(puzzle.problem == nil)
            #expect(puzzle.countSolutions(limit: 2) == 1, "seed \(seed)")
            let trace = try Grader(puzzle: puzzle).grade()
            #expect(trace.outcome == .solved)
            #expect(trace.guesses == 0)
            #expect(CrossSumsFamily().label(trace) == difficulty.rawValue, "seed \(seed)")
            #expect(GraderTests.solution(trace, puzzle) == puzzle.solution)
            if difficulty != .easy { #expect(trace.hardestTechnique == difficulty.hardestTechnique) }
        }
    }

    @Test func theSameSeedGivesTheSamePuzzle() throws {
        for difficulty in Profile.allCases {
            let a = try Generator().generate(difficulty: difficulty, seed: 77)
            let b = try Generator().generate(difficulty: difficulty, seed: 77)
            let c = try Generator().generate(difficulty: difficulty, seed: 78)
            #expect(a.puzzle == b.puzzle)
            #expect(a.candidates == b.candidates)
            #expect(a.puzzle.grid != c.puzzle.grid)
        }
        // Pinned so that a change in the generator's output is noticed.
        let pinned = try Generator().generate(difficulty: .easy, seed: 1).puzzle
        #expect(JSONFormat.write(pinned) == Self.pinnedEasy1)
    }

    static let pinnedEasy1 = #"{"columnSums":[8,2,1,15,1],"difficulty":"easy","grid":[[2,3,9,4,5],[6,7,7,9,5],[2,2,1,4,3],[3,3,5,6,1],[5,1,6,8,1]],"id":"easy-1","rowSums":[2,15,3,6,1],"solution":[[true,false,false,false,false],[true,false,false,true,false],[false,true,true,false,false],[false,false,false,true,false],[false,false,false,false,true]]}"#

    @Test func customSizesWork() throws {
        let settings = GeneratorSettings(difficulty: .hard, rows: 6, columns: 8, numberRange: 1...12, keepPercent: 45)
        let puzzle = try Generator().generate(settings, seed: 3).puzzle
        #expect((puzzle.rows, puzzle.columns) == (6, 8))
        #expect(CrossSumsFamily().label(try Grader(puzzle: puzzle).grade()) == Profile.hard.rawValue)
    }

    @Test func invalidSettingsAreRejectedUpFront() {
        let cases: [GeneratorSettings] = [
            GeneratorSettings(difficulty: .easy, rows: 0, columns: 5),
            GeneratorSettings(difficulty: .easy, rows: 5, columns: 40),
            GeneratorSettings(difficulty: .easy, rows: 5, columns: 5, numberRange: 0...9),
            GeneratorSettings(difficulty: .easy, rows: 5, columns: 5, keepPercent: 100),
        ]
        for settings in cases {
            #expect(throws: GenerationError.self) { try Generator().generate(settings, seed: 1) }
            do {
                _ = try Generator().generate(settings, seed: 1)
            } catch {
                #expect(error.reason == "invalid-settings")
                #expect(error.description.hasPrefix("invalid generator settings: "))
            }
        }
    }

    @Test func anUnreachableDifficultyExhaustsTheBudget() {
        // A 1x2 grid never needs more than the easy techniques.
        let settings = GeneratorSettings(difficulty: .extraHard, rows: 1, columns: 2)
        do {
            _ = try Generator(budget: 50).generate(settings, seed: 1)
            Issue.record("generated an impossible puzzle")
        } catch {
            #expect(error == .budgetExhausted(difficulty: .extraHard, rows: 1, columns: 2, candidates: 50, tooEasy: 50, tooHard: 0))
            #expect(error.reason == "budget-exhausted")
            #expect(error.description.contains("no Extra Hard 1x2 puzzle within the budget of 50 candidates"))
        }
    }
}
