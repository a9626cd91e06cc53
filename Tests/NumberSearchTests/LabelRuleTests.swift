import PuzzleKit
import Testing
@testable import NumberSearch

/// The label rule: the hardest feature's label, lowered until the level's
/// score reaches that label's floor, one more than the median score of the
/// profile one level below.
@Suite struct LabelRuleTests {
    /// Was `master` from its one three-digit answer read right, at score
    /// 12, below the median `level-2` level (18).
    @Test func aThreeDigitAnswerReadRightAtScore12IsNotMaster() throws {
        let level = GraderTests.level([[1, 2, 3, 0, 6, 8, 0, 5, 7]], [[45, 78], [59, 9], [29, 28]])
        let result = try GraderTests.result(level)
        #expect(result.hardestTechnique?.code == Technique.longAnswer.code)
        #expect(result.score == 12)
        #expect(result.label == "medium")
    }

    @Test func theFloorsRiseAndLowerOnlyAsFarAsTheScoreNeeds() {
        #expect(Technique.scoreFloors.count == Technique.labels.count && Technique.scoreFloors.isSorted())
        #expect(Technique.label(hardest: .longAnswer, score: Technique.scoreFloors[4]) == "master")
        #expect(Technique.label(hardest: .longAnswer, score: Technique.scoreFloors[4] - 1) == "expert")
        #expect(Technique.label(hardest: .longAnswer, score: Technique.scoreFloors[2] - 1) == "medium")
        #expect(Technique.label(hardest: .forward, score: 1_000) == "easy", "never harder than the features")
    }

    static func median(_ values: [Int]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : Double(sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    }

    /// Over 100 seeds per profile: the median score rises with the level,
    /// every level labelled `expert` or `master` (any profile, either mode)
    /// scores above the median of `level-3` or `level-4`, and `level-1-any`
    /// grades below straight `level-3` on the median.
    @Test func levelsOrderOnTheMedian() throws {
        let family = NumberSearchFamily()
        func grades(_ profile: Profile) throws -> [GradeResult] {
            try (1...100).map { seed in
                try family.grade(try Generator.generate(profile, seed: seed).level, solutionsUpTo2: nil, explain: false, timeLimit: nil)
            }
        }
        let straight = try (1...5).map { try grades(Profile.level(of: $0)) }
        let any = try (1...5).map { try grades(Profile.level(of: $0, mode: .any)) }
        let medians = straight.map { Self.median($0.map(\.score)) }
        #expect(medians.isSorted() && Set(medians).count == 5, "\(medians)")
        for (n, results) in straight.enumerated() {
            #expect(results.allSatisfy { $0.label == Technique.labels[n] }, "level-\(n + 1) keeps its label")
        }
        for result in (straight + any).joined() {
            if result.label == "expert" { #expect(Double(result.score) > medians[2]) }
            if result.label == "master" { #expect(Double(result.score) > medians[3]) }
        }
        let rank = { (r: GradeResult) in Technique.labels.firstIndex(of: r.label) ?? 0 }
        #expect(Self.median(any[0].map(rank)) < Self.median(straight[2].map(rank)))
        #expect(Self.median(any[0].map(\.score)) < medians[2])
    }
}
