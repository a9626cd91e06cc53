import Foundation
import PuzzleKit
import Testing

/// The file type (`S_IFREG`, `S_IFIFO`, …) of `path`, not following a link.
func fileType(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
}

/// An export's partial file is written by one process at a time.
@Suite struct ExportLockTests {
    /// A partial file of `rows` rows of class_1 (seeds 1…rows) in `dir`,
    /// named `name.partial`.
    func partialFile(_ name: String, rows: Int, in dir: URL) throws -> URL {
        #expect(try puzzlelab(["export", "--profile", "class_1", "--count", String(rows), "--out", name], in: dir).status == 0)
        let partial = dir.appendingPathComponent(name + ".partial")
        try FileManager.default.moveItem(at: dir.appendingPathComponent(name), to: partial)
        return partial
    }

    @Test func aPartialFileLockedByAnotherProcessIsRefusedAndUntouched() throws {
        let dir = try temporaryDirectory()
        let partial = try partialFile("a.csv", rows: 2, in: dir)
        let before = try Data(contentsOf: partial)
        // This test process plays the export that is writing the file.
        let fd = open(partial.path, O_RDWR)
        try #require(fd >= 0)
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        for arguments in [["--resume"], []] {
            let second = try puzzlelab(["export", "--profile", "class_1", "--count", "4", "--out", "a.csv"] + arguments, in: dir)
            #expect(second.status == 75, "\(arguments) \(second.stderr)")
            #expect(second.stderr.hasPrefix("puzzlelab: a.csv.partial: another puzzlelab export is writing it"), "\(second.stderr)")
            #expect(second.stderr.filter { $0 == "\n" }.count == 1, "\(second.stderr)")
            #expect(try Data(contentsOf: partial) == before)
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.csv").path))
        }
        // The lock ends with its holder (as it does when a process is killed).
        close(fd)
        let resumed = try puzzlelab(["export", "--profile", "class_1", "--count", "4", "--out", "a.csv", "--resume"], in: dir)
        #expect(resumed.status == 0 && resumed.stderr.contains("resumed after 2"), "\(resumed.stderr)")
        #expect(try csvRecords(dir.appendingPathComponent("a.csv")).dropFirst().map { $0[0] } == ["1", "2", "3", "4"])
    }

    @Test func aSecondExportOfTheFileOneIsWritingIsRefusedAndTheFirstLosesNothing() throws {
        let dir = try temporaryDirectory()
        let partial = dir.appendingPathComponent("big.csv.partial")
        let first = Process()
        first.executableURL = puzzlelabURL
        first.arguments = ["export", "--profile", "class_4", "--count", "1000000", "--jobs", "2", "--out", "big.csv"]
        first.currentDirectoryURL = dir
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL); first.waitUntilExit() } }
        for _ in 0..<600 {
            if let text = try? String(contentsOf: partial, encoding: .utf8), text.components(separatedBy: "\r\n").count > 4 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        for arguments in [["--resume"], [], ["--resume", "--force"]] {
            // Bounded: a second writer that is let in would run for hours.
            let second = try puzzlelab(["export", "--profile", "class_4", "--count", "1000000", "--out", "big.csv"] + arguments,
                                       in: dir, seconds: 60)
            try #require(!second.stopped, "\(arguments): a second writer was let in")
            #expect(second.status == 75, "\(arguments) \(second.stderr)")
            #expect(second.stderr.hasPrefix("puzzlelab: big.csv.partial: another puzzlelab export is writing it"), "\(second.stderr)")
        }
        #expect(first.isRunning)
        first.interrupt()
        first.waitUntilExit()
        #expect(first.terminationStatus == 130)
        // Every row is the first export's: seeds 1…k once each, in order, none torn.
        let kept = try csvRecords(partial)
        let rows = kept.count - 1
        #expect(rows >= 3)
        #expect(kept.dropFirst().map { $0[0] } == (1...max(1, rows)).map(String.init))
        #expect(kept.allSatisfy { $0.count == kept[0].count })
        let resumed = try puzzlelab(["export", "--profile", "class_4", "--count", String(rows + 3), "--out", "big.csv", "--resume"], in: dir)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try csvRecords(dir.appendingPathComponent("big.csv")).dropFirst().map { $0[0] } == (1...(rows + 3)).map(String.init))
    }

    @Test func aFIFONamedAsThePartialFileIsRefusedWithoutWaiting() throws {
        let dir = try temporaryDirectory()
        let fifo = dir.appendingPathComponent("f.csv.partial").path
        try #require(mkfifo(fifo, 0o644) == 0)
        let run = try puzzlelab(["export", "--count", "3", "--out", "f.csv", "--resume"], in: dir, seconds: 30)
        try #require(!run.stopped, "export --resume waited on the FIFO")
        #expect(run.status == 73 && run.stderr == "puzzlelab: f.csv.partial is a FIFO, not a regular file: it is not read; delete it or export to another file\n",
                "\(run.stderr)")
        #expect(fileType(fifo) == S_IFIFO)
        // A directory in its place is refused the same way.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d.csv.partial"), withIntermediateDirectories: false)
        let directory = try puzzlelab(["export", "--count", "3", "--out", "d.csv", "--resume"], in: dir)
        #expect(directory.status == 73 && directory.stderr.contains("d.csv.partial is a directory, not a regular file"), "\(directory.stderr)")
    }

    @Test func anUnwritableOutSaysWhy() throws {
        let dir = try temporaryDirectory()
        let run = try puzzlelab(["export", "--count", "2", "--out", "missing/x.csv"], in: dir)
        #expect(run.status == 73)
        #expect(run.stderr == "puzzlelab: missing/x.csv.partial: cannot create the file: No such file or directory\n", "\(run.stderr)")
    }
}

/// `export --resume` copies only values of their columns' kinds, and shows
/// a bad cell without letting it forge output.
@Suite struct ExportResumeCellTests {
    /// Writes `full`'s header and first `rows` rows, with `edit` applied to
    /// row 3 (line 4), as `p.csv.partial`, and resumes it to 8 rows.
    func resume(_ lines: [String], header: [String], column: String, cell: String, in dir: URL) throws -> Run {
        let index = try #require(header.firstIndex(of: column))
        var row = try #require(CSV.parse(lines[3] + "\r\n")?.first)
        row[index] = cell
        var cut = Array(lines.prefix(6))
        cut[3] = CSV.record(row)
        try (cut.joined(separator: "\r\n") + "\r\n").write(to: dir.appendingPathComponent("p.csv.partial"), atomically: true, encoding: .utf8)
        return try puzzlelab(["export", "--profile", "class_1", "--count", "8", "--out", "p.csv", "--resume"], in: dir)
    }

    @Test func everyCellMustBeAValueOfItsColumnsKind() throws {
        let dir = try temporaryDirectory()
        #expect(try puzzlelab(["export", "--profile", "class_1", "--count", "8", "--out", "full.csv"], in: dir).status == 0)
        let lines = try String(contentsOf: dir.appendingPathComponent("full.csv"), encoding: .utf8).components(separatedBy: "\r\n")
        let header = lines[0].components(separatedBy: ",")
        let bad: [(column: String, cell: String, expected: String)] = [
            ("blanks", "nan", "a whole number of 0 or more"), ("blanks", "inf", "a whole number of 0 or more"),
            ("blanks", "1e999", "a whole number of 0 or more"), ("solverNodes", "-5", "a whole number of 0 or more"),
            ("attempts", "1.5", "a whole number of 0 or more"), ("attempts", "+3", "a whole number of 0 or more"),
            ("attempts", "99999999999999999999", "a whole number of 0 or more"),
            ("forcedShare", "nan", "a finite number in fixed notation"), ("forcedShare", "1e-3", "a finite number in fixed notation"),
            ("forcedShare", "-inf", "a finite number in fixed notation"),
            ("complete", "yes", "true or false"), ("status", "maybe", "one of ok, failed"),
            ("gradeLabel", "impossible", "one of "),
        ]
        for (column, cell, expected) in bad {
            let run = try resume(lines, header: header, column: column, cell: cell, in: dir)
            #expect(run.status == 65 && run.stderr.hasPrefix("puzzlelab: p.csv.partial:4: column \(column) holds '\(cell)', expected \(expected)"),
                    "\(column)=\(cell): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.csv").path))
        }
        // The cell the tool wrote itself is accepted.
        let original = try #require(CSV.parse(lines[3] + "\r\n")?.first)[try #require(header.firstIndex(of: "blanks"))]
        let good = try resume(lines, header: header, column: "blanks", cell: original, in: dir)
        #expect(good.status == 0, "\(good.stderr)")
    }

    @Test func aBadCellIsShownEscapedAndShort() throws {
        let dir = try temporaryDirectory()
        #expect(try puzzlelab(["export", "--profile", "class_1", "--count", "8", "--out", "full.csv"], in: dir).status == 0)
        let lines = try String(contentsOf: dir.appendingPathComponent("full.csv"), encoding: .utf8).components(separatedBy: "\r\n")
        let header = lines[0].components(separatedBy: ",")
        let long = String(repeating: "9", count: 5_000)
        for column in ["seed", "profile", "unique", "toolkitVersion", "blanks"] {
            for cell in ["3\u{1b}[2J", "3\nFAKE: valid", long] {
                let run = try resume(lines, header: header, column: column, cell: cell, in: dir)
                #expect(run.status == 65 && run.stderr.hasPrefix("puzzlelab: p.csv.partial:4: "), "\(column): \(run.stderr)")
                #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(column): \(run.stderr)")
                #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(column): \(run.stderr)")
                #expect(run.stderr.count < 400, "\(column): \(run.stderr.count) characters")
            }
        }
    }

    @Test(arguments: EveryFamilyTests.families)
    func aFinishedExportOfEveryFamilyReadsBackAsValues(kind: String, ext: String) throws {
        let dir = try temporaryDirectory()
        let export = try puzzlelab(["export", "--kind", kind, "--count", "6", "--out", "e.csv"], in: dir)
        #expect(export.status == 0, "\(kind): \(export.stderr)")
        let again = try puzzlelab(["export", "--kind", kind, "--count", "6", "--out", "e.csv", "--resume"], in: dir)
        #expect(again.status == 0 && again.stderr.contains("already complete"), "\(kind): \(again.stderr)")
    }
}

/// `--out` creates or replaces regular files only; an existing FIFO or
/// character device is written to; anything else is refused and kept.
@Suite struct OutputTargetTests {
    /// A math crossword in `dir/p.mcw`.
    func puzzle(in dir: URL) throws {
        try puzzlelab(["generate", "--seed", "5"]).stdout.write(to: dir.appendingPathComponent("p.mcw"), atomically: true, encoding: .utf8)
    }

    /// Every command that takes `--out`, writing to `out`.
    static let writers: [[String]] = [
        ["render", "p.mcw"], ["review", "p.mcw"], ["pack", "--count", "2"], ["export", "--count", "2"],
    ]

    @Test func aFIFOGetsTheBytes() throws {
        let dir = try temporaryDirectory()
        try puzzle(in: dir)
        for command in Self.writers {
            let fifo = dir.appendingPathComponent("out.fifo").path
            try #require(mkfifo(fifo, 0o644) == 0)
            let reader = FIFOReader(fifo)
            let run = try puzzlelab(command + ["--out", "out.fifo"], in: dir, seconds: 60)
            try #require(!run.stopped, "\(command) hung")
            #expect(run.status == 0, "\(command): \(run.stderr)")
            if run.status != 0 {
                // It never opened the FIFO: let the reader see its end.
                close(open(fifo, O_WRONLY | O_NONBLOCK))
            }
            let bytes = reader.wait()
            let direct = try puzzlelab(command + ["--out", "-"], in: dir)
            if command[0] == "export" {
                #expect(withoutTiming(CSV.parse(bytes) ?? []) == withoutTiming(CSV.parse(direct.stdout) ?? []) && bytes.hasPrefix("seed,"))
            } else {
                #expect(bytes == direct.stdout && !bytes.isEmpty, "\(command)")
            }
            #expect(fileType(fifo) == S_IFIFO)
            #expect(!FileManager.default.fileExists(atPath: fifo + ".partial"))
            unlink(fifo)
        }
    }

    /// `--out /dev/stdout` is standard output, even when the shell sends
    /// that to a regular file (which is then neither refused nor replaced).
    @Test func devStdoutIsStandardOutput() throws {
        let dir = try temporaryDirectory()
        try puzzle(in: dir)
        for command in Self.writers where command[0] != "export" {
            let run = try puzzlelab(command + ["--out", "/dev/stdout"], in: dir)
            let direct = try puzzlelab(command + ["--out", "-"], in: dir)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(run.stdout == direct.stdout && !run.stdout.isEmpty, "\(command)")
        }
    }

    @Test func devNullIsWrittenWithOrWithoutForce() throws {
        let dir = try temporaryDirectory()
        try puzzle(in: dir)
        for command in Self.writers {
            let run = try puzzlelab(command + ["--out", "/dev/null"], in: dir)
            #expect(run.status == 0, "\(command): \(run.stderr)")
        }
        // --force on a device node: made here (needs root), not /dev/null itself.
        let node = dir.appendingPathComponent("null").path
        guard mknod(node, S_IFCHR | 0o666, 0x103) == 0 else { return }
        for command in Self.writers {
            let run = try puzzlelab(command + ["--out", node, "--force"], in: dir)
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(fileType(node) == S_IFCHR, "\(command)")
        }
    }

    @Test func aFullDeviceGivenWithForceIsUntouched() throws {
        let dir = try temporaryDirectory()
        try puzzle(in: dir)
        let node = dir.appendingPathComponent("full").path
        guard mknod(node, S_IFCHR | 0o666, 0x107) == 0 else { return }  // /dev/full's numbers; needs root
        let run = try puzzlelab(["render", "p.mcw", "--out", node, "--force"], in: dir)
        #expect(run.status == 74 && run.stderr == "puzzlelab: \(node): cannot write: No space left on device\n", "\(run.stderr)")
        #expect(fileType(node) == S_IFCHR)
    }

    @Test func aDirectoryBlockDeviceOrLinkIsRefusedAndKept() throws {
        let dir = try temporaryDirectory()
        try puzzle(in: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: false)
        try "mine\n".write(to: dir.appendingPathComponent("mine.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link").path, withDestinationPath: "mine.txt")
        var targets = [("d", S_IFDIR, "d is a directory, not a regular file; it is kept"),
                       ("link", S_IFLNK, "link is a symbolic link; it is kept")]
        if mknod(dir.appendingPathComponent("blk").path, S_IFBLK | 0o600, 0x700) == 0 {  // needs root
            targets.append(("blk", S_IFBLK, "blk is a block device, not a regular file; it is kept"))
        }
        for command in Self.writers {
            for (name, type, message) in targets {
                for force in [["--force"], []] {
                    let run = try puzzlelab(command + ["--out", name] + force, in: dir)
                    #expect(run.status == 73 && run.stderr.hasPrefix("puzzlelab: \(message)"), "\(command) \(name) \(force): \(run.stderr)")
                    #expect(run.stderr.filter { $0 == "\n" }.count == 1)
                    #expect(fileType(dir.appendingPathComponent(name).path) == type, "\(command) \(name)")
                }
            }
        }
        #expect(try String(contentsOf: dir.appendingPathComponent("mine.txt"), encoding: .utf8) == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("d").path).isEmpty)
    }
}

/// Reads a FIFO to its end on another thread, as a reader process would.
final class FIFOReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var text = ""

    init(_ path: String) {
        Thread.detachNewThread { [self] in
            if let handle = FileHandle(forReadingAtPath: path) {
                text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            }
            done.signal()
        }
    }

    /// Everything read, once the writer has closed the FIFO.
    func wait() -> String {
        done.wait()
        return text
    }
}

/// The export reproducers of `Tests/Fixtures/crashes` through `export --resume`.
@Suite struct ExportCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/crashes")

    @Test(arguments: [
        ("export-partial-nonvalues.csv", "puzzlelab: x.csv.partial:2: column solverNodes holds 'nan', expected a whole number of 0 or more; delete the file and start again\n"),
        ("export-partial-escapes.csv", "puzzlelab: x.csv.partial:3: seed 2\\u{1b}[2J FAKE: valid" + String(repeating: "9", count: 59) + "…, expected 2; resume with the --seed the export started with\n"),
    ])
    func aCorruptedPartialFileIsRefusedInOneLine(file: String, expected: String) throws {
        let dir = try temporaryDirectory()
        let partial = dir.appendingPathComponent("x.csv.partial")
        try FileManager.default.copyItem(at: Self.corpus.appendingPathComponent(file), to: partial)
        let before = try Data(contentsOf: partial)
        let run = try puzzlelab(["export", "--count", "3", "--out", "x.csv", "--resume"], in: dir)
        #expect(run.status == 65 && run.stderr == expected, "\(run.stderr)")
        #expect(try Data(contentsOf: partial) == before)
    }
}
