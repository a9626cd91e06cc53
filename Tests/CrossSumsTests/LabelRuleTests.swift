import CrossSums
import PuzzleKit
import Testing

/// The label rule: the difficulty of the hardest technique, lowered until
/// the score reaches the difficulty's floor.
@Suite struct LabelRuleTests {
    static let family = CrossSumsFamily()

    static func grade(_ text: String) throws -> (label: String, trace: CrossSumsFamily.Trace) {
        let puzzle = try TextFormat.read(text, file: "p.xsum")
        let trace = try family.trace(puzzle, solutionsUpTo2: nil, timeLimit: nil)
        return (family.label(trace), trace)
    }

    /// Was `medium` from its one must-keep step, at a score (7) below every
    /// generated easy puzzle (least 9).
    @Test func aThreeByThreeWithOneMustKeepStepIsEasy() throws {
        let (label, trace) = try Self.grade("""
             .  7 11  9
            14  5  6  9
             9  1  8  4
             4  1  3  2
            """)
        #expect(trace.hardestTechnique == .mustKeep)
        #expect(trace.steps.count { $0.technique == .mustKeep } == 1)
        #expect(trace.score == 7 && trace.score < Profile.medium.scoreFloor)
        #expect(label == "easy")
    }

    /// Was `extra-hard` from its one row-and-column step, at a score (64)
    /// below every generated extra-hard puzzle (least 71).
    @Test func aSevenBySevenWithOneRowAndColumnStepAndALowScoreIsHard() throws {
        let (label, trace) = try Self.grade("""
             .  8 14 21 15 20 16 20
            13  2  7  4  3  7  1  3
            15  6  2  1  1  4  2  9
            27  5  4  4  5  8  7  3
            15  4  8  7  3  6  9  5
             1  8  9  8  8  1  6  1
             9  1  2  4  1  3  3  6
            34  5  3  9  6  8  3  8
            """)
        #expect(trace.hardestTechnique == .rowAndColumn && trace.solutionsUpTo2 == 1)
        #expect(trace.score == 64)
        #expect(label == "hard")
    }

    /// The floors rise with the difficulty, and over puzzles of every size
    /// from 3×3 to 9×9 needing each technique, a puzzle labelled a
    /// difficulty scores at least its floor (the least score of that
    /// difficulty's generated puzzles), and never above the difficulty of
    /// its hardest technique: so a higher label never scores below the
    /// least-scoring generated puzzle of its profile.
    @Test func aLabelNeverScoresBelowItsFloorAtAnySize() throws {
        #expect(Profile.allCases.map(\.scoreFloor) == Profile.allCases.map(\.scoreFloor).sorted())
        #expect(Set(Profile.allCases.map(\.scoreFloor)).count == Profile.allCases.count)
        var labelsSeen: Set<String> = []
        for size in [3, 5, 7, 9] {
            for tier in Profile.allCases {
                for seed in 1...4 {
                    let settings = GeneratorSettings(difficulty: tier, rows: size, columns: size, keepPercent: 45)
                    guard let puzzle = try? Generator(budget: 300).generate(settings, seed: seed).puzzle else { continue }
                    let trace = try Grader(puzzle: puzzle).grade()
                    let label = try #require(Profile(name: Self.family.label(trace)))
                    labelsSeen.insert(label.rawValue)
                    #expect(trace.score >= label.scoreFloor, "\(size)x\(size) \(tier) seed \(seed)")
                    #expect(label <= (trace.hardestTechnique?.difficulty ?? .easy))
                    if let higher = Profile.allCases.first(where: { $0 > label }), trace.hardestTechnique?.difficulty ?? .easy >= higher {
                        #expect(trace.score < higher.scoreFloor, "lowered only as far as the score needs")
                    }
                }
            }
        }
        #expect(labelsSeen.count == Profile.allCases.count)
    }

    /// Every profile's generated puzzles reach their own floor, so the
    /// profile still fixes the label.
    @Test(arguments: Profile.allCases)
    func generatedPuzzlesReachTheirProfilesFloor(_ profile: Profile) throws {
        for seed in 1...GeneratorTests.seedCount {
            let trace = try Grader(puzzle: try Generator().generate(difficulty: profile, seed: seed).puzzle).grade()
            #expect(trace.score >= profile.scoreFloor && Self.family.label(trace) == profile.rawValue, "seed \(seed)")
        }
    }

}

@Suite struct CombinationSentenceTests {
    static let family = CrossSumsFamily()

    /// `generate --kind cross-sums --profile medium --difficulty hard --seed 5`:
    /// its third step's line repeats a number.
    static let repeatedNumbers = """
         . 17  9 18 12 15 19
         9  5  1  5  1  2  2
        20  6  4  9  2  3  1
        24  9  2  6  9  4  9
        14  6  4  8  4  9  4
        11  3  2  9  9  4  5
        12  8  4  8  5  8  4
        """

    /// Ways that take the same numbers from different cells are said once,
    /// so the sentence still lists them (it used to list none when a number
    /// repeats). `generate --kind cross-sums --profile medium --difficulty hard --seed 5`.
    @Test func aCombinationsStepListsItsWaysWhenANumberRepeats() throws {
        let puzzle = try TextFormat.read(Self.repeatedNumbers, file: "p.xsum")
        let trace = try Self.family.trace(puzzle, solutionsUpTo2: nil, timeLimit: nil)
        #expect(Self.family.sentence(trace.steps[2], in: puzzle, language: .english) == "Row 4 needs 14 from 6, 4, 8, 4, 9 and 4. The only ways are 6 + 8 and 6 + 4 + 4. "
                + "Every way uses the 6 in column 1, so keep it. No way uses the 9 in column 5, so remove it.")
    }
}
