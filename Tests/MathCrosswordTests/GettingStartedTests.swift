import Testing
import MathCrossword
import PuzzleKit

/// The example of the DocC article "Getting started from Swift code"
/// (Sources/PuzzleKit/PuzzleKit.docc/GettingStarted.md), with the values it
/// prints: keep the two in step.
@Suite struct GettingStartedTests {
    @Test func generateCountAndGradeAsTheArticleShows() throws {
        let family = MathCrosswordFamily()
        let profile = try family.profile(named: "class_1")

        let generated = try family.generate(profile, GenerationRequest(seed: 42, unique: true))
        let level = generated.puzzle
        let text = family.write(level, as: .text, comments: [])
        #expect(text.hasPrefix("profile: class_1\npool: 1 5 8 14 16 17 20\n"))

        let count = try family.count(level, limits: CountLimits(solutions: 2))
        #expect(count.solutionCount == 1 && count.complete && count.stopReason == .exhausted)

        let grade = try family.grade(level, solutionsUpTo2: count.solutionCount, explain: true)
        #expect(grade.label == "easy" && grade.score == 30 && grade.steps == 7)  // 11 before issue 35: the steps now carry their arithmetic load
        #expect(grade.explanation.first == "Row 1: 17 − 1 = ?, so ? = 16.")

        let labels = try labelsOfSeeds(1...3, of: family, profile: profile)
        #expect(labels.count == 3)
        #expect(labels.allSatisfy { family.gradeLabels.contains($0) })
    }

    /// The article's generic function, for any family that counts and grades.
    func labelsOfSeeds<F: CountingFamily & GradingFamily>(_ seeds: ClosedRange<Int>, of family: F,
                                                          profile: F.Profile) throws -> [String] {
        try seeds.map { seed in
            let puzzle = try family.generate(profile, GenerationRequest(seed: seed, unique: true)).puzzle
            let solutions = family.solutionsUpTo2(puzzle, timeLimit: .seconds(10))
            return try family.grade(puzzle, solutionsUpTo2: solutions, explain: false).label
        }
    }
}
