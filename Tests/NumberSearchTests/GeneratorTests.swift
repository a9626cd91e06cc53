import Testing
import PuzzleKit
@testable import NumberSearch

@Suite struct GeneratorTests {
    /// Every rule of a generated level, checked without the generator's code
    /// where it matters (uniqueness and near misses also by brute force on a sample).
    static func checkRules(_ level: Puzzle, _ profile: Profile, seed: Int, bruteForce: Bool) {
        #expect(level.problem == nil, "seed \(seed)")
        #expect(level.rows == 6 && level.columns == 6)
        #expect(level.questions.count == 3)
        #expect(level.profile == profile.id && level.pathMode == profile.pathMode)
        let targets = level.questions.map(\.target)
        #expect(Set(targets).count == 3, "distinct targets, seed \(seed)")
        var used = Set<GridPosition>()
        for (i, q) in level.questions.enumerated() {
            let range = i == 0 ? profile.firstTargets : profile.targets
            #expect(range.contains(q.target), "target \(q.target) in \(range), seed \(seed)")
            #expect(q.operands.count == 2 && q.operands[0] + q.operands[1] == q.target)
            #expect(q.operands.allSatisfy { profile.operands.contains($0) })
            if !profile.allowsCarry { #expect(!q.hasCarry, "no carry, seed \(seed)") }
            #expect(!Rules.isPalindrome(q.target))
            guard let path = q.solutionPositions else {
                Issue.record("no solution path, seed \(seed)")
                continue
            }
            #expect(Rules.isAnswer(path, to: q.target, in: level))
            #expect(used.isDisjoint(with: path), "answers overlap, seed \(seed)")
            used.formUnion(path)
            if profile.pathMode == .straight {
                let direction = Rules.direction(of: path)
                #expect(direction.map { (i == 0 ? profile.firstDirections : profile.directions).contains($0) } ?? false,
                        "direction \(String(describing: direction)), seed \(seed)")
            }
            #expect(Solver.count(q.target, in: level) == 1, "one path for \(q.target), seed \(seed)")
            if bruteForce {
                let all = BruteForce.paths(q.target, grid: level.grid, straight: level.pathMode == .straight)
                #expect(all == [path], "brute force finds only the answer, seed \(seed)")
            }
        }
        let grade = try? Grader.grade(level)
        #expect(grade != nil)
        guard let grade else { return }
        if let limit = profile.maxNearMisses {
            #expect(grade.questions.allSatisfy { $0.nearMisses <= limit }, "near misses, seed \(seed)")
        }
        if bruteForce {
            for g in grade.questions {
                #expect(g.nearMisses == BruteForce.nearMisses(g.question.target, grid: level.grid, straight: level.pathMode == .straight))
            }
        }
        if profile.needsCrowded {
            #expect(grade.questions.contains { $0.nearMisses >= Technique.crowdedThreshold }, "crowded, seed \(seed)")
        }
        if let label = profile.gradeLabel { #expect((try? GraderTests.result(level))?.label == label, "grade, seed \(seed)") }
        #expect(Solver.solve(level).solutionCount == 1)
    }

    @Test(arguments: 1...5) func everyRuleHoldsOver1000Seeds(level n: Int) throws {
        let profile = Profile.level(of: n)
        for seed in 1...1_000 {
            let outcome = try Generator.generate(profile, seed: seed)
            Self.checkRules(outcome.level, profile, seed: seed, bruteForce: seed % 10 == 0)
            #expect(outcome.attempts >= 1 && outcome.attempts <= profile.attempts)
            #expect(outcome.rejections.reduce(0) { $0 + $1.count } == outcome.attempts - 1)
        }
    }

    @Test(arguments: 1...5) func anyModeRulesHold(level n: Int) throws {
        let profile = Profile.level(of: n, mode: .any)
        for seed in 1...200 {
            Self.checkRules(try Generator.generate(profile, seed: seed).level, profile, seed: seed, bruteForce: seed % 10 == 0)
        }
    }

    @Test func sameSeedSameBytesOtherSeedOtherLevel() throws {
        for n in 1...5 {
            let profile = Profile.level(of: n)
            let a = try Generator.generate(profile, seed: 42).level
            let b = try Generator.generate(profile, seed: 42).level
            #expect(JSONFormat.write(a) == JSONFormat.write(b))
            #expect(TextFormat.write(a) == TextFormat.write(b))
            #expect(try Generator.generate(profile, seed: 43).level.grid != a.grid)
        }
    }

    @Test func generatedBytesArePinned() throws {
        // Pins the generator's output: a change here changes every level ever generated.
        let level = try Generator.generate(Profile.level(of: 1), seed: 1).level
        #expect(TextFormat.write(level, solved: true) == """
            id: level-1-1
            profile: level-1
            mode: straight
            4 6 3 5 2 7
            6 0 6 6 5 8
            9 8 8 0 4 4
            1 3 1 0 7 6
            2 4 8 8 8 9
            8 0 0 4 6 4
            11 + 24 = 35 at 1,3 1,4
            20 + 7 = 27 at 1,5 1,6
            10 + 2 = 12 at 4,1 5,1

            """)
    }

    @Test func gameHasFiveLevelsOfRisingGrade() throws {
        let game = try Generator.game(seed: 5)
        #expect(game.count == 5)
        #expect(try game.map { try GraderTests.result($0).label } == Technique.labels)
        #expect(try game.map { try Grader.grade($0).questions.map(\.hardest).max() ?? .forward }.isSorted())
    }

    @Test func impossibleProfileFailsWithACountedReason() {
        var profile = Profile.level(of: 1)
        profile.rows = 1
        profile.columns = 1
        profile.attempts = 30
        #expect(throws: GenerationFailure.self) { try Generator.generate(profile, seed: 1) }
        do {
            _ = try Generator.generate(profile, seed: 1)
        } catch {
            #expect(error.reason == "no-room")
            #expect(error.description.contains("no-room 30"))
        }
        var tight = Profile.level(of: 1)
        tight.targets = 10...10
        tight.firstTargets = 10...10
        tight.attempts = 5
        do {
            _ = try Generator.generate(tight, seed: 1)
            Issue.record("10 has no carry-free split into positive operands")
        } catch {
            #expect(error.reason == "targets")
        }
    }

    @Test func digitRunsCompareLikeDigitArrays() {
        // The generator's packed digit runs against plain digit arrays,
        // reversals with leading zeros included (10 reversed is 01).
        func isRun(_ part: [Int], of whole: [Int]) -> Bool {
            part.count <= whole.count && (0...(whole.count - part.count)).contains {
                Array(whole[$0..<($0 + part.count)]) == part
            }
        }
        let numbers = Array(0...1_200) + [-5, 10_203, 9_000_001, Int.max]
        let runs = numbers.map { (Generator.DigitRun($0), Rules.digits(of: $0)) }
        for (run, digits) in runs {
            #expect(run.count == digits.count)
            let reversal = run.reversed
            #expect(reversal.count == digits.count)
            #expect((run == reversal) == (digits == Array(digits.reversed())), "\(digits)")
        }
        var wrong: [String] = []
        for (a, aDigits) in runs {
            for (b, bDigits) in runs.prefix(250) + runs.suffix(4) {
                if a.occurs(in: b) != isRun(aDigits, of: bDigits) { wrong.append("\(aDigits) in \(bDigits)") }
                if a.reversed.occurs(in: b) != isRun(aDigits.reversed(), of: bDigits) { wrong.append("\(aDigits) reversed in \(bDigits)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test func hardestFeatureIsTheHardestOfTheFeatures() throws {
        for n in 1...5 {
            for mode in PathMode.allCases {
                for seed in 1...40 {
                    let level = try Generator.generate(Profile.level(of: n, mode: mode), seed: seed).level
                    for q in level.questions {
                        let path = q.solutionPositions ?? []
                        for misses in 0...6 {
                            let (hardest, score) = Grader.hardestFeatureAndScore(of: q, path: path, nearMisses: misses)
                            let features = Grader.features(of: q, path: path, nearMisses: misses)
                            #expect(hardest == features.max())
                            #expect(score == Grader.score(of: features, nearMisses: misses))
                        }
                    }
                }
            }
        }
        let bare = Question(operands: [400, 599], target: 999)
        #expect(Grader.hardestFeatureAndScore(of: bare, path: [], nearMisses: 0).0 == .longAnswer)
    }
}

extension Array where Element: Comparable {
    func isSorted() -> Bool { zip(self, dropFirst()).allSatisfy { $0 <= $1 } }
}
