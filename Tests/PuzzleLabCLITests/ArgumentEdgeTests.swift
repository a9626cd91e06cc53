import Foundation
import Testing

/// Every numeric option of every command, driven with the values that
/// break careless code: each run is a normal run (it may still be going when
/// the test stops it) or an error — never a trap.
@Suite struct ArgumentEdgeTests {
    static let edges = ["0", "-1", "1", "9223372036854775807", "9223372036854775806", "-9223372036854775808",
                        "99999999999999999999", "-99999999999999999999", "inf", "nan", "1e300", "0.5", "x"]

    /// Each command with the arguments that make an otherwise short run, and
    /// the numeric options to drive.
    static let commands: [(base: [String], options: [String])] = [
        (["generate"], ["--seed", "--count", "--min-blanks", "--timeout"]),
        (["generate", "--unique"], ["--min-blanks"]),
        (["grade", "--count", "2"], ["--seed", "--count", "--timeout"]),
        (["solve", "p.mcw"], ["--limit", "--nodes", "--timeout"]),
        (["bench", "--count", "20", "--format", "csv"], ["--seed", "--count", "--jobs", "--duration"]),
        (["export", "--count", "3", "--out", "-"], ["--seed", "--count", "--jobs"]),
        (["pack", "--count", "2", "--out", "-"], ["--seed", "--count", "--timeout"]),
        (["review", "--count", "1", "--out", "-"], ["--seed", "--count", "--timeout"]),
        // Several profiles: bench's totals are per profile times profiles.
        (["bench", "--profile", "class_1", "--profile", "class_2", "--format", "csv", "--no-progress"], ["--seed", "--count", "--jobs", "--duration"]),
        // --duration with the default (every) profile.
        (["bench", "--duration", "0.05", "--no-solve", "--no-grade", "--format", "csv"], ["--seed", "--jobs", "--timeout"]),
        // Defaults: pack's 100 levels, review's and generate's one puzzle.
        (["pack", "--out", "-"], ["--seed", "--count", "--timeout"]),
        (["review", "--profile", "class_1", "--out", "-"], ["--seed", "--count"]),
        (["export", "--count", "3", "--out", "e.csv", "--resume"], ["--seed", "--count", "--jobs", "--timeout"]),
        (["render", "p.mcw"], ["--index", "--step"]),
        (["grade", "p.mcw"], ["--timeout"]),
        // Every family's solver and grader with the same extremes.
        (["solve", "p.xsum", "p.nsearch", "p.drill", "p.morse"], ["--limit", "--nodes", "--timeout"]),
        (["grade", "p.xsum", "p.nsearch", "p.drill", "p.morse"], ["--timeout"]),
        (["grade", "--kind", "cross-sums", "--count", "2"], ["--seed", "--count"]),
        (["export", "--kind", "drills", "--count", "3", "--out", "-"], ["--seed", "--count"]),
        (["morse", "count", "...---..."], ["--list"]),
        (["drills", "simulate", "--learners", "3", "--answers", "3"], ["--learners", "--answers", "--seed", "--target-success"]),
        // A server runs until the test stops it, or refuses its arguments.
        (["serve", "--port", "0"], ["--port", "--max-games"]),
    ]

    @Test(arguments: commands.indices)
    func numericOptionsNeverTrap(_ index: Int) throws {
        let dir = try temporaryDirectory()
        for (kind, ext) in [("math-crossword", "mcw"), ("cross-sums", "xsum"), ("number-search", "nsearch"), ("drills", "drill"), ("morse", "morse")] {
            try puzzlelab(["generate", "--kind", kind, "--seed", "3"]).stdout
                .write(to: dir.appendingPathComponent("p.\(ext)"), atomically: true, encoding: .utf8)
        }
        let (base, options) = Self.commands[index]
        for option in options {
            for value in Self.edges {
                let arguments = base.filter { $0 != option } + [option, value]
                // Drop the base's own value of the option when it is driven here.
                let cleaned = Self.withoutDuplicate(option, in: arguments)
                let run = try Self.run(cleaned, in: dir, seconds: 2)
                let line = "\(cleaned.joined(separator: " ")): status \(run.status), \(run.stderr.prefix(200))"
                #expect(!run.trapped, "trapped: \(line)")
                // 66: a value left behind names a directory `serve` does not find;
                // 73: the finished export a --resume meets is not this one's, and is kept.
                #expect(run.stopped || [0, 1, 64, 66, 73].contains(run.status), "\(line)")
                if !run.stopped && run.status != 0 {
                    let first = run.stderr.split(separator: "\n").first ?? ""
                    #expect(first.hasPrefix("puzzlelab: "), "\(line)")
                    #expect(!first.contains("Swift runtime failure") && first.count < 300, "\(line)")
                }
                // A refused argument is one line and the line naming the help, whatever refused it.
                if run.status == 64 { #expect(isOneError(run.stderr, status: run.status), "\(line)") }
            }
        }
    }

    /// Seeds that reach `Int.max`, counts whose totals overflow, the
    /// defaults of each command, and --duration with several profiles:
    /// each ends in the result asked for or in one error line, never in a
    /// trap (each of these trapped once).
    static let seedCases: [(arguments: [String], status: Int32)] = [
        // (arguments, expected status: 0 a run, 64 a refused argument)
        (["bench", "--count", "9223372036854775807", "--profile", "class_1", "--profile", "class_2", "--no-progress"], 64),
        (["bench", "--count", "4611686018427387904", "--profile", "class_1", "--profile", "class_2", "--no-progress"], 64),
        (["bench", "--count", "3074457345618258603", "--kind", "drills", "--no-progress"], 64),
        (["bench", "--seed", "9223372036854775807", "--no-progress"], 64),
        (["bench", "--seed", "9223372036854775807", "--count", "1", "--profile", "class_1", "--format", "csv", "--no-progress"], 0),
        (["bench", "--seed", "9223372036854775807", "--duration", "0.05", "--profile", "class_1", "--format", "csv", "--no-progress"], 0),
        (["bench", "--duration", "0.05", "--no-solve", "--no-grade", "--format", "csv", "--no-progress"], 0),
        (["bench", "--duration", "0.05", "--kind", "drills", "--format", "json", "--no-progress"], 0),
        (["export", "--seed", "9223372036854775807", "--count", "1", "--out", "-"], 0),
        (["export", "--seed", "9223372036854775806", "--count", "2", "--out", "-", "--jobs", "2"], 0),
        (["export", "--seed", "9223372036854775807", "--count", "2", "--out", "-"], 64),
        (["pack", "--seed", "9223372036854775807", "--out", "-"], 64),
        (["pack", "--seed", "9223372036854775708", "--out", "-", "--kind", "drills"], 0),
        (["pack", "--seed", "9223372036854775709", "--out", "-", "--kind", "drills"], 64),
        (["pack", "--seed", "9223372036854775807", "--count", "1", "--out", "-"], 0),
        (["generate", "--seed", "9223372036854775807"], 0),
        (["generate", "--seed", "9223372036854775807", "--count", "2"], 64),
        (["generate", "--seed", "-9223372036854775808", "--count", "2"], 0),
        (["grade", "--seed", "9223372036854775807", "--count", "1"], 0),
        (["grade", "--seed", "9223372036854775807", "--count", "2"], 64),
        (["review", "--seed", "9223372036854775807", "--count", "1", "--out", "-"], 0),
        (["review", "--seed", "9223372036854775807", "--count", "2", "--out", "-"], 64),
    ]

    @Test(arguments: seedCases.indices)
    func seedRangesAndTotalsNeverTrap(_ index: Int) throws {
        let (arguments, status) = Self.seedCases[index]
        let dir = try temporaryDirectory()
        let run = try Self.run(arguments, in: dir, seconds: 120)
        let line = "\(arguments.joined(separator: " ")): status \(run.status), \(run.stderr.prefix(300))"
        #expect(!run.trapped && !run.stopped, "\(line)")
        #expect(run.status == status, "\(line)")
        if status != 0 {
            #expect(isOneError(run.stderr, status: run.status), "\(line)")
        }
    }

    /// The export of the last seeds there are: every row once, `--resume`
    /// of a partial that holds some, all, or more than the seeds up to
    /// `Int.max` (the last were a trap: the next seed after them does not
    /// exist).
    @Test func exportResumesUpToTheLargestSeed() throws {
        let dir = try temporaryDirectory()
        let last = "9223372036854775807", first = "9223372036854775805"
        let whole = try puzzlelab(["export", "--seed", first, "--count", "3", "--out", "-", "--jobs", "2"], in: dir)
        #expect(whole.status == 0, "\(whole.stderr)")
        let lines = whole.stdout.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count == 5 && lines[4].isEmpty, "\(whole.stdout)")
        #expect(lines[3].hasPrefix(last + ","))
        let partial = dir.appendingPathComponent("e.csv.partial"), finished = dir.appendingPathComponent("e.csv")
        for kept in [1, 3] {
            try? FileManager.default.removeItem(at: finished)
            try (lines[0...kept].joined(separator: "\r\n") + "\r\n").write(to: partial, atomically: true, encoding: .utf8)
            let resumed = try puzzlelab(["export", "--seed", first, "--count", "3", "--out", "e.csv", "--resume"], in: dir)
            #expect(resumed.status == 0, "kept \(kept): \(resumed.stderr)")
            let rows = try String(contentsOf: finished, encoding: .utf8).split(separator: "\r\n").map { String($0.split(separator: ",").first ?? "") }
            #expect(Array(rows.dropFirst()) == ["9223372036854775805", "9223372036854775806", last], "kept \(kept)")
        }
        // A partial whose rows go on past Int.max cannot be this export's.
        try? FileManager.default.removeItem(at: finished)
        try (lines[0...3].joined(separator: "\r\n") + "\r\n").write(to: partial, atomically: true, encoding: .utf8)
        let past = try Self.run(["export", "--seed", "9223372036854775806", "--count", "2", "--out", "e.csv", "--resume"], in: dir, seconds: 60)
        #expect(!past.trapped && past.status == 65, "\(past.status) \(past.stderr)")
        #expect(isOneError(past.stderr, status: past.status), "\(past.stderr)")
    }

    /// A negative number given to an option that takes one is the option's
    /// value, refused with what the option accepts — not "Missing value".
    static let negativeCases: [(arguments: [String], message: String)] = [
        (["generate", "--timeout", "-1"], "--timeout must be"),
        (["render", "p.mcw", "--index", "-1"], "--index must be at least 1"),
        (["render", "p.mcw", "--step", "-2"], "--step must be at least 1"),
        (["solve", "p.mcw", "--nodes", "-1"], "--nodes must be at least 1"),
        (["solve", "p.mcw", "--limit", "-1"], "--limit must be at least 1"),
        (["bench", "--jobs", "-1"], "--jobs must be from 1"),
        (["bench", "--duration", "-1"], "--duration must be"),
        (["generate", "--unique", "--min-blanks", "-3"], "--min-blanks must be at least 1"),
        (["morse", "count", "...", "--list", "-1"], "--list must be 0 or more"),
        (["drills", "simulate", "--learners", "-1"], "--learners must be between"),
    ]

    @Test(arguments: negativeCases.indices)
    func negativeValuesAreRefusedForWhatTheyAre(_ index: Int) throws {
        let (arguments, message) = Self.negativeCases[index]
        let dir = try temporaryDirectory()
        try puzzlelab(["generate", "--seed", "3"]).stdout.write(to: dir.appendingPathComponent("p.mcw"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(arguments, in: dir)
        // 64 whether the parser refuses the value or the command does (--min-blanks, checked with the family).
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("puzzlelab: ") && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        #expect(isOneError(run), "\(arguments): \(run.stderr)")
        #expect(!run.stderr.contains("Missing value"), "\(arguments): \(run.stderr)")
    }

    /// Every error of the argument parser is one line on stderr and the line naming the help, exit 64, as
    /// the tool's own errors are; help texts are whole, on stdout, exit 0.
    @Test func argumentErrorsAreOneLineAndHelpIsWhole() throws {
        let errors: [[String]] = [
            ["generate", "--bogus"], ["solve"], ["generate", "--count", "0"], ["generate", "--seed", "x"],
            ["generate", "--seed", "99999999999999999999"], ["bogus"], ["generate", "--format"],
            ["solve", "x.mcw", "--format", "yaml"], ["grade"], ["export", "--count", "3"],
        ]
        for arguments in errors {
            let run = try puzzlelab(arguments)
            #expect(run.status == 64, "\(arguments): \(run.status)")
            #expect(run.stdout.isEmpty, "\(arguments)")
            #expect(isOneError(run), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("Usage:"), "\(arguments): \(run.stderr)")
        }
        for arguments in [["--help"], ["generate", "--help"], ["help", "generate"], ["help", "bench"], []] {
            let run = try puzzlelab(arguments)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
            #expect(run.stdout.contains("USAGE: puzzlelab") && run.stdout.contains("OPTIONS:"), "\(arguments): \(run.stdout.prefix(200))")
        }
        let version = try puzzlelab(["--version"])
        #expect(version.status == 0 && version.stdout.hasSuffix("\n") && version.stdout.split(separator: "\n").count == 1)
    }

    /// The root help lists the commands every family shares, then the
    /// families' own (`drills`, `morse`, which the executable passes beside
    /// the family list), and each of those answers as its family's.
    @Test func rootHelpListsTheSharedCommandsThenTheFamiliesOwn() throws {
        let help = try puzzlelab(["--help"])
        #expect(help.status == 0)
        // A subcommand's line starts with two spaces and its name; its abstract's wrapped lines with more.
        let names = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("SUBCOMMANDS:") }
            .dropFirst().prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names == ["generate", "solve", "grade", "check", "pack", "bench", "export", "render", "review", "worksheet", "serve", "play", "calibrate", "families", "drills", "morse"])
        #expect(help.stdout.contains("Families (--kind, the first is the default): math-crossword, cross-sums,"))
        let morse = try puzzlelab(["morse", "count", "-..-..."])
        #expect(morse.status == 0 && morse.stdout.split(separator: "\n").count == 1 && morse.stderr.isEmpty)
        let drills = try puzzlelab(["drills", "replay", "no-such-log.csv"])
        #expect(drills.status == 66 && drills.stderr == "puzzlelab: no-such-log.csv: no such file\n")
    }

    /// A word that names no command is refused on one line and the help line, exit 64, with
    /// the nearest command names at its level.
    @Test func anUnknownCommandGetsTheNearestNames() throws {
        for (arguments, message) in [(["generat"], "unknown command 'generat'; did you mean 'generate'?\nSee 'puzzlelab --help'"),
                                     (["rendr", "x.mcw"], "unknown command 'rendr'; did you mean 'render'?\nSee 'puzzlelab --help'"),
                                     (["morse", "decod", "..."], "unknown command 'decod'; did you mean 'decode'?\nSee 'puzzlelab morse --help'"),
                                     (["zzzzzz"], "unknown command 'zzzzzz'\nSee 'puzzlelab --help'")] {
            let run = try puzzlelab(arguments)
            #expect(run.status == 64 && run.stdout.isEmpty && run.stderr == "puzzlelab: \(message) for more information.\n", "\(arguments): \(run.stderr)")
        }
    }

    /// `families` lists every family `--kind` takes with the profiles
    /// `--profile` takes, as text and as JSON.
    @Test func familiesListsTheKindsAndProfilesTheCommandsTake() throws {
        let json = try puzzlelab(["families", "--format", "json"])
        let entries = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.compactMap { $0["name"] as? String } == ["math-crossword", "cross-sums", "number-search", "drills", "morse"])
        let text = try puzzlelab(["families"])
        for entry in entries {
            let name = try #require(entry["name"] as? String), profiles = try #require(entry["profiles"] as? [String])
            #expect(text.stdout.contains("\(name) (.\(try #require(entry["extension"] as? String))): "))
            #expect(text.stdout.contains("  profiles: \(profiles.joined(separator: ", "))\n"))
            for profile in [profiles.first, profiles.last].compactMap({ $0 }) {
                let run = try puzzlelab(["generate", "--kind", name, "--profile", profile, "--format", "json"])
                #expect(run.status == 0, "\(name) \(profile): \(run.stderr)")
            }
        }
    }

    /// `arguments` with only the last value of `option`.
    static func withoutDuplicate(_ option: String, in arguments: [String]) -> [String] {
        var result: [String] = []
        var skip = false
        let last = arguments.lastIndex(of: option)
        for (i, argument) in arguments.enumerated() {
            if skip { skip = false; continue }
            if argument == option && i != last { skip = true; continue }
            result.append(argument)
        }
        return result
    }

    struct BoundedRun {
        var status: Int32
        var stderr: String
        /// Killed by a signal of its own (a trap, a crash).
        var trapped: Bool
        /// Still running after the time allowed, and stopped by the test.
        var stopped: Bool
    }

    /// Runs `puzzlelab` for at most `seconds`, then stops it with SIGTERM.
    static func run(_ arguments: [String], in directory: URL, seconds: Double) throws -> BoundedRun {
        let process = Process()
        process.executableURL = puzzlelabURL
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errURL = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let stopped = process.isRunning
        if stopped { process.terminate() }
        process.waitUntilExit()
        try err.close()
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        let trapped = process.terminationReason == .uncaughtSignal && !(stopped && process.terminationStatus == SIGTERM)
        return BoundedRun(status: process.terminationStatus, stderr: stderr, trapped: trapped, stopped: stopped)
    }
}
