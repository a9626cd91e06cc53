import Foundation
import Testing

@Suite struct CalibrateCLITests {
    /// The numeric fields of a grade's JSON line.
    private func numbers(_ line: String) throws -> [String: Double] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return object.compactMapValues { ($0 as? NSNumber).flatMap { $0 is Bool ? nil : $0.doubleValue } }
    }

    /// Simulated logs in a folder, calibrated into a weights file; `grade
    /// --weights` then scores a puzzle intercept + Σ weight × feature
    /// rounded, and changes nothing else.
    @Test func weightsFromSimulatedLogsChangeTheScoreAsDocumented() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let simulated = try puzzlelab(["calibrate", "--simulate", "120", "--kind", "math-crossword"])
        #expect(simulated.status == 0)
        try Data(simulated.stdout.utf8).write(to: dir.appendingPathComponent("sim.jsonl"))
        let calibrated = try puzzlelab(["calibrate", "sim.jsonl", "--out", "w.json"], in: dir)
        #expect(calibrated.status == 0, "\(calibrated.stderr)")
        #expect(calibrated.stdout.contains("hand-set score  correlation"))

        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("w.json"))) as? [String: Any])
        let intercept = try #require(file["intercept"] as? Double), weights = try #require(file["weights"] as? [String: Double])
        #expect(file["format"] as? String == "puzzlelab-weights" && file["kind"] as? String == "math-crossword")

        let plain = try puzzlelab(["grade", "--profile", "class_3", "--seed", "7", "--format", "json"])
        let weighted = try puzzlelab(["grade", "--profile", "class_3", "--seed", "7", "--format", "json", "--weights", "w.json"], in: dir)
        #expect(plain.status == 0 && weighted.status == 0)
        let features = try numbers(plain.stdout)
        var seconds = intercept
        for (key, weight) in weights { seconds += weight * (features[key] ?? 0) }
        let after = try numbers(weighted.stdout)
        #expect(after["score"] == Double(max(0, Int(seconds.rounded()))))
        #expect(after["score"] != features["score"])
        func withoutScoreAndTime(_ line: String) -> String {
            line.replacingOccurrences(of: #""score":\d+"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #""timeMicroseconds":\d+"#, with: "", options: .regularExpression)
        }
        #expect(withoutScoreAndTime(plain.stdout) == withoutScoreAndTime(weighted.stdout))

        let other = try puzzlelab(["grade", "--kind", "cross-sums", "--profile", "medium", "--weights", "w.json"], in: dir)
        #expect(other.status != 0 && other.stderr.contains("w.json:") && other.stderr.contains("these weights are for math-crossword, not cross-sums"))
        let generate = try puzzlelab(["generate", "--weights", "w.json"], in: dir)
        #expect(generate.status != 0 && generate.stderr.contains("--difficulty picks by label"))
    }

    /// Ten solves are too few: a table saying how many are needed, no file, status 1.
    @Test func tooFewSolvesWriteNoWeights() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let simulated = try puzzlelab(["calibrate", "--simulate", "10", "--kind", "cross-sums"])
        try Data(simulated.stdout.utf8).write(to: dir.appendingPathComponent("sim.jsonl"))
        let run = try puzzlelab(["calibrate", "sim.jsonl", "--out", "w.json"], in: dir)
        #expect(run.status == 1)
        #expect(run.stdout.contains("too few solves"))
        #expect(run.stderr.contains("w.json not written: cross-sums has") && run.stderr.contains("it needs 20"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("w.json").path))
    }

    /// A bad record is refused with its file and line; output is the same on every run.
    @Test func badRecordsNameTheirLineAndOutputIsDeterministic() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let simulated = try puzzlelab(["calibrate", "--simulate", "40", "--kind", "math-crossword", "--seed", "9"])
        try Data((simulated.stdout + "{\"record\":\"finish\",\"version\":1}\n").utf8).write(to: dir.appendingPathComponent("sim.jsonl"))
        let bad = try puzzlelab(["calibrate", "sim.jsonl"], in: dir)
        #expect(bad.status == 65 && bad.stderr.hasPrefix("puzzlelab: sim.jsonl:41: "))
        try Data(simulated.stdout.utf8).write(to: dir.appendingPathComponent("sim.jsonl"))
        let first = try puzzlelab(["calibrate", "sim.jsonl", "--format", "json"], in: dir)
        let second = try puzzlelab(["calibrate", "sim.jsonl", "--format", "json"], in: dir)
        #expect(first.status == 0 && first.stdout == second.stdout && first.stdout.contains("\"cvCorrelation\""))
    }
}
