import Foundation
import MathCrossword
import PuzzleDrawing
import PuzzleKit
import Testing

/// One grade per drawing: `draw(step:)` and `reviewEntry` take the grade,
/// the marks, the board before the step and the solution from one trace
/// (each family's own tests replay its traces step by step).
@Suite struct GradeOnceTests {
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

    /// The hint an app shows is the sentence of the trace's first step
    /// whose decisions the player has not all made.
    @Test func theHintIsTheFirstStepNotYetMade() throws {
        let family = MathCrosswordFamily()
        let puzzle = try family.generate(family.profiles[1], GenerationRequest(seed: 4)).puzzle
        let trace = try family.trace(puzzle, solutionsUpTo2: nil, timeLimit: nil)
        #expect(trace.steps.count >= 3)
        var made = Set<TraceDecision>()
        for (index, step) in trace.steps.enumerated() {
            #expect(family.hint(trace, in: puzzle, made: made) == family.sentence(step, in: puzzle, language: .english), "step \(index + 1)")
            made.formUnion(step.decides)
        }
        #expect(family.hint(trace, in: puzzle, made: made) == nil)
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
    func labelName(_ label: String, in language: Language) -> String { base.labelName(label, in: language) }
    func details(_ trace: Trace, of puzzle: Puzzle, language: Language) -> [String] { base.details(trace, of: puzzle, language: language) }
    func sentence(_ step: Trace.Step, in puzzle: Puzzle, language: Language) -> String { base.sentence(step, in: puzzle, language: language) }
    func trace(_ puzzle: Puzzle, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace {
        counter.add()
        return try base.trace(puzzle, solutionsUpTo2: solutionsUpTo2, timeLimit: timeLimit)
    }
    func board(_ puzzle: Puzzle, solved: Bool) throws -> Board { try base.board(puzzle, solved: solved) }
    func positions(of place: TracePlace, in puzzle: Puzzle) -> [GridPosition] { base.positions(of: place, in: puzzle) }
}
