import Foundation
import Testing

@Suite struct GenerateCheckTests {
    @Test func generatePrintsAReproduciblePuzzle() throws {
        let a = try puzzlelab(["generate", "--profile", "class_1", "--seed", "42"])
        let b = try puzzlelab(["generate", "--profile", "class_1", "--seed", "42"])
        #expect(a.status == 0)
        #expect(a.stdout == b.stdout)
        #expect(a.stdout.hasPrefix("# class_1-42: profile class_1, seed 42, attempts 1\nprofile: class_1\npool:"))
    }

    @Test func generatedFilesPassCheckInEveryFormat() throws {
        let dir = try temporaryDirectory()
        for (format, name) in [("mcw", "p.mcw"), ("json", "p.json"), ("jsonl", "c.jsonl")] {
            var arguments = ["generate", "--profile", "class_3", "--seed", "5", "--format", format]
            if format == "jsonl" { arguments += ["--count", "3"] }
            let generated = try puzzlelab(arguments)
            #expect(generated.status == 0)
            try generated.stdout.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let check = try puzzlelab(["check", "p.mcw", "p.json", "c.jsonl"], in: dir)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.components(separatedBy: ": valid,").count == 6)
        #expect(check.stdout.contains("incomplete"))
        #expect(check.stdout.contains("correct"))  // the JSON carries its solution
    }

    /// What `generate --count 5` writes, check, solve, grade and render read
    /// back, in every family's text format and JSON Lines; `--format json`
    /// refuses several puzzles up front, naming jsonl.
    @Test(arguments: [("math-crossword", "mcw"), ("cross-sums", "xsum"), ("number-search", "nsearch"), ("drills", "drill"), ("morse", "morse")])
    func severalGeneratedPuzzlesReadBack(kind: String, ext: String) throws {
        let dir = try temporaryDirectory()
        for (format, name) in [("text", "p.\(ext)"), ("jsonl", "p.jsonl")] {
            let generated = try puzzlelab(["generate", "--kind", kind, "--count", "5", "--unique", "--format", format])
            #expect(generated.status == 0, "\(generated.stderr)")
            try generated.stdout.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let check = try puzzlelab(["check", name], in: dir)
            #expect(check.status == 0 && check.stdout.split(separator: "\n").filter { $0.hasPrefix("\(name): ") }.count == 5, "\(name): \(check.stderr)")
            let solve = try puzzlelab(["solve", name], in: dir)
            #expect(solve.status == 0 && solve.stdout.split(separator: "\n").filter { $0.hasPrefix("\(name): ") && $0.contains(" solution") }.count == 5, "\(name): \(solve.stderr)")
            let grade = try puzzlelab(["grade", name, "--format", "csv"], in: dir)
            #expect(grade.status == 0 && grade.stdout.split(whereSeparator: \.isNewline).count == 6, "\(name): \(grade.stderr)")
            let ids = Set(check.stdout.split(separator: "\n").filter { $0.hasPrefix("\(name): ") }.map { $0.split(separator: ":")[1] })
            #expect(ids.count == 5, "\(name): ids \(ids.sorted())")
            let render = try puzzlelab(["render", name, "--index", "5"], in: dir)
            #expect(render.status == 0 && render.stdout.hasPrefix("<svg"), "\(name): \(render.stderr)")
            let beyond = try puzzlelab(["render", name, "--index", "6"], in: dir)
            #expect(beyond.status != 0 && beyond.stderr.contains("5 puzzles"), "\(name): \(beyond.stderr)")
        }
        let json = try puzzlelab(["generate", "--kind", kind, "--count", "5", "--format", "json"])
        #expect(json.status == 64 && json.stderr.contains("--format jsonl"))
    }

    @Test func checkReportsBadFilesOnOneLineAndGoesOn() throws {
        let dir = try temporaryDirectory()
        try "pool: 5\n7 + ? = 12\n".write(to: dir.appendingPathComponent("good.mcw"), atomically: true, encoding: .utf8)
        try "pool: 5\n7 + ? = 1x\n".write(to: dir.appendingPathComponent("bad.mcw"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["check", "bad.mcw", "missing.mcw", "good.mcw"], in: dir)
        #expect(run.status == 66)
        let errors = run.stderr.split(separator: "\n")
        #expect(errors.count == 2)
        #expect(errors.first?.hasPrefix("puzzlelab: bad.mcw:2:9: expected") == true)
        #expect(errors.last == "puzzlelab: missing.mcw: no such file")
        #expect(run.stdout.contains("good.mcw: good: valid"))
    }

    @Test func checkNotesWhatGeneratorsNeverProduce() throws {
        let dir = try temporaryDirectory()
        try "pool: 1 2\n? + 1 = 2 . 1 + ? = 3\n".write(to: dir.appendingPathComponent("two.mcw"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["check", "two.mcw"], in: dir)
        #expect(run.status == 0)
        #expect(run.stdout.contains("note: the equations form 2 groups"))
    }

    @Test func badOptionsFailWithAMessage() throws {
        let unknown = try puzzlelab(["generate", "--profile", "class_9"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("unknown profile 'class_9'"))
        let json = try puzzlelab(["generate", "--count", "2", "--format", "json"])
        #expect(json.status != 0)
        #expect(json.stderr.contains("--format jsonl"))
        let help = try puzzlelab(["generate", "--help"])
        #expect(help.stdout.contains("--seed"))
        #expect(help.stdout.contains("Examples"))
    }

    @Test func customProfileFilesGenerate() throws {
        let dir = try temporaryDirectory()
        let profile = """
            {"id": "mini", "displayName": "Mini", "minValue": 0, "maxValue": 10, "allowedOperators": ["+"],
             "gridRows": 7, "gridColumns": 7, "minEquations": 3, "maxEquations": 4,
             "maxOperandsPerEquation": 2, "minCrossingsPerEquation": 1}
            """
        try profile.write(to: dir.appendingPathComponent("mini.json"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["generate", "--profile", "mini.json", "--seed", "3"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("profile: mini"))
        try "{\"id\": 1}".write(to: dir.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let broken = try puzzlelab(["generate", "--profile", "broken.json"], in: dir)
        #expect(broken.status != 0)
        #expect(broken.stderr.hasPrefix("puzzlelab: broken.json:1: id: expected a string") || broken.stderr.contains("broken.json:1:"))
    }
}

@Suite struct MinBlanksCLITests {
    @Test func uniqueLevelsWithAMinimumPassCheck() throws {
        let dir = try temporaryDirectory()
        let generated = try puzzlelab(["generate", "--profile", "class_4", "--unique", "--min-blanks", "17",
                                       "--count", "5", "--format", "jsonl"])
        #expect(generated.status == 0, "\(generated.stderr)")
        try generated.stdout.write(to: dir.appendingPathComponent("m.jsonl"), atomically: true, encoding: .utf8)
        let check = try puzzlelab(["check", "m.jsonl"], in: dir)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.components(separatedBy: ": valid,").count == 6)
        let text = try puzzlelab(["generate", "--profile", "class_3", "--unique", "--min-blanks", "17", "--seed", "4"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("given cells emptied)"))
        let graded = try puzzlelab(["generate", "--profile", "class_3", "--difficulty", "medium", "--min-blanks", "17"])
        #expect(graded.status == 0, "\(graded.stderr)")
        #expect(graded.stdout.contains("graded medium"))
    }

    @Test func badCombinationsAreRefusedOnOneLine() throws {
        let cases: [([String], String)] = [
            (["generate", "--min-blanks", "17"], "--min-blanks needs --unique"),
            (["generate", "--unique", "--min-blanks", "0"], "--min-blanks must be at least 1"),
            (["bench", "--min-blanks", "17", "--count", "5"], "--min-blanks needs --unique"),
            (["export", "--min-blanks", "17", "--count", "5", "--out", "x.csv"], "--min-blanks needs --unique"),
            (["pack", "--profile", "class_1", "--min-blanks", "17", "--out", "p.json"], "--min-blanks needs --unique"),
            (["generate", "--kind", "cross-sums", "--unique", "--min-blanks", "5"], "cross-sums puzzles have no blank count"),
            (["bench", "--kind", "cross-sums", "--unique", "--min-blanks", "5", "--count", "5"], "cross-sums puzzles have no blank count"),
            // Families whose generators empty no cells: --min-blanks is refused, never ignored.
            (["generate", "--kind", "number-search", "--unique", "--min-blanks", "5"], "number-search puzzles have no blank count"),
            (["generate", "--kind", "drills", "--unique", "--min-blanks", "5"], "drills puzzles have no blank count"),
            (["generate", "--kind", "morse", "--unique", "--min-blanks", "5"], "morse puzzles have no blank count"),
            (["grade", "--kind", "drills", "--count", "2", "--unique", "--min-blanks", "5"], "drills puzzles have no blank count"),
            (["pack", "--kind", "number-search", "--unique", "--min-blanks", "5", "--out", "n.json"], "number-search puzzles have no blank count"),
            (["export", "--kind", "morse", "--unique", "--min-blanks", "5", "--count", "2", "--out", "m.csv"], "morse puzzles have no blank count"),
            (["bench", "--kind", "drills", "--unique", "--min-blanks", "5", "--count", "5"], "drills puzzles have no blank count"),
            (["review", "--kind", "number-search", "--count", "1", "--unique", "--min-blanks", "5"], "number-search puzzles have no blank count"),
            (["generate", "--kind", "morse", "--min-blanks", "5"], "morse puzzles have no blank count"),
        ]
        let dir = try temporaryDirectory()
        for (arguments, message) in cases {
            let run = try puzzlelab(arguments, in: dir)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(isOneError(run), "\(arguments): \(run.stderr)")
        }
        let unreachable = try puzzlelab(["generate", "--profile", "class_1", "--unique", "--min-blanks", "60"])
        #expect(unreachable.status == 1)  // the seed gives no puzzle: a result, not a usage error
        #expect(isOneError(unreachable), "\(unreachable.stderr)")
        #expect(unreachable.stderr.contains("too") || unreachable.stderr.contains("60 empty cells"), "\(unreachable.stderr)")
    }
}
