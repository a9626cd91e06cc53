import Foundation
import Testing

/// `generate --compact` and `pack --compact` write math crossword levels in
/// the compact JSON form (docs/FORMATS.md section 2), and every command
/// that reads levels reads them as it reads the current form.
@Suite struct CompactLevelCLITests {
    /// The same levels in both forms, each as `name` in a folder of its own,
    /// so that outputs naming the file can be compared.
    private func bothForms(_ arguments: [String], name: String) throws -> (current: URL, compact: URL) {
        let current = try puzzlelab(arguments), compact = try puzzlelab(arguments + ["--compact"])
        #expect(current.status == 0 && compact.status == 0, "\(current.stderr)\(compact.stderr)")
        #expect(compact.stdout != current.stdout)
        #expect(compact.stdout.contains("math-crossword-compact") && !compact.stdout.contains("\"cells\""))
        let folders = (try temporaryDirectory(), try temporaryDirectory())
        try current.stdout.write(to: folders.0.appendingPathComponent(name), atomically: true, encoding: .utf8)
        try compact.stdout.write(to: folders.1.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return folders
    }

    /// Each command's output with the timing figures masked.
    private func output(_ arguments: [String], in folder: URL) throws -> String {
        let run = try puzzlelab(arguments, in: folder)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        let timing = #"[0-9.]+ ?(µs|ms)|"\w*(Microseconds|Seconds)" ?: ?[0-9.e+-]+"#
        return run.stdout.replacingOccurrences(of: timing, with: "N", options: .regularExpression) + run.stderr
    }

    @Test(arguments: [["check"], ["check", "--quiet"], ["solve"], ["solve", "--format", "json"], ["grade"],
                      ["grade", "--format", "json", "--explain"], ["render", "--index", "2"]])
    func everyReaderReadsBothFormsAlike(command: [String]) throws {
        for name in ["levels.jsonl", "levels"] {  // by extension, and by content
            let folders = try bothForms(["generate", "--profile", "class_4", "--unique", "--count", "5", "--format", "jsonl"], name: name)
            let arguments = [command[0], name] + command.dropFirst()
            let current = try output(arguments, in: folders.current)
            #expect(!current.isEmpty)
            #expect(try output(arguments, in: folders.compact) == current, "\(command) \(name)")
        }
    }

    @Test func onePrettyLevelAndAPackReadAlike() throws {
        let one = try bothForms(["generate", "--profile", "class_3", "--seed", "8", "--format", "json"], name: "level.json")
        #expect(try output(["grade", "level.json"], in: one.compact) == output(["grade", "level.json"], in: one.current))
        let pack = try bothForms(["pack", "--profile", "class_2", "--count", "4", "--out", "-"], name: "pack.json")
        let compactPack = try String(contentsOf: pack.compact.appendingPathComponent("pack.json"), encoding: .utf8)
        #expect(compactPack.components(separatedBy: "\"format\":\"math-crossword-compact\"").count == 5)
        #expect(compactPack.hasPrefix("{\n  \"format\" : \"puzzlelab-pack\",\n  \"version\" : 2,"))
        for command in [["check", "pack.json"], ["solve", "pack.json"], ["grade", "pack.json"], ["render", "pack.json", "--index", "3"]] {
            #expect(try output(command, in: pack.compact) == output(command, in: pack.current), "\(command)")
        }
    }

    @Test func aBadCompactLevelIsOneLineAndTheOthersStillRead() throws {
        let generated = try puzzlelab(["generate", "--count", "3", "--format", "jsonl", "--compact"])
        var lines = generated.stdout.split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
        let folder = try temporaryDirectory()
        try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("levels.jsonl"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["check", "--quiet", "levels.jsonl"], in: folder)
        #expect(run.status == 65)
        #expect(run.stderr == "puzzlelab: levels.jsonl:2: a math-crossword-compact level of version 2; this puzzlelab reads version 1\n")
        #expect(run.stdout.split(separator: "\n").map { $0.split(separator: ":")[1] } == [" class_1-1", " class_1-3"], "\(run.stdout)")
    }

    @Test func compactIsRefusedWhereItCannotApply() throws {
        let refusals: [([String], String)] = [
            (["generate", "--compact"], "puzzlelab: --compact is a form of JSON: use it with --format json or jsonl."),
            (["generate", "--kind", "cross-sums", "--format", "jsonl", "--compact"],
             "puzzlelab: cross-sums JSON has no compact form: --compact is for math-crossword"),
            (["pack", "--kind", "drills", "--count", "2", "--compact", "--out", "-"],
             "puzzlelab: drills JSON has no compact form: --compact is for math-crossword"),
        ]
        for (arguments, message) in refusals {
            let run = try puzzlelab(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix(message + "\n"), "\(arguments): \(run.stderr)")
        }
    }
}
