import Foundation
import PuzzleDrawing
import PuzzleFamilies
import PuzzleKit
import PuzzleResearch
import Testing

/// A family defined here, outside the toolkit: a puzzle is a target and some
/// numbers, and a solution is two of them that add up to the target. It
/// implements the contract every command needs (``CommandFamily``: count,
/// grade through a trace, draw, play), and goes through what every command does
/// with a family: generate, write and read back, check, count, grade, draw,
/// and the research rows of `bench` and `export` (and, in
/// `TestFamilyCommandTests`, every command of the command line).
///
/// Its grader strikes out, left to right, each number whose partner (the
/// target minus it) is not among the others, then keeps the first two
/// numbers that add up to the target. The board is one row: the target,
/// then the numbers.
struct PairSumFamily: CountingFamily, DrawableFamily, PlayableFamily {
    struct Puzzle: Sendable, Equatable, Codable {
        var id: String
        var target: Int
        var numbers: [Int]
    }

    enum Technique: Int, TechniqueTier {
        case noPartner
        case lookUp
        var code: String { self == .noPartner ? "no-partner" : "look-up" }
        static let catalogue = Catalogue(name: "pair-sum", tables: [
            "en": ["technique.no-partner": "No partner", "technique.no-partner.rule": "A number whose partner is not offered is struck out.",
                   "technique.look-up": "Look up", "technique.look-up.rule": "For each number, look for the target minus it."],
            "de": ["technique.no-partner": "Kein Partner", "technique.no-partner.rule": "Eine Zahl ohne Partner wird gestrichen.",
                   "technique.look-up": "Nachschauen", "technique.look-up.rule": "Suche zu jeder Zahl das Ziel minus die Zahl."],
        ])
        var weight: Int { rawValue + 1 }
        var gradeLabel: String { "easy" }
        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// What a step's sentence names: the number it strikes out, or the two
    /// it keeps.
    enum StepFacts: Sendable {
        case noPartner(Int)
        case pair(Int, Int)
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

    /// The one reading rule of every family: a puzzle of the text format is
    /// one line `pairs ID TARGET N1 N2 …` (and comment lines), JSON the object
    /// ``writeJSON(_:pretty:)`` writes.
    func read(_ data: Data, file: String) -> [Result<Puzzle, FormatError>] {
        PuzzleSource.read(data, file: file, textExtension: info.textExtension, text: { text throws(FormatError) in
            guard text.lines.count == 1, let line = text.lines.first else {
                throw FormatError("expected one 'pairs' line", at: SourceLocation(file: file, line: text.lines.first?.number ?? 1))
            }
            let words = line.tokens.map(\.text)
            let numbers = words.dropFirst(2).compactMap { Int($0) }
            guard words.count >= 4, words[0] == "pairs", numbers.count == words.count - 2 else {
                throw FormatError("expected 'pairs ID TARGET N1 N2 …'", at: SourceLocation(file: file, line: line.number))
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
    var labelRule: LabelRule { .hardest }

    func trace(_ puzzle: Puzzle, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace {
        let n = puzzle.numbers
        var steps: [Trace.Step] = []
        var open = Array(n.indices)
        for i in n.indices where !n.indices.contains(where: { $0 != i && n[$0] == puzzle.target - n[i] }) {
            steps.append(Trace.Step(technique: .noPartner, reads: n.indices.map(TracePlace.item), decides: [TraceDecision(.item(i), .removed)],
                                    round: 1, movesOnOffer: 1, openCells: open.count, facts: .noPartner(n[i])))
            open.removeAll { $0 == i }
        }
        let pairs = open.flatMap { i in open.filter { $0 > i && n[i] + n[$0] == puzzle.target }.map { (i, $0) } }
        if let (i, j) = pairs.first {
            steps.append(Trace.Step(technique: .lookUp, reads: open.map(TracePlace.item),
                                    decides: [TraceDecision(.item(i), .kept), TraceDecision(.item(j), .kept)],
                                    round: 2, movesOnOffer: pairs.count, openCells: open.count, facts: .pair(n[i], n[j])))
        }
        return Trace(steps: steps, outcome: pairs.isEmpty ? .noSolution : .solved, solutionsUpTo2: solutionsUpTo2 ?? min(pairs.count, 2))
    }

    func sentence(_ step: Trace.Step, in puzzle: Puzzle, language: Language) -> String {
        switch step.facts {
        case .noPartner(let number): "\(number) has no partner: \(puzzle.target) − \(number) is not offered."
        case .pair(let first, let second): "\(first) + \(second) = \(puzzle.target)."
        }
    }

    /// The target in column 0, number `i` in column `i + 1`. A puzzle file
    /// carries no solution: the solved board is the grader's.
    func board(_ puzzle: Puzzle, solved: Bool) throws -> Board {
        guard !solved else { throw DrawingError("a pair-sum puzzle carries no solution") }
        return Board(cells: [Cell(row: 0, column: 0, String(puzzle.target), .label)]
                     + puzzle.numbers.enumerated().map { Cell(row: 0, column: $0.offset + 1, String($0.element), .given) })
    }

    func positions(of place: TracePlace, in puzzle: Puzzle) -> [GridPosition] {
        guard case .item(let i) = place else { return [] }
        return [GridPosition(row: 0, column: i + 1)]
    }
}

/// The game: the board is the target, then the numbers; the player picks
/// two numbers that add up to the target (`pick`, row 0 and the number's
/// column). A number that is in no such pair with what is already picked
/// is a mistake; a hint picks the next number of the grader's pair.
extension PairSumFamily {
    struct Session: Sendable {
        var puzzle: Puzzle
        var picked: [Int] = []
        var mistakes = 0
        var hints = 0
    }

    func startSession(_ puzzle: Puzzle) -> Session { Session(puzzle: puzzle) }

    func play(_ move: PlayMove, in session: inout Session, language: Language) -> PlayJudgement {
        let numbers = session.puzzle.numbers, target = session.puzzle.target
        switch move.action {
        case "pick":
            guard move.row == 0, let column = move.column else { return .incomplete(move, language: language) }
            let index = column - 1
            guard numbers.indices.contains(index), !session.picked.contains(index) else { return PlayJudgement(.refused, "no number to pick there") }
            let partners = session.picked.isEmpty ? numbers.indices.filter { $0 != index } : session.picked
            guard partners.contains(where: { numbers[$0] + numbers[index] == target }) else {
                session.mistakes += 1
                return PlayJudgement(.wrong)
            }
            session.picked.append(index)
            return PlayJudgement(.right)
        case PlayMove.hintAction:
            let puzzle = session.puzzle, picked = session.picked
            guard let trace = try? trace(puzzle, solutionsUpTo2: nil, timeLimit: nil),
                  let step = trace.steps.last(where: { $0.technique == .lookUp }),
                  let next = step.decides.lazy.compactMap({ decision -> Int? in
                      guard case .item(let i) = decision.place, !picked.contains(i) else { return nil }
                      return i
                  }).first else { return PlayJudgement(.refused, "no hint: the picked numbers are in no pair") }
            session.picked.append(next)
            session.hints += 1
            return PlayJudgement(.neutral, sentence(step, in: puzzle, language: language), hint: true)
        default:
            return .unknownAction(move, offered: ["pick", PlayMove.hintAction], language: language)
        }
    }

    func view(of session: Session, language: Language) -> PlayView {
        let done = session.picked.count == 2
        let cells = [PlayCell(String(session.puzzle.target), kind: "target")] + session.puzzle.numbers.indices.map { i in
            PlayCell(String(session.puzzle.numbers[i]), kind: session.picked.contains(i) ? "selected" : "number",
                     tappable: !done && !session.picked.contains(i))
        }
        return PlayView(kind: info.name, title: session.puzzle.id, instructions: "Pick two numbers that add up to the target.",
                        grid: [cells], actions: done ? [] : ["pick", PlayMove.hintAction],
                        status: PlayStatus(finished: done, completed: done, mistakes: session.mistakes, hints: session.hints))
    }

    func solutionMoves(_ puzzles: [Puzzle]) -> [PlayMove] {
        guard let puzzle = puzzles.first, let step = (try? trace(puzzle, solutionsUpTo2: nil, timeLimit: nil))?.steps.last,
              step.technique == .lookUp else { return [] }
        return step.decides.compactMap { decision in
            guard case .item(let i) = decision.place else { return nil }
            return PlayMove("pick", row: 0, column: i + 1)
        }
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
                #expect(graded.label == "easy" && graded.complete && graded.outcome == .solved)
                // Every number but the pair is struck out, then the pair is kept.
                let pair = read.numbers.filter { read.numbers.contains(read.target - $0) && 2 * $0 != read.target }
                try #require(pair.count == 2)
                #expect(graded.explanation.count == read.numbers.count - 1)
                #expect(graded.explanation.last == "\(pair[0]) + \(pair[1]) = \(read.target).")
                #expect(graded.hardestTechnique?.code == "look-up")
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

/// ``PlayGame`` over a family: moves reach the family's rules; giving up
/// and the end are the game's own, the same for every family.
@Suite struct PlayGameTests {
    let family = PairSumFamily()

    @Test func aGameEndsCompletedGivenUpOrNotAtAll() throws {
        let puzzle = try family.generate(8, GenerationRequest(seed: 3, unique: true)).puzzle
        var game = try PlayGame(family, puzzles: [puzzle])
        #expect(game.view.actions == ["pick", "hint", "give-up"])
        let unknown = game.play(PlayMove("place", row: 0, column: 1, value: "5"))
        #expect(unknown.result == .refused && unknown.message == "'place' is not a move here; the moves are: pick, hint")
        #expect(unknown.view == game.view)
        for move in family.solutionMoves([puzzle]) { #expect(game.play(move).result == .right) }
        #expect(game.view.status.completed && game.view.actions.isEmpty)
        let after = game.play(PlayMove("pick", row: 0, column: 1))
        #expect(after.result == .refused && after.message == "the game is over: start a new one")

        var given = try PlayGame(family, puzzles: [puzzle], language: .german)
        let up = given.play(PlayMove(PlayMove.giveUpAction))
        #expect(up.result == .neutral && up.view.status.finished && !up.view.status.completed)
        #expect(given.play(PlayMove(PlayMove.hintAction)).message == "Das Spiel ist vorbei: Fang ein neues an.")
        #expect(throws: (any Error).self) { try PlayGame(family, puzzles: []) }
    }
}
