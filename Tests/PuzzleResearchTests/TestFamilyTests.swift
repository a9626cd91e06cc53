import Foundation
import PuzzleFamilies
import PuzzleKit
import PuzzleResearch
import Testing

/// A family defined here, outside the toolkit: a puzzle is a target and some
/// numbers, and a solution is two of them that add up to the target. It
/// implements only the family contract, and goes through what every command
/// does with a family: generate, write and read back, check, count, grade,
/// and the research rows of `bench` and `export` (and, in
/// `TestFamilyCommandTests`, every command of the command line).
struct PairSumFamily: CountingFamily, GradingFamily {
    struct Puzzle: Sendable, Equatable, Codable {
        var id: String
        var target: Int
        var numbers: [Int]
    }

    enum Technique: Int, TechniqueTier {
        case lookUp
        var code: String { "look-up" }
        var name: String { "Look up" }
        var rule: String { "For each number, look for the target minus it." }
        var weight: Int { 1 }
        var gradeLabel: String { "easy" }
        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    var info: FamilyInfo { FamilyInfo(name: "pair-sum", textExtension: "pairs", summary: "two numbers that add up to a target") }
    /// A profile is how many numbers the puzzle offers.
    var profiles: [Int] { [4, 8] }
    var gradeLabels: [String] { ["easy"] }
    var metrics: MetricTable<Puzzle> { MetricTable([Metric("numbers", unit: "count", kind: .count, "numbers offered") { .int($0.numbers.count) }]) }

    func profile(named argument: String) throws -> Int {
        guard argument.hasPrefix("n"), let n = Int(argument.dropFirst()), profiles.contains(n) else {
            throw UsageError("unknown profile '\(argument)': expected n4 or n8")
        }
        return n
    }
    func id(of profile: Int) -> String { "n\(profile)" }
    func id(of puzzle: Puzzle) -> String { puzzle.id }
    /// A text puzzle has a `pairs` line; a JSON one has `target` and `numbers`.
    func recognizes(_ head: String) -> Bool {
        head.split(separator: "\n").contains { $0.hasPrefix("pairs ") }
            || head.contains("\"target\"") && head.contains("\"numbers\"")
    }

    /// The one reading rule of every family: the text format is one line
    /// `pairs ID TARGET N1 N2 …` (and comment lines), JSON the object
    /// ``writeJSON(_:pretty:)`` writes.
    func read(_ data: Data, file: String) -> [Result<Puzzle, FormatError>] {
        PuzzleSource.read(data, file: file, textExtension: info.textExtension, text: { text throws(FormatError) in
            let lines = text.split(separator: "\n").enumerated().filter { !$0.element.isEmpty && !$0.element.hasPrefix("#") }
            guard lines.count == 1, let (index, line) = lines.first else {
                throw FormatError("expected one 'pairs' line", at: SourceLocation(file: file, line: 1))
            }
            let words = line.split(separator: " ")
            let numbers = words.dropFirst(2).compactMap { Int($0) }
            guard words.count >= 4, words[0] == "pairs", numbers.count == words.count - 2 else {
                throw FormatError("expected 'pairs ID TARGET N1 N2 …'", at: SourceLocation(file: file, line: index + 1))
            }
            return Puzzle(id: String(words[1]), target: numbers[0], numbers: Array(numbers.dropFirst()))
        }, json: { data, line throws(FormatError) in
            guard let puzzle = try? JSONDecoder().decode(Puzzle.self, from: data) else {
                throw FormatError("expected a pair-sum object with id, target and numbers", at: SourceLocation(file: file, line: line))
            }
            return puzzle
        })
    }
    func writeText(_ puzzle: Puzzle, comments: [String]) -> String {
        comments.map { "# \($0)\n" }.joined() + "pairs \(puzzle.id) \(puzzle.target) "
            + puzzle.numbers.map(String.init).joined(separator: " ") + "\n"
    }
    func writeJSON(_ puzzle: Puzzle, pretty: Bool) -> String {
        "{\"id\":\"\(puzzle.id)\",\"numbers\":[\(puzzle.numbers.map(String.init).joined(separator: ","))],\"target\":\(puzzle.target)}"
    }
    func writeSolution(_ puzzle: Puzzle, comments: [String]) -> String? { nil }

    func generate(_ profile: Int, _ request: GenerationRequest) throws(GenerationFailure) -> Generated<Puzzle> {
        var rng = SplitMix64(seed: request.seed)
        for attempt in 1...100 {
            var numbers: [Int] = []
            while numbers.count < profile {
                let n = rng.uniform(in: 1...50)
                if !numbers.contains(n) { numbers.append(n) }
            }
            let puzzle = Puzzle(id: "n\(profile)-\(request.seed)", target: numbers[0] + numbers[1], numbers: numbers.sorted())
            if !request.unique || pairs(puzzle) == 1 { return Generated(puzzle: puzzle, attempts: attempt) }
        }
        throw GenerationFailure(reason: "not-unique", "no puzzle with one pair in 100 attempts")
    }
    func unsupported(_ request: GenerationRequest) -> String? {
        request.label != nil || request.minBlanks != nil ? "pair-sum puzzles take no --difficulty or --min-blanks" : nil
    }
    func check(_ puzzle: Puzzle) -> CheckReport {
        CheckReport(summary: "\(puzzle.numbers.count) numbers", problems: pairs(puzzle) == 0 ? ["no two numbers add up to \(puzzle.target)"] : [])
    }

    func pairs(_ puzzle: Puzzle) -> Int {
        let n = puzzle.numbers
        return n.indices.reduce(0) { total, i in total + n[(i + 1)...].filter { n[i] + $0 == puzzle.target }.count }
    }
    func count(_ puzzle: Puzzle, limits: CountLimits) throws -> CountResult {
        let all = pairs(puzzle)
        let count = min(all, limits.solutions ?? all)
        return CountResult(solutionCount: count, complete: count == all, stopReason: count == all ? .exhausted : .solutionLimit,
                           nodes: puzzle.numbers.count)
    }
    func grade(_ puzzle: Puzzle, solutionsUpTo2: Int?, explain: Bool, timeLimit: Duration?) throws -> GradeResult {
        let upTo2 = solutionsUpTo2 ?? min(pairs(puzzle), 2)
        return GradeResult(label: "easy", score: puzzle.numbers.count, hardestTechnique: (Technique.lookUp.code, Technique.lookUp.name),
                           steps: 1, rounds: 1, guesses: 0, backtracks: 0, solutionsUpTo2: upTo2, forcedShare: 1,
                           longestForcedRun: 1, visibility: nil, details: [],
                           explanation: explain ? ["Look for \(puzzle.target) minus each number."] : [],
                           fields: [("solutionsUpTo2", .int(upTo2))])
    }
}

@Suite struct TestFamilyTests {
    let family = PairSumFamily()

    @Test func aFamilyDefinedOutsideRunsThroughEveryStep() throws {
        for profile in family.profiles {
            for seed in 1...30 {
                // generate, write, read back (as `generate | check -` does)
                let generated = try family.generate(profile, GenerationRequest(seed: seed, unique: true))
                let text = family.write(generated.puzzle, as: .text, comments: ["seed \(seed)"])
                #expect(family.recognizes(String(text.split(separator: "\n")[1])))
                let read = try #require(try family.read(Data(text.utf8), file: "p.pairs").first?.get())
                #expect(read == generated.puzzle)
                #expect(family.problems(read).isEmpty)
                // solve and grade
                let counted = try family.count(read, limits: CountLimits(solutions: 2))
                #expect(counted.solutionCount == 1 && counted.complete)
                let graded = try family.grade(read, solutionsUpTo2: nil, explain: true)
                #expect(graded.label == "easy" && graded.complete && graded.explanation.count == 1)
            }
            // bench and export: the research rows, one per seed, in column order.
            let run = PuzzleRun(family, profile: profile, unique: true, solve: true, grade: true)
            let columns = PuzzleColumn.all(metrics: run.metricColumns, gradeLabels: run.labels)
            for seed in 1...10 {
                let row = PuzzleColumn.row(run.record(seed), columns: columns)
                let value = { (name: String) in row.fields.first { $0.key == name }?.value }
                #expect(value("numbers") == .int(profile) && value("gradeLabel") == .string("easy"))
                #expect(value("solutionsUpTo2") == .int(1) && value("profile") == .string("n\(profile)"))
            }
        }
        #expect(family.unsupported(GenerationRequest(seed: 1, label: "easy")) != nil)
    }

    /// The toolkit's own families are the one list every command reads.
    @Test func theFamilyListHasEveryFamilyOnce() {
        let names = puzzleFamilies.map(\.info.name)
        #expect(names == ["math-crossword", "cross-sums", "number-search", "drills", "morse"])
        #expect(Set(puzzleFamilies.map(\.info.textExtension)).count == puzzleFamilies.count)
    }
}
