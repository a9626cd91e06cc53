import Foundation
import PuzzleKit
import Testing

/// The columns whose values are times, so differ from run to run.
let timingColumns: Set<String> = ["generationMicroseconds", "solveMicroseconds", "gradeMicroseconds"]

/// A profile no generator can meet: a 5x5 grid holds at most six equations.
let failingProfile = """
    {"id": "too-small", "displayName": "Too small", "minValue": 0, "maxValue": 10, "allowedOperators": ["+"],
     "gridRows": 5, "gridColumns": 5, "minEquations": 7, "maxEquations": 8,
     "maxOperandsPerEquation": 2, "minCrossingsPerEquation": 1}
    """

/// Parses a CSV file's records.
func csvRecords(_ url: URL) throws -> [[String]] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return try #require(CSV.parse(text))
}

/// The records with the timing columns removed.
func withoutTiming(_ records: [[String]]) -> [[String]] {
    guard let header = records.first else { return [] }
    let keep = header.indices.filter { !timingColumns.contains(header[$0]) }
    return records.map { record in keep.map { record[$0] } }
}

/// One JSON object per line.
func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}

@Suite struct BenchTests {
    @Test func benchPrintsATableForEveryClassProfile() throws {
        let run = try puzzlelab(["bench", "--count", "12", "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        for profile in ["class_1", "class_2", "class_3", "class_4"] {
            #expect(run.stdout.contains("\n\(profile) "), "\(run.stdout)")
        }
        #expect(run.stdout.contains("puzzles/s"))
        #expect(run.stdout.contains("solutions≤2"))
        #expect(run.stdout.contains("machine: "))
        #expect(run.stderr.isEmpty)  // no progress bar: stderr is not a terminal
    }

    @Test func benchCSVParsesBackWithOneRowPerProfile() throws {
        let run = try puzzlelab(["bench", "--count", "8", "--format", "csv", "--profile", "class_1", "--profile", "class_3"])
        #expect(run.status == 0, "\(run.stderr)")
        let records = try #require(CSV.parse(run.stdout))
        #expect(records.count == 3)
        let header = try #require(records.first)
        for key in ["profile", "seeds", "failed", "failureReasons", "puzzlesPerSecond", "puzzlesPerSecondPerCore",
                    "latencyP50Microseconds", "latencyP90Microseconds", "latencyP99Microseconds", "latencyMaxMicroseconds",
                    "attemptsPerSuccess", "uniqueRate", "meanSolutionsUpTo2", "peakMemoryMegabytes"] {
            #expect(header.contains(key), "missing \(key)")
        }
        #expect(records.dropFirst().map { $0[0] } == ["class_1", "class_3"])
        #expect(records.dropFirst().allSatisfy { $0.count == header.count })
    }

    @Test func benchCountsDoNotDependOnJobs() throws {
        let arguments = ["bench", "--profile", "class_2", "--count", "40", "--unique", "--format", "json"]
        let one = try jsonLines(try puzzlelab(arguments + ["--jobs", "1"]).stdout)
        let two = try jsonLines(try puzzlelab(arguments + ["--jobs", "2"]).stdout)
        #expect(one.count == 1 && two.count == 1)
        for key in ["seeds", "generated", "failed", "attemptsPerSuccess", "revealedPerSuccess", "uniqueRate",
                    "meanSolutionsUpTo2", "meanSolverNodes"] {
            #expect("\(one[0][key] ?? "none")" == "\(two[0][key] ?? "none")", "\(key)")
        }
        #expect(one[0]["seeds"] as? Int == 40)
        #expect(one[0]["uniqueRate"] as? Double == 1)  // --unique levels are unique
    }

    @Test func benchCountsFailureReasons() throws {
        let dir = try temporaryDirectory()
        try failingProfile.write(to: dir.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["bench", "--profile", "small.json", "--count", "15", "--format", "json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let row = try #require(try jsonLines(run.stdout).first)
        #expect(row["failed"] as? Int == 15)
        #expect(row["generated"] as? Int == 0)
        #expect(row["failureRate"] as? Double == 1)
        #expect((row["failureReasons"] as? [String: Int]) == ["too-few-equations": 15])
        let table = try puzzlelab(["bench", "--profile", "small.json", "--count", "15"], in: dir)
        #expect(table.stdout.contains("too-small failures: too-few-equations 15"))
    }

    @Test func benchCountsEachFailingStep() throws {
        // Values 1…2 allow only 1 + 1 = 2: crossings often leave no values, and
        // sometimes no operand to empty (seeds 1…40: values 10, 13, 22;
        // layout 14; blanks 38).
        let ones = """
            {"id": "ones", "displayName": "Ones", "minValue": 1, "maxValue": 2, "allowedOperators": ["+"],
             "gridRows": 12, "gridColumns": 12, "minEquations": 14, "maxEquations": 14,
             "maxOperandsPerEquation": 2, "minCrossingsPerEquation": 2}
            """
        let dir = try temporaryDirectory()
        try ones.write(to: dir.appendingPathComponent("ones.json"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["bench", "--profile", "ones.json", "--count", "40", "--no-solve", "--no-grade",
                                 "--format", "json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let row = try #require(try jsonLines(run.stdout).first)
        #expect((row["failureReasons"] as? [String: Int]) == ["no-values": 3, "too-few-equations": 1, "no-blanks": 1])
        let table = try puzzlelab(["bench", "--profile", "ones.json", "--count", "40", "--no-solve", "--no-grade"], in: dir)
        #expect(table.stdout.contains("ones failures: no-values 3, no-blanks 1, too-few-equations 1"))
        let one = try puzzlelab(["generate", "--profile", "ones.json", "--seed", "38"], in: dir)
        #expect(one.status != 0)
        #expect(one.stderr.contains("seed 38: blanks: equation "))
    }

    @Test func benchRejectsBadOptions() throws {
        let both = try puzzlelab(["bench", "--count", "5", "--duration", "1"])
        #expect(both.status != 0)
        #expect(both.stderr.contains("either --count or --duration"))
        let profile = try puzzlelab(["bench", "--profile", "class_9"])
        #expect(profile.status != 0)
        #expect(profile.stderr.contains("unknown profile 'class_9'"))
    }

    @Test func benchRunsForADuration() throws {
        let run = try puzzlelab(["bench", "--profile", "class_1", "--duration", "0.3", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let row = try #require(try jsonLines(run.stdout).first)
        #expect((row["seeds"] as? Int ?? 0) >= 1)
    }
}

@Suite struct ExportTests {
    @Test func exportWritesOneRowPerSeedInOrder() throws {
        let dir = try temporaryDirectory()
        let run = try puzzlelab(["export", "--profile", "class_2", "--count", "25", "--seed", "100", "--out", "c2.csv"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("c2.csv: 25 rows"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("c2.csv.partial").path))
        let records = try csvRecords(dir.appendingPathComponent("c2.csv"))
        let header = try #require(records.first)
        #expect(header.prefix(6) == ["seed", "profile", "toolkitVersion", "unique", "status", "failureReason"])
        for key in ["rows", "columns", "equations", "blanks", "distinctPoolValues", "crossingCells", "crossingsPerEquationMin",
                    "crossingsPerEquationMean", "blankCrossingCells", "attempts", "revealed", "solutionLimit", "solutionsUpTo2",
                    "complete", "solverNodes", "solverFailures", "solverPropagations", "generationMicroseconds", "solveMicroseconds"] {
            #expect(header.contains(key), "missing \(key)")
        }
        #expect(records.count == 26)
        #expect(records.dropFirst().map { $0[0] } == (100..<125).map(String.init))
        let rows = header.firstIndex(of: "rows")!
        let limit = header.firstIndex(of: "solutionLimit")!
        #expect(records.dropFirst().allSatisfy { $0[1] == "class_2" && $0[rows] == "10" && $0[limit] == "2" })
        // The text ends every record with CRLF.
        let text = try String(contentsOf: dir.appendingPathComponent("c2.csv"), encoding: .utf8)
        #expect(text.hasSuffix("\r\n"))
    }

    @Test func exportDoesNotDependOnJobs() throws {
        let dir = try temporaryDirectory()
        for jobs in ["1", "2"] {
            let run = try puzzlelab(["export", "--profile", "class_3", "--count", "30", "--unique", "--jobs", jobs, "--out", "j\(jobs).csv"], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let one = try csvRecords(dir.appendingPathComponent("j1.csv"))
        let two = try csvRecords(dir.appendingPathComponent("j2.csv"))
        #expect(one.count == 31)
        #expect(withoutTiming(one) == withoutTiming(two))
    }

    @Test func failedSeedsGetARowWithTheirReason() throws {
        let dir = try temporaryDirectory()
        try failingProfile.write(to: dir.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["export", "--profile", "small.json", "--count", "4", "--out", "f.csv"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let records = try csvRecords(dir.appendingPathComponent("f.csv"))
        let header = try #require(records.first)
        let status = header.firstIndex(of: "status")!, reason = header.firstIndex(of: "failureReason")!
        let equations = header.firstIndex(of: "equations")!, count = header.firstIndex(of: "solutionsUpTo2")!
        #expect(records.count == 5)
        for record in records.dropFirst() {
            #expect(record[status] == "failed")
            #expect(record[reason] == "too-few-equations")
            #expect(record[equations] == "" && record[count] == "")
        }
    }

    @Test func resumeAfterACutOffRowGivesTheSameRows() throws {
        let dir = try temporaryDirectory()
        let full = try puzzlelab(["export", "--profile", "class_1", "--count", "40", "--out", "full.csv"], in: dir)
        #expect(full.status == 0, "\(full.stderr)")
        let text = try String(contentsOf: dir.appendingPathComponent("full.csv"), encoding: .utf8)
        // An interrupted export: the header, 13 rows and half of the next one.
        let lines = text.components(separatedBy: "\r\n")
        let cut = lines.prefix(14).joined(separator: "\r\n") + "\r\n" + lines[14].prefix(10)
        try cut.write(to: dir.appendingPathComponent("part.csv.partial"), atomically: true, encoding: .utf8)
        let resumed = try puzzlelab(["export", "--profile", "class_1", "--count", "40", "--out", "part.csv", "--resume", "--jobs", "2"], in: dir)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("resumed after 13"))
        let a = try csvRecords(dir.appendingPathComponent("full.csv"))
        let b = try csvRecords(dir.appendingPathComponent("part.csv"))
        #expect(b.count == 41)
        #expect(withoutTiming(a) == withoutTiming(b))
        // Rows kept from the partial file are kept byte for byte.
        let bText = try String(contentsOf: dir.appendingPathComponent("part.csv"), encoding: .utf8)
        #expect(bText.hasPrefix(lines.prefix(14).joined(separator: "\r\n") + "\r\n"))
    }

    @Test func ctrlCKeepsFinishedRowsAndResumeCompletesThem() throws {
        let dir = try temporaryDirectory()
        let partial = dir.appendingPathComponent("big.csv.partial")
        let process = Process()
        process.executableURL = puzzlelabURL
        process.arguments = ["export", "--profile", "class_4", "--count", "1000000", "--jobs", "2", "--out", "big.csv"]
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait (at most a minute) until some rows are on disk, then press Ctrl-C.
        for _ in 0..<600 {
            if let text = try? String(contentsOf: partial, encoding: .utf8), text.components(separatedBy: "\r\n").count > 6 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let kept = try csvRecords(partial)
        let rows = kept.count - 1
        #expect(rows >= 5)
        #expect(kept.dropFirst().map { $0[0] } == (1...max(1, rows)).map(String.init))
        #expect(kept.allSatisfy { $0.count == kept[0].count })

        let target = String(rows + 7)
        let resumed = try puzzlelab(["export", "--profile", "class_4", "--count", target, "--out", "big.csv", "--resume"], in: dir)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let straight = try puzzlelab(["export", "--profile", "class_4", "--count", target, "--out", "straight.csv", "--jobs", "1"], in: dir)
        #expect(straight.status == 0, "\(straight.stderr)")
        let a = try csvRecords(dir.appendingPathComponent("big.csv"))
        let b = try csvRecords(dir.appendingPathComponent("straight.csv"))
        #expect(a.count == rows + 8)
        #expect(withoutTiming(a) == withoutTiming(b))
    }

    @Test func aLeftOverPartialFileIsNeverOverwritten() throws {
        let dir = try temporaryDirectory()
        try "seed\r\n".write(to: dir.appendingPathComponent("x.csv.partial"), atomically: true, encoding: .utf8)
        let fresh = try puzzlelab(["export", "--profile", "class_1", "--count", "3", "--out", "x.csv"], in: dir)
        #expect(fresh.status != 0)
        #expect(fresh.stderr.contains("add --resume"))
        let resumed = try puzzlelab(["export", "--profile", "class_1", "--count", "3", "--out", "x.csv", "--resume"], in: dir)
        #expect(resumed.status != 0)
        #expect(resumed.stderr.contains("x.csv.partial:1: the header is not this version's"))
    }

    @Test func resumeRefusesAPartialFileOfOtherSettings() throws {
        let dir = try temporaryDirectory()
        let full = try puzzlelab(["export", "--profile", "class_1", "--count", "5", "--out", "a.csv"], in: dir)
        #expect(full.status == 0)
        try FileManager.default.moveItem(at: dir.appendingPathComponent("a.csv"), to: dir.appendingPathComponent("a.csv.partial"))
        let otherSeed = try puzzlelab(["export", "--profile", "class_1", "--count", "9", "--seed", "2", "--out", "a.csv", "--resume"], in: dir)
        #expect(otherSeed.status != 0)
        #expect(otherSeed.stderr.contains("a.csv.partial:2: seed 1, expected 2"))
        let otherProfile = try puzzlelab(["export", "--profile", "class_2", "--count", "9", "--out", "a.csv", "--resume"], in: dir)
        #expect(otherProfile.stderr.contains("profile class_1, expected class_2"))
        let tooFew = try puzzlelab(["export", "--profile", "class_1", "--count", "4", "--out", "a.csv", "--resume"], in: dir)
        #expect(tooFew.stderr.contains("already holds 5 rows"))
    }

    @Test func finishedFilesAreKeptUnlessForced() throws {
        let dir = try temporaryDirectory()
        let file = dir.appendingPathComponent("done.csv")
        #expect(try puzzlelab(["export", "--profile", "class_1", "--count", "6", "--out", "done.csv"], in: dir).status == 0)
        let finished = try Data(contentsOf: file)
        // A second export to the same file is refused and changes nothing.
        let again = try puzzlelab(["export", "--profile", "class_1", "--count", "6", "--out", "done.csv"], in: dir)
        #expect(again.status == 73 && again.stderr == "puzzlelab: done.csv exists; add --force to replace it\n", "\(again.stderr)")
        // --resume of the finished export says so and changes nothing.
        let resumed = try puzzlelab(["export", "--profile", "class_1", "--count", "6", "--out", "done.csv", "--resume"], in: dir)
        #expect(resumed.status == 0 && resumed.stderr.contains("already complete (6 rows"), "\(resumed.stderr)")
        // --resume with other arguments never touches it.
        for other in [["--profile", "class_4", "--count", "6"], ["--profile", "class_1", "--count", "5"], ["--profile", "class_1", "--count", "9"]] {
            let run = try puzzlelab(["export"] + other + ["--out", "done.csv", "--resume"], in: dir)
            #expect(run.status == 73 && run.stderr.contains("it is kept"), "\(other): \(run.stderr)")
        }
        #expect(try Data(contentsOf: file) == finished)
        #expect(!FileManager.default.fileExists(atPath: file.path + ".partial"))
        // --force replaces it.
        let forced = try puzzlelab(["export", "--profile", "class_2", "--count", "3", "--out", "done.csv", "--force"], in: dir)
        let replaced = try csvRecords(file)
        #expect(forced.status == 0 && replaced.count == 4, "\(forced.stderr)")
        // pack keeps an existing file the same way.
        try "mine\n".write(to: dir.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
        let pack = try puzzlelab(["pack", "--count", "2", "--out", "pack.json"], in: dir)
        #expect(pack.status == 73 && pack.stderr.contains("pack.json exists; add --force"), "\(pack.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("pack.json"), encoding: .utf8) == "mine\n")
        #expect(try puzzlelab(["pack", "--count", "2", "--out", "pack.json", "--force"], in: dir).status == 0)
    }

    @Test func resumeChecksEveryCellOfThePartialFile() throws {
        let dir = try temporaryDirectory()
        #expect(try puzzlelab(["export", "--profile", "class_1", "--count", "8", "--out", "full.csv"], in: dir).status == 0)
        let lines = try String(contentsOf: dir.appendingPathComponent("full.csv"), encoding: .utf8).components(separatedBy: "\r\n")
        let header = lines[0].components(separatedBy: ",")
        let blanks = try #require(header.firstIndex(of: "blanks"))
        for (bad, expected) in [("x7", "column blanks holds 'x7'"), ("7\u{0}", "column blanks holds '7\\u{0}'")] {
            var row = lines[3].components(separatedBy: ",")
            row[blanks] = bad
            var cut = lines.prefix(6)
            cut[3] = row.joined(separator: ",")
            try (cut.joined(separator: "\r\n") + "\r\n").write(to: dir.appendingPathComponent("p.csv.partial"), atomically: true, encoding: .utf8)
            let run = try puzzlelab(["export", "--profile", "class_1", "--count", "8", "--out", "p.csv", "--resume"], in: dir)
            #expect(run.status == 65 && run.stderr.contains("p.csv.partial:4: \(expected)"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.csv").path))
        }
    }

    @Test func listColumnsDescribesEveryColumn() throws {
        let dir = try temporaryDirectory()
        let run = try puzzlelab(["export", "--list-columns"])
        #expect(run.status == 0)
        let export = try puzzlelab(["export", "--count", "1", "--out", "one.csv"], in: dir)
        #expect(export.status == 0)
        let header = try #require(try csvRecords(dir.appendingPathComponent("one.csv")).first)
        for name in header { #expect(run.stdout.contains("| `\(name)` |"), "\(name)") }
    }
}

/// `--summary json`: what a driver that runs one shard of seeds per call reads.
@Suite struct ExportSummaryTests {
    @Test func jsonSummaryDescribesTheShardAndItsColumnTypes() throws {
        let dir = try temporaryDirectory()
        let run = try puzzlelab(["export", "--profile", "class_2", "--seed", "41", "--count", "12", "--out", "-", "--summary", "json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try jsonLines(run.stderr)
        #expect(lines.count == 1)
        let summary = try #require(lines.first)
        #expect(summary["out"] as? String == "-")
        #expect(summary["kind"] as? String == "math-crossword")
        #expect(summary["profile"] as? String == "class_2")
        #expect(summary["firstSeed"] as? Int == 41)
        #expect(summary["count"] as? Int == 12)
        #expect(summary["rows"] as? Int == 12)
        #expect(summary["failed"] as? Int == 0)
        #expect(summary["resumedAfter"] as? Int == 0)
        #expect(summary["wallSeconds"] is Double || summary["wallSeconds"] is Int)
        let records = try #require(CSV.parse(run.stdout))
        #expect(records.count == 13)
        let columns = try #require(summary["columns"] as? [[String: String]])
        #expect(columns.map { $0["name"] } == records[0].map { Optional($0) })
        let types = Dictionary(uniqueKeysWithValues: columns.map { ($0["name"]!, $0["type"]!) })
        // The type of the values, not of their text: a mean of 2.0 prints as "2" but is a double.
        #expect(types["seed"] == "int")
        #expect(types["crossingsPerEquationMean"] == "double")
        #expect(types["forcedShare"] == "double")
        #expect(types["gradeLabel"] == "string")
        #expect(types["complete"] == "bool")
        #expect(types["failureReason"] == "null")
        #expect(types["generationMicroseconds"] == "double")
    }

    @Test func jsonSummaryTypesFollowTheRowsWritten() throws {
        let dir = try temporaryDirectory()
        try failingProfile.write(to: dir.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["export", "--profile", "small.json", "--count", "3", "--out", "f.csv", "--summary", "json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try jsonLines(run.stderr).first)
        #expect(summary["out"] as? String == "f.csv")
        #expect(summary["failed"] as? Int == 3)
        let columns = try #require(summary["columns"] as? [[String: String]])
        let types = Dictionary(uniqueKeysWithValues: columns.map { ($0["name"]!, $0["type"]!) })
        #expect(types["failureReason"] == "string")
        #expect(types["equations"] == "null")
        #expect(types["crossingsPerEquationMean"] == "null")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("f.csv").path))
    }

    @Test func textSummaryStaysTheDefault() throws {
        let run = try puzzlelab(["export", "--count", "2", "--out", "-"])
        #expect(run.status == 0)
        #expect(run.stderr == "-: 2 rows, profile class_1, seeds 1…2, 0 failed in this run\n")
        let bad = try puzzlelab(["export", "--count", "2", "--out", "-", "--summary", "yaml"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--summary"))
        // notebooks-data/regenerate.sh reads the families from the last "(values: …)" of
        // `export --help` (--kind's), so --summary must not add a list of its own.
        let help = try puzzlelab(["export", "--help"])
        #expect(help.stdout.components(separatedBy: "(values: ").count == 2, "\(help.stdout)")
    }

    @Test func listColumnsAsJSONNamesProfilesColumnsAndTimings() throws {
        let dir = try temporaryDirectory()
        for kind in ["math-crossword", "number-search"] {
            let run = try puzzlelab(["export", "--kind", kind, "--list-columns", "--summary", "json"])
            #expect(run.status == 0, "\(run.stderr)")
            let object = try #require(try jsonLines(run.stdout).first)
            #expect(object["kind"] as? String == kind)
            let profiles = try #require(object["profiles"] as? [String])
            #expect(profiles.first == (kind == "math-crossword" ? "class_1" : "level-1"))
            let columns = try #require(object["columns"] as? [[String: Any]])
            let export = try puzzlelab(["export", "--kind", kind, "--count", "1", "--out", "\(kind).csv"], in: dir)
            #expect(export.status == 0, "\(export.stderr)")
            let header = try #require(try csvRecords(dir.appendingPathComponent("\(kind).csv")).first)
            #expect(columns.map { $0["name"] as? String } == header.map { Optional($0) })
            let timing = Set(columns.filter { $0["timing"] as? Bool == true }.compactMap { $0["name"] as? String })
            #expect(timing == timingColumns)
            #expect(columns.allSatisfy { $0["unit"] is String && $0["meaning"] is String })
            let types = ["count", "integer", "decimal", "bool", "label", "counts", "words", "text", "json"]
            #expect(columns.allSatisfy { types.contains($0["type"] as? String ?? "") }, "\(columns)")
            // A label column lists its labels; the others do not.
            #expect(columns.allSatisfy { ($0["type"] as? String == "label") == ($0["labels"] is [String]) }, "\(columns)")
            let type = { (name: String) in columns.first { $0["name"] as? String == name }?["type"] as? String }
            #expect(type("seed") == "integer" && type("unique") == "bool" && type("status") == "label" && type("forcedShare") == "decimal")
            if kind == "number-search" { #expect(type("pathCounts") == "counts" && type("directions") == "words") }
        }
    }
}
