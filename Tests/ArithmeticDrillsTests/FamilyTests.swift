import ArithmeticDrills
import Foundation
import PuzzleKit
import Testing

@Suite struct FamilyTests {
    let family = ArithmeticDrillsFamily()

    @Test func namesProfilesAndIds() throws {
        #expect(family.info.name == "drills" && family.info.textExtension == "drill")
        #expect(family.profiles.map(family.id(of:)) == ["very-easy", "easy", "medium", "hard"])
        #expect(try family.profile(named: "hard@5") == Profile(difficulty: .hard, target: 5))
        #expect(try family.profile(named: "very-easy") == Profile(difficulty: .veryEasy))
        for bad in ["huge", "hard@", "hard@x", "hard@05", "hard@5@6", "@5", ""] {
            #expect(throws: UsageError.self) { try family.profile(named: bad) }
        }
        #expect(family.gradeLabels == ["warm-up", "practice", "challenge", "master"])
    }

    @Test func generatedSheetsReadBackInEveryFormat() throws {
        for profile in family.profiles {
            let generated = try family.generate(profile, GenerationRequest(seed: 9))
            #expect(generated.notes.contains("unique"))
            for format in PuzzleFormat.allCases {
                let ext = format == .text ? "drill" : format.rawValue
                let text = family.write(generated.puzzle, as: format, comments: ["seed 9"])
                let results = family.read(Data(text.utf8), file: "\(generated.puzzle.id).\(ext)")
                #expect(results.count == 1)
                #expect(try results[0].get() == generated.puzzle)
                // Without a telling extension the content decides.
                #expect(try family.read(Data(text.utf8), file: "-")[0].get().exercises == generated.puzzle.exercises)
                #expect(family.recognizes(text))
            }
        }
        #expect(family.recognizes("# a sheet\n3 + 4\n"))
        #expect(!family.recognizes(" .  10  5\n 7 3 5\n"))
        #expect(!family.recognizes("profile: class_1\npool: 5\n 7 + ? = 12\n"))
    }

    /// The count against a brute force (``DrillsBruteForce``): every answer
    /// 0...25 for every exercise of small sheets, counting the assignments
    /// that answer every exercise, break no rule and agree with the written
    /// answers.
    @Test func countMatchesABruteForce() throws {
        var rng = SplitMix64(seed: 17)
        for _ in 0..<400 {
            let n = rng.uniform(in: 1...3)
            var exercises: [Exercise] = []
            var answers: [Int?] = []
            for _ in 0..<n {
                let type: OperationType = rng.chance(1, in: 2) ? .addition : .subtraction
                exercises.append(Exercise(type, rng.uniform(in: 0...11), rng.uniform(in: 0...11), difficulty: .hard))
                answers.append(rng.chance(1, in: 3) ? rng.uniform(in: 0...22) : nil)
            }
            let sheet = Sheet(id: "r", difficulty: rng.chance(1, in: 2) ? .hard : .medium, exercises: exercises, answers: answers)
            let assignments = DrillsBruteForce.count(sheet)
            let counted = try family.count(sheet, limits: CountLimits(keepSolutions: 1))
            #expect(counted.solutionCount == assignments, "\(sheet)")
            #expect(counted.complete)
            #expect((counted.solutionText != nil) == (assignments == 1))
            // Solutions are written only when asked for.
            #expect(try family.count(sheet, limits: CountLimits()).solutionText == nil)
        }
    }

    @Test func solutionsAreWrittenForValidSheetsOnly() throws {
        let sheet = try TextFormat.read("profile: hard\n7 + 5\n9 - 9\n", file: "s.drill")
        #expect(family.writeSolution(sheet, comments: []) == "profile: hard\n7 + 5 = 12\n9 - 9 = 0\n")
        let counted = try family.count(sheet, limits: CountLimits(keepSolutions: 1))
        #expect(counted.solutionJSON == "[12,0]")
        let bad = try TextFormat.read("3 - 4\n", file: "b.drill")
        #expect(family.writeSolution(bad, comments: []) == nil)
        #expect(try family.count(bad, limits: CountLimits()).solutionCount == 0)
    }

    @Test func checkReportsValidityProblemsAndNotes() throws {
        let good = try TextFormat.read("profile: easy\ntarget: 1\n2 + 2\n3 + 1 = 4\n2 + 2\n", file: "g.drill")
        let report = family.check(good)
        #expect(report.problems.isEmpty)
        #expect(report.summary == "valid, easy (1-5), 3 exercises, 1 answered")
        #expect(report.details == ["2 + 2 = 4: score 1, warm-up", "3 + 1 = 4: score 1, warm-up", "2 + 2 = 4: score 1, warm-up"])
        #expect(report.notes == ["exercise 3 (2 + 2) repeats exercise 1"])
        let targetMiss = try TextFormat.read("target: 2\n2 + 2\n", file: "t.drill")
        #expect(family.check(targetMiss).notes == ["exercise 1 (2 + 2) scores 1, not the target 2"])
        let bad = family.check(try TextFormat.read("profile: easy\n3 - 4\n", file: "b.drill"))
        #expect(bad.summary.hasPrefix("invalid") && bad.problems.count == 1)
    }

    @Test func gradeSumsScoresAndLabelsByWhatHalfTheExercisesReach() throws {
        let sheet = try TextFormat.read("profile: hard\n4 + 4\n7 + 5\n9 - 4\n", file: "s.drill")
        let grade = try family.grade(sheet, solutionsUpTo2: nil, explain: true)
        #expect(grade.score == 1 + 8 + 4)
        // Scores 1, 8, 4: the median score 4 grades practice; the hardest feature is still reported.
        #expect(grade.label == "practice")
        // One master exercise among four warm-ups does not make the sheet hard.
        let mostlyEasy = try TextFormat.read("2 + 2\n3 + 1\n5 + 5\n4 + 4\n7 + 5\n", file: "e.drill")
        #expect(try family.grade(mostlyEasy, solutionsUpTo2: nil, explain: false).label == "warm-up")
        #expect(grade.hardestTechnique?.code == "cross-ten")
        #expect(grade.steps == 3 && grade.guesses == 0 && grade.solutionsUpTo2 == 1)
        // Easiest first: the tie, then the near anchor, then the cross-ten.
        #expect(grade.explanation == ["4 + 4: a double, 4 and 4 make 8", "9 − 4: next to the double 4 + 4 = 8, so 4 + 5 = 9 and 5",
                                      "7 + 5: 7 + 3 = 10, then + 2 = 12"])
        let row = ReportRow(grade.fields)
        // One step per exercise, counted by its heaviest feature.
        #expect(row["steps_tie"] == .int(1) && row["steps_near-anchor"] == .int(1) && row["steps_cross-ten"] == .int(1))
        #expect(row["steps_big-operand"] == .int(0) && row["crossTenExercises"] == nil)
        #expect(row["exerciseScores"] == .json("[1,8,4]"))
        #expect(throws: (any Error).self) { try family.grade(try TextFormat.read("3 - 4\n", file: "b.drill"), solutionsUpTo2: nil, explain: true) }
        // Profiles order by mean score: wider ranges are harder.
        var means: [Double] = []
        for profile in family.profiles {
            var total = 0
            for seed in 1...100 { total += try family.grade(family.generate(profile, GenerationRequest(seed: seed)).puzzle, solutionsUpTo2: 1, explain: true).score }
            means.append(Double(total) / 100)
        }
        #expect(means == means.sorted() && Set(means).count == 4)
    }

    @Test func metricsMatchTheirColumns() throws {
        let sheet = try TextFormat.read("profile: hard\n4 + 4\n7 + 5\n9 - 4\n", file: "s.drill")
        let columns = family.metrics.columns.map(\.name)
        let values = family.metrics.values(of: sheet)
        #expect(columns.count == values.count)
        let row = ReportRow(Array(zip(columns, values)).map { (key: $0.0, value: $0.1) })
        #expect(row["exercises"] == .int(3) && row["additions"] == .int(2) && row["subtractions"] == .int(1))
        #expect(row["largestOperand"] == .int(9) && row["largestResult"] == .int(12))
        #expect(row["minScore"] == .int(1) && row["maxScore"] == .int(8) && row["meanScore"] == .double(13.0 / 3))
        #expect(row["crossTenExercises"] == .int(1) && row["tieExercises"] == .int(1) && row["nearAnchorExercises"] == .int(1))
        #expect(row["exerciseFeatures"] == .json(#"[{"exercise":"4 + 4","score":1,"features":["tie"]},{"exercise":"7 + 5","score":8,"features":["big-operand","big-result","no-anchor","cross-ten"]},{"exercise":"9 - 4","score":4,"features":["subtraction","big-operand","near-anchor"]}]"#))
        #expect(row.csv.contains("\"[{\"\"exercise\"\""))  // the JSON column is quoted in CSV
    }
}

@Suite struct HostileInputTests {
    /// Any 64-bit operands read from a file go through every family entry
    /// point without trapping.
    @Test func hugeOperandsNeverTrap() throws {
        let family = ArithmeticDrillsFamily()
        let extremes = [0, 1, 9, 10, 11, 19, 20, 21, Int.max, Int.max - 1, Int.max / 10, 1 << 62]
        for a in extremes {
            for b in extremes {
                for op in ["+", "-"] {
                    let text = "\(a) \(op) \(b) = \(a)\n"
                    let sheet = try TextFormat.read(text, file: "h.drill")
                    _ = family.check(sheet)
                    _ = family.metrics.values(of: sheet)
                    _ = try family.count(sheet, limits: CountLimits())
                    _ = try? family.grade(sheet, solutionsUpTo2: nil, explain: true)
                    _ = family.writeSolution(sheet, comments: [])
                    let features = sheet.exercises[0].features
                    _ = (features.strategy, features.score, features.initialRating)
                    #expect(Solver.count(sheet) == 0 || (a <= 10 && b <= 10))
                }
            }
        }
        #expect(Exercise(.addition, Int.max, 1, difficulty: .hard).correctAnswer == Int.max)
        #expect(Exercise(.subtraction, 0, Int.max, difficulty: .hard).correctAnswer == -Int.max)
        #expect(Exercise(.subtraction, -2, Int.max, difficulty: .hard).correctAnswer == Int.min)
    }

    @Test func farAwayDatesInAFileDoNotTrap() throws {
        let json = PersistenceTests.v1.replacingOccurrences(of: "785050004", with: "1e300").replacingOccurrences(of: "785030400", with: "-1e300")
        let player = try DrillStore.decode(Data(json.utf8), file: "p.json")
        #expect(player.progress.count == 2)
    }
}

/// Replaying the grade — every exercise once, easiest first, with the answer
/// the grade's strategy names — answers the whole sheet correctly.
@Suite struct GradeReplayTests {
    @Test(arguments: ["very-easy", "easy", "medium", "hard"])
    func replayingTheGradeAnswersEveryExercise(_ profileID: String) throws {
        let family = ArithmeticDrillsFamily()
        let profile = try family.profile(named: profileID)
        for seed in 1...1000 {
            let sheet = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
            let graded = sheet.exercises.map(ExerciseFeatures.init)
            let order = EasiestFirst.order(graded.map(\.hardest))
            #expect(order.sorted() == Array(sheet.exercises.indices), "seed \(seed)")
            #expect(order.map { graded[$0].hardest } == graded.map(\.hardest).sorted(), "easiest first")
            let explanation = try family.grade(sheet, solutionsUpTo2: nil, explain: true).explanation
            for (step, i) in zip(explanation, order) {
                let e = sheet.exercises[i]
                let holds = e.type == .addition ? e.firstNumber + e.secondNumber == e.correctAnswer
                                                : e.firstNumber - e.secondNumber == e.correctAnswer
                #expect(holds, "seed \(seed): \(e)")
                #expect(step.hasPrefix("\(e.text(.english)):"), "seed \(seed): \(step)")
            }
        }
    }
}
