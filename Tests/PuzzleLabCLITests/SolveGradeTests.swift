import Foundation
import PuzzleKit
import Testing

@Suite struct SolveGradeTests {
    /// A run over several puzzles ends with one line of totals on stderr:
    /// the puzzles by label in the family's order, the failures by reason;
    /// a run over one puzzle has none.
    @Test func severalPuzzlesEndWithTheirTotals() throws {
        let grade = try puzzlelab(["grade", "--kind", "drills", "--profile", "hard", "--count", "6"])
        let line = try #require(grade.stderr.split(separator: "\n").last.map(String.init))
        #expect(grade.status == 0 && line.hasPrefix("puzzlelab: graded 6 puzzles ("), "\(grade.stderr)")
        let labels = ["warm-up", "practice", "challenge", "master"]
        let counts = line.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ",").map { $0.split(separator: " ") }
        #expect(counts.map { Int($0[1]) ?? 0 }.reduce(0, +) == 6)
        let named = counts.map { String($0[0]) }
        #expect(named == labels.filter(named.contains), "\(line)")
        let generate = try puzzlelab(["generate", "--kind", "cross-sums", "--count", "3"])
        #expect(generate.stderr == "puzzlelab: generated 3 puzzles\n")
        let one = try puzzlelab(["grade", "--kind", "cross-sums", "--count", "1"])
        #expect(one.status == 0 && one.stderr.isEmpty)
        let dir = try temporaryDirectory()
        let generated = try puzzlelab(["generate", "--count", "2"])
        try generated.stdout.write(to: dir.appendingPathComponent("two.mcw"), atomically: true, encoding: .utf8)
        let files = try puzzlelab(["grade", "two.mcw", "missing.mcw"], in: dir)
        #expect(files.status == 66 && files.stderr.hasSuffix("; 1 failed (unreadable 1)\n") && files.stderr.contains("puzzlelab: graded 2 puzzles ("), "\(files.stderr)")
    }

    func write(_ files: [String: String]) throws -> URL {
        let dir = try temporaryDirectory()
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return dir
    }

    @Test func solveCountsAndShowsASolution() throws {
        let dir = try write(["two.mcw": "pool: 5 7\n? + ? = 12\n"])
        let text = try puzzlelab(["solve", "two.mcw", "--show-solution"], in: dir)
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("two.mcw: two: 2 solutions, complete;"))
        #expect(text.stdout.contains(" 5  +  7  = 12\n"))
        let json = try puzzlelab(["solve", "two.mcw", "--limit", "1", "--format", "json", "--show-solution"], in: dir)
        #expect(json.stdout.contains("\"solutionCount\":1,\"complete\":false,\"stopReason\":\"solutionLimit\""))
        #expect(json.stdout.contains("\"solution\":[{\"row\":0,\"column\":0,\"value\":5},{\"row\":0,\"column\":2,\"value\":7}]"))
    }

    /// A Morse sentence whose decodings outnumber Int.max: the row says the
    /// count is a lower bound stopped by overflow, never `exhausted` with
    /// `complete: false`.
    @Test func solveReportsAMorseCountBeyondSixtyFourBitsAsOverflow() throws {
        let exercise = #"{"answer":".-.. .. --. .... - .... --- ..- ... . / -.- . . .--. . .-. ... / .-- .- - -.-. .... / - .... . / --- -.-. . .- -.","difficulty":"advanced","id":"long","mode":"sentenceToCode","prompt":"LIGHTHOUSE KEEPERS WATCH THE OCEAN"}"#
        let dir = try write(["long.jsonl": exercise + "\n"])
        let json = try puzzlelab(["solve", "long.jsonl", "--kind", "morse", "--limit", String(Int.max), "--format", "json"], in: dir)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains(#""solutionCount":"9223372036854775807","complete":false,"stopReason":"overflow""#), "\(json.stdout)")
        let text = try puzzlelab(["solve", "long.jsonl", "--kind", "morse", "--limit", String(Int.max)], in: dir)
        #expect(text.stdout.contains("9223372036854775807+ solutions, stopped by overflow"), "\(text.stdout)")
        for line in (json.stdout + (try puzzlelab(["solve", "long.jsonl", "--kind", "morse", "--limit", "2", "--format", "json"], in: dir)).stdout)
            .split(separator: "\n") {
            // complete is true exactly when the stop reason is exhausted.
            #expect(line.contains(#""complete":true"#) == line.contains(#""stopReason":"exhausted""#), "\(line)")
        }
    }

    @Test func solveGoesOnAfterABadFileAndWritesCSV() throws {
        let dir = try write(["a.mcw": "pool: 5\n7 + ? = 12\n", "b.mcw": "pool: 5\n7 + ? = 12 =\n"])
        let run = try puzzlelab(["solve", "b.mcw", "a.mcw", "--format", "csv"], in: dir)
        #expect(run.status == 65)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.hasPrefix("puzzlelab: b.mcw:2:"))
        let records = CSV.parse(run.stdout) ?? []
        #expect(records.count == 2)
        #expect(records.first?.prefix(4) == ["file", "id", "solutionCount", "complete"])
        #expect(records.last?.prefix(4) == ["a.mcw", "a", "1", "true"])
    }

    @Test func uniqueGenerationSolvesToOne() throws {
        let generated = try puzzlelab(["generate", "--profile", "class_4", "--seed", "8", "--count", "5", "--unique", "--format", "jsonl"])
        let dir = try write(["u.jsonl": generated.stdout])
        let run = try puzzlelab(["solve", "u.jsonl", "--limit", "2", "--format", "json"], in: dir)
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 5)
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.contains("\"solutionCount\":1,\"complete\":true") })
    }

    @Test func gradeExplainsAndExportsTheSameColumnsInJSONAndCSV() throws {
        let dir = try write(["p.mcw": "pool: 5 10\n7 + ? = 12\n. . x . .\n. . 2 . .\n. . = . .\n. . ? . .\n"])
        let text = try puzzlelab(["grade", "p.mcw", "--explain"], in: dir)
        #expect(text.status == 0)
        #expect(text.stdout.contains("p.mcw: p: medium, score 13;"))  // 7 + 5 = 12 loads 8: the arithmetic tier
        #expect(text.stdout.contains("  1. Row 1: 7 + ? = 12, so ? = 5.\n  2. Column 3: 5 × 2 = ?, so ? = 10.\n"))
        let csv = try puzzlelab(["grade", "--profile", "class_2", "--count", "3", "--unique", "--format", "csv"])
        let json = try puzzlelab(["grade", "--profile", "class_2", "--count", "3", "--unique", "--format", "json"])
        let records = CSV.parse(csv.stdout) ?? []
        #expect(records.count == 4)
        let firstObject = try JSONSerialization.jsonObject(with: Data((json.stdout.split(separator: "\n").first ?? "").utf8)) as? [String: Any]
        #expect(Set(records.first ?? []) == Set(firstObject?.keys.map { $0 } ?? []))
        #expect(records.first?.contains("steps_pool-counting") == true)
    }

    /// Puzzles with 8 solutions: `solve` counts 8, `grade` only checks
    /// uniqueness and says so in its field's name — `solutionsUpTo2` is 2
    /// ("two or more") in JSON and CSV, and no grade field claims to be the
    /// count.
    @Test func gradeReportsSolutionsUpTo2NotACount() throws {
        let dir = try write([
            // Two equations share the tiles {4, 8} and {5, 7}: 2 splits × 2 × 2 orders.
            "eight.mcw": "pool: 4 5 7 8\n? + ? = 12\n. . . . .\n? + ? = 12\n",
            // 68 is spelled by 4 paths and 6 by 2: 4 × 2 ways to answer.
            "eight.nsearch": "id: eight-ns\nmode: straight\n6 8\n8 6\n60 + 8 = ?\n6 + 0 = ?\n",
            "one.mcw": "pool: 5\n7 + ? = 12\n",
        ])
        for (file, id) in [("eight.mcw", "eight"), ("eight.nsearch", "eight-ns")] {
            let solved = try puzzlelab(["solve", file, "--format", "json"], in: dir)
            #expect(solved.stdout.contains(#""solutionCount":8,"complete":true,"stopReason":"exhausted""#), "\(solved.stdout)")

            let json = try puzzlelab(["grade", file, "--format", "json"], in: dir)
            #expect(json.status == 0, "\(json.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["id"] as? String == id)
            #expect(object["solutionsUpTo2"] as? Int == 2, "\(json.stdout)")
            #expect(!object.keys.contains { $0.lowercased().contains("solutioncount") }, "\(json.stdout)")

            let csv = try puzzlelab(["grade", file, "--format", "csv"], in: dir)
            let records = CSV.parse(csv.stdout) ?? []
            #expect(records.count == 2)
            let header = records.first ?? []
            let column = try #require(header.firstIndex(of: "solutionsUpTo2"), "\(header)")
            #expect(records.last?[column] == "2")
            #expect(!header.contains { $0.lowercased().contains("solutioncount") })

            let text = try puzzlelab(["grade", file], in: dir)
            #expect(text.stdout.split(separator: "\n").first?.hasSuffix("; SEVERAL SOLUTIONS") == true, "\(text.stdout)")
        }
        let unique = try puzzlelab(["grade", "one.mcw", "--format", "json"], in: dir)
        #expect(unique.stdout.contains(#""solutionsUpTo2":1"#), "\(unique.stdout)")
        let help = try puzzlelab(["grade", "--help"])
        #expect(help.stdout.contains("solutionsUpTo2"))
    }

    @Test func difficultyTargetingReportsWhatCannotBeReached() throws {
        let ok = try puzzlelab(["generate", "--profile", "class_2", "--difficulty", "hard", "--seed", "5"])
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("graded hard"))
        let bad = try puzzlelab(["generate", "--profile", "class_3", "--difficulty", "guess-required"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("no 'guess-required' puzzle in"))
    }
}
