import Foundation
import PuzzleKit
import Testing

/// Text read from files (ids, file names) as the text reports show it, how
/// files are told apart, and what `solve` says of every generated Morse
/// exercise (issue 33).
@Suite struct OutsideTextTests {
    static let evilID = "evil\u{1B}[2J\nFAKE: valid"
    static let families = ["math-crossword", "cross-sums", "number-search", "drills", "morse"]

    /// No control character but the line ends, and no line that a
    /// puzzle's id forged.
    static func expectNoRawControlCharacters(_ run: Run, _ context: String) {
        for (name, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\r" },
                    "\(context) \(name): \(text.debugDescription)")
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("FAKE") }, "\(context) \(name)")
        }
    }

    /// A generated puzzle of `kind` as one JSON object, with its `id` replaced.
    static func puzzleJSON(_ kind: String, id: String) throws -> Data {
        let generated = try puzzlelab(["generate", "--kind", kind, "--seed", "1", "--format", "jsonl"])
        #expect(generated.status == 0)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(generated.stdout.utf8)) as? [String: Any])
        object["id"] = id
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test(arguments: families)
    func idsWithControlCharactersAreEscapedInEveryTextReport(_ kind: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.puzzleJSON(kind, id: Self.evilID).write(to: dir.appendingPathComponent("evil.json"))
        for command in ["check", "solve", "grade"] {
            let run = try puzzlelab([command, "evil.json"], in: dir)
            #expect([0, 1, 65].contains(run.status))
            Self.expectNoRawControlCharacters(run, "\(kind) \(command)")
            switch kind {
            case "number-search":
                // The JSON reader applies the text form's id rule.
                #expect(run.status == 65 && run.stderr.hasPrefix("puzzlelab: evil.json:1: id: expected a name of letters, digits, '_', '-' and '.'"), "\(run.stderr)")
            case "morse":
                #expect(run.status == 65 && isOneError(run), "\(run.stderr)")
            default:
                #expect(run.status == 0, "\(kind) \(command): \(run.stderr)")
                #expect(run.stdout.hasPrefix(#"evil.json: evil\u{1b}[2J\u{a}FAKE: valid: "#), "\(kind) \(command): \(run.stdout)")
            }
        }
    }

    /// A file name is outside text too: in report lines, in errors, and as
    /// the default id of a text file.
    @Test func fileNamesWithControlCharactersAreEscaped() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let generated = try puzzlelab(["generate", "--kind", "number-search", "--seed", "1"])
        let text = generated.stdout.split(separator: "\n").filter { !$0.hasPrefix("id:") }.joined(separator: "\n") + "\n"
        let name = "evil\u{1B}[2J\nFAKE.nsearch"
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
        for command in ["check", "solve", "grade"] {
            let run = try puzzlelab([command, name], in: dir)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            Self.expectNoRawControlCharacters(run, command)
            #expect(run.stdout.hasPrefix(#"evil\u{1b}[2J\u{a}FAKE.nsearch: evil\u{1b}[2J\u{a}FAKE: "#), "\(command): \(run.stdout)")
            let missing = try puzzlelab([command, "gone\u{1B}[2J\nFAKE.mcw"], in: dir)
            #expect(missing.status == 66)
            Self.expectNoRawControlCharacters(missing, "\(command) missing")
            #expect(missing.stderr.contains(#"gone\u{1b}[2J"#), "\(missing.stderr)")
        }
    }

    /// FORMATS.md section 0 allows one leading byte-order mark, not two.
    @Test func aSecondByteOrderMarkIsRefusedInOneLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let puzzle = try puzzlelab(["generate", "--seed", "1"]).stdout
        let json = try Self.puzzleJSON("cross-sums", id: "easy-1")
        for (name, body) in [("p.mcw", Data(puzzle.utf8)), ("p.json", json), ("p.xsum.json", json)] {
            try (Data("\u{FEFF}".utf8) + body).write(to: dir.appendingPathComponent("one-" + name))
            try (Data("\u{FEFF}\u{FEFF}".utf8) + body).write(to: dir.appendingPathComponent("two-" + name))
            let one = try puzzlelab(["check", "one-" + name], in: dir)
            #expect(one.status == 0, "\(name): \(one.stderr)")
            let two = try puzzlelab(["check", "two-" + name], in: dir)
            #expect(two.status == 65 && two.stdout.isEmpty)
            #expect(two.stderr == "puzzlelab: two-\(name):1: a second byte-order mark; a file may start with one only\n")
        }
        let stdin = try puzzlelab(["check", "-"], input: "\u{FEFF}\u{FEFF}" + puzzle)
        #expect(stdin.status == 65 && stdin.stderr == "puzzlelab: -:1: a second byte-order mark; a file may start with one only\n")
    }

    /// Issue 33: detection read only the first 4 KiB, so a cross sums JSON
    /// whose `rowSums` came after a long grid matched no family.
    @Test func jsonIsToldApartByItsKeysWhereverTheyAre() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let generated = try puzzlelab(["generate", "--kind", "cross-sums", "--seed", "1", "--format", "jsonl"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(generated.stdout.utf8)) as? [String: Any])
        func value(_ key: String) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: try #require(object[key]), options: .fragmentsAllowed), as: UTF8.self)
        }
        // The grid first, spread over 5,000 blanks; the sums last.
        let padded = "{\"id\": \(try value("id")), \"difficulty\": \(try value("difficulty")), \"grid\": \(try value("grid"))"
            + String(repeating: " ", count: 5_000)
            + ", \"solution\": \(try value("solution")), \"columnSums\": \(try value("columnSums")), \"rowSums\": \(try value("rowSums"))}\n"
        try Data(padded.utf8).write(to: dir.appendingPathComponent("late.txt"))
        try Data(("[" + padded + "]").utf8).write(to: dir.appendingPathComponent("pack.txt"))
        for file in ["late.txt", "pack.txt"] {
            let run = try puzzlelab(["check", file], in: dir)
            #expect(run.status == 0, "\(file): \(run.stderr)")
            #expect(run.stdout.contains("valid cross sums"))
        }
        let stdin = try puzzlelab(["check", "-"], input: padded)
        #expect(stdin.status == 0 && stdin.stdout.contains("valid cross sums"), "\(stdin.stderr)")
        // JSON with no family's keys is still refused in one line.
        let none = try puzzlelab(["check", "-"], input: "{\"grid\": [[1]]" + String(repeating: " ", count: 5_000) + ", \"other\": 1}\n")
        #expect(none.status == 65 && isOneError(none) && none.stderr.contains("no puzzle family's format"))
        // A value is never taken for a key: "questions" as an id does not make it number search.
        let valued = try puzzlelab(["check", "-"], input: padded.replacingOccurrences(of: "{\"id\": \(try value("id"))", with: "{\"id\": \"questions\""))
        #expect(valued.status == 0 && valued.stdout.contains("valid cross sums"), "\(valued.stderr)")
    }

    /// Issue 33: `solve` of a generated Morse exercise whose decodings
    /// exceed 64 bits exited 1, while `check` and `grade` accepted it. (The
    /// long letter-only sentences that overflow grade Intermediate when read
    /// since issue 35, Advanced when sent.)
    @Test(arguments: ["code-to-sentence-intermediate", "sentence-to-code-advanced"])
    func everyGeneratedMorseExerciseSolves(_ profile: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let generated = try puzzlelab(["generate", "--kind", "morse", "--profile", profile, "--seed", "1", "--count", "60", "--format", "jsonl"])
        #expect(generated.status == 0)
        try Data(generated.stdout.utf8).write(to: dir.appendingPathComponent("m.jsonl"))
        #expect(try puzzlelab(["check", "m.jsonl"], in: dir).status == 0)
        let text = try puzzlelab(["solve", "m.jsonl"], in: dir)
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text.stderr)")
        let csv = try puzzlelab(["solve", "m.jsonl", "--format", "csv"], in: dir)
        #expect(csv.status == 0 && csv.stderr.isEmpty)
        let records = try #require(CSV.parse(csv.stdout))
        let header = try #require(records.first)
        let count = try #require(header.firstIndex(of: "solutionCount")), complete = try #require(header.firstIndex(of: "complete"))
        let reason = try #require(header.firstIndex(of: "stopReason")), exact = try #require(header.firstIndex(of: "exactCount"))
        let rows = records.dropFirst()
        #expect(rows.count == 60)
        var overflowed = 0
        for row in rows {
            if row[reason] == "overflow" {
                overflowed += 1
                #expect(row[count] == "9223372036854775807" && row[complete] == "false")
                #if GMP
                #expect(row[exact].count >= 19)
                #else
                #expect(row[exact].isEmpty)
                #endif
            } else {
                #expect(row[reason] == "exhausted" && row[complete] == "true" && row[exact] == row[count])
            }
        }
        #expect(overflowed > 0, "no exercise of \(profile) overflowed; pick other seeds")
    }
}
