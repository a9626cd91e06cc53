import Foundation
import Testing

/// Every command's errors in the one documented form (docs/CLI.md, "Errors
/// and exit statuses"): `puzzlelab: FILE:LINE:COLUMN: message` or
/// `puzzlelab: message` on one line, a usage error followed by the line
/// naming the command's help, and the status of the table.
@Suite struct ErrorStyleTests {
    /// One provoked error: the arguments, the exit status, and the start of
    /// the first line on stderr (the whole line when `whole`).
    struct Case: CustomStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        var line: String
        var whole = false

        var description: String { arguments.joined(separator: " ") }
    }

    /// A usage error of the command `arguments` run: an option no command has.
    static func usage(_ arguments: String...) -> Case {
        Case(arguments: arguments + ["--no-such-option"], status: 64, line: "puzzlelab: unknown option '--no-such-option'", whole: true)
    }

    /// The words that name commands, for the help line a usage error names.
    static let commandWords: Set<String> = ["generate", "solve", "grade", "check", "pack", "bench", "export", "render", "review",
                                            "worksheet", "serve", "play", "calibrate", "families", "drills", "simulate", "replay",
                                            "morse", "count", "encode", "decode"]

    /// `file` missing, for the command `arguments` (which name it).
    static func missing(_ arguments: String..., file: String) -> Case {
        Case(arguments: arguments, status: 66, line: "puzzlelab: \(file): no such file", whole: true)
    }

    /// `file` present but not what it should be: an error on one of its lines.
    static func bad(_ arguments: String..., file: String) -> Case {
        Case(arguments: arguments, status: 65, line: "puzzlelab: \(file):1:")
    }

    static let cases: [Case] = [
        usage("generate"), usage("solve", "p.mcw"), usage("grade", "p.mcw"), usage("check", "p.mcw"), usage("pack", "--out", "x.json"),
        usage("bench"), usage("export", "--count", "1", "--out", "x.csv"), usage("render", "p.mcw"), usage("review", "p.mcw"),
        usage("worksheet", "p.mcw", "--out", "sheet"), usage("serve"), usage("play", "p.mcw"), usage("calibrate", "p.jsonl"),
        usage("families"), usage("drills", "simulate"), usage("drills", "replay", "log.csv"), usage("morse", "count", "..."),
        usage("morse", "encode", "SOS"), usage("morse", "decode", "..."),
        // An unknown family and an unknown profile are both usage errors.
        Case(arguments: ["generate", "--kind", "sudoku"], status: 64, line: "puzzlelab: the value 'sudoku' is invalid for '--kind <kind>'"),
        Case(arguments: ["generate", "--profile", "class_9"], status: 64, line: "puzzlelab: unknown profile 'class_9'"),
        Case(arguments: ["grade", "--kind", "cross-sums", "--profile", "class_9"], status: 64, line: "puzzlelab: unknown cross sums difficulty 'class_9'"),
        Case(arguments: ["generat"], status: 64, line: "puzzlelab: unknown command 'generat'; did you mean 'generate'?", whole: true),
        missing("check", "missing.mcw", file: "missing.mcw"), bad("check", "bad.mcw", file: "bad.mcw"),
        missing("solve", "missing.xsum", file: "missing.xsum"), bad("solve", "bad.xsum", file: "bad.xsum"),
        missing("grade", "missing.mcw", file: "missing.mcw"), bad("grade", "bad.mcw", file: "bad.mcw"),
        missing("grade", "p.mcw", "--weights", "missing.json", file: "missing.json"),
        missing("render", "missing.mcw", file: "missing.mcw"), bad("render", "bad.mcw", file: "bad.mcw"),
        missing("review", "missing.mcw", "--out", "-", file: "missing.mcw"), bad("review", "bad.mcw", "--out", "-", file: "bad.mcw"),
        missing("worksheet", "missing.mcw", "--out", "sheet", file: "missing.mcw"), bad("worksheet", "bad.mcw", "--out", "sheet", file: "bad.mcw"),
        missing("play", "missing.mcw", file: "missing.mcw"), bad("play", "bad.mcw", file: "bad.mcw"),
        missing("calibrate", "missing.jsonl", file: "missing.jsonl"), bad("calibrate", "bad.jsonl", file: "bad.jsonl"),
        missing("generate", "--seeds", "missing.txt", file: "missing.txt"), bad("generate", "--seeds", "bad.txt", file: "bad.txt"),
        missing("pack", "--seeds", "missing.txt", "--out", "-", file: "missing.txt"),
        missing("bench", "--count", "1", "--weights", "missing.json", file: "missing.json"),
        bad("export", "--count", "3", "--out", "e.csv", "--resume", file: "e.csv.partial"),
        missing("drills", "replay", "missing.csv", file: "missing.csv"), bad("drills", "replay", "bad.csv", file: "bad.csv"),
        missing("morse", "count", "...", "--words", "missing.txt", file: "missing.txt"),
        Case(arguments: ["generate", "--profile", "missing.json"], status: 66, line: "puzzlelab: missing.json: no such profile file", whole: true),
        Case(arguments: ["serve", "missing"], status: 66, line: "puzzlelab: missing: no such directory", whole: true),
        // A play log that cannot be created: cannot create.
        Case(arguments: ["serve", "--log", "missing/log.jsonl"], status: 73,
             line: "puzzlelab: missing/log.jsonl: cannot open the play log: No such file or directory", whole: true),
        // An output that exists is kept: cannot create.
        Case(arguments: ["render", "p.mcw", "--out", "p.mcw"], status: 73, line: "puzzlelab: p.mcw exists; add --force to replace it", whole: true),
        // A puzzle that fails its check: a result, status 1, named by file and id.
        Case(arguments: ["check", "wrong.drill"], status: 1, line: "puzzlelab: wrong.drill: "),
    ]

    /// The files the cases read: a puzzle, a bad file of each kind the
    /// commands read (and a partial export), a puzzle that fails its check.
    static func folder() throws -> URL {
        let dir = try temporaryDirectory()
        let puzzle = try puzzlelab(["generate", "--seed", "3"]).stdout
        try puzzle.write(to: dir.appendingPathComponent("p.mcw"), atomically: true, encoding: .utf8)
        for name in ["bad.mcw", "bad.xsum", "bad.jsonl", "bad.txt", "bad.csv", "e.csv.partial"] {
            try "{not what it should be\n".write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        // A drills sheet with an operand outside its profile's range: it reads, and check calls it invalid.
        let sheet = try puzzlelab(["generate", "--kind", "drills", "--profile", "medium"]).stdout
        var lines = sheet.split(separator: "\n", omittingEmptySubsequences: false)
        let exercise = try #require(lines.firstIndex { $0.contains(" + ") || $0.contains(" - ") })
        lines[exercise] = "5 + 300"
        try lines.joined(separator: "\n").write(to: dir.appendingPathComponent("wrong.drill"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test(arguments: cases)
    func everyErrorHasTheOneStyleAndItsStatus(_ error: Case) throws {
        let dir = try Self.folder()
        let run = try puzzlelab(error.arguments, in: dir, seconds: 60)
        #expect(!run.stopped && !run.signaled, "\(error)")
        #expect(run.status == error.status, "\(error): status \(run.status), \(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let first = try #require(lines.first, "\(error): nothing on stderr")
        if error.whole {
            #expect(first == error.line, "\(error): \(first)")
        } else {
            #expect(first.hasPrefix(error.line), "\(error): \(first)")
        }
        // Every line an error prints is in the one form, or is the line naming the help.
        for line in lines {
            #expect(line.hasPrefix("puzzlelab: ") || line.hasPrefix("See 'puzzlelab "), "\(error): \(line)")
            #expect(!line.hasPrefix("puzzlelab: Error") && !line.contains(":1: no such file"), "\(error): \(line)")
        }
        if error.status == 64 {
            let command = ["puzzlelab"] + error.arguments.prefix(while: Self.commandWords.contains)
            #expect(lines == [first, "See '\(command.joined(separator: " ")) --help' for more information."], "\(error): \(lines)")
        }
    }

    /// A run that meets several errors exits with the highest status among
    /// them, after reporting each: a missing file (66) beats a bad one (65)
    /// and a puzzle that fails (1).
    @Test func severalErrorsExitWithTheHighestStatus() throws {
        let dir = try Self.folder()
        let both = try puzzlelab(["check", "wrong.drill", "bad.mcw", "missing.mcw", "p.mcw"], in: dir)
        #expect(both.status == 66, "\(both.status) \(both.stderr)")
        let lines = both.stderr.split(separator: "\n")
        #expect(lines.count >= 3 && lines.allSatisfy { $0.hasPrefix("puzzlelab: ") }, "\(both.stderr)")
        let bad = try puzzlelab(["check", "wrong.drill", "bad.mcw", "p.mcw"], in: dir)
        #expect(bad.status == 65, "\(bad.status) \(bad.stderr)")
        let wrong = try puzzlelab(["check", "wrong.drill", "p.mcw"], in: dir)
        #expect(wrong.status == 1, "\(wrong.status) \(wrong.stderr)")
        let fine = try puzzlelab(["check", "p.mcw"], in: dir)
        #expect(fine.status == 0 && fine.stderr.isEmpty, "\(fine.status) \(fine.stderr)")
    }
}
