import Foundation
import Testing

/// `puzzlelab render` and `puzzlelab review` as a user runs them.
@Suite struct DrawingCommandTests {
    @Test(arguments: EveryFamilyTests.families)
    func renderDrawsEveryFamilyFromAFileOrStandardInput(kind: String, ext: String) throws {
        let dir = try temporaryDirectory()
        let puzzle = try puzzlelab(["generate", "--kind", kind, "--seed", "5"]).stdout
        try puzzle.write(to: dir.appendingPathComponent("p.\(ext)"), atomically: true, encoding: .utf8)
        let file = try puzzlelab(["render", "p.\(ext)"], in: dir)
        #expect(file.status == 0, "\(kind): \(file.stderr)")
        #expect(file.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"297mm\""))
        let piped = try puzzlelab(["render", "-", "--kind", kind], input: puzzle)
        #expect(piped.status == 0 && piped.stdout.contains("<text"), "\(kind): \(piped.stderr)")
        let letter = try puzzlelab(["render", "p.\(ext)", "--paper", "letter", "--solution", "--step", "1"], in: dir)
        #expect(letter.status == 0, "\(kind): \(letter.stderr)")
        #expect(letter.stdout.contains("width=\"215.9mm\"") && letter.stdout.contains("stroke-dasharray"))
    }

    @Test func renderRefusesWhatItCannotDoOnOneLine() throws {
        let dir = try temporaryDirectory()
        let puzzle = try puzzlelab(["generate", "--seed", "42"]).stdout
        try puzzle.write(to: dir.appendingPathComponent("p.mcw"), atomically: true, encoding: .utf8)
        let corpus = try puzzlelab(["generate", "--count", "3", "--format", "jsonl"]).stdout
        try corpus.write(to: dir.appendingPathComponent("c.jsonl"), atomically: true, encoding: .utf8)

        let step = try puzzlelab(["render", "p.mcw", "--step", "99"], in: dir)
        #expect(step.status != 0 && step.stderr == "puzzlelab: p.mcw: there is no step 99: expected 1…7\n", "\(step.stderr)")
        let several = try puzzlelab(["render", "c.jsonl"], in: dir)
        #expect(several.status == 64 && several.stderr.hasPrefix("puzzlelab: c.jsonl: the file holds 3 puzzles; choose one with --index 1…3\n")
                && isOneError(several), "\(several.stderr)")
        let chosen = try puzzlelab(["render", "c.jsonl", "--index", "2", "--paper", "fit"], in: dir)
        #expect(chosen.status == 0 && chosen.stdout.contains("class_1-2"), "\(chosen.stderr)")
        let beyond = try puzzlelab(["render", "c.jsonl", "--index", "4"], in: dir)
        #expect(beyond.status == 64 && beyond.stderr.hasPrefix("puzzlelab: c.jsonl: --index 4 is beyond the file's 3 puzzles\n")
                && isOneError(beyond), "\(beyond.stderr)")
        // Only the chosen puzzle has to read: a bad line elsewhere is not its concern.
        let lines = corpus.split(separator: "\n")
        try (lines[0] + "\n{\"id\":\n" + lines[2] + "\n").write(to: dir.appendingPathComponent("bad.jsonl"), atomically: true, encoding: .utf8)
        let third = try puzzlelab(["render", "bad.jsonl", "--index", "3", "--paper", "fit"], in: dir)
        #expect(third.status == 0 && third.stdout.contains("class_1-3"), "\(third.stderr)")
        let second = try puzzlelab(["render", "bad.jsonl", "--index", "2"], in: dir)
        #expect(second.status != 0 && second.stderr.hasPrefix("puzzlelab: bad.jsonl:2:") && isOneError(second), "\(second.stderr)")

        #expect(try puzzlelab(["render", "p.mcw", "--out", "p.svg"], in: dir).status == 0)
        let again = try puzzlelab(["render", "p.mcw", "--solution", "--out", "p.svg"], in: dir)
        #expect(again.status == 73 && again.stderr == "puzzlelab: p.svg exists; add --force to replace it\n")
        let before = try String(contentsOf: dir.appendingPathComponent("p.svg"), encoding: .utf8)
        #expect(!before.contains("solution"))
        #expect(try puzzlelab(["render", "p.mcw", "--solution", "--out", "p.svg", "--force"], in: dir).status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("p.svg"), encoding: .utf8).contains("solution"))
    }

    /// A puzzle that reads but that `check` calls invalid is refused as
    /// `solve` and `grade` refuse it, with check's words.
    @Test func renderRefusesABoardTooBigForTheSheetNamingPaperFit() throws {
        let dir = try temporaryDirectory()
        // Sixty exercises: on A4 a row would be 4.3 mm high, its text under 2.5 mm.
        let sheet = (0..<60).map { "\(1 + $0 % 9) + \(1 + $0 / 9)" }.joined(separator: "\n") + "\n"
        try sheet.write(to: dir.appendingPathComponent("sixty.drill"), atomically: true, encoding: .utf8)
        let a4 = try puzzlelab(["render", "sixty.drill"], in: dir)
        #expect(a4.status != 0 && a4.stdout.isEmpty)
        #expect(a4.stderr == "puzzlelab: sixty.drill: the board is too big for one A4 page (210 × 297 mm): its text would be 2.37 mm high, "
                + "under 2.5 mm; draw it with --paper fit\n", "\(a4.stderr)")
        let fit = try puzzlelab(["render", "sixty.drill", "--paper", "fit"], in: dir)
        #expect(fit.status == 0 && fit.stdout.contains("<text"), "\(fit.stderr)")
    }

    @Test func renderAndReviewRefuseWhatCheckCallsInvalid() throws {
        let dir = try temporaryDirectory()
        // Drills: an operand outside the profile's range reads, but is invalid.
        try "profile: medium\n5 + 300\n2 + 3\n".write(to: dir.appendingPathComponent("operand.drill"), atomically: true, encoding: .utf8)
        let check = try puzzlelab(["check", "operand.drill"], in: dir)
        #expect(check.status != 0)
        let problem = try #require(check.stdout.split(separator: "\n").first { $0.contains("300") })
        for arguments in [["render", "operand.drill"], ["review", "operand.drill"]] {
            let run = try puzzlelab(arguments, in: dir)
            #expect(run.status != 0 && run.stdout.isEmpty, "\(arguments): \(run.stdout.prefix(80))")
            #expect(run.stderr.hasPrefix("puzzlelab: operand.drill: ") && run.stderr.contains("300"), "\(arguments): \(run.stderr) (check: \(problem))")
        }
    }

    @Test func reviewWritesTheSameSelfContainedPageEveryRun() throws {
        let dir = try temporaryDirectory()
        let arguments = ["review", "--kind", "number-search", "--profile", "level-2", "--seed", "3", "--count", "3"]
        let first = try puzzlelab(arguments + ["--out", "a.html"], in: dir)
        #expect(first.status == 0 && first.stderr == "puzzlelab: wrote 3 puzzles to a.html\n", "\(first.stderr)")
        let second = try puzzlelab(arguments, in: dir)  // to standard output, another process
        let page = try String(contentsOf: dir.appendingPathComponent("a.html"), encoding: .utf8)
        #expect(second.stdout == page)
        #expect(page.contains("<dt>seed</dt><dd>5</dd>") && page.contains("<dt>profile</dt><dd>level-2</dd>"))
        #expect(page.contains("<title>PuzzleLab review: number-search level-2, seeds 3…5</title>"))
        let refused = try puzzlelab(arguments + ["--out", "a.html"], in: dir)
        #expect(refused.status == 73 && refused.stderr == "puzzlelab: a.html exists; add --force to replace it\n")
    }

    @Test func reviewTakesFilesOfEveryFamily() throws {
        let dir = try temporaryDirectory()
        var files: [String] = []
        for (kind, ext) in EveryFamilyTests.families {
            let puzzle = try puzzlelab(["generate", "--kind", kind, "--seed", "2"]).stdout
            try puzzle.write(to: dir.appendingPathComponent("p.\(ext)"), atomically: true, encoding: .utf8)
            files.append("p.\(ext)")
        }
        let run = try puzzlelab(["review"] + files + ["--out", "-"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "<section class=\"puzzle\"").count == 6)
        #expect(run.stdout.contains("<dt>file</dt><dd>p.morse</dd>"))
        let bad = try puzzlelab(["review", "missing.mcw"], in: dir)
        #expect(bad.status == 66 && bad.stderr == "puzzlelab: missing.mcw: no such file\n", "\(bad.stderr)")
    }

    /// Issue 33: `review` grades a cross sums puzzle once, within --timeout
    /// (it graded up to three times with 10 s each, ignoring it). An 80×80
    /// grid of ones, every sum 1, with its solution: the grader needs far
    /// more than 10 s. Measured by hand (debug build): about 0.6 s of CPU
    /// with --timeout 0.5, where it took 30 s before.
    @Test func reviewGradesCrossSumsOnceWithinItsTimeout() throws {
        let dir = try temporaryDirectory()
        let n = 80
        let ones = "[" + Array(repeating: "1", count: n).joined(separator: ",") + "]"
        let identity = (0..<n).map { r in "[" + (0..<n).map { $0 == r ? "true" : "false" }.joined(separator: ",") + "]" }
        let sums = "[" + Array(repeating: "1", count: n).joined(separator: ",") + "]"
        let json = #"{"id":"ones","difficulty":"custom","grid":["# + Array(repeating: ones, count: n).joined(separator: ",")
            + #"],"solution":["# + identity.joined(separator: ",") + #"],"rowSums":"# + sums + #","columnSums":"# + sums + "}"
        try json.write(to: dir.appendingPathComponent("ones.json"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["review", "ones.json", "--kind", "cross-sums", "--timeout", "0.5"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("budget-exceeded (stopped by the time budget: a lower bound)"))
        #expect(run.stdout.contains("<summary>Show the solution</summary>"))
    }
}
