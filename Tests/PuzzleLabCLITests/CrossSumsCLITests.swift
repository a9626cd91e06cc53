import Foundation
import PuzzleKit
import Testing

@Suite struct CrossSumsCLITests {
    @Test func generateSolveGradeAndCheckAnXsumFile() throws {
        let dir = try temporaryDirectory()
        let generated = try puzzlelab(["generate", "--kind", "cross-sums", "--profile", "medium", "--seed", "4"])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(generated.stdout.hasPrefix("# medium-4: profile medium, seed 4, attempts 1, unique\n"))
        try generated.stdout.write(to: dir.appendingPathComponent("p.xsum"), atomically: true, encoding: .utf8)
        let solved = try puzzlelab(["solve", "p.xsum", "--format", "json"], in: dir)
        #expect(solved.stdout.contains("\"solutionCount\":1,\"complete\":true"))
        let graded = try puzzlelab(["grade", "p.xsum", "--explain"], in: dir)
        #expect(graded.stdout.hasPrefix("p.xsum: p: medium, score"))
        #expect(graded.stdout.contains("Row") || graded.stdout.contains("Column"))
        let checked = try puzzlelab(["check", "p.xsum"], in: dir)
        #expect(checked.status == 0 && checked.stdout.contains("valid cross sums, 6x6"))
    }

    @Test func jsonIsRecognisedByContent() throws {
        let json = try puzzlelab(["generate", "--kind", "cross-sums", "--profile", "easy", "--count", "3", "--format", "jsonl"])
        let dir = try temporaryDirectory()
        try json.stdout.write(to: dir.appendingPathComponent("c.jsonl"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["solve", "c.jsonl", "--format", "csv"], in: dir)
        #expect((CSV.parse(run.stdout) ?? []).count == 4)
    }

    @Test func packWritesNumberedLevelsWithSolutions() throws {
        let dir = try temporaryDirectory()
        let run = try puzzlelab(["pack", "--kind", "cross-sums", "--profile", "hard", "--count", "3", "--out", "puzzles.json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: dir.appendingPathComponent("puzzles.json"))
        let levels = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["levels"] as? [[String: Any]]
        let pack = levels?.map { $0["puzzle"] as? [String: Any] ?? [:] }
        #expect(pack?.map { $0["id"] as? String } == ["hard-1", "hard-2", "hard-3"])
        #expect(pack?.allSatisfy { $0["solution"] != nil } == true)
        let bad = try puzzlelab(["pack", "--kind", "cross-sums", "--profile", "impossible", "--out", "x.json"], in: dir)
        #expect(bad.status != 0 && bad.stderr.contains("unknown cross sums difficulty"))
    }

    @Test func benchAndExportAcceptCrossSums() throws {
        let bench = try puzzlelab(["bench", "--kind", "cross-sums", "--profile", "easy", "--count", "20", "--format", "json"])
        #expect(bench.status == 0, "\(bench.stderr)")
        #expect(bench.stdout.contains("\"profile\":\"easy\""))
        #expect(bench.stdout.contains("\"gradeLabels\":{\"easy\":20"))
        let dir = try temporaryDirectory()
        let export = try puzzlelab(["export", "--kind", "cross-sums", "--profile", "hard", "--count", "4", "--out", "h.csv"], in: dir)
        #expect(export.status == 0, "\(export.stderr)")
        let records = CSV.parse(try String(contentsOf: dir.appendingPathComponent("h.csv"), encoding: .utf8)) ?? []
        #expect(records.count == 5)
        #expect(records.dropFirst().allSatisfy { $0[1] == "hard" })
    }
}

@Suite struct CrossSumsDifficultyTests {
    /// Each label the family lists, from a profile whose grid can reach it
    /// (the smallest that can, so the test is fast): the puzzle grades
    /// exactly that label.
    @Test(arguments: [("easy", "easy"), ("medium", "easy"), ("hard", "easy"), ("extra-hard", "hard"),
                      ("guess-required", "extra-hard")])
    func generateDifficultyGivesEveryListedLabel(_ label: String, _ profile: String) throws {
        let dir = try temporaryDirectory()
        let run = try puzzlelab(["generate", "--kind", "cross-sums", "--profile", profile, "--difficulty", label, "--seed", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("# \(profile)-2: profile \(profile), seed 2, attempts "))
        #expect(run.stdout.contains("unique, graded \(label)\n"))
        try run.stdout.write(to: dir.appendingPathComponent("p.xsum"), atomically: true, encoding: .utf8)
        let graded = try puzzlelab(["grade", "p.xsum", "--format", "json"], in: dir)
        #expect(graded.stdout.contains(#""label":"\#(label)""#), "\(graded.stdout)")
        #expect(graded.stdout.contains(#""solutionsUpTo2":1"#))
    }

    /// The profile's own label keeps the profile's puzzle, byte for byte.
    @Test func theProfilesOwnLabelIsThePlainPuzzle() throws {
        let plain = try puzzlelab(["generate", "--kind", "cross-sums", "--profile", "hard", "--seed", "3"])
        let labelled = try puzzlelab(["generate", "--kind", "cross-sums", "--profile", "hard", "--seed", "3", "--difficulty", "hard"])
        #expect(plain.stdout.split(separator: "\n").dropFirst() == labelled.stdout.split(separator: "\n").dropFirst())
    }

    /// An unreachable label for the grid is one line naming a real profile
    /// that reaches it; an unknown label lists the real ones.
    @Test func anUnreachableOrUnknownLabelIsOneLine() throws {
        let far = try puzzlelab(["generate", "--kind", "cross-sums", "--profile", "easy", "--difficulty", "extra-hard", "--seed", "1"])
        #expect(far.status == 1 && far.stdout.isEmpty)
        #expect(far.stderr.split(separator: "\n").count == 1)
        #expect(far.stderr.contains("no extra-hard 5x5 cross sums puzzle within") && far.stderr.hasSuffix("try --profile extra-hard\n"),
                "\(far.stderr)")
        let guess = try puzzlelab(["generate", "--kind", "cross-sums", "--profile", "easy", "--difficulty", "guess-required", "--seed", "1"])
        #expect(guess.status == 1 && guess.stderr.hasSuffix("try --profile extra-hard\n"), "\(guess.stderr)")
        let unknown = try puzzlelab(["generate", "--kind", "cross-sums", "--difficulty", "expert"])
        #expect(unknown.status == 64 && isOneError(unknown))
        #expect(unknown.stderr.contains("unknown cross sums label 'expert': expected easy, medium, hard, extra-hard, guess-required"))
        let help = try puzzlelab(["generate", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("cross-sums easy, medium, hard, extra-hard, guess-required"))
    }
}
