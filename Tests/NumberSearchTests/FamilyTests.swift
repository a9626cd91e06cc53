import Foundation
import Testing
import PuzzleKit
@testable import NumberSearch

@Suite struct FamilyTests {
    let family = NumberSearchFamily()

    @Test func namesAndProfiles() throws {
        #expect(family.info.name == "number-search" && family.info.textExtension == "nsearch")
        #expect(family.profiles.map(family.id) == ["level-1", "level-2", "level-3", "level-4", "level-5"])
        #expect(try family.profile(named: "3").id == "level-3")
        #expect(try family.profile(named: "level-2-any").pathMode == .any)
        #expect(throws: UsageError.self) { try family.profile(named: "level-6") }
        #expect(family.gradeLabels == ["easy", "medium", "hard", "expert", "master"])
        #expect(family.profiles.map(\.gradeLabel) == family.gradeLabels.map { Optional($0) })
    }

    @Test func generateIsByteIdenticalPerSeed() throws {
        for profile in family.profiles {
            let a = try family.generate(profile, GenerationRequest(seed: 11, unique: true))
            let b = try family.generate(profile, GenerationRequest(seed: 11))
            for format in PuzzleFormat.allCases {
                #expect(family.write(a.puzzle, as: format, comments: ["c"]) == family.write(b.puzzle, as: format, comments: ["c"]))
            }
            #expect(a.attempts >= 1 && a.notes.contains("unique: one path per target"))
            #expect(try family.grade(a.puzzle, solutionsUpTo2: nil, explain: true).label == profile.gradeLabel)
        }
    }

    @Test func labelRequests() throws {
        #expect(family.unsupported(GenerationRequest(seed: 1, label: "impossible")) != nil)
        #expect(family.unsupported(GenerationRequest(seed: 1, label: "hard")) == nil)
        #expect(try family.generate(family.profiles[2], GenerationRequest(seed: 1, label: "hard")).puzzle.profile == "level-3")
        #expect(throws: GenerationFailure(reason: "label-mismatch", "level-1 generates easy levels, not hard; pick the profile of that grade")) {
            try family.generate(family.profiles[0], GenerationRequest(seed: 1, label: "hard"))
        }
    }

    @Test func readsEveryFormItWrites() throws {
        let levels = try (1...3).map { try family.generate(family.profiles[$0 - 1], GenerationRequest(seed: $0)).puzzle }
        let text = family.write(levels[0], as: .text, comments: [])
        #expect(try family.read(Data(text.utf8), file: "a.nsearch").map { try $0.get() }.first?.grid == levels[0].grid)
        #expect(try family.read(Data(text.utf8), file: "noext").first?.get().grid == levels[0].grid)
        let json = family.write(levels[1], as: .json, comments: [])
        #expect(try family.read(Data(json.utf8), file: "a.json").first?.get() == levels[1])
        let lines = levels.map { family.write($0, as: .jsonl, comments: []) }.joined()
        #expect(try family.read(Data(lines.utf8), file: "a.jsonl").map { try $0.get() } == levels)
        #expect(try family.read(Data(lines.utf8), file: "sniffed").map { try $0.get() } == levels)
        let array = "[" + levels.map { JSONFormat.write($0) }.joined(separator: ",") + "]"
        #expect(try family.read(Data(array.utf8), file: "a.json").map { try $0.get() } == levels)
        let bad = family.read(Data("1 2\n".utf8), file: "b.nsearch")
        #expect(bad.count == 1)
        if case .failure(let e) = bad[0] { #expect(e.description.hasPrefix("b.nsearch:1:")) } else { Issue.record("accepted") }
    }

    @Test func writeSolutionNeedsTheSolution() throws {
        let level = try family.generate(family.profiles[0], GenerationRequest(seed: 2)).puzzle
        #expect(family.writeSolution(level, comments: [])?.contains(" at ") == true)
        var bare = level
        bare.questions[0].solutionPositions = nil
        #expect(family.writeSolution(bare, comments: []) == nil)
    }

    @Test func recognizesOnlyItsOwnText() throws {
        let level = try family.generate(family.profiles[0], GenerationRequest(seed: 2)).puzzle
        #expect(family.recognizes(family.write(level, as: .text, comments: ["x"])))
        #expect(family.recognizes("6 8\n1 2\n60 + 8 = ?\n"))
        #expect(!family.recognizes(" .  10  5\n 7   3  5\n"))
        #expect(!family.recognizes("pool: 5\n 7 + ? = 12\n"))
        #expect(!family.recognizes("{\"grid\": [[1]]}"))
    }

    @Test func countIsTheProductOfPathCounts() throws {
        let level = Puzzle(id: "t", profile: "custom", pathMode: .straight, grid: [[6, 8], [8, 6]],
                          questions: [Question(operands: [60, 8], target: 68), Question(operands: [6, 0], target: 6)])
        let all = try family.count(level, limits: CountLimits(keepSolutions: 2))
        #expect(all.solutionCount == 8 && all.complete && all.stopReason == .exhausted)
        #expect(all.fields.first { $0.key == "pathCounts" }?.value == .json("[4,2]"))
        #expect(all.fields.first { $0.key == "paths" }?.value == .json(#"[["1,1 1,2","1,1 2,1"],["1,1","2,2"]]"#))
        #expect(all.solutionText?.contains("60 + 8 = 68 at 1,1 1,2") == true)
        #expect(all.solutionJSON?.hasPrefix("[[{") == true)
        let capped = try family.count(level, limits: CountLimits(solutions: 2))
        #expect(capped.solutionCount == 2 && !capped.complete && capped.stopReason == .solutionLimit)
        // Solutions are written only when asked for.
        #expect(capped.solutionText == nil && capped.solutionJSON == nil)
        var any = level
        any.pathMode = .any
        #expect(try family.count(any, limits: CountLimits()).fields.first { $0.key == "pathCounts" }?.value == .json("[4,2]"))
        let generated = try family.generate(family.profiles[4], GenerationRequest(seed: 4)).puzzle
        #expect(try family.count(generated, limits: CountLimits()).solutionCount == 1)
        var broken = level
        broken.grid = [[6, 18]]
        #expect(throws: CountError.self) { try family.count(broken, limits: CountLimits()) }
    }

    /// Nine questions with thousands of paths each: the product exceeds
    /// Int.max, so the count is Int.max, a lower bound — not complete, and
    /// stopped by `overflow` (no solution limit was asked).
    @Test func anOverflowingProductStopsByOverflow() throws {
        let ones = [[Int]](repeating: [Int](repeating: 1, count: 20), count: 20)
        let level = Puzzle(id: "o", profile: "custom", pathMode: .straight, grid: ones,
                          questions: [Question](repeating: Question(operands: [5, 6], target: 11), count: 9))
        #expect(level.problem == nil)
        let all = try family.count(level, limits: CountLimits())
        #expect(all.solutionCount == Int.max)
        #expect(!all.complete)
        #expect(all.stopReason == .overflow)
        let capped = try family.count(level, limits: CountLimits(solutions: 2))
        #expect(capped.solutionCount == 2 && !capped.complete && capped.stopReason == .solutionLimit)
    }

    /// Issue 33: an overflowed product is unknown, never an answer: a later
    /// question without a path makes the count exactly 0 (it was Int.max,
    /// stopped by `overflow`, a "lower bound" above the truth).
    @Test func aQuestionWithoutAPathAfterAnOverflowCountsZero() throws {
        let ones = [[Int]](repeating: [Int](repeating: 1, count: 20), count: 20)
        let questions = [Question](repeating: Question(operands: [5, 6], target: 11), count: 8)
            + [Question(operands: [10, 12], target: 22)]
        let level = Puzzle(id: "z", profile: "custom", pathMode: .straight, grid: ones, questions: questions)
        #expect(level.problem == nil)
        let counted = try family.count(level, limits: CountLimits())
        #expect(counted.solutionCount == 0 && counted.complete && counted.stopReason == .exhausted)
    }

    @Test func gradeResultInSharedTerms() throws {
        let level = try family.generate(family.profiles[1], GenerationRequest(seed: 3)).puzzle
        let grade = try family.grade(level, solutionsUpTo2: nil, explain: true)
        #expect(grade.steps == 3 && grade.rounds == 1 && grade.guesses == 0 && grade.backtracks == 0)
        #expect(grade.solutionsUpTo2 == 1 && grade.metrics.forcedShare == 1 && grade.metrics.longestForcedRun == 3)
        #expect(grade.explanation.count == 3 && grade.details.count == 3)
        #expect(grade.hardestTechnique?.code == Technique.backward.code || grade.hardestTechnique?.code == Technique.carry.code)
        #expect(grade.fields.map(\.key) == GradeResult.coreKeys + ["nearMisses"] + Technique.allCases.map { "steps_" + $0.code })
        let v = try #require(grade.metrics.visibility)
        #expect(v > 0 && v <= 1)
        let twice = Puzzle(id: "t", profile: "custom", pathMode: .straight, grid: [[6, 8, 6]], questions: [Question(operands: [60, 8], target: 68)])
        let g2 = try family.grade(twice, solutionsUpTo2: nil, explain: true)
        #expect(g2.solutionsUpTo2 == 2 && g2.metrics.forcedShare == 0 && g2.metrics.longestForcedRun == 0)
    }

    @Test func checkReportsProblemsAndNotes() throws {
        let good = try family.generate(family.profiles[0], GenerationRequest(seed: 5)).puzzle
        let report = family.check(good)
        #expect(report.summary == "valid, 6x6, 3 questions, straight, one path each" && report.problems.isEmpty && report.details.count == 3)
        let odd = Puzzle(id: "t", profile: "custom", pathMode: .straight, grid: [[6, 6, 8]],
                        questions: [Question(operands: [60, 6], target: 66), Question(operands: [1, 0], target: 1),
                                    Question(operands: [60, 8], target: 68, solutionPositions: [GridPosition(row: 0, column: 1), GridPosition(row: 0, column: 2)]),
                                    Question(operands: [6, 0], target: 6, solutionPositions: [GridPosition(row: 0, column: 1)])])
        let r = family.check(odd)
        #expect(r.summary.hasPrefix("invalid"))
        #expect(r.problems == ["question 2 (1 + 0 = ?): no path spells 1"])
        #expect(r.notes.contains { $0.contains("palindrome") } && r.notes.contains { $0.contains("2 paths spell 66") })
        #expect(r.notes.contains { $0.contains("share 1 cell") })
        var malformed = odd
        malformed.questions = []
        #expect(family.check(malformed).problems.count == 1)
    }

    @Test func metricsMatchTheColumns() throws {
        let level = try family.generate(family.profiles[2], GenerationRequest(seed: 6)).puzzle
        let values = family.metrics.values(of: level)
        #expect(values.count == family.metrics.columns.count)
        let row = Dictionary(uniqueKeysWithValues: zip(family.metrics.columns.map(\.name), values))
        #expect(row["rows"] == .int(6) && row["questions"] == .int(3) && row["pathCounts"] == .json("[1,1,1]"))
        #expect(row["overlaps"] == .int(0) && row["targetDigits"] == .int(6))
        #expect(row["diagonalAnswers"].map { if case .int(let n) = $0 { n >= 1 } else { false } } == true)
        let broken = Puzzle(id: "t", profile: "custom", pathMode: .straight, grid: [], questions: [])
        #expect(family.metrics.values(of: broken).count == family.metrics.columns.count)
    }

    @Test func sessionStartsAtTheLevel() throws {
        let level = try family.generate(family.profiles[0], GenerationRequest(seed: 7)).puzzle
        let session = family.startSession(level)
        #expect(session.levels == [level] && session.progress == 0)
    }
}

/// Replaying the grader's steps — every question answered once, easiest
/// first, with the path the grade names — finds every answer.
@Suite struct GradeReplayTests {
    @Test(arguments: NumberSearchFamily().profiles.map(\.id))
    func replayingTheGradeAnswersEveryQuestion(_ profileID: String) throws {
        let family = NumberSearchFamily()
        let profile = try family.profile(named: profileID)
        for seed in 1...1000 {
            let level = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
            let grade = try Grader.grade(level)
            let order = EasiestFirst.order(grade.questions.map(\.hardest))
            #expect(order.sorted() == Array(level.questions.indices), "seed \(seed)")
            for i in order {
                let answer = grade.questions[i]
                #expect(Rules.pathProblem(answer.path, in: level) == nil && Rules.isAnswer(answer.path, to: answer.question.target, in: level),
                        "seed \(seed), question \(i + 1)")
            }
            let hardest = order.map { grade.questions[$0].hardest }
            #expect(hardest == hardest.sorted(), "easiest first")
        }
    }
}
