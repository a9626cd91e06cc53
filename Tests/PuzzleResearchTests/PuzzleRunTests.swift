import CrossSums
import Foundation
import MathCrossword
import PuzzleKit
import PuzzleResearch
import Testing

@Suite struct PuzzleRunTests {
    /// The math crossword's export header is the one the notebooks' data
    /// sets were written with.
    @Test func mathCrosswordColumnsKeepTheirOrder() {
        let names = PuzzleColumn.all(metrics: MathCrosswordFamily().metrics.columns, gradeLabels: MathCrosswordFamily().gradeLabels).map(\.name)
        #expect(names == [
            "seed", "profile", "toolkitVersion", "unique", "status", "failureReason", "rows", "columns", "equations",
            "blanks", "distinctPoolValues", "crossingCells", "crossingsPerEquationMin", "crossingsPerEquationMean",
            "blankCrossingCells", "attempts", "revealed", "solutionLimit", "solutionsUpTo2", "complete", "solverNodes",
            "solverFailures", "solverPropagations", "gradeLabel", "gradeScore", "hardestTechnique", "gradeSteps",
            "gradeRounds", "guesses", "forcedShare", "longestForcedRun", "visibility", "generationMicroseconds",
            "solveMicroseconds", "gradeMicroseconds",
        ])
    }

    /// Every family's metric values line up with its metric columns.
    @Test func metricsMatchTheirColumns() throws {
        let crossword = MathCrosswordFamily()
        let level = try crossword.generate(MathCrossword.Profile.class2, GenerationRequest(seed: 3)).puzzle
        #expect(crossword.metrics.values(of: level).count == crossword.metrics.columns.count)
        let sums = CrossSumsFamily()
        let puzzle = try sums.generate(.medium, GenerationRequest(seed: 3)).puzzle
        #expect(sums.metrics.values(of: puzzle).count == sums.metrics.columns.count)
    }

    /// A record is a function of the seed: the same seed gives the same row
    /// (timings aside), and the grade agrees with the count.
    @Test(arguments: [1, 2, 17, 99])
    func recordsAreDeterministic(seed: Int) {
        let runs = [
            PuzzleRun(MathCrosswordFamily(), profile: .class3, unique: true, solve: true, grade: true),
            PuzzleRun(CrossSumsFamily(), profile: .hard, unique: false, solve: true, grade: true),
        ]
        for run in runs {
            let columns = PuzzleColumn.all(metrics: run.metricColumns, gradeLabels: run.labels).filter { !$0.timing }
            let a = PuzzleColumn.row(run.record(seed), columns: columns)
            let b = PuzzleColumn.row(run.record(seed), columns: columns)
            #expect(a == b)
            let record = run.record(seed)
            #expect(record.generated)
            #expect(record.solve?.solutionsUpTo2 == 1)
            #expect(record.grade != nil)
            #expect(record.metrics?.count == run.metricColumns.count)
        }
    }

    /// A run that counts and grades a math crossword prepares it once; its
    /// rows are the count and the grade the family gives for the level on
    /// its own, each from a model of its own.
    @Test func oneModelForCountAndGradeGivesTheSeparateResults() throws {
        let family = MathCrosswordFamily()
        let run = PuzzleRun(family, profile: .class4, unique: false, solve: true, grade: true)
        for seed in 1...40 {
            let record = run.record(seed)
            guard record.generated else { continue }
            let level = try family.generate(MathCrossword.Profile.class4, GenerationRequest(seed: seed)).puzzle
            let count = try family.count(level, limits: CountLimits(solutions: PuzzleRun.solutionLimit))
            #expect(record.solve == SolveSummary(count), "seed \(seed)")
            let grade = try family.grade(level, solutionsUpTo2: record.solve?.knownSolutionsUpTo2, explain: false)
            #expect(record.grade == GradeSummary(grade), "seed \(seed)")
        }
    }

    /// A budget that has run out before the work starts: every count and
    /// grade says it stopped, and no count is passed on as settled.
    @Test func anExhaustedTimeBudgetIsReportedNotHidden() {
        let run = PuzzleRun(MathCrosswordFamily(), profile: .class2, unique: false, solve: true, grade: true, timeLimit: .zero)
        for seed in 1...5 {
            let record = run.record(seed)
            #expect(record.solve?.complete == false && record.solve?.knownSolutionsUpTo2 == nil)
            let row = PuzzleColumn.row(record, columns: PuzzleColumn.all(metrics: run.metricColumns, gradeLabels: run.labels))
            #expect(row.fields.first { $0.key == "complete" }?.value == .bool(false))
        }
        let grade = try? MathCrosswordFamily().grade(MathCrossword.Generator().generate(difficulty: .class2, seed: 1).level,
                                                     solutionsUpTo2: nil, explain: false, timeLimit: .zero)
        #expect(grade?.complete == false && grade?.solutionsUpTo2 == nil)
    }

    /// A failed generation gives a row with its reason and empty metrics.
    @Test func failuresAreRecorded() throws {
        let family = MathCrosswordFamily()
        let impossible = try MathCrossword.Profile.decode(from: Data("""
            {"id":"tiny","displayName":"Tiny","minValue":1,"maxValue":2,"allowedOperators":["+"],"gridRows":5,
             "gridColumns":5,"minEquations":9,"maxEquations":9,"maxOperandsPerEquation":2,"minCrossingsPerEquation":1}
            """.utf8), file: "tiny.json")
        let run = PuzzleRun(family, profile: impossible, unique: false, solve: true, grade: true)
        let record = run.record(1)
        #expect(!record.generated)
        #expect(record.failureReason != nil)
        #expect(record.metrics == nil && record.solve == nil && record.grade == nil)
    }

    /// The seed runner delivers every seed once, in order, whatever the jobs.
    @Test(arguments: [1, 2, 3])
    func seedRunnerKeepsSeedOrder(jobs: Int) async throws {
        struct Chunk: SeedChunkResult {
            var seeds: [Int]
            var seedsDone: Int { seeds.count }
        }
        var delivered: [Int] = []
        let done = try await SeedRunner(first: 5, count: 500, jobs: jobs).run(
            work: { seeds, _ in Chunk(seeds: Array(seeds)) },
            deliver: { delivered += $0.seeds })
        #expect(done == 500)
        #expect(delivered == Array(5..<505))
    }

    /// Seeds that end at `Int.max` are run, in order, without computing a
    /// bound past it; seeds that would go past it are refused before any
    /// work.
    @Test(arguments: [1, 3])
    func seedRunnerReachesTheLargestSeed(jobs: Int) async throws {
        struct Chunk: SeedChunkResult {
            var seeds: [Int]
            var seedsDone: Int { seeds.count }
        }
        var delivered: [Int] = []
        let done = try await SeedRunner(first: Int.max - 9, count: 10, jobs: jobs).run(
            work: { seeds, _ in Chunk(seeds: Array(seeds)) },
            deliver: { delivered += $0.seeds })
        #expect(done == 10)
        #expect(delivered == Array((Int.max - 9)...Int.max))
        await #expect(throws: SeedRangeError.self) {
            _ = try await SeedRunner(first: Int.max - 9, count: 11, jobs: jobs).run(
                work: { seeds, _ in Chunk(seeds: Array(seeds)) }, deliver: { _ in })
        }
    }
}
