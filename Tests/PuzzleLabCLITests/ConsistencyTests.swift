import Foundation
import Testing

/// The command line behaves the same way everywhere: defaults, arguments
/// that look like options, messages.
@Suite struct ConsistencyTests {
    @Test func morseCodesMayStartWithADash() throws {
        let count = try puzzlelab(["morse", "count", "-..-..."])
        #expect(count.status == 0 && count.stdout == "56\n", "\(count.stderr)")
        let listed = try puzzlelab(["morse", "count", "--list", "1", "-..-..."])
        #expect(listed.stdout == "56\nDB\n")
        let dashed = try puzzlelab(["morse", "count", "--", "-.."])
        #expect(dashed.stdout == "4\n")
        let decoded = try puzzlelab(["morse", "decode", "-.. --- / ..."])
        #expect(decoded.stdout == "DO S\n")
        let unknown = try puzzlelab(["morse", "count", ".-", "--bogus"])
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("puzzlelab: unknown option '--bogus'"))
    }

    /// Codes may be given as several arguments, `---` and `--` among them:
    /// an argument of dots, dashes, blanks and '/' is a code wherever it
    /// stands, and only a `--` right after the command ends its options.
    @Test func morseCodesAreOperandsWhereverTheyStand() throws {
        for (arguments, output) in [(["decode", "-.-.", "---", "-..", "."], "CODE\n"),
                                    (["decode", "--", "-.-.", "---", "-..", "."], "CODE\n"),
                                    (["decode", "--", "--"], "M\n"), (["decode", "---"], "O\n"),
                                    (["decode", "...", "/", "---"], "S O\n"),
                                    (["count", "---", "--list", "2"], "4\nMT\nO\n")] {
            let run = try puzzlelab(["morse"] + arguments)
            #expect(run.status == 0 && run.stdout == output, "\(arguments): \(run.stderr)")
        }
        let two = try puzzlelab(["morse", "count", "-.-.", "-.."])
        #expect(two.status != 0 && two.stderr.contains("'-..'"))
    }

    @Test func aWordListWithoutAnExactMatchSaysSo() throws {
        let dir = try temporaryDirectory()
        try "CAT\nDOG\n".write(to: dir.appendingPathComponent("w.txt"), atomically: true, encoding: .utf8)
        let run = try puzzlelab(["morse", "count", "-..-...", "--words", "w.txt"], in: dir)
        #expect(run.stdout == "0\nno word has exactly this code\n")
    }
}

@Suite struct DefaultsTests {
    @Test func gradeGeneratesWithTheFamilysFirstProfileLikeGenerate() throws {
        let run = try puzzlelab(["grade", "--kind", "drills", "--count", "2", "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\r\n").dropFirst().allSatisfy { $0.hasPrefix("very-easy,") })
        let nothing = try puzzlelab(["grade"])
        #expect(nothing.status != 0 && nothing.stderr.contains("--profile / --count"))
    }

    @Test func packDefaultsToTheSameFamilyAsEveryCommand() throws {
        let run = try puzzlelab(["pack", "--count", "1", "--out", "-"])
        #expect(run.status == 0 && run.stdout.contains("\"cells\""), "a math crossword pack")
    }

    @Test func helpTextsSayOneThing() throws {
        let bench = try puzzlelab(["bench", "--help"]).stdout
        #expect(!bench.contains("(default: the number of cores). (default:"))
        let generate = try puzzlelab(["generate", "--help"]).stdout
        #expect(generate.contains("drills") && generate.contains("number-search easy"), "--difficulty lists every family's labels")
        let grade = try puzzlelab(["grade", "--kind", "math-crossword", "--count", "1"]).stdout
        #expect(!grade.contains("1 rounds") && !grade.contains(" 1 guesses"))
        for command in ["generate", "solve", "grade", "check", "pack", "bench", "export"] {
            let help = try puzzlelab(["help", command]).stdout
            // An example is one line: nothing but an example follows "Examples:" until a blank line.
            let examples = help.components(separatedBy: "Example").dropFirst().first?.split(separator: "\n", omittingEmptySubsequences: false)
                .dropFirst().prefix { !$0.isEmpty } ?? []
            #expect(examples.allSatisfy { $0.hasPrefix("  puzzlelab ") }, "\(command): \(examples)")
        }
    }
}
