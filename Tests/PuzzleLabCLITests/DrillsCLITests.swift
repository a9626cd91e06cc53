import Foundation
import Testing

@Suite struct DrillsCLITests {
    static let log = """
    child,item,correct,seconds,timestamp
    mia,7 + 5,1,4.5,2026-03-02T08:15:00Z
    mia,3 + 1,1,2,2026-03-02T08:15:10Z
    ben,7 + 5,0,12,2026-03-02T09:00:00Z
    ben,9 - 4,?,8,2026-03-05T09:00:00Z

    """

    @Test func replayWritesChildrenThenItems() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.log.utf8).write(to: dir.appendingPathComponent("answers.csv"))
        let run = try puzzlelab(["drills", "replay", "answers.csv"], in: dir)
        #expect(run.status == 0 && run.stderr.isEmpty)
        let lines = run.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == "kind,name,rating,uncertainty,answers,lastAnswer,deadline")
        #expect(lines.dropFirst().map { $0.split(separator: ",").prefix(2).joined(separator: ",") }
                == ["child,ben", "child,mia", "item,3 + 1", "item,7 + 5", "item,9 - 4"])
        #expect(lines.contains { $0.hasPrefix("item,7 + 5,") && $0.hasSuffix(",2,2026-03-02T09:00:00Z,26") })
        // JSON lines from standard input give the same ratings.
        let json = try puzzlelab(["drills", "replay", "-", "--format", "json"], input: Self.log)
        #expect(json.status == 0)
        #expect(json.stdout.split(separator: "\n").count == 5)
        #expect(json.stdout.contains(#"{"kind":"item","name":"7 + 5","rating":"#))
        #expect(json.stdout.contains(#""deadline":null}"#))
        // --out writes the same bytes to a file, and nothing else is left.
        let out = try puzzlelab(["drills", "replay", "answers.csv", "--out", "ratings.csv"], in: dir)
        #expect(out.status == 0 && out.stdout.isEmpty)
        #expect(try String(contentsOf: dir.appendingPathComponent("ratings.csv"), encoding: .utf8) == run.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["answers.csv", "ratings.csv"])
    }

    @Test func badRowsAreReportedOneLineEachAndNothingIsWritten() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = "child,item,correct,seconds,timestamp\nmia,7+5,1,4,2026-03-02T08:15:00Z\nmia,3 + 1,1,2,2026-03-02T08:15:10Z\nben,3 + 1,maybe,2,2026-03-02T08:15:10Z\n"
        try Data(bad.utf8).write(to: dir.appendingPathComponent("log.csv"))
        let run = try puzzlelab(["drills", "replay", "log.csv", "--out", "ratings.csv"], in: dir)
        #expect(run.status == 65)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("puzzlelab: log.csv:2: item: expected an exercise 'A + B'") == true)
        #expect(lines.last?.contains("log.csv:4: correct: expected 1, 0, true, false or ?, found 'maybe'") == true)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("ratings.csv").path))
        let missing = try puzzlelab(["drills", "replay", "nope.csv"], in: dir)
        #expect(missing.status == 66 && missing.stderr == "puzzlelab: nope.csv: no such file\n")
    }

    /// Issue 33: a CRLF log printed nothing and exited 0, bad lines and all.
    @Test func aCRLFLogReplaysLikeTheLFLog() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.log.utf8).write(to: dir.appendingPathComponent("lf.csv"))
        try Data(Self.log.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: dir.appendingPathComponent("crlf.csv"))
        for format in ["csv", "json"] {
            let lf = try puzzlelab(["drills", "replay", "lf.csv", "--format", format], in: dir)
            let crlf = try puzzlelab(["drills", "replay", "crlf.csv", "--format", format], in: dir)
            #expect(lf.status == 0 && crlf.status == 0 && crlf.stderr.isEmpty)
            #expect(crlf.stdout == lf.stdout && lf.stdout.utf8.filter { $0 == 0x0A }.count >= 5)
        }
        let bad = "child,item,correct,seconds,timestamp\r\nmia,7 + 5,1,4,2026-02-30T08:15:00Z\r\nmia,3 + 1,1,0x10,2026-03-02T08:15:10Z\r\nben,3 + 1,1,2,2026-03-02T08:15:10Z\r\n"
        try Data(bad.utf8).write(to: dir.appendingPathComponent("bad.csv"))
        let run = try puzzlelab(["drills", "replay", "bad.csv"], in: dir)
        #expect(run.status == 65 && run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("puzzlelab: bad.csv:2: timestamp: expected ISO 8601 with a zone") == true)
        #expect(lines.last?.contains("bad.csv:3: seconds: expected a number of seconds from 0 to 86400 (a decimal like 4.5), found '0x10'") == true)
    }

    /// The answer logs of the reproducer corpus replay as its README says.
    @Test func corpusAnswerLogsReplayAsDocumented() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/crashes/drills-replay")
        let crlf = try puzzlelab(["drills", "replay", "drills-crlf-log.csv"], in: corpus)
        let lf = try puzzlelab(["drills", "replay", "-"], input: try String(contentsOf: corpus.appendingPathComponent("drills-crlf-log.csv"), encoding: .utf8)
                                .replacingOccurrences(of: "\r\n", with: "\n"))
        #expect(crlf.status == 0 && crlf.stdout == lf.stdout && crlf.stdout.hasPrefix("kind,name,"))
        let bad = try puzzlelab(["drills", "replay", "drills-answer-log-bad-lines.csv"], in: corpus)
        #expect(bad.status == 65 && bad.stdout.isEmpty)
        let lines = bad.stderr.split(separator: "\n")
        #expect(lines.count == 5, "\(bad.stderr)")
        for (line, number) in zip(lines, 2...6) { #expect(line.contains("drills-answer-log-bad-lines.csv:\(number): "), "\(line)") }
        #expect(!bad.stderr.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }

    /// Issue 33: a child id with control characters reached the output raw.
    @Test func controlCharactersInIdsAreRefusedAndNeverPrintedRaw() throws {
        let log = "child,item,correct,seconds,timestamp\n\"evil\u{1B}[2J\",7 + 5,1,4,2026-03-02T08:15:00Z\n"
        let run = try puzzlelab(["drills", "replay", "-"], input: log)
        #expect(run.status == 65 && run.stdout.isEmpty)
        #expect(run.stderr.contains("-:2: child: expected an id without control characters, found 'evil\\u{1b}[2J'"), "\(run.stderr)")
        #expect(!run.stderr.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
    }

    @Test func simulateComparesBothModelsAsCSV() throws {
        let args = ["drills", "simulate", "--learners", "40", "--answers", "30", "--seed", "3", "--format", "csv"]
        let run = try puzzlelab(args)
        #expect(run.status == 0)
        let lines = run.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == "table,model,answers,meanDay,meanAbility,rmse,bias,successRate,seed,learners,range,toolkitVersion")
        #expect(lines.contains { $0.hasPrefix("ability,current,30,") } && lines.contains { $0.hasPrefix("ability,uncertainty,30,") })
        #expect(lines.contains { $0.hasPrefix("items,uncertainty,") })
        #expect(try puzzlelab(args).stdout == run.stdout)  // deterministic
        let text = try puzzlelab(["drills", "simulate", "--learners", "40", "--answers", "30", "--static-learners"])
        #expect(text.status == 0 && text.stdout.contains("static learners"))
        let invalid = try puzzlelab(["drills", "simulate", "--item-noise", "9"])
        #expect(invalid.status != 0 && invalid.stderr.contains("--item-noise must be between 0 and 3"))
    }
}
