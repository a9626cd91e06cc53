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
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
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
        #expect(pack.status == 0 && pack.stdout.hasPrefix("{\n") && pack.stdout.hasSuffix("]\n}\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no file named '-'")
        let resume = try puzzlelab(["export", "--count", "3", "--out", "-", "--resume"], in: dir)
        #expect(resume.status != 0 && resume.stderr.contains("--resume needs --out FILE.csv"))
    }

    @Test func aFileThatCannotBeWrittenIsOneLineNamingIt() throws {
        let run = try puzzlelab(["pack", "--kind", "drills", "--count", "2", "--out", "/missing-folder/x.json"])
        #expect(run.status == 73)
        #expect(run.stderr == "puzzlelab: /missing-folder/x.json: cannot write the file: No such file or directory\n")
    }
}

/// `solve` and `grade --format csv` over files of several families write one
/// table: one header covering every row, every row as wide as the header.
@Suite struct MixedCSVTests {
    @Test(arguments: ["solve", "grade"])
    func filesOfEveryFamilyMakeOneTable(_ command: String) throws {
        let dir = try temporaryDirectory()
        var files: [String] = []
        for (kind, ext) in EveryFamilyTests.families {
            let puzzle = try puzzlelab(["generate", "--kind", kind, "--seed", "2"])
            try puzzle.stdout.write(to: dir.appendingPathComponent("p.\(ext)"), atomically: true, encoding: .utf8)
            files.append("p.\(ext)")
        }
        let run = try puzzlelab([command] + files + ["--format", "csv"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let table = dir.appendingPathComponent("table.csv")
        try run.stdout.write(to: table, atomically: true, encoding: .utf8)
        // Python's csv module, as pandas and notebooks read it.
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import csv, sys; rows = list(csv.reader(open(sys.argv[1], newline=''))); print(len(rows), *sorted({len(r) for r in rows}))", table.path]
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        python.waitUntilExit()
        let widths = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(python.terminationStatus == 0)
        #expect(widths.count == 2 && widths[0] == 6, "one header and five rows, all of one width: \(widths)")
        let header = run.stdout.prefix { $0 != "\r\n" }
        #expect(header.hasPrefix("file,id,"))
    }
}

/// `bench` streams: the header at once, each profile's row when it
/// finishes, and Ctrl-C keeps every finished row.
@Suite struct BenchStreamingTests {
    @Test(arguments: ["table", "csv", "json"])
    func anInterruptedBenchKeepsItsFinishedRows(_ format: String) throws {
        let dir = try temporaryDirectory()
        let outURL = dir.appendingPathComponent("stdout"), errURL = dir.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = puzzlelabURL
        process.arguments = ["bench", "--profile", "class_1", "--profile", "class_4", "--jobs", "1", "--format", format,
                             "--duration", "1", "--no-progress"]
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // class_1's row appears while class_4 (one more second) still runs; then Ctrl-C.
        var out = ""
        for _ in 0..<600 where !out.contains("class_1") {
            Thread.sleep(forTimeInterval: 0.02)
            out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        }
        process.interrupt()
        process.waitUntilExit()
        out = try String(contentsOf: outURL, encoding: .utf8)
        let err = try String(contentsOf: errURL, encoding: .utf8)
        #expect(process.terminationStatus == 130)
        #expect(err.hasPrefix("puzzlelab: interrupted; 1 of 2 profiles finished; class_4 cut after"), "\(err)")
        #expect(out.contains("class_1") && !out.contains("class_4"), "\(out)")
        if format == "table" { #expect(out.hasPrefix("puzzlelab ") && out.contains("per core")) }
        if format == "csv" { #expect(out.split(separator: "\r\n").count == 2) }
    }

    @Test func rowsAreWrittenAsEachProfileFinishes() throws {
        let run = try puzzlelab(["bench", "--profile", "class_1", "--profile", "class_2", "--count", "30", "--jobs", "1", "--format", "csv"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\r\n")
        #expect(lines.count == 3 && lines[1].hasPrefix("class_1,") && lines[2].hasPrefix("class_2,"))
    }

    /// A reader that goes away (`| head -1`) ends every command that writes
    /// standard output quietly: status 0 under `set -o pipefail` (not 141,
    /// SIGPIPE) and nothing on stderr. Each command writes far more than a
    /// pipe holds, so the reader is gone before it ends.
    @Test(arguments: [
        "generate --count 100000",
        "generate --kind drills --count 100000 --format jsonl",
        "export --count 100000 --out - --jobs 2",
        "grade --kind drills --count 100000 --format csv",
        "review --kind drills --count 400 --out -",
        "pack --kind drills --count 10000 --out -",
    ])
    func aReaderThatGoesAwayEndsTheRunQuietly(_ command: String) throws {
        let dir = try temporaryDirectory()
        let errURL = dir.appendingPathComponent("stderr")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-o", "pipefail", "-c", "\"$0\" \(command) 2>\"$1\" | head -1 >/dev/null", puzzlelabURL.path, errURL.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? "(none)"
        #expect(process.terminationStatus == 0, "\(command): status \(process.terminationStatus), stderr \(stderr.prefix(300))")
        #expect(stderr.isEmpty, "\(command): \(stderr.prefix(300))")
    }
}
