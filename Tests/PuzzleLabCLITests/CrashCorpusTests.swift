import Foundation
import Testing

/// Every reproducer of Tests/Fixtures/crashes/ (its README.md says what each
/// one once did) through the built `puzzlelab`, on every test run: `check`,
/// `solve --timeout 2` and `grade --timeout 2` (the last two as text and as
/// JSON); the answer logs of `drills-replay/` through `drills replay`, as CSV
/// and JSON. Whatever the verdict, the tool ends normally with status 0, 1
/// or 65 (never a signal, never past its budget), says why on a non-zero
/// status in error lines that each name the file (one per problem), writes no control
/// character but a line feed and a tab (and CSV's CRLF line ends), and its
/// JSON parses.
@Suite struct CrashCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/crashes")

    /// The files of `folder` (README.md and subfolders aside), sorted.
    static func files(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            var directory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &directory)
            return exists && !directory.boolValue && name != "README.md"
        }.sorted()
    }

    /// The runs of one file: `check` (text only: it has no other format),
    /// `solve` and `grade` in text and in JSON.
    static func commands(for file: String) -> [[String]] {
        [["check", file]] + [["solve", "--timeout", "2"], ["grade", "--timeout", "2"]].flatMap { [$0 + [file], $0 + ["--format", "json", file]] }
    }

    /// What is wrong with one run of `puzzlelab` on `file`, or nothing.
    static func faults(_ run: Run, file: String, json: Bool) -> [String] {
        var faults: [String] = []
        if run.stopped { faults.append("still running after 20 s") }
        if run.signaled && !run.stopped { faults.append("ended by signal \(run.status)") }
        // 1: a puzzle failed; 65: the file is not what it should be (docs/CLI.md, "Errors and exit statuses").
        if !run.signaled && ![0, 1, 65].contains(run.status) { faults.append("exit status \(run.status)") }
        // Each error is one line naming the file (a puzzle with several
        // problems has a line for each): no usage text, no line broken by
        // an unescaped line feed.
        if run.status != 0 {
            let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if lines.isEmpty || !run.stderr.hasSuffix("\n") { faults.append("status \(run.status) without an error line on stderr") }
            if let odd = lines.first(where: { !$0.hasPrefix("puzzlelab: " + file + ":") }) { faults.append("an error line that does not name the file: \(odd.prefix(120))") }
        }
        for (name, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            // CSV lines end in CRLF (RFC 4180): a carriage return before a line feed is a line end.
            let scalars = Array(text.unicodeScalars)
            let raw = scalars.indices.first { i in
                scalars[i].properties.generalCategory == .control && scalars[i] != "\n" && scalars[i] != "\t"
                    && !(scalars[i] == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n")
            }
            if let raw {
                faults.append("a raw control character U+\(String(scalars[raw].value, radix: 16, uppercase: true)) on \(name)")
            }
        }
        if json && run.status == 0 {
            for line in run.stdout.split(separator: "\n") where (try? JSONSerialization.jsonObject(with: Data(line.utf8))) == nil {
                faults.append("JSON output that does not parse: \(line.prefix(120))")
                break
            }
        }
        return faults
    }

    @Test func theCorpusHasItsReadme() throws {
        let readme = try String(contentsOf: Self.folder.appendingPathComponent("README.md"), encoding: .utf8)
        let all = Self.files(in: Self.folder) + Self.files(in: Self.folder.appendingPathComponent("drills-replay")).map { "drills-replay/" + $0 }
        #expect(all.count >= 20)
        for file in all { #expect(readme.contains("`\(file)`"), "\(file) has no line in Tests/Fixtures/crashes/README.md") }
    }

    @Test(arguments: CrashCorpusTests.files(in: CrashCorpusTests.folder))
    func everyReproducerEndsNormally(_ file: String) throws {
        for arguments in Self.commands(for: file) {
            let run = try puzzlelab(arguments, in: Self.folder, seconds: 20)
            let faults = Self.faults(run, file: file, json: arguments.contains("json"))
            #expect(faults.isEmpty, "puzzlelab \(arguments.joined(separator: " ")): \(faults.joined(separator: "; "))\nstderr: \(run.stderr.prefix(300))")
        }
    }

    /// Answer logs are read by `drills replay` alone (it reports every bad
    /// line, each on its own line).
    @Test(arguments: CrashCorpusTests.files(in: CrashCorpusTests.folder.appendingPathComponent("drills-replay")))
    func everyAnswerLogEndsNormally(_ file: String) throws {
        for format in ["csv", "json"] {
            let arguments = ["drills", "replay", "--format", format, file]
            let run = try puzzlelab(arguments, in: Self.folder.appendingPathComponent("drills-replay"), seconds: 20)
            let faults = Self.faults(run, file: file, json: format == "json")
            #expect(faults.isEmpty, "puzzlelab \(arguments.joined(separator: " ")): \(faults.joined(separator: "; "))\nstderr: \(run.stderr.prefix(300))")
        }
    }
}
