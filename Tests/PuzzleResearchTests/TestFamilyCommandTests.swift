import ArgumentParser
import Foundation
import PuzzleDrawing
import PuzzleKit
import PuzzleLabCommands
import PuzzleResearch
import Testing

/// What one in-process run of the command line did.
private struct CommandRun {
    var status: Int32
    /// Everything the command wrote to standard output.
    var stdout: String
    /// The parse or usage error (or help text) the executable would print.
    var message: String
}

/// Runs `puzzlelab ARGUMENTS` in this process over `families`, capturing
/// standard output in a file for the length of the run. The suite that calls
/// this is serialized, and no other test writes to standard output (a test
/// that printed could land in a capture); failures carry their values in
/// the expectations instead.
private func puzzlelab(_ arguments: [String], families: [any CommandFamily],
                       commands: [any ParsableCommand.Type] = [], input: String = "") async throws -> CommandRun {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pair-sum-stdout-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    fflush(nil)
    let saved = dup(STDOUT_FILENO)
    let capture = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(saved >= 0 && capture >= 0)
    dup2(capture, STDOUT_FILENO)
    close(capture)
    // Standard input: `input`, from a file of its own for the run.
    let inputURL = url.appendingPathExtension("in")
    defer { try? FileManager.default.removeItem(at: inputURL) }
    try Data(input.utf8).write(to: inputURL)
    let savedInput = dup(STDIN_FILENO)
    let inputFile = open(inputURL.path, O_RDONLY)
    try #require(savedInput >= 0 && inputFile >= 0)
    dup2(inputFile, STDIN_FILENO)
    close(inputFile)
    let result = await PuzzleLab.run(arguments, families: families, commands: commands)
    fflush(nil)
    dup2(saved, STDOUT_FILENO)
    close(saved)
    dup2(savedInput, STDIN_FILENO)
    close(savedInput)
    return CommandRun(status: result.status, stdout: try String(contentsOf: url, encoding: .utf8), message: result.message)
}

/// The family defined in this test target (``PairSumFamily``) registered as
/// the command line's only family, and taken through every command by the
/// real argument parsing: what "Adding a family" promises.
@Suite(.serialized) struct TestFamilyCommandTests {
    let family = PairSumFamily()
    var families: [any CommandFamily] { [family] }

    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pair-sum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The JSON Lines `generate --format jsonl` writes for `seeds`.
    private func jsonLines(profile: Int, seeds: ClosedRange<Int>, unique: Bool) throws -> String {
        try seeds.map { seed in
            family.writeJSON(try family.generate(profile, GenerationRequest(seed: seed, unique: unique)).puzzle, pretty: false) + "\n"
        }.joined()
    }

    @Test func generateWritesTheFamilysPuzzlesSeedBySeed() async throws {
        let text = try await puzzlelab(["generate", "--seed", "5", "--count", "4"], families: families)
        #expect(text.status == 0, "\(text.message)")
        let lines = text.stdout.split(separator: "\n").filter { $0.hasPrefix("pairs ") }.map(String.init)
        let expected = try (5...8).map { seed in
            try family.writeText(family.generate(4, GenerationRequest(seed: seed)).puzzle, comments: []).trimmingCharacters(in: .newlines)
        }
        #expect(lines == expected)

        let json = try await puzzlelab(["generate", "--profile", "n8", "--unique", "--count", "6", "--format", "jsonl"], families: families)
        #expect(json.status == 0)
        #expect(json.stdout == (try jsonLines(profile: 8, seeds: 1...6, unique: true)))
    }

    @Test func checkSolveAndGradeReadWhatGenerateWrote() async throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("p.jsonl").path
        let seeds = 1...12
        try Data(try jsonLines(profile: 8, seeds: seeds, unique: true).utf8).write(to: URL(fileURLWithPath: file))
        let ids = seeds.map { "n8-\($0)" }

        // The family is told by the content (no --kind): the only family.
        let check = try await puzzlelab(["check", file], families: families)
        #expect(check.status == 0, "\(check.message)")
        #expect(check.stdout.split(separator: "\n").filter { $0.contains(": 8 numbers") }.count == seeds.count)

        let solve = try await puzzlelab(["solve", file, "--format", "csv"], families: families)
        #expect(solve.status == 0)
        // CSV lines end in CRLF, one Character: split on newlines.
        let rows = solve.stdout.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(rows.first)
        let at = { (name: String) in header.firstIndex(of: name) }
        let id = try #require(at("id")), count = try #require(at("solutionCount")), complete = try #require(at("complete"))
        #expect(rows.dropFirst().map { $0[id] } == ids)
        #expect(rows.dropFirst().allSatisfy { $0[count] == "1" && $0[complete] == "true" })

        let grade = try await puzzlelab(["grade", file, "--format", "json", "--explain"], families: families)
        #expect(grade.status == 0)
        let objects = try grade.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.compactMap { $0["id"] as? String } == ids)
        #expect(objects.allSatisfy { $0["label"] as? String == "easy" && $0["solutionsUpTo2"] as? Int == 1 })

        // A puzzle no two of whose numbers add up is invalid for every command.
        let bad = dir.appendingPathComponent("bad.pairs").path
        try Data("pairs x 100 1 2 3\n".utf8).write(to: URL(fileURLWithPath: bad))
        for command in ["check", "solve", "grade"] {
            #expect(try await puzzlelab([command, bad], families: families).status != 0, "\(command)")
        }
    }

    @Test func exportWritesTheResearchRowsOfTheDeclaredColumns() async throws {
        let columns = PuzzleColumn.all(metrics: family.metrics.columns, gradeLabels: family.gradeLabels)
        let list = try await puzzlelab(["export", "--list-columns"], families: families)
        #expect(list.stdout == PuzzleColumn.markdownTable(columns) + "\n")
        let listJSON = try await puzzlelab(["export", "--list-columns", "--summary", "json"], families: families)
        let described = try #require(try JSONSerialization.jsonObject(with: Data(listJSON.stdout.utf8)) as? [String: Any])
        #expect(described["kind"] as? String == "pair-sum" && described["profiles"] as? [String] == ["n4", "n8"])
        #expect((described["columns"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == columns.map(\.name))

        let export = try await puzzlelab(["export", "--profile", "n4", "--unique", "--seed", "3", "--count", "9",
                                          "--jobs", "2", "--out", "-"], families: families)
        #expect(export.status == 0, "\(export.message)")
        let lines = export.stdout.split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.first == ReportRow(columns.map { ($0.name, .null) }).csvHeader)
        // Every row but its timings is the research row of its seed.
        let run = PuzzleRun(family, profile: 4, unique: true, solve: true, grade: true)
        let timings = Set(columns.indices.filter { columns[$0].timing })
        let untimed = { (line: String) in
            line.split(separator: ",", omittingEmptySubsequences: false).enumerated().filter { !timings.contains($0.offset) }.map(\.element)
        }
        #expect(lines.count == 10)
        for (offset, line) in lines.dropFirst().enumerated() {
            let expected = PuzzleColumn.row(run.record(3 + offset), columns: columns).csv
            #expect(untimed(line) == untimed(expected))
        }
    }

    @Test func benchAndPackRunOverTheFamily() async throws {
        let bench = try await puzzlelab(["bench", "--profile", "all", "--count", "25", "--jobs", "1"], families: families)
        #expect(bench.status == 0, "\(bench.message)")
        let rows = bench.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        for profile in ["n4", "n8"] {
            let row = try #require(rows.first { $0.first == profile })
            #expect(row[1] == "25" && row[2] == "0.00%")
        }
        #expect(bench.stdout.contains("failures: none"))

        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("n8.json").path
        let pack = try await puzzlelab(["pack", "--profile", "n8", "--count", "5", "--out", out], families: families)
        #expect(pack.status == 0, "\(pack.message)")
        let levels = try (1...5).map { (seed: $0, puzzle: try family.generate(8, GenerationRequest(seed: $0)).puzzle) }
        #expect(try String(contentsOfFile: out, encoding: .utf8) == family.pack(levels, profile: 8, timeLimit: DefaultBudget.time))
    }

    @Test func helpAndKindNameOnlyTheRegisteredFamilies() async throws {
        let help = try await puzzlelab(["generate", "--help"], families: families)
        #expect(help.status == 0)
        // The help text as one line (it wraps at any space).
        let words = help.message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("family's first; 'puzzlelab families' lists each family's profiles.") && words.contains("(default: pair-sum;"))
        let listed = try await puzzlelab(["families"], families: families)
        #expect(listed.status == 0 && listed.stdout.hasPrefix("pair-sum (.") && listed.stdout.contains("\n  profiles: n4, n8\n"))
        #expect(words.contains("(values: pair-sum)"))
        let other = try await puzzlelab(["generate", "--kind", "math-crossword"], families: families)
        #expect(other.status == 64 && other.message.contains("'pair-sum'"))
    }

    /// `render --step N` draws the board as the trace leaves it before step
    /// N, with step N's sentence under it; `render --solution` the grader's
    /// pair; `review` a page of every step.
    @Test func renderAndReviewDrawTheFamilysTrace() async throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("one.pairs").path
        // 1 and 7 have no partner (8, 2); 4 + 5 = 9.
        try Data("pairs a 9 1 4 5 7\n".utf8).write(to: URL(fileURLWithPath: file))
        let puzzle = PairSumFamily.Puzzle(id: "a", target: 9, numbers: [1, 4, 5, 7])
        let graded = try family.graded(puzzle, timeLimit: nil)
        #expect(graded.grade.explanation == ["1 has no partner: 9 − 1 is not offered.", "7 has no partner: 9 − 7 is not offered.",
                                             "4 + 5 = 9."])
        let styles = { (board: Board) in board.cells.sorted { $0.position < $1.position }.map(\.style) }
        #expect(styles(graded.board(before: 3)) == [.label, .removed, .given, .given, .removed])
        #expect(styles(try graded.solvedBoard(of: "a")) == [.label, .removed, .kept, .kept, .removed])

        for step in 1...3 {
            let render = try await puzzlelab(["render", file, "--step", String(step)], families: families)
            #expect(render.status == 0, "\(render.message)")
            #expect(render.stdout.contains("\(step). \(graded.grade.explanation[step - 1])"))
            #expect(render.stdout == (try family.draw(puzzle, step: step, title: "pair-sum a, step \(step)")))
        }
        let solution = try await puzzlelab(["render", file, "--solution"], families: families)
        #expect(solution.stdout == (try family.draw(puzzle, solution: true, title: "pair-sum a, solution")))
        let beyond = try await puzzlelab(["render", file, "--step", "4"], families: families)
        #expect(beyond.status == 1 && beyond.message.contains("there is no step 4: expected 1…3"))

        let page = dir.appendingPathComponent("review.html").path
        let review = try await puzzlelab(["review", file, "--out", page], families: families)
        #expect(review.status == 0, "\(review.message)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(graded.grade.explanation.allSatisfy { html.contains($0) })
        let generated = try await puzzlelab(["review", "--profile", "n8", "--unique", "--count", "3"], families: families)
        #expect(generated.status == 0 && generated.stdout.contains("PuzzleLab review: pair-sum n8, seeds 1…3, unique"))

        // A family without worksheet words of its own gets its name as the title and the general line.
        let sheet = dir.appendingPathComponent("sheet").path
        let worksheet = try await puzzlelab(["worksheet", "--profile", "n8", "--unique", "--count", "3", "--out", sheet], families: families)
        #expect(worksheet.status == 0, "\(worksheet.message)")
        let first = try String(contentsOfFile: sheet + "/page-1.svg", encoding: .utf8)
        #expect(first.contains("<title>pair-sum</title>") && first.contains(">Solve each puzzle.</text>"))
        #expect(first.components(separatedBy: "<g class=\"puzzle\"").count - 1 == 3)
    }

    /// `play` plays the family's game from standard input: `--solution`
    /// prints moves that, read back, complete it; a wrong move is said and
    /// counted; a line that is no move fails the run but not the game.
    @Test func playTakesTheMovesFromStandardInput() async throws {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("p.pairs").path
        let puzzle = try family.generate(8, GenerationRequest(seed: 3, unique: true)).puzzle
        try Data(family.writeText(puzzle, comments: []).utf8).write(to: URL(fileURLWithPath: file))

        let solution = try await puzzlelab(["play", file, "--solution"], families: families)
        let moves = solution.stdout.split(separator: "\n").map(String.init)
        #expect(solution.status == 0 && moves.count == 2 && moves.allSatisfy { $0.hasPrefix("pick 1 ") })
        let solved = try await puzzlelab(["play", file], families: families, input: solution.stdout)
        #expect(solved.status == 0)
        #expect(solved.stdout.split(separator: "\n").last == "completed: 0 mistakes, 0 hints", "\(solved.stdout)")

        // The target's column (1) holds no number: a refusal; then a wrong
        // pick, a line that is no move, and the game played to its end by JSON moves.
        let partner = try #require(moves.first.flatMap { Int($0.split(separator: " ")[2]) })
        let wrong = (2...puzzle.numbers.count + 1).first { column in
            column != partner && !puzzle.numbers.contains(puzzle.target - puzzle.numbers[column - 2])
        }
        let columns = moves.map { Int($0.split(separator: " ")[2])! - 1 }
        let input = ["pick 1 1", wrong.map { "pick 1 \($0)" } ?? "", "pick 0 2", "# a comment"]
            + columns.map { "{\"action\": \"pick\", \"row\": 0, \"column\": \($0)}" }
        let played = try await puzzlelab(["play", file, "--json"], families: families, input: input.joined(separator: "\n") + "\n")
        #expect(played.status == 65)  // "pick 0 2" is no move: a line that does not read (docs/CLI.md)
        let replies = played.stdout.split(separator: "\n").dropFirst().map { try? JSONDecoder().decode(PlayReply.self, from: Data($0.utf8)) }
        #expect(replies.map { $0?.result } == [.refused] + (wrong == nil ? [] : [.wrong]) + [.right, .right])
        #expect(replies.last??.view.status == PlayStatus(finished: true, completed: true, mistakes: wrong == nil ? 0 : 1, hints: 0))
    }

    /// A family's own subcommands come with the family list: listed after
    /// the shared commands, run like them, and absent when not given.
    @Test func aFamilysOwnSubcommandsComeWithTheList() async throws {
        let help = try await puzzlelab(["--help"], families: families, commands: [PairsCommand.self])
        // A subcommand's line starts with two spaces and its name; its abstract's wrapped lines with more.
        let names = help.message.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("SUBCOMMANDS:") }
            .dropFirst().prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names == ["generate", "solve", "grade", "check", "pack", "bench", "export", "render", "review", "worksheet", "serve", "play", "calibrate", "families", "pairs"])
        let run = try await puzzlelab(["pairs", "9", "1", "4", "5", "8"], families: families, commands: [PairsCommand.self])
        #expect(run.status == 0 && run.stdout == "2\n")
        let without = try await puzzlelab(["pairs", "9", "1", "8"], families: families)
        #expect(without.status == 64 && without.message.contains("pairs"))
        #expect(!(try await puzzlelab(["--help"], families: families)).message.contains("pairs"))
    }
}

/// `pairs TARGET N…`: the pair-sum family's own subcommand, which prints how
/// many pairs of the numbers add up to the target.
private struct PairsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pairs", abstract: "Count the pairs that add up to a target.")

    @Argument(help: "The target.") var target: Int
    @Argument(help: "The numbers.") var numbers: [Int]

    func run() {
        print(PairSumFamily().pairs(PairSumFamily.Puzzle(id: "-", target: target, numbers: numbers)))
    }
}
