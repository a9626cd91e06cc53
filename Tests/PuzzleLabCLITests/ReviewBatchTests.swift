import Foundation
import Testing

/// Issue 38: a review page for a batch, and the seeds file (FORMATS.md
/// section 11) it exports, which `pack`, `generate`, `grade` and `review`
/// take back with `--seeds`.
@Suite struct ReviewBatchTests {
    /// The puzzles of a seeds file are those of the same seeds one by one,
    /// in the file's order, for generate, pack, grade and review.
    @Test func theSeedsOfAFileMakeExactlyThosePuzzles() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let seeds = [7, 3, 12]
        let file = "\u{FEFF}# puzzlelab seeds (pack --seeds FILE, generate --seeds FILE)\n# kind: cross-sums\n# profile: hard\n# unique: false\n"
            + "# accepted\n7\n\n  3 \r\n12\n"
        try file.write(to: dir.appendingPathComponent("accepted.txt"), atomically: true, encoding: .utf8)
        let kind = ["--kind", "cross-sums", "--profile", "hard"]
        let generated = try puzzlelab(["generate"] + kind + ["--seeds", "accepted.txt", "--format", "jsonl"], in: dir)
        #expect(generated.status == 0, "\(generated.stderr)")
        let one = try seeds.map { try puzzlelab(["generate"] + kind + ["--seed", String($0), "--format", "jsonl"]).stdout }
        #expect(generated.stdout == one.joined() && one.allSatisfy { !$0.isEmpty })

        // The pack's levels are the puzzles of the seeds, in order.
        let pack = try puzzlelab(["pack"] + kind + ["--seeds", "accepted.txt", "--out", "-"], in: dir)
        #expect(pack.status == 0 && pack.stderr == "puzzlelab: wrote 3 hard levels to -\n", "\(pack.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(pack.stdout.utf8)) as? [String: Any])
        let packed = try #require(object["levels"] as? [[String: Any]])
        #expect(packed.compactMap { $0["seed"] as? Int } == seeds)
        for (level, text) in zip(packed, one) {
            let puzzle = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let packedPuzzle = try #require(level["puzzle"] as? [String: Any])
            #expect(NSDictionary(dictionary: strippedOfIDs(packedPuzzle)) == NSDictionary(dictionary: strippedOfIDs(puzzle)))
        }

        let grade = try puzzlelab(["grade"] + kind + ["--seeds", "accepted.txt", "--format", "csv"], in: dir)
        let rows = grade.stdout.split(whereSeparator: \.isNewline).map { $0.split(separator: ",") }
        #expect(grade.status == 0 && rows.first?[1] == "seed" && rows.dropFirst().map { String($0[1]) } == seeds.map(String.init), "\(grade.stderr)")
        let review = try puzzlelab(["review"] + kind + ["--seeds", "accepted.txt"], in: dir)
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("<title>PuzzleLab review: cross-sums hard, the 3 seeds of accepted.txt</title>"))
        #expect(review.stdout.components(separatedBy: "<section class=\"puzzle\"").dropFirst().map {
            $0.components(separatedBy: "data-key=\"")[1].prefix { $0 != "\"" }
        } == seeds.map { Substring(String($0)) })
        // Standard input works too (read once).
        let piped = try puzzlelab(["generate"] + kind + ["--seeds", "-", "--format", "jsonl"], input: file)
        #expect(piped.stdout == generated.stdout, "\(piped.stderr)")
    }

    /// A pack level and a generated puzzle differ in their ids only.
    private func strippedOfIDs(_ object: [String: Any]) -> [String: Any] {
        object.filter { $0.key != "id" }
    }

    /// A bad line is one line naming the file and line and what was expected.
    @Test(arguments: [
        ("7\nseven\n", "bad.txt:2: expected a seed (an integer) or a # comment, found 'seven'"),
        ("7\n1.5\n", "bad.txt:2: expected a seed (an integer) or a # comment, found '1.5'"),
        ("7\n8\n# again\n7\n", "bad.txt:4: seed 7 again (first on line 1); give each seed once"),
        ("# nothing\n\n", "bad.txt: no seeds (expected one integer per line)"),
        ("# kind: math-crossword\n1\n", "bad.txt:1: the seeds are for --kind math-crossword, not cross-sums; give --kind math-crossword"),
        ("# profile: easy\n1\n", "bad.txt:1: the seeds are for --profile easy, not hard; give --profile easy"),
        ("# profile: hard\n# profile: hard\n1\n", "bad.txt:2: a second '# profile:' comment (the first is on line 1)"),
        ("# unique: true\n1\n", "bad.txt:1: the seeds are of puzzles generated with --unique; give --unique"),
        ("99999999999999999999\n", "bad.txt:1: expected a seed (an integer) or a # comment, found '99999999999999999999'"),
        ("7 8\n", "bad.txt:1: expected a seed (an integer) or a # comment, found '7 8'"),
        ("7 # seven\n", "bad.txt:1:3: '#' starts a comment only at the beginning of a line"),
    ])
    func aBadSeedsFileIsRefusedWithItsLine(_ text: String, _ message: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try text.write(to: dir.appendingPathComponent("bad.txt"), atomically: true, encoding: .utf8)
        for command in ["generate", "pack", "grade", "review"] {
            let run = try puzzlelab([command, "--kind", "cross-sums", "--profile", "hard", "--seeds", "bad.txt", "--out", "x"]
                                        .filter { command == "pack" || command == "review" || ($0 != "--out" && $0 != "x") }, in: dir)
            #expect(run.status == 65 && run.stdout.isEmpty && run.stderr == "puzzlelab: \(message)\n", "\(command): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x").path))
    }

    /// --seeds gives the seeds itself: not with --seed or --count, and not
    /// for the commands that work through a range.
    @Test(arguments: [
        ["generate", "--seeds", "s.txt", "--seed", "3"],
        ["pack", "--seeds", "s.txt", "--count", "3", "--out", "-"],
        ["review", "--seeds", "s.txt", "-s", "2"],
        ["grade", "--seeds", "s.txt", "--count", "1"],
        ["bench", "--seeds", "s.txt"],
        ["export", "--seeds", "s.txt", "--out", "-"],
        ["review", "--seeds", "s.txt", "p.mcw"],
    ])
    func seedsConflicts(_ arguments: [String]) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "1\n".write(to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(arguments, in: dir)
        let expected = arguments[0] == "bench" ? "--seeds is for generate, grade, pack and review; bench works through --seed and --count (or --duration)."
            : arguments[0] == "export" ? "--seeds is for generate, grade, pack and review; export works through --seed and --count (it resumes by row)."
            : arguments.last == "p.mcw" ? "give puzzle files or --profile / --count / --seeds, not both."
            : "--seeds gives the seeds itself: give --seeds FILE or --seed / --count, not both."
        #expect(run.status == 64 && run.stderr.hasPrefix("puzzlelab: \(expected)\n"), "\(arguments): \(run.stderr)")
    }

    /// A seed that fails to generate is listed in the page's summary (and
    /// on stderr); the page is written with the others.
    @Test func aGeneratedReviewKeepsItsFailures() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = ["review", "--kind", "math-crossword", "--profile", "class_1", "--unique", "--min-blanks", "60",
                         "--count", "2", "--out", "page.html"]
        let run = try puzzlelab(arguments, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 3 && lines[0].hasPrefix("puzzlelab: profile class_1, seed 1: ") && lines[1].hasPrefix("puzzlelab: profile class_1, seed 2: "))
        #expect(lines.last == "puzzlelab: wrote 0 puzzles and 2 failures (listed in its summary) to page.html")
        let page = try String(contentsOf: dir.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.contains("<dd id=\"summary-count\">0</dd>") && page.contains("<dd id=\"summary-failures\">2</dd>"))
        #expect(page.contains("<td>2</td><td>1, 2</td></tr>"))
        for line in lines.prefix(2) { #expect(page.contains("<li>\(line.dropFirst("puzzlelab: ".count))</li>")) }
        #expect(!page.contains("<section class=\"puzzle\""))
    }
}
