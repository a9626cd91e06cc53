import ArithmeticDrills
import CrossSums
import Foundation
import MathCrossword
import MorseCode
import NumberSearch
import PuzzleDrawing
import PuzzleKit
import Testing

/// Drawings replay the grader's trace: the board of step N shows what steps
/// 1…N−1 decided and nothing of the steps after, its sentence under it, and
/// one grade gives all of it.
@Suite struct TraceReplayTests {
    static let seeds = 1...6

    @Test func mathCrossword() throws { try checkReplay(MathCrosswordFamily()) }
    @Test func crossSums() throws { try checkReplay(CrossSumsFamily()) }
    @Test func numberSearch() throws { try checkReplay(NumberSearchFamily()) }
    @Test func drills() throws { try checkReplay(ArithmeticDrillsFamily()) }
    @Test func morse() throws { try checkReplay(MorseCodeFamily()) }

    /// Replays the traces of seeds 1…6 of every profile of `family`.
    func checkReplay<F: DrawableFamily>(_ family: F) throws {
        var replayed = 0
        for profile in family.profiles {
            for seed in Self.seeds {
                let name = "\(family.info.name) \(family.id(of: profile)) seed \(seed)"
                guard let puzzle = try? family.generate(profile, GenerationRequest(seed: seed)).puzzle else { continue }
                let graded = try family.graded(puzzle, timeLimit: nil)
                #expect(graded.steps.count == graded.grade.explanation.count, "\(name): marks and sentences differ in number")
                var decidedAt: [GridPosition: Int] = [:]
                for (index, step) in graded.steps.enumerated() {
                    for cell in step.writes where decidedAt[cell.position] == nil { decidedAt[cell.position] = index + 1 }
                }
                let start = Dictionary(graded.start.cells.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
                for n in 1...max(1, graded.steps.count) where !graded.steps.isEmpty {
                    let board = Dictionary(graded.board(before: n).cells.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
                    // Steps before n: their last write at each position shows.
                    var expected: [GridPosition: Cell] = [:]
                    for step in graded.steps.prefix(n - 1) { for cell in step.writes { expected[cell.position] = cell } }
                    for (position, cell) in expected {
                        #expect(board[position] == cell, "\(name): before step \(n), \(position) does not show step \(decidedAt[position] ?? 0)'s write")
                    }
                    // Positions first decided at n or later: as at the start.
                    for (position, first) in decidedAt where first >= n {
                        #expect(board[position] == start[position], "\(name): before step \(n), \(position) already shows step \(first)'s write")
                    }
                    let paths = graded.steps.prefix(n - 1).map(\.path).filter { !$0.isEmpty }
                    #expect(graded.board(before: n).paths == graded.start.paths + paths, "\(name): before step \(n), the paths drawn differ")
                }
                if let last = graded.steps.indices.last {
                    let svg = try family.draw(puzzle, step: last + 1, paper: .fit)
                    let texts = try #require(SVGTexts.of(svg), "\(name): not XML")
                    let caption = texts.joined(separator: " ")
                    #expect(graded.steps[last].sentence.split(separator: " ").allSatisfy { caption.contains($0) },
                            "\(name): step \(last + 1)'s sentence is not under the board")
                }
                // A solved trace replayed to its end is the solved board.
                if graded.grade.outcome == .solved, let solved = graded.solved, !graded.steps.isEmpty {
                    let end = graded.start.applying(graded.steps)
                    let decided = Set(graded.steps.flatMap(\.writes).map(\.position))
                    let ends = Dictionary(end.cells.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
                    for cell in solved.cells where decided.contains(cell.position) {
                        #expect(ends[cell.position]?.text == cell.text, "\(name): the replay ends with \(ends[cell.position]?.text ?? "nothing") at \(cell.position), the solution has \(cell.text)")
                    }
                    replayed += 1
                }
            }
        }
        #expect(replayed > 0, "\(family.info.name): no solved trace replayed")
    }

    @Test func renderAndReviewGradeOnce() throws {
        let family = Counted(MathCrosswordFamily())
        let puzzle = try family.generate(family.profiles[1], GenerationRequest(seed: 4)).puzzle
        _ = try family.draw(puzzle, step: 2)
        #expect(family.counter.traces == 1)
        _ = try family.draw(puzzle, solution: true, step: 1)
        #expect(family.counter.traces == 2)
        _ = try family.reviewEntry(puzzle, facts: [])
        #expect(family.counter.traces == 3)
    }
}

/// A family that counts its traces (one per grade).
struct Counted<Base: DrawableFamily>: DrawableFamily {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var traces: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }

    let base: Base
    let counter = Counter()

    init(_ base: Base) { self.base = base }

    typealias Puzzle = Base.Puzzle
    typealias Profile = Base.Profile
    typealias Technique = Base.Technique
    typealias StepFacts = Base.StepFacts

    var info: FamilyInfo { base.info }
    var profiles: [Profile] { base.profiles }
    func profile(named argument: String) throws -> Profile { try base.profile(named: argument) }
    func id(of profile: Profile) -> String { base.id(of: profile) }
    func id(of puzzle: Puzzle) -> String { base.id(of: puzzle) }
    func recognizes(_ head: String) -> Bool { base.recognizes(head) }
    func read(_ data: Data, file: String) -> [Result<Puzzle, FormatError>] { base.read(data, file: file) }
    func writeText(_ puzzle: Puzzle, comments: [String]) -> String { base.writeText(puzzle, comments: comments) }
    func writeJSON(_ puzzle: Puzzle, pretty: Bool) -> String { base.writeJSON(puzzle, pretty: pretty) }
    func writeSolution(_ puzzle: Puzzle, comments: [String]) -> String? { base.writeSolution(puzzle, comments: comments) }
    func generate(_ profile: Profile, _ request: GenerationRequest) throws(GenerationFailure) -> Generated<Puzzle> {
        try base.generate(profile, request)
    }
    func unsupported(_ request: GenerationRequest) -> String? { base.unsupported(request) }
    func check(_ puzzle: Puzzle) -> CheckReport { base.check(puzzle) }
    var metrics: MetricTable<Puzzle> { base.metrics }
    var gradeLabels: [String] { base.gradeLabels }
    var labelRule: LabelRule { base.labelRule }
    func label(_ trace: Trace) -> String { base.label(trace) }
    func familyFields(_ trace: Trace, of puzzle: Puzzle) -> [(key: String, value: ReportValue)] { base.familyFields(trace, of: puzzle) }
    func details(_ trace: Trace, of puzzle: Puzzle) -> [String] { base.details(trace, of: puzzle) }
    func sentence(_ step: Trace.Step, in puzzle: Puzzle) -> String { base.sentence(step, in: puzzle) }
    func trace(_ puzzle: Puzzle, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace {
        counter.add()
        return try base.trace(puzzle, solutionsUpTo2: solutionsUpTo2, timeLimit: timeLimit)
    }
    func board(_ puzzle: Puzzle, solved: Bool) throws -> Board { try base.board(puzzle, solved: solved) }
    func positions(of place: TracePlace, in puzzle: Puzzle) -> [GridPosition] { base.positions(of: place, in: puzzle) }
}
