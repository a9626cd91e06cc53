import ArithmeticDrills
import PuzzleKit
import Testing

@Suite struct GeneratorTests {
    @Test func nextHitsTheScoreExactlyAndNeverRepeatsInASession() {
        for difficulty in Difficulty.allCases {
            var generator = Generator(difficulty: difficulty)
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
        for profile in ArithmeticDrillsFamily().profiles {
            for seed in 1...200 {
                let sheet = try Generator.sheet(profile, seed: seed)
                #expect(sheet.exercises.count == 10)
                #expect(Set(sheet.exercises).count == 10)
                #expect(sheet.exercises.allSatisfy { $0.problems.isEmpty && profile.difficulty.range.contains($0.firstNumber) })
                #expect(try Generator.sheet(profile, seed: seed) == sheet)
                #expect(sheet.id == "\(profile.id)-\(seed)")
            }
        }
        let a = try Generator.sheet(Profile(difficulty: .hard), seed: 1)
        let b = try Generator.sheet(Profile(difficulty: .hard), seed: 2)
        #expect(a != b)
    }

    @Test func targetedSheetsScoreExactlyTheTargetOrFailClearly() throws {
        for difficulty in Difficulty.allCases {
            let generator = Generator(difficulty: difficulty)
            for score in 0...9 {
                let profile = Profile(difficulty: difficulty, target: score)
                let available = generator.candidates(score: score).count
                if available >= 10 {
                    for seed in 1...20 {
                        let sheet = try Generator.sheet(profile, seed: seed)
                        #expect(sheet.exercises.allSatisfy { $0.features.score == score })
                        #expect(Set(sheet.exercises).count == 10 && sheet.target == score)
                    }
                } else {
                    #expect(throws: GenerationFailure.self) { try Generator.sheet(profile, seed: 1) }
                    do {
                        _ = try Generator.sheet(profile, seed: 1)
                    } catch {
                        #expect(error.reason == "too-few-exercises")
                        #expect(error.description.contains("\(available) exercises"))
                    }
                }
            }
        }
    }

    @Test func labelledSheetsGradeTheirLabel() throws {
        let family = ArithmeticDrillsFamily()
        for label in family.gradeLabels {
            let generated = try family.generate(Profile(difficulty: .hard), GenerationRequest(seed: 3, label: label))
            #expect(generated.puzzle.exercises.allSatisfy { $0.features.label == label })
            #expect(try family.grade(generated.puzzle, solutionsUpTo2: nil, explain: true).label == label)
        }
        #expect(family.unsupported(GenerationRequest(seed: 1, label: "impossible")) != nil)
        #expect(family.unsupported(GenerationRequest(seed: 1, label: "master")) == nil)
        #expect(throws: GenerationFailure.self) {
            try family.generate(Profile(difficulty: .veryEasy), GenerationRequest(seed: 1, label: "master"))
        }
    }
}

@Suite struct TargetCoverageTests {
    /// The targeted profiles docs/families/drills.md says can be filled are exactly these.
    @Test func whichTargetedProfilesFillASheet() {
        var fillable: [String] = []
        for difficulty in Difficulty.allCases {
            for score in 1...8 where (try? Generator.sheet(Profile(difficulty: difficulty, target: score), seed: 1)) != nil {
                fillable.append("\(difficulty.name)@\(score)")
            }
        }
        #expect(fillable == ["easy@1", "easy@2", "medium@1", "medium@2", "hard@1", "hard@2", "hard@5", "hard@7", "hard@8"])
    }

    @Test func preferencesDefaultToTheSeeds() {
        let p = Preferences()
        #expect(p.difficulty == .easy && p.adaptiveDifficulty && p.sessionLength == 10 && p.dailyGoal == 20)
    }
}
