import Foundation
import Testing

/// `check`, `solve` and `grade` read a file one puzzle at a time: a level
/// that does not read is reported, and the levels before and after it are
/// handled in the file's order.
@Suite struct StreamingCLITests {
    /// Four generated number search levels as JSON Lines, the third one
    /// without its `questions`.
    private func fileWithABadThirdLevel(in dir: URL) throws -> String {
        let generated = try puzzlelab(["generate", "--kind", "number-search", "--count", "4", "--format", "jsonl"])
        var lines = generated.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        lines[2] = lines[2].replacingOccurrences(of: "\"questions\"", with: "\"questionz\"")
        try (lines.joined(separator: "\n") + "\n").write(to: dir.appendingPathComponent("levels.jsonl"), atomically: true, encoding: .utf8)
        return "levels.jsonl"
    }

    @Test(arguments: [["check", "--quiet"], ["solve"], ["grade"]])
    func aBadThirdLevelLeavesTheOthersInOrder(command: [String]) throws {
        let dir = try temporaryDirectory()
        let file = try fileWithABadThirdLevel(in: dir)
        let run = try puzzlelab(command + [file], in: dir)
        #expect(run.status == 65)
        let ids = run.stdout.split(separator: "\n").filter { $0.hasPrefix("\(file): ") }.map { $0.split(separator: ":")[1] }
        #expect(ids == [" level-1-1", " level-1-2", " level-1-4"], "\(run.stdout)")
        #expect(run.stderr.hasPrefix("puzzlelab: \(file):3: missing key 'questions'\n"), "\(run.stderr)")
    }

    /// Standard input redirected from a regular file is mapped only from the
    /// file's start: when something read part of the file first, the rest is
    /// read, from where it stands.
    @Test func standardInputFromAPartlyReadFileIsReadFromWhereItStands() throws {
        let dir = try temporaryDirectory()
        let levels = try puzzlelab(["generate", "--kind", "number-search", "--count", "2", "--format", "jsonl"]).stdout
        let skipped = "not a level\n"
        let url = dir.appendingPathComponent("in.jsonl")
        try (skipped + levels).write(to: url, atomically: true, encoding: .utf8)
        let input = try FileHandle(forReadingFrom: url)
        #expect(try input.read(upToCount: skipped.utf8.count)?.count == skipped.utf8.count)
        let process = Process()
        process.executableURL = puzzlelabURL
        process.arguments = ["check", "--quiet", "--kind", "number-search", "-"]
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed.split(separator: "\n").map { $0.prefix(14) } == ["-: level-1-1: ", "-: level-1-2: "], "\(printed)")
    }
}
