import Foundation
import Testing

/// Inputs and arguments that used to trap or pass silently: each is now a
/// one-line error or a normal run.
@Suite struct HostileInputTests {
    @Test func anEmptyCorpusIsAnError() throws {
        let dir = try temporaryDirectory()
        try "\n\n".write(to: dir.appendingPathComponent("e.jsonl"), atomically: true, encoding: .utf8)
        for command in ["check", "solve", "grade"] {
            let run = try puzzlelab([command, "--kind", "math-crossword", "e.jsonl"], in: dir)
            #expect(run.status == 65 && run.stderr == "puzzlelab: e.jsonl: no puzzle in the file\n", "\(command): \(run.stderr)")
        }
    }

    @Test func argumentEdgesNeverTrap() throws {
        let timeout = try puzzlelab(["solve", "--timeout", "inf", "x.mcw"])
        #expect(timeout.status != 0 && timeout.stderr.contains("--timeout must be a number of seconds"))
        let negativeSeed = try puzzlelab(["generate", "--seed", "-5"])
        #expect(negativeSeed.status == 0 && negativeSeed.stdout.hasPrefix("# class_1--5: profile class_1, seed -5"))
        let negativeCount = try puzzlelab(["generate", "--count", "-1"])
        #expect(negativeCount.status != 0 && negativeCount.stderr.contains("--count must be at least 1"))
        let lastSeeds = try puzzlelab(["grade", "--seed", "9223372036854775806", "--count", "2", "--format", "csv"])
        #expect(lastSeeds.status == 0 && lastSeeds.stdout.split(separator: "\r\n").count == 3, "\(lastSeeds.stderr)")
    }

    @Test func hugeCoordinatesAndBadEmbeddedProfilesAreOneLineErrors() throws {
        let dir = try temporaryDirectory()
        // A number search answer cell at row Int.max.
        var level = try JSONSerialization.jsonObject(with: Data(try puzzlelab(["generate", "--kind", "number-search", "--format", "json"]).stdout.utf8)) as? [String: Any] ?? [:]
        var questions = level["questions"] as? [[String: Any]] ?? []
        questions[0]["solutionPositions"] = [["row": Int.max, "column": 0]]
        level["questions"] = questions
        try JSONSerialization.data(withJSONObject: level).write(to: dir.appendingPathComponent("ns.json"))
        // A math crossword whose embedded profile has minEquations > maxEquations.
        var crossword = try JSONSerialization.jsonObject(with: Data(try puzzlelab(["generate", "--format", "json"]).stdout.utf8)) as? [String: Any] ?? [:]
        var difficulty = crossword["difficulty"] as? [String: Any] ?? [:]
        difficulty["minEquations"] = 10
        difficulty["maxEquations"] = 5
        crossword["difficulty"] = difficulty
        try JSONSerialization.data(withJSONObject: crossword).write(to: dir.appendingPathComponent("mc.json"))
        for command in ["check", "solve", "grade"] {
            let ns = try puzzlelab([command, "ns.json"], in: dir)
            #expect(ns.status == 65 && ns.stderr.contains("row 9223372036854775808, column 1") && ns.stderr.split(separator: "\n").count == 1,
                    "\(command): \(ns.stderr)")
            let mc = try puzzlelab([command, "mc.json"], in: dir)
            #expect(mc.status == 65 && mc.stderr == "puzzlelab: mc.json:1: difficulty: maxEquations must be at least minEquations\n", "\(command): \(mc.stderr)")
        }
    }

    /// An n×n cross sums grid of 1s with every sum 1: n! solutions, and each
    /// search node dearer as n grows.
    static func permutationGrid(_ n: Int) -> String {
        let ones = Array(repeating: "1", count: n).joined(separator: " ")
        return ". \(ones)\n" + String(repeating: "1 \(ones)\n", count: n)
    }

    @Test func theTimeBudgetStopsSolveAndGradeWithAnHonestReport() throws {
        let dir = try temporaryDirectory()
        try Self.permutationGrid(60).write(to: dir.appendingPathComponent("p.xsum"), atomically: true, encoding: .utf8)
        let solve = try puzzlelab(["solve", "--timeout", "0.5", "--format", "json", "p.xsum"], in: dir)
        let counted = try JSONSerialization.jsonObject(with: Data(solve.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(solve.status == 0 && counted["complete"] as? Bool == false && counted["stopReason"] as? String == "timeLimit",
                "\(solve.stdout)\(solve.stderr)")
        let grade = try puzzlelab(["grade", "--timeout", "0.5", "--format", "json", "p.xsum"], in: dir)
        let graded = try JSONSerialization.jsonObject(with: Data(grade.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(grade.status == 0 && graded["complete"] as? Bool == false, "\(grade.stdout)\(grade.stderr)")
        let text = try puzzlelab(["grade", "--timeout", "0.5", "p.xsum"], in: dir)
        #expect(text.stdout.contains("stopped by timeLimit (0.5 s CPU): the grade is a lower bound"), "\(text.stdout)")
        let german = try puzzlelab(["grade", "--timeout", "0.5", "--language", "de", "p.xsum"], in: dir)
        #expect(german.stdout.contains("; abgebrochen durch timeLimit (0.5 s CPU): Die Einstufung ist nur eine untere Grenze\n"),
                "\(german.stdout)")
        // Every incomplete text row names the budget that stopped it.
        let solveText = try puzzlelab(["solve", "--timeout", "0.5", "p.xsum"], in: dir)
        #expect(solveText.stdout.contains("+ solutions, stopped by timeLimit (0.5 s CPU);"), "\(solveText.stdout)")
        let nodes = try puzzlelab(["solve", "--nodes", "100", "p.xsum"], in: dir)
        #expect(nodes.stdout.contains("+ solutions, stopped by nodeLimit (100 nodes);"), "\(nodes.stdout)")
        // A puzzle graded within its budget is complete.
        let easy = try puzzlelab(["grade", "--count", "1", "--format", "json"])
        #expect(easy.stdout.contains("\"complete\":true"), "\(easy.stdout)")
    }

    @Test func oversizedInputIsRefusedBeforeParsing() throws {
        let dir = try temporaryDirectory()
        let long = "pool: 1 " + String(repeating: "7", count: (1 << 20) + 10) + "\n"
        try long.write(to: dir.appendingPathComponent("long.mcw"), atomically: true, encoding: .utf8)
        for command in ["check", "solve", "grade"] {
            let run = try puzzlelab([command, "long.mcw"], in: dir)
            #expect(run.status == 65 && run.stderr == "puzzlelab: long.mcw:1: line longer than 1 MiB (the most one line may hold)\n", "\(command): \(run.stderr.prefix(200))")
        }
    }

    @Test func errorLinesQuoteAShortPrintableExcerpt() throws {
        let dir = try temporaryDirectory()
        let token = String(repeating: "y", count: 5000)
        try "pool: 1 \(token)[31m\n".write(to: dir.appendingPathComponent("bad.mcw"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["check", "bad.mcw"], in: dir)
        #expect(run.status == 65)
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.count < 200, "\(run.stderr.prefix(300))")
        #expect(run.stderr.contains(String(repeating: "y", count: 40) + "…"))
        // A control character is refused where it stands, named by its code, never shown raw.
        for (text, column) in [("pool: 1 \(token)\u{0}\u{1B}[31m\n", 5009), ("pool: 1 \u{1B}[31mred\u{0}\n", 9)] {
            try text.write(to: dir.appendingPathComponent("ctl.mcw"), atomically: true, encoding: .utf8)
            let control = try puzzlelab(["check", "ctl.mcw"], in: dir)
            let code = column == 9 ? "001B" : "0000"
            #expect(control.status == 65 && control.stderr == "puzzlelab: ctl.mcw:1:\(column): a control character (U+\(code)) inside a line; lines end in LF or CRLF\n",
                    "\(control.stderr.prefix(300))")
        }
    }

    /// Inputs that read but that `check` calls invalid: every command that
    /// reads them gives the same verdict.
    @Test func checkSolveAndGradeAgreeOnEveryBadInput() throws {
        let dir = try temporaryDirectory()
        func json(_ arguments: [String]) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(try puzzlelab(arguments + ["--format", "json"]).stdout.utf8)) as? [String: Any] ?? [:]
        }
        func save(_ object: [String: Any], _ name: String) throws {
            try JSONSerialization.data(withJSONObject: object).write(to: dir.appendingPathComponent(name))
        }
        // Drills: an operand outside the profile's range.
        let sheet = try puzzlelab(["generate", "--kind", "drills", "--profile", "medium"]).stdout
        let lines = sheet.split(separator: "\n", omittingEmptySubsequences: false)
        let firstExercise = lines.firstIndex { $0.contains(" + ") || $0.contains(" - ") } ?? 0
        var bad = lines
        bad[firstExercise] = "5 + 300"
        try bad.joined(separator: "\n").write(to: dir.appendingPathComponent("operand.drill"), atomically: true, encoding: .utf8)
        try "pool: 1\n9223372036854775807 x 2 = ?\n".write(to: dir.appendingPathComponent("overflow.mcw"), atomically: true, encoding: .utf8)
        // Cross sums: an embedded solution that does not hold.
        var crossSums = try json(["generate", "--kind", "cross-sums"])
        var mask = crossSums["solution"] as? [[Bool]] ?? []
        mask[0][0].toggle()
        crossSums["solution"] = mask
        try save(crossSums, "mask.json")
        // Number search: a question whose answer the grid no longer spells.
        var level = try json(["generate", "--kind", "number-search"])
        var grid = level["grid"] as? [[Int]] ?? []
        let questions = level["questions"] as? [[String: Any]] ?? []
        let first = (questions.first?["solutionPositions"] as? [[String: Int]])?.first ?? [:]
        let (row, column) = (first["row"] ?? 0, first["column"] ?? 0)
        grid[row][column] = (grid[row][column] + 1) % 10
        level["grid"] = grid
        try save(level, "path.json")
        for file in ["operand.drill", "overflow.mcw", "mask.json", "path.json"] {
            let kind = file.hasSuffix(".drill") ? ["--kind", "drills"] : []
            let verdicts = try ["check", "solve", "grade"].map { try puzzlelab([$0] + kind + [file], in: dir).status }
            // 2^63 - 1 times 2 is an overflow in the default build and a
            // valid puzzle with the GMP trait: either way one verdict. A
            // wrong solution mask or path is a file that does not read (65),
            // the others puzzles that fail (1).
            let failed: Int32 = file.hasSuffix(".json") ? 65 : 1
            #if GMP
            let expected: [Int32] = file == "overflow.mcw" ? [0, 0, 0] : [failed, failed, failed]
            #else
            let expected: [Int32] = [failed, failed, failed]
            #endif
            #expect(verdicts == expected, "\(file): check, solve, grade exit \(verdicts)")
        }
    }

    @Test func profilesBeyondWhatTheGeneratorLaysOutAreRefusedUpFront() throws {
        let dir = try temporaryDirectory()
        var profile = (try JSONSerialization.jsonObject(with: Data(try puzzlelab(["generate", "--format", "json"]).stdout.utf8)) as? [String: Any])?["difficulty"] as? [String: Any] ?? [:]
        profile["gridRows"] = 1000
        profile["gridColumns"] = 1000
        profile["maxEquations"] = 5000
        try JSONSerialization.data(withJSONObject: profile).write(to: dir.appendingPathComponent("huge.json"))
        for command in [["generate"], ["bench", "--count", "1"], ["export", "--count", "1", "--out", "-"]] {
            let run = try puzzlelab(command + ["--profile", "huge.json"], in: dir)
            #expect(run.status != 0 && run.stderr.contains("gridRows x gridColumns x maxEquations must be at most 1,000,000,000"),
                    "\(command): \(run.stderr)")
        }
    }

    @Test func benchAndExportTakeTheSameTimeBudget() throws {
        let export = try puzzlelab(["export", "--profile", "class_4", "--count", "3", "--out", "-", "--timeout", "2.5"])
        #expect(export.status == 0 && export.stdout.split(separator: "\r\n").count == 4, "\(export.stderr)")
        let bench = try puzzlelab(["bench", "--count", "5", "--timeout", "0", "--format", "csv"])
        #expect(bench.status != 0 && bench.stderr.contains("--timeout must be a number of seconds above 0"), "\(bench.stderr)")
    }

    @Test func theSearchForAUniquePuzzleHasTheTimeBudgetToo() throws {
        let dir = try temporaryDirectory()
        var profile = (try JSONSerialization.jsonObject(with: Data(try puzzlelab(["generate", "--format", "json"]).stdout.utf8)) as? [String: Any])?["difficulty"] as? [String: Any] ?? [:]
        profile.merge(["id": "big", "gridRows": 200, "gridColumns": 200, "minEquations": 1500, "maxEquations": 1500, "maxValue": 1000,
                       "allowedOperators": ["+", "-", "x", "/"], "minCrossingsPerEquation": 0]) { $1 }
        try JSONSerialization.data(withJSONObject: profile).write(to: dir.appendingPathComponent("big.json"))
        let run = try puzzlelab(["generate", "--profile", "big.json", "--unique", "--timeout", "0.2"], in: dir)
        #expect(run.status == 1 && run.stderr.contains("uniqueness: the 0.2 s budget ran out after"), "\(run.stderr)")
        let bench = try puzzlelab(["bench", "--profile", "big.json", "--unique", "--count", "1", "--timeout", "0.2", "--format", "csv"], in: dir)
        #expect(bench.status == 0 && bench.stdout.contains("time-limit"), "\(bench.stdout)\(bench.stderr)")
    }
}
