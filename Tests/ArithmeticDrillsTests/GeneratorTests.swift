import ArithmeticDrills
import PuzzleKit
import Testing

@Suite struct GeneratorTests {
    @Test func nextHitsTheScoreExactlyAndNeverRepeatsInASession() {
        for difficulty in Difficulty.allCases {
            var generator = DrillGenerator(difficulty: difficulty)
            var rng = SplitMix64(seed: 11)
            for score in generator.scores {
                let pool = generator.candidates(score: score)
                generator.newSession()
                var drawn: [Exercise] = []
                while let e = generator.next(score: score, using: &rng) {
                    #expect(e.features.score == score)
                    #expect(e.problems.isEmpty && e.difficulty == difficulty)
                    drawn.append(e)
                }
                #expect(drawn.count == pool.count)
                #expect(Set(drawn) == Set(pool))  // no repeats, nothing missed
            }
            // A score no exercise has gives nothing.
            #expect(generator.next(score: 99, using: &rng) == nil)
        }
    }

    @Test func sheetsAreDistinctExactAndDeterministic() throws {
        for profile in DrillsFamily().profiles {
            for seed in 1...200 {
                let sheet = try DrillGenerator.sheet(profile, seed: seed)
                #expect(sheet.exercises.count == 10)
                #expect(Set(sheet.exercises).count == 10)
                #expect(sheet.exercises.allSatisfy { $0.problems.isEmpty && profile.difficulty.range.contains($0.firstNumber) })
                #expect(try DrillGenerator.sheet(profile, seed: seed) == sheet)
                #expect(sheet.id == "\(profile.id)-\(seed)")
            }
        }
        let a = try DrillGenerator.sheet(DrillProfile(difficulty: .hard), seed: 1)
        let b = try DrillGenerator.sheet(DrillProfile(difficulty: .hard), seed: 2)
        #expect(a != b)
    }

    @Test func targetedSheetsScoreExactlyTheTargetOrFailClearly() throws {
        for difficulty in Difficulty.allCases {
            let generator = DrillGenerator(difficulty: difficulty)
            for score in 0...9 {
                let profile = DrillProfile(difficulty: difficulty, target: score)
                let available = generator.candidates(score: score).count
                if available >= 10 {
                    for seed in 1...20 {
                        let sheet = try DrillGenerator.sheet(profile, seed: seed)
                        #expect(sheet.exercises.allSatisfy { $0.features.score == score })
                        #expect(Set(sheet.exercises).count == 10 && sheet.target == score)
                    }
                } else {
                    #expect(throws: GenerationFailure.self) { try DrillGenerator.sheet(profile, seed: 1) }
                    do {
                        _ = try DrillGenerator.sheet(profile, seed: 1)
                    } catch {
                        #expect(error.reason == "too-few-exercises")
                        #expect(error.description.contains("\(available) exercises"))
                    }
                }
            }
        }
    }

    @Test func labelledSheetsGradeTheirLabel() throws {
        let family = DrillsFamily()
        for label in family.gradeLabels {
            let generated = try family.generate(DrillProfile(difficulty: .hard), GenerationRequest(seed: 3, label: label))
            #expect(generated.puzzle.exercises.allSatisfy { $0.features.label == label })
            #expect(try family.grade(generated.puzzle, solutionCount: nil).label == label)
        }
        #expect(family.unsupported(GenerationRequest(seed: 1, label: "impossible")) != nil)
        #expect(family.unsupported(GenerationRequest(seed: 1, label: "master")) == nil)
        #expect(throws: GenerationFailure.self) {
            try family.generate(DrillProfile(difficulty: .veryEasy), GenerationRequest(seed: 1, label: "master"))
        }
    }
}
