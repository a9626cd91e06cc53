import Foundation
import Testing

/// Inputs and arguments that used to trap or pass silently (issue 26's
/// list): each is now a one-line error or a normal run.
@Suite struct HostileInputTests {
    @Test func anEmptyCorpusIsAnError() throws {
        let dir = try temporaryDirectory()
        try "\n\n".write(to: dir.appendingPathComponent("e.jsonl"), atomically: true, encoding: .utf8)
        for command in ["check", "solve", "grade"] {
            let run = try puzzlelab([command, "--kind", "math-crossword", "e.jsonl"], in: dir)
            #expect(run.status != 0 && run.stderr == "e.jsonl:1: no puzzle in the file\n", "\(command): \(run.stderr)")
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
            #expect(ns.status == 1 && ns.stderr.contains("row 9223372036854775808, column 1") && ns.stderr.split(separator: "\n").count == 1,
                    "\(command): \(ns.stderr)")
            let mc = try puzzlelab([command, "mc.json"], in: dir)
            #expect(mc.status == 1 && mc.stderr == "mc.json:1: difficulty: maxEquations must be at least minEquations\n", "\(command): \(mc.stderr)")
        }
    }
}
