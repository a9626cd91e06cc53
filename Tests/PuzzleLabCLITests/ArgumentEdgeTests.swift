import Foundation
import Testing

/// Every numeric option of every command, driven with the values that
/// break careless code: each run is a normal run (it may still be going when
/// the test stops it) or an error — never a trap.
@Suite struct ArgumentEdgeTests {
    static let edges = ["0", "-1", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "inf", "nan", "1e300", "0.5", "x"]

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
        (["morse", "count", "...---..."], ["--list"]),
        (["drills", "simulate", "--learners", "3", "--answers", "3"], ["--learners", "--answers", "--seed", "--target-success"]),
    ]

    @Test(arguments: commands.indices)
    func numericOptionsNeverTrap(_ index: Int) throws {
        let dir = try temporaryDirectory()
        try puzzlelab(["generate", "--seed", "3"]).stdout.write(to: dir.appendingPathComponent("p.mcw"), atomically: true, encoding: .utf8)
        let (base, options) = Self.commands[index]
        for option in options {
            for value in Self.edges {
                let arguments = base.filter { $0 != option } + [option, value]
                // Drop the base's own value of the option when it is driven here.
                let cleaned = Self.withoutDuplicate(option, in: arguments)
                let run = try Self.run(cleaned, in: dir, seconds: 2)
                let line = "\(cleaned.joined(separator: " ")): status \(run.status), \(run.stderr.prefix(200))"
                #expect(!run.trapped, "trapped: \(line)")
                #expect(run.stopped || [0, 1, 64].contains(run.status), "\(line)")
                if !run.stopped && run.status != 0 {
                    let first = run.stderr.split(separator: "\n").first ?? ""
                    #expect(first.hasPrefix("Error: ") || first.hasPrefix("puzzlelab: "), "\(line)")
                    #expect(!first.contains("Swift runtime failure") && first.count < 300, "\(line)")
                }
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
