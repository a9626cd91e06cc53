import Foundation
import Testing

/// Output is never lost silently: `-` is standard output for every `--out`,
/// and a failed write is one line on stderr with a non-zero exit.
@Suite struct OutputTests {
    /// Runs `puzzlelab` with standard output on `/dev/full` (every write
    /// fails with ENOSPC); returns the exit status and stderr.
    func runIntoFullDisk(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = puzzlelabURL
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errURL = try temporaryDirectory().appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: errURL, encoding: .utf8))
    }

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")), arguments: [
        ["generate", "--count", "5"],
        ["generate", "--count", "2000", "--format", "jsonl"],
        ["grade", "--profile", "class_1", "--count", "3", "--format", "csv"],
        ["export", "--count", "3", "--out", "-"],
        ["pack", "--kind", "drills", "--count", "3", "--out", "-"],
    ])
    func aFullDiskIsAnErrorNotSilence(_ arguments: [String]) throws {
        let run = try runIntoFullDisk(arguments)
        #expect(run.status != 0, "\(arguments)")
        #expect(run.stderr.contains("No space left on device") || run.stderr.contains("a write failed"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func dashIsStandardOutputForEveryOut() throws {
        let dir = try temporaryDirectory()
        let export = try puzzlelab(["export", "--count", "3", "--out", "-"], in: dir)
        #expect(export.status == 0)
        #expect(export.stdout.split(separator: "\r\n").count == 4 && export.stdout.hasPrefix("seed,profile,"))
        #expect(export.stderr.hasPrefix("-: 3 rows, profile class_1"))
        let pack = try puzzlelab(["pack", "--kind", "drills", "--count", "2", "--out", "-"], in: dir)
        #expect(pack.status == 0 && pack.stdout.hasPrefix("[\n") && pack.stdout.hasSuffix("]\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no file named '-'")
        let resume = try puzzlelab(["export", "--count", "3", "--out", "-", "--resume"], in: dir)
        #expect(resume.status != 0 && resume.stderr.contains("--resume needs --out FILE.csv"))
    }

    @Test func aFileThatCannotBeWrittenIsOneLineNamingIt() throws {
        let run = try puzzlelab(["pack", "--kind", "drills", "--count", "2", "--out", "/missing-folder/x.json"])
        #expect(run.status != 0)
        #expect(run.stderr == "Error: /missing-folder/x.json: cannot write the file: No such file or directory\n")
    }
}
