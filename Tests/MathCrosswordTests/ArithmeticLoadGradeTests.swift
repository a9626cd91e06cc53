import MathCrossword
import PuzzleKit
import Testing

/// Issue 35: each step carries the arithmetic it asks (the shared model),
/// and the label is the harder of the logic tier and the arithmetic tier.
@Suite struct ArithmeticLoadGradeTests {
    let family = MathCrosswordFamily()

    func trace(_ text: String) throws -> MathCrosswordFamily.Trace {
        try family.trace(try TextFormat.read(text, file: "a.mcw"), solutionsUpTo2: nil, timeLimit: nil)
    }

    /// The same one-blank step with small and large numbers: the same logic
    /// tier, different arithmetic (before, both were `easy` with score 2).
    @Test func aStepCarriesItsFactsLoad() throws {
        let small = try trace("pool: 5\n7 + ? = 12\n")
        #expect(small.steps.count == 1 && small.steps[0].technique == .oneBlank)
        #expect(small.steps[0].facts.arithmetic?.fact == ArithmeticFact(.addition, 7, 5, result: 12))
        #expect(small.steps[0].facts.arithmetic?.score == 8 && small.steps[0].points == 1 + 8)
        #expect(small.difficulty == .easy && small.arithmeticLabel == .medium && family.label(small) == "medium")

        let large = try trace("pool: 1769\n4728 - ? = 2959\n")
        #expect(large.steps[0].technique == .oneBlank && large.difficulty == .easy)
        #expect(large.steps[0].facts.arithmetic?.fact == ArithmeticFact(.subtraction, 4728, 1769, result: 2959))
        let load = ArithmeticLoad(ArithmeticFact(.subtraction, 4728, 1769, result: 2959)).score
        #expect(large.steps[0].points == 1 + load && load >= CrosswordArithmetic.tierThresholds[2])
        #expect(large.arithmeticLabel == .expert && family.label(large) == "expert")
        let grade = family.grade(large, of: try TextFormat.read("pool: 1769\n4728 - ? = 2959\n", file: "a.mcw"), explain: false)
        let row = ReportRow(grade.fields)
        #expect(row["logicLabel"] == .string("easy") && row["arithmeticLabel"] == .string("expert"))
        #expect(row["arithmeticLoadMax"] == .int(load) && row["label"] == .string("expert"))
    }

    @Test func tiersFollowTheirThresholds() {
        #expect([0, 6, 7, 8, 9, 10, 11, 40].map { CrosswordArithmetic.arithmeticLabel(medianLoad: $0) }
            == [.easy, .easy, .medium, .medium, .hard, .hard, .expert, .expert])
    }

    /// `guess-required` comes from the logic tier only, and a harder logic
    /// tier is kept when the arithmetic is easy.
    @Test func theLabelIsTheHarderTier() throws {
        let noSolution = try trace("pool: 5 8\n? + ? = 12\n")
        #expect(noSolution.combinedLabel == .guessRequired)
        for profile in Profile.classProfiles {
            for seed in 1...5 {
                let level = try Generator().generate(difficulty: profile, seed: seed).level
                let t = try family.trace(level, solutionsUpTo2: nil, timeLimit: nil)
                #expect(t.combinedLabel >= t.difficulty && t.combinedLabel >= t.arithmeticLabel || t.difficulty == .guessRequired)
                #expect(family.label(t) == t.combinedLabel.rawValue)
                #expect(t.score == t.steps.reduce(t.extraPoints) { $0 + $1.technique.weight + ($1.facts.arithmetic?.score ?? 0) })
            }
        }
    }
}
