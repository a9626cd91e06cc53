import Foundation
import Testing

/// The result of one run of the `puzzlelab` executable.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Ended by a signal (a trap, a crash, or the test stopping it).
    var signaled = false
    /// Still running after the seconds allowed, and stopped by the test.
    var stopped = false
}

/// The `puzzlelab` binary SwiftPM built beside the test bundle.
let puzzlelabURL: URL = {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        Bundle.main.bundleURL,
        Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    for directory in candidates {
        let url = directory.appendingPathComponent("puzzlelab")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return candidates[0].appendingPathComponent("puzzlelab")
}()

/// Runs `puzzlelab` with `arguments` in `directory`, feeding it `input` on
/// standard input (none by default); with `seconds`, kills it (SIGKILL, which
/// also ends a process blocked on a FIFO) once it has run that long; with
/// `environment`, those variables set over the test's own.
func puzzlelab(_ arguments: [String], in directory: URL? = nil, input: String? = nil, seconds: Double? = nil,
               environment: [String: String] = [:]) throws -> Run {
    let process = Process()
    process.executableURL = puzzlelabURL
    process.arguments = arguments
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, set in set }
    }
    if let directory { process.currentDirectoryURL = directory }
    // Output goes to files, so no pipe can fill up and block the child.
    let dir = try temporaryDirectory()
    let outURL = dir.appendingPathComponent("stdout"), errURL = dir.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    if let input {
        let inURL = dir.appendingPathComponent("stdin")
        try Data(input.utf8).write(to: inURL)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    var stopped = false
    if let seconds {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        stopped = process.isRunning
        if stopped { kill(process.processIdentifier, SIGKILL) }
    }
    process.waitUntilExit()
    try out.close()
    try err.close()
    defer { try? FileManager.default.removeItem(at: dir) }
    return Run(status: process.terminationStatus,
               stdout: try String(contentsOf: outURL, encoding: .utf8),
               stderr: try String(contentsOf: errURL, encoding: .utf8),
               signaled: process.terminationReason == .uncaughtSignal, stopped: stopped)
}

/// A fresh temporary directory for one test.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlelab-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Whether `run`'s stderr is one error in the documented form (docs/CLI.md,
/// "Errors and exit statuses"): one `puzzlelab: ` line, and after a usage
/// error (status 64) the line naming the command's help.
func isOneError(_ run: Run) -> Bool { isOneError(run.stderr, status: run.status) }

/// Whether `stderr` of a run that exited with `status` is one error in the
/// documented form, as ``isOneError(_:)`` tells for a ``Run``.
func isOneError(_ stderr: String, status: Int32) -> Bool {
    let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
    guard stderr.hasSuffix("\n"), lines.first?.hasPrefix("puzzlelab: ") == true else { return false }
    if status == 64 {
        return lines.count == 3 && lines[1].hasPrefix("See 'puzzlelab ") && lines[1].hasSuffix(" --help' for more information.")
    }
    return lines.count == 2
}
