import ConstraintSolver
import PuzzleKit

/// One deduction of the grader's engine: a number placed in an empty cell,
/// and why. A grade's trace is made of them (``Grader/trace(_:solutionsUpTo2:timeLimit:)``);
/// a game's hint is one (``Grader/nextStep(_:)``).
public struct GradeStep: Sendable, Equatable {
    public var technique: Technique
    public var position: GridPosition
    public var value: PuzzleNumber
    /// Indices into the level's equations the deduction read.
    public var equations: [Int]
    /// For crossings: each equation's candidate values for the cell.
    public var candidates: [[PuzzleNumber]]
    /// For pool counting: the cells that use up some tiles between them.
    public var lockedCells: [GridPosition]
    /// For narrowing: the other cells the same narrowing leaves a single value.
    public var fixedTogether: [GridPosition] = []
    /// For contradiction: the values that lead to a dead end here; for a
    /// guess: the values tried here first, each given up.
    public var ruledOut: [PuzzleNumber] = []
    /// For contradiction: why each value of ``ruledOut`` fails, in order.
    public var refutations: [TrialRefutation] = []
    /// For pool counting: the tiles the locked cells use up between them,
    /// ascending, repeats included.
    public var usedUpTiles: [PuzzleNumber] = []
    /// For narrowing and crossing pair: how the cell was narrowed, in order.
    public var chain: [NarrowingLink] = []
    /// A cell an earlier narrowing (or crossing pair) step already fixed:
    /// that step's index in the path; it is written in as a cheap step.
    public var followsStep: Int?
    /// How many empty cells the same technique could have filled at this point.
    public var movesOnOffer: Int
    /// Empty cells left before this step.
    public var blanksLeft: Int
    /// How many guesses this step sits under (0 outside any guess).
    public var guessDepth: Int
}

/// A number in a cell.
public struct CellValue: Sendable, Equatable {
    public var position: GridPosition
    public var value: PuzzleNumber

    public init(_ position: GridPosition, _ value: PuzzleNumber) {
        self.position = position
        self.value = value
    }
}

/// The values an empty cell may still take.
public struct CellCandidates: Sendable, Equatable {
    public var position: GridPosition
    public var values: [PuzzleNumber]

    public init(_ position: GridPosition, _ values: [PuzzleNumber]) {
        self.position = position
        self.values = values
    }
}

/// Why one value tried in a cell is wrong: put in, narrowed, and every cell
/// left a single value filled in with its tile, over and over (one trial,
/// nothing nested), until something cannot be finished.
public struct TrialRefutation: Sendable, Equatable {
    /// The value tried.
    public var value: PuzzleNumber
    /// The cells the trial forces, in the order they were filled in.
    public var forced: [CellValue]
    /// What cannot be finished then.
    public var failure: TrialFailure
    /// The tiles left at that point, ascending, repeats included.
    public var tilesLeft: [PuzzleNumber]
}

/// What a trial runs into.
public enum TrialFailure: Sendable, Equatable {
    /// These equations (one, or two that cross, filled in together) cannot
    /// be finished with the tiles left; for each, its numbers as they stood
    /// in the trial, one per cell (`nil`: empty).
    /// `candidates`: their empty cells' candidates then (narrowed by the
    /// crossing equations and the tiles left), none of which fit together.
    case equations([Int], placed: [[PuzzleNumber?]], candidates: [CellCandidates])
    /// More tiles of a value are left than empty cells that can take one.
    case tile(PuzzleNumber, left: Int, places: Int)
    /// A cell forced to a value whose tiles are all used up.
    case usedUp(PuzzleNumber, at: GridPosition)
}

/// One link of a narrowing's chain: equations (one, or two crossing ones
/// filled in together) leave a cell only some values.
public struct NarrowingLink: Sendable, Equatable {
    /// The equations that narrowed the cell (indices into the level's equations).
    public var equations: [Int]
    /// The cell narrowed.
    public var position: GridPosition
    /// The values it has left, ascending.
    public var left: [PuzzleNumber]
    /// For two equations filled in together: for a value they took from
    /// the cell, a tile it would need more of than are left
    /// (`need` tiles of `tile`, `available` left); `nil` when none is
    /// the same for every way of filling them in.
    public var shortage: (value: PuzzleNumber, tile: PuzzleNumber, need: Int, available: Int)?

    public static func == (a: NarrowingLink, b: NarrowingLink) -> Bool {
        a.equations == b.equations && a.position == b.position && a.left == b.left
            && a.shortage?.value == b.shortage?.value && a.shortage?.tile == b.shortage?.tile
            && a.shortage?.need == b.shortage?.need && a.shortage?.available == b.shortage?.available
    }
}

/// What the sentence of a math crossword step says beyond its places (the
/// equations it read, the locked cells, the cell and number it decides).
public struct StepFacts: Sendable, Equatable {
    /// For each equation the step read (its `.item` places, in order), the
    /// numbers earlier steps had placed in its cells, one per cell of the
    /// equation (`nil`: no number placed there); the sentence shows the
    /// equation as it stood.
    public var placed: [[PuzzleNumber?]]
    /// For crossings: each equation's candidate values for the cell.
    public var candidates: [[PuzzleNumber]]
    /// For narrowing: the other cells the same narrowing leaves a single value.
    public var fixedTogether: [GridPosition]
    /// For contradiction: the values that lead to a dead end here; for a
    /// guess: the values tried here first, each given up.
    public var ruledOut: [PuzzleNumber]
    /// The arithmetic fact the step asks, with its load (``CrosswordArithmetic``).
    public var arithmetic: ArithmeticLoad? = nil
    /// For contradiction: why each value of ``ruledOut`` fails.
    public var refutations: [TrialRefutation] = []
    /// For pool counting: the tiles the locked cells use up, ascending.
    public var usedUpTiles: [PuzzleNumber] = []
    /// For narrowing and crossing pair: how the cell was narrowed, in order
    /// (the equations of the links are the step's `.item` reads).
    public var chain: [NarrowingLink] = []
    /// For a cell an earlier narrowing step fixed: that step's number (1-based).
    public var followsStep: Int?
}

/// Grades math crosswords by solving them as a person would.
///
/// It always applies the easiest technique of ``Technique`` that makes
/// progress, and starts again from the easiest after every step; when no
/// technique applies it guesses (the cell with the fewest candidates, values in
/// ascending order) and backs up from contradictions. The score is the sum of
/// the steps' weights plus the number of rounds, plus a guess's weight for
/// every failed trial.
public struct Grader: Sendable {
    /// Search steps the guessing may take before giving up.
    public static let guessBudget = 20_000

    public typealias Trace = MathCrosswordFamily.Trace

    public init() {}

    /// The path the grader takes through `level` (its `currentValue`s are
    /// ignored): the steps that lead to the solution, in order (failed
    /// guesses are not in it; they are counted in
    /// `GradeTrace.backtracks`), with the uniqueness check.
    ///
    /// - Parameters:
    ///   - level: the level to grade.
    ///   - solutionsUpTo2: the level's solutions counted up to 2, when the
    ///     caller already has them; otherwise the grader counts them.
    ///   - timeLimit: when given, grading stops once this much time has
    ///     passed (the clock is read before every step), with
    ///     `GradeTrace.stopReason` `timeLimit`.
    public func trace(_ level: Puzzle, solutionsUpTo2: Int? = nil, timeLimit: Duration? = nil) throws(SolveError) -> Trace {
        trace(level, model: try Solver(level: level), solutionsUpTo2: solutionsUpTo2, timeLimit: timeLimit)
    }

    /// ``trace(_:solutionsUpTo2:timeLimit:)`` with the level's model already
    /// built (the one its uniqueness check used).
    ///
    /// - Parameters:
    ///   - level: the level to grade.
    ///   - model: `Solver(level: level)`.
    ///   - solutionsUpTo2: the level's solutions counted up to 2, when known.
    ///   - timeLimit: when given, grading stops once this much time has passed.
    public func trace(_ level: Puzzle, model: Solver, solutionsUpTo2: Int? = nil, timeLimit: Duration? = nil) -> Trace {
        trace(level, model: model, solutionsUpTo2: solutionsUpTo2, timeLimit: timeLimit, deriving: true)
    }

    /// ``trace(_:model:solutionsUpTo2:timeLimit:)``; with `deriving` false
    /// every state's live tuples are filtered from the tables anew (tests
    /// compare the two).
    func trace(_ level: Puzzle, model: Solver, solutionsUpTo2: Int?, timeLimit: Duration?, deriving: Bool) -> Trace {
        let deadline = Deadline(timeLimit)
        var known = solutionsUpTo2.map { min($0, 2) }
        var counted: [SolutionEntry]?
        if solutionsUpTo2 == nil {
            let count = model.solve(SearchLimits(solutions: 2, nodes: DefaultBudget.nodes, time: deadline.remaining,
                                                 keepSolutions: 1))
            known = count.complete || count.stopReason == .solutionLimit ? count.solutionCount : nil
            counted = count.solutions.first
        }
        var engine = _DeductionEngine(model: model, level: level)
        engine.live.deriving = deriving
        engine.deadline = deadline
        let end = engine.solveTiered(engine.initialState())
        let stopReason: StopReason = engine.timedOut ? .timeLimit : engine.budget < 0 ? .guessLimit : .exhausted
        let outcome: TraceOutcome, path: [GradeStep]
        switch end {
        case .solved(let state): (outcome, path) = (.solved, state.steps)
        case .stuck(let state): (outcome, path) = (.stuck, state.steps)
        case .contradiction(let state): (outcome, path) = (stopReason == .exhausted ? .noSolution : .stuck, state.steps)
        }
        let steps = CrosswordArithmetic.weighing(Self.steps(of: path, in: level), path: path, in: level)
        let rounds = steps.reduce(0) { max($0, $1.round) }
        return Trace(
            steps: steps, outcome: outcome, stopReason: stopReason, solutionsUpTo2: known,
            backtracks: engine.backtracks,
            extraPoints: rounds + engine.backtracks * Technique.guess.weight,
            foundSolution: outcome == .solved ? [] : (counted ?? []).map { TraceDecision(.cell($0.position), .value("\($0.value)")) })
    }

    /// The next step from the level's current values (a hint), or `nil` when
    /// the level is filled or its current values contradict each other.
    public func nextStep(_ level: Puzzle) throws(SolveError) -> GradeStep? {
        let model = try Solver(level: level)
        var engine = _DeductionEngine(model: model, level: level)
        guard let state = engine.stateFromCurrentValues() else { return nil }
        engine.stopAfterFirstStep = true
        switch engine.solveTiered(state) {
        case .solved(let end), .stuck(let end), .contradiction(let end): return end.steps.first
        }
    }

    /// A step of ``nextStep(_:)`` as a trace step, the equations it read
    /// shown with the numbers the level's cells hold now (for its sentence,
    /// ``Explain/sentence(_:in:language:)``).
    static func traceStep(_ step: GradeStep, in level: Puzzle) -> Trace.Step? {
        let now = level.cells.map { $0.type == .emptyOperand ? $0.currentValue : nil }
        return steps(of: [step], in: level, placedBefore: now).first
    }

    /// The engine's path as trace steps: each step's places, its round and
    /// the equations it read as they stood.
    ///
    /// A step's round is one more than the latest round that filled a cell
    /// of the equations it read; pool-wide techniques and guesses wait for
    /// every earlier step.
    ///
    /// - Parameter placedBefore: the numbers in the level's cells before the
    ///   path (by row-major index), when a player placed some (a hint);
    ///   `nil`: none.
    private static func steps(of path: [GradeStep], in level: Puzzle, placedBefore: [PuzzleNumber?]? = nil) -> [Trace.Step] {
        var cellIndex = _CellIndex(level)
        let cells = max(0, level.rows) * max(0, level.columns)
        // Per cell index: the round that filled it (0 before any step) and the number placed.
        var roundOfCell = [Int](repeating: 0, count: cells)
        var placed = placedBefore ?? [PuzzleNumber?](repeating: nil, count: cells)
        if placed.count < cells { placed.append(contentsOf: repeatElement(nil, count: cells - placed.count)) }
        var latest = 0
        var steps: [Trace.Step] = []
        steps.reserveCapacity(path.count)
        for step in path {
            let equations = step.equations.filter { level.equations.indices.contains($0) }
            let round: Int
            switch step.technique {
            case _ where step.followsStep.map(steps.indices.contains) ?? false:
                round = steps[step.followsStep ?? 0].round
            case .onlyPlace, .narrowing, .poolCounting, .crossingPair, .contradiction, .guess:
                round = latest + 1
            default:
                var before = 0
                for e in equations {
                    for p in level.equations[e].cellPositions {
                        let c = cellIndex[p]
                        if c < roundOfCell.count { before = max(before, roundOfCell[c]) }
                    }
                }
                round = 1 + before
            }
            let facts = StepFacts(
                placed: equations.map { e in
                    level.equations[e].cellPositions.map { p in
                        let c = cellIndex[p]
                        return c < placed.count ? placed[c] : nil
                    }
                },
                candidates: step.candidates, fixedTogether: step.fixedTogether, ruledOut: step.ruledOut,
                refutations: step.refutations, usedUpTiles: step.usedUpTiles, chain: step.chain,
                followsStep: step.followsStep.map { $0 + 1 })
            steps.append(Trace.Step(
                technique: step.technique, reads: equations.map { .item($0) } + step.lockedCells.map { .cell($0) },
                decides: [TraceDecision(.cell(step.position), .value("\(step.value)"))], round: round,
                movesOnOffer: step.movesOnOffer, openCells: step.blanksLeft, guessDepth: step.guessDepth,
                isGuess: step.technique == .guess,
                points: step.followsStep == nil ? nil : Technique.oneBlank.weight, facts: facts))
            let c = cellIndex[step.position]
            if c >= roundOfCell.count {
                roundOfCell.append(contentsOf: repeatElement(0, count: c + 1 - roundOfCell.count))
                placed.append(contentsOf: repeatElement(nil, count: c + 1 - placed.count))
            }
            roundOfCell[c] = round
            placed[c] = step.value
            latest = max(latest, round)
        }
        return steps
    }
}

extension GradeTrace where Technique == MathCrossword.Technique {
    /// The label of a math crossword's path: its hardest technique's
    /// (`easy` without steps), `guess-required` when the grader did not
    /// reach a solution (no solution, or its guess budget ran out); a grade
    /// stopped by time keeps its steps' hardest label, a lower bound.
    public var difficulty: DifficultyLabel {
        outcome == .solved || stopReason == .timeLimit ? hardestTechnique?.label ?? .easy : .guessRequired
    }
}

/// How the equations of a level cross.
public struct CrossingMetrics: Sendable {
    /// Cells shared by two equations.
    public var cells: Int
    /// Shared cells that are empty.
    public var blankCells: Int
    /// For each equation, how many other equations it crosses.
    public var perEquation: [Int]

    public init(_ level: Puzzle) {
        var cellIndex = _CellIndex(level)
        // Per cell index: how many times equations list it, and one position there.
        var owners = [(count: Int, position: GridPosition?)](repeating: (0, nil), count: max(0, level.rows) * max(0, level.columns))
        for equation in level.equations {
            for p in equation.cellPositions {
                let c = cellIndex[p]
                if c >= owners.count {
                    owners.append(contentsOf: repeatElement((count: 0, position: GridPosition?.none), count: c + 1 - owners.count))
                }
                owners[c] = (owners[c].count + 1, p)
            }
        }
        var perEquation = [Int](repeating: 0, count: level.equations.count)
        for (e, equation) in level.equations.enumerated() {
            for p in equation.cellPositions {
                let count = owners[cellIndex[p]].count
                if count > 1 { perEquation[e] += count - 1 }
            }
        }
        var cells = 0, blankCells = 0
        for case (let count, let position?) in owners where count > 1 {
            cells += 1
            if level.contains(position) && level[position].type == .emptyOperand { blankCells += 1 }
        }
        self.cells = cells
        self.blankCells = blankCells
        self.perEquation = perEquation
    }

    /// The fewest crossings of any one equation (0 without equations).
    public var minPerEquation: Int { perEquation.min() ?? 0 }

    /// The crossings per equation, averaged over the equations (0 without equations).
    public var meanPerEquation: Double { Double(perEquation.reduce(0, +)) / Double(max(1, perEquation.count)) }
}

/// Dense indices for a level's cells: row-major inside the grid, then the
/// positions outside it (which a malformed level may list) in the order
/// first asked about.
struct _CellIndex {
    let rows: Int
    let columns: Int
    private var outside: [GridPosition: Int] = [:]

    init(_ level: Puzzle) {
        rows = level.rows
        columns = level.columns
    }

    subscript(_ p: GridPosition) -> Int {
        mutating get {
            if (0..<rows).contains(p.row) && (0..<columns).contains(p.column) { return p.row * columns + p.column }
            if let index = outside[p] { return index }
            let index = rows * columns + outside.count
            outside[p] = index
            return index
        }
    }
}

/// Marks over a level's blanks, all taken off at once by ``clear()``.
final class _BlankMarks {
    /// Per blank: the round it was last marked in.
    private let marked: UnsafeMutableBufferPointer<Int>
    /// Used from one thread, never in overlapping accesses.
    @exclusivity(unchecked) private var round = 0

    init(count: Int) {
        marked = .allocate(capacity: max(1, count))
        marked.initialize(repeating: 0)
    }

    deinit { marked.deallocate() }

    /// Takes every mark off.
    func clear() { round += 1 }

    /// Marks `blank`; false when it was marked already since the last ``clear()``.
    func mark(_ blank: Int) -> Bool {
        guard marked[blank] != round else { return false }
        marked[blank] = round
        return true
    }
}

/// The board a person sees: placed values and the tiles left.
struct _DeductionState {
    var assigned: [Int]   // value index per empty cell, -1 while empty
    var remaining: [Int]  // tiles left per value index
    var open: Int         // empty cells left
    /// The placements made since the empty board, in order, each with a
    /// stamp no other placement has (``_LiveTuples/newStamp()``).
    var history: [(blank: Int, stamp: Int)] = []
    var steps: [GradeStep] = []
    /// Cells the last narrowing step fixed besides its own, not yet written
    /// in: each with its value and that step's index in `steps`.
    var pending: [(blank: Int, value: Int, step: Int)] = []
}

/// The techniques, applied to a `Solver`'s tables.
struct _DeductionEngine {
    struct Move {
        var blank: Int
        var value: Int
        var equations: [Int]
        var candidates: [[Int]] = []
        var locked: [Int] = []
        var fixedTogether: [(blank: Int, value: Int)] = []
        var ruledOut: [Int] = []
        var refutations: [Trial] = []
        var usedUp: [Int] = []
        var chain: [Link] = []
        var followsStep: Int?
    }

    /// One link of a narrowing: equations `by` leave `blank` the values `left`.
    struct Link {
        var by: [Int]
        var blank: Int
        var left: [Int]
        var shortage: (value: Int, tile: Int, need: Int, available: Int)?
    }

    /// A trial's dead end: the cells it forced and what failed, with the
    /// board at that point.
    struct Trial {
        enum Failure {
            /// Equations that cannot be finished, with their empty cells' candidates then.
            case equations([Int], candidates: [(blank: Int, values: [Int])])
            case tile(Int, places: Int)
            case usedUp(Int, blank: Int)
        }
        var value: Int
        var forced: [(blank: Int, value: Int)]
        var failure: Failure
        var end: _DeductionState
    }

    let model: Solver
    let level: Puzzle
    let equationsOf: [[Int]]   // per blank: equations with a table through it
    let blanksInNoEquation: [Int]
    /// Each equation's live tuples for the state asked about last.
    let live: _LiveTuples
    /// The cells a technique has found a move for, while collecting them.
    let marks: _BlankMarks
    var backtracks = 0
    var budget = Grader.guessBudget
    var stopAfterFirstStep = false
    /// When grading must stop; once passed, no step or guess is taken.
    var deadline = Deadline(nil)
    var timedOut = false

    init(model: Solver, level: Puzzle) {
        self.model = model
        self.level = level
        var equationsOf = [[Int]](repeating: [], count: model.blanks.count)
        for (e, table) in model.tables.enumerated() {
            for v in table.variables { equationsOf[v].append(e) }
        }
        self.equationsOf = equationsOf
        self.blanksInNoEquation = equationsOf.indices.filter { equationsOf[$0].isEmpty }
        self.live = _LiveTuples(model: model)
        self.marks = _BlankMarks(count: model.blanks.count)
    }

    func initialState() -> _DeductionState {
        _DeductionState(assigned: Array(repeating: -1, count: model.blanks.count), remaining: model.multiplicity,
                        open: model.blanks.count)
    }

    /// The state with the level's current values placed, or `nil` when one of
    /// them is not a pool tile left.
    func stateFromCurrentValues() -> _DeductionState? {
        var state = initialState()
        for (b, position) in model.blanks.enumerated() {
            guard let value = level[position].currentValue else { continue }
            guard let v = model.values.firstIndex(of: value), state.remaining[v] > 0 else { return nil }
            assign(&state, b, v)
        }
        return state
    }

    func assign(_ state: inout _DeductionState, _ blank: Int, _ value: Int) {
        state.assigned[blank] = value
        state.remaining[value] -= 1
        state.open -= 1
        state.history.append((blank, live.newStamp()))
    }

    // MARK: Candidates

    /// The tuples of equation `e` that agree with the placed values, fit in
    /// the tiles left and, when `domains` are given, keep every empty cell
    /// within its candidates (`domains[blank][value]`).
    func liveTuples(_ e: Int, _ state: _DeductionState, domains: [[Bool]]? = nil) -> [[Int]] {
        self.live.prepare(state)
        let table = model.tables[e]
        let variables = table.variables
        var live: [[Int]] = []
        for i in 0..<self.live.liveCount(e) {
            let tuple = table.tuple(self.live.liveTuple(e, i))
            if let domains, variables.indices.contains(where: {
                state.assigned[variables[$0]] < 0 && !domains[variables[$0]][tuple[$0]]
            }) {
                continue
            }
            live.append(tuple)
        }
        return live
    }

    /// Candidates after narrowing, per blank (`domains[blank][value]`), and
    /// per blank the equations that removed its last other value (empty when
    /// none narrowed it).
    struct Narrowing {
        var domains: [[Bool]]
        var narrowedBy: [[Int]]
        /// Every narrowing of a cell, in order.
        var links: [Link] = []
        /// The equations (one, or a pair) that left some cell no value,
        /// or a filled equation that does not hold; `nil` while none did.
        var failedBy: [Int]?
        /// With ``failedBy``: those equations' empty cells and the
        /// candidates they had then.
        var failedCandidates: [(blank: Int, values: [Int])] = []

        /// The links that led to `blank`'s last narrowing: that link, and
        /// for every link in the set, the earlier links of the other cells of
        /// its equations; in order.
        func chain(to blank: Int, equationsVariables: (Int) -> [Int]) -> [Link] {
            guard let last = links.lastIndex(where: { $0.blank == blank }) else { return [] }
            var wanted = [Bool](repeating: false, count: links.count)
            wanted[last] = true
            var i = last
            while i >= 0 {
                if wanted[i] {
                    let cells = Set(links[i].by.flatMap(equationsVariables)).subtracting([links[i].blank])
                    for j in 0..<i where cells.contains(links[j].blank) { wanted[j] = true }
                }
                i -= 1
            }
            return links.indices.filter { wanted[$0] }.map { links[$0] }
        }

        /// The values left to `blank`, ascending.
        func values(_ blank: Int) -> [Int] { domains[blank].indices.filter { domains[blank][$0] } }
    }

    /// Every empty cell's candidates narrowed until nothing changes: each
    /// equation keeps for its empty cells only the values of its live tuples
    /// (``liveTuples(_:_:domains:)``), so what one equation removes narrows
    /// the equations crossing it (generalised arc consistency per equation
    /// over the tile pool).
    ///
    /// - Parameter pairs: once single equations remove nothing more, also
    ///   fill in every two equations that share an empty cell together: a
    ///   value is kept only if both can be completed with it without needing
    ///   more tiles of some value than are left. Pairs with more than
    ///   ``pairBudget`` combinations of live tuples are passed over (the step
    ///   stays sound; it may miss a removal a person would also find hard).
    /// - Returns: `nil` when some empty cell is left with no value.
    func narrow(_ state: _DeductionState, pairs: Bool) -> Narrowing? {
        let narrowed = narrowing(state, pairs: pairs)
        return narrowed.failedBy == nil ? narrowed : nil
    }

    /// ``narrow(_:pairs:)`` with what failed when something did
    /// (`Narrowing/failedBy`).
    func narrowing(_ state: _DeductionState, pairs: Bool) -> Narrowing {
        let pool = model.values.indices.map { state.remaining[$0] > 0 }
        var result = Narrowing(domains: model.blanks.indices.map { state.assigned[$0] < 0 ? pool : [] },
                               narrowedBy: Array(repeating: [], count: model.blanks.count))
        // An equation or pair whose cells' candidates have not changed since
        // it was last filled in would remove nothing: it is passed over.
        // `tick` counts fillings in; each cell remembers the filling that
        // last changed it, each equation and pair the one that last looked.
        var tick = 0
        var changedAt = [Int](repeating: 0, count: model.blanks.count)
        var lookedAt = [Int](repeating: 0, count: model.tables.count)
        func unchanged(since time: Int, _ equations: Int...) -> Bool {
            time > 0 && equations.allSatisfy { e in model.tables[e].variables.allSatisfy { changedAt[$0] < time } }
        }
        func keep(_ blank: Int, _ support: [Bool], by equations: [Int]) -> Bool? {
            guard model.values.indices.contains(where: { result.domains[blank][$0] && support[$0] }) else {
                // The equations' empty cells and their candidates as they stand.
                var cells: [Int] = []
                for b in equations.flatMap({ model.tables[$0].variables }) where state.assigned[b] < 0 && !cells.contains(b) {
                    cells.append(b)
                }
                result.failedCandidates = cells.map { ($0, result.values($0)) }
                result.failedBy = equations
                return nil
            }
            var changed = false
            for v in model.values.indices where result.domains[blank][v] && !support[v] {
                result.domains[blank][v] = false
                result.narrowedBy[blank] = equations
                changed = true
            }
            if changed {
                changedAt[blank] = tick
                result.links.append(Link(by: equations, blank: blank, left: result.values(blank)))
            }
            return changed
        }
        let crossing = pairs ? crossingPairs(state) : []
        var pairLookedAt = [Int](repeating: 0, count: crossing.count)
        var changed = true
        while changed {
            changed = false
            for e in model.tables.indices {
                let variables = model.tables[e].variables
                let open = variables.indices.filter { state.assigned[variables[$0]] < 0 }
                guard !open.isEmpty else {
                    live.prepare(state)
                    if live.liveCount(e) == 0 {
                        result.failedBy = [e]
                        return result
                    }
                    continue
                }
                if unchanged(since: lookedAt[e], e) { continue }
                tick += 1
                lookedAt[e] = tick
                var support = [[Bool]](repeating: [Bool](repeating: false, count: model.values.count), count: variables.count)
                // The live tuples keeping every empty cell within its candidates.
                live.prepare(state)
                for i in 0..<live.liveCount(e) {
                    let t = live.liveTuple(e, i)
                    if open.contains(where: { !result.domains[variables[$0]][live.value(e, tuple: t, cell: $0)] }) { continue }
                    for k in open { support[k][live.value(e, tuple: t, cell: k)] = true }
                }
                for k in open {
                    guard let narrowed = keep(variables[k], support[k], by: [e]) else { return result }
                    changed = changed || narrowed
                }
            }
            if changed || !pairs { continue }
            for (i, (e1, e2)) in crossing.enumerated() {
                if unchanged(since: pairLookedAt[i], e1, e2) { continue }
                tick += 1
                pairLookedAt[i] = tick
                guard let support = pairSupport(e1, e2, state, result.domains) else { continue }
                for (b, values) in support {
                    guard let narrowed = keep(b, values, by: [e1, e2]) else { return result }
                    changed = changed || narrowed
                }
                if changed { break }
            }
        }
        return result
    }

    /// Combinations of two equations' live tuples a pair may have before the
    /// crossing-pair step passes it over.
    static let pairBudget = 40_000

    /// The pairs of equations that share an empty cell, in order.
    func crossingPairs(_ state: _DeductionState) -> [(Int, Int)] {
        // From the equations through each empty cell (ascending), not from
        // all pairs of equations.
        var pairs: [(Int, Int)] = []
        for b in model.blanks.indices where state.assigned[b] < 0 {
            let through = equationsOf[b]
            for i in through.indices {
                for j in (i + 1)..<through.count where through[j] != through[i] { pairs.append((through[i], through[j])) }
            }
        }
        pairs.sort { $0 < $1 }
        var unique: [(Int, Int)] = []
        for pair in pairs where unique.last.map({ $0 != pair }) ?? true { unique.append(pair) }
        return unique
    }

    /// For each empty cell of equations `e1` and `e2`, the values it takes in
    /// some joint completion of both that fits in the tiles left; `nil` when
    /// the pair has more than ``pairBudget`` combinations.
    func pairSupport(_ e1: Int, _ e2: Int, _ state: _DeductionState, _ domains: [[Bool]]) -> [(Int, [Bool])]? {
        let live1 = liveTuples(e1, state, domains: domains), live2 = liveTuples(e2, state, domains: domains)
        guard live1.count * live2.count <= Self.pairBudget else { return nil }
        let vars1 = model.tables[e1].variables, vars2 = model.tables[e2].variables
        // Where each open cell of the pair sits: (tuple 1 or 2, index).
        var slots: [(blank: Int, first: Bool, k: Int)] = []
        for (k, b) in vars1.enumerated() where state.assigned[b] < 0 { slots.append((b, true, k)) }
        var shared: [(Int, Int)] = []
        for (k, b) in vars2.enumerated() where state.assigned[b] < 0 {
            if let k1 = vars1.firstIndex(of: b) { shared.append((k1, k)) } else { slots.append((b, false, k)) }
        }
        var support = slots.map { _ in [Bool](repeating: false, count: model.values.count) }
        var used = [Int](repeating: 0, count: model.values.count)
        for t1 in live1 {
            for t2 in live2 where shared.allSatisfy({ t1[$0.0] == t2[$0.1] }) {
                var fits = true
                for slot in slots {
                    let v = slot.first ? t1[slot.k] : t2[slot.k]
                    used[v] += 1
                    if used[v] > state.remaining[v] { fits = false }
                }
                for slot in slots { used[slot.first ? t1[slot.k] : t2[slot.k]] = 0 }
                guard fits else { continue }
                for (i, slot) in slots.enumerated() { support[i][slot.first ? t1[slot.k] : t2[slot.k]] = true }
            }
        }
        return zip(slots, support).map { ($0.blank, $1) }
    }

    /// The values empty cell `blank` may take as far as equation `e` and the
    /// tiles left tell, ascending.
    func candidates(_ blank: Int, in e: Int, _ state: _DeductionState) -> [Int] {
        guard let k = model.tables[e].variables.firstIndex(of: blank) else { return [] }
        live.prepare(state)
        return _LiveTuples.members(live.support(ofCell: live.cellStart[e] + k))
    }

    /// The intersection of the candidates from every equation through `blank`.
    func candidates(_ blank: Int, _ state: _DeductionState) -> [Int] {
        var mask: [UInt64] = []
        candidateMask(blank, state, into: &mask)
        return _LiveTuples.members(mask)
    }

    /// ``candidates(_:_:)`` as a bit set over value indices, written into
    /// `mask` (a buffer reused from one cell to the next): every value with
    /// tiles left when no equation runs through `blank`.
    func candidateMask(_ blank: Int, _ state: _DeductionState, into mask: inout [UInt64]) {
        live.prepare(state)
        if live.candidates(blank, into: &mask) { return }
        mask = [UInt64](repeating: 0, count: live.words)
        for v in model.values.indices where state.remaining[v] > 0 { mask[v / 64] |= 1 << UInt64(v % 64) }
    }

    // MARK: Techniques

    /// The first move of the easiest technique that has any, and how many
    /// empty cells that technique could fill.
    func nextMove(_ state: _DeductionState) -> (technique: Technique, move: Move, offers: Int)? {
        for technique in Technique.allCases where technique != .guess {
            if let (move, offers) = firstMove(technique, state) { return (technique, move, offers) }
        }
        return nil
    }

    /// Moves found one by one, at most one per empty cell (the first found
    /// for it): the first is kept whole, the others only counted.
    struct MoveCollector {
        let marks: _BlankMarks
        var first: Move?
        var offers = 0

        init(marks: _BlankMarks) {
            self.marks = marks
            marks.clear()
        }

        /// Counts a move for `blank` unless it has one; `move` makes it when it is the first.
        mutating func add(_ blank: Int, _ move: () -> Move) {
            guard marks.mark(blank) else { return }
            offers += 1
            if first == nil { first = move() }
        }
    }

    /// The first of `technique`'s moves, in the order it looks at cells,
    /// and how many empty cells its moves fill (one move per cell: the first
    /// found for it); `nil` when it has none. Only the first move is made
    /// in full.
    func firstMove(_ technique: Technique, _ state: _DeductionState) -> (move: Move, offers: Int)? {
        live.prepare(state)
        var found = MoveCollector(marks: marks)
        switch technique {
        case .oneBlank, .uniquePair:
            // An equation with `open` empty cells and one live tuple.
            let open = technique == .oneBlank ? 1 : 2
            for w in 0..<live.equationWords {
                var bits = live.singleTupleEquations(open: open, word: w)
                while bits != 0 {
                    let e = w * 64 + bits.trailingZeroBitCount
                    bits &= bits - 1
                    let tuple = live.liveTuple(e, 0), firstCell = live.cellStart[e]
                    for k in 0..<(live.cellStart[e + 1] - firstCell) where state.assigned[live.blankOfCell[firstCell + k]] < 0 {
                        let blank = live.blankOfCell[firstCell + k]
                        found.add(blank) { Move(blank: blank, value: live.value(e, tuple: tuple, cell: k), equations: [e]) }
                    }
                }
            }
        case .lastCandidate:
            for b in model.blanks.indices where state.assigned[b] < 0 {
                for cell in live.cellsOfBlank[b] where live.openCount(live.equationOfCell[cell]) >= 2 {
                    let (count, value) = live.supportCount(ofCell: cell)
                    if count == 1 { found.add(b) { Move(blank: b, value: value, equations: [live.equationOfCell[cell]]) } }
                }
            }
        case .crossing:
            var mask: [UInt64] = []
            for b in model.blanks.indices where state.assigned[b] < 0 && live.cellsOfBlank[b].count >= 2 {
                guard live.candidates(b, into: &mask), mask.reduce(0, { $0 + $1.nonzeroBitCount }) == 1 else { continue }
                found.add(b) {
                    let lists = live.cellsOfBlank[b].map { _LiveTuples.members(live.support(ofCell: $0)) }
                    return Move(blank: b, value: _LiveTuples.members(mask)[0], equations: equationsOf[b], candidates: lists)
                }
            }
        case .onlyPlace:
            // A value some empty cells hold as a candidate, as many as its
            // tiles left; an empty cell in no equation holds every value
            // with tiles left.
            let free = blanksInNoEquation.reduce(0) { $0 + (state.assigned[$1] < 0 ? 1 : 0) }
            for v in model.values.indices where state.remaining[v] > 0 && live.holders(v) + free == state.remaining[v] {
                for b in model.blanks.indices where state.assigned[b] < 0 && live.hasCandidate(b, v) {
                    found.add(b) { Move(blank: b, value: v, equations: equationsOf[b]) }
                }
            }
        case .narrowing, .crossingPair:
            guard let narrowed = narrow(state, pairs: technique == .crossingPair) else { break }
            var fixed: [(blank: Int, value: Int)] = []
            for b in model.blanks.indices where state.assigned[b] < 0 && !narrowed.narrowedBy[b].isEmpty {
                let values = narrowed.values(b)
                if values.count == 1 {
                    found.add(b) {
                        let chain = explained(narrowed.chain(to: b) { model.tables[$0].variables }, state)
                        var equations: [Int] = []
                        for e in chain.flatMap(\.by) where !equations.contains(e) { equations.append(e) }
                        return Move(blank: b, value: values[0], equations: equations, chain: chain)
                    }
                    fixed.append((b, values[0]))
                }
            }
            if var move = found.first {
                move.fixedTogether = fixed.filter { $0.blank != move.blank }
                found.first = move
            }
        case .poolCounting:
            guard let narrowed = narrow(state, pairs: false) else { break }
            var lists = model.blanks.indices.map(narrowed.values)
            let open = model.blanks.indices.filter { state.assigned[$0] < 0 }
            var lockedBy = [[Int]](repeating: [], count: model.blanks.count)
            var changed = true
            while changed {
                changed = false
                for group in subsets(of: open, upTo: 3) {
                    let union = Array(Set(group.flatMap { lists[$0] })).sorted()
                    guard union.reduce(0, { $0 + state.remaining[$1] }) == group.count else { continue }
                    for b in open where !group.contains(b) && lists[b].contains(where: union.contains) {
                        lists[b].removeAll(where: union.contains)
                        lockedBy[b] = group
                        changed = true
                    }
                }
            }
            for b in open where lists[b].count == 1 && !lockedBy[b].isEmpty {
                let (value, locked) = (lists[b][0], lockedBy[b])
                found.add(b) {
                    let values = Set(locked.flatMap { lists[$0] }).sorted()
                    return Move(blank: b, value: value, equations: equationsOf[b], locked: locked,
                                usedUp: values.flatMap { repeatElement($0, count: state.remaining[$0]) })
                }
            }
        case .contradiction:
            guard let narrowed = narrow(state, pairs: true) else { break }
            for b in model.blanks.indices where state.assigned[b] < 0 {
                let values = narrowed.values(b)
                guard values.count >= 2 else { continue }
                let survivors = values.filter { v in
                    var trial = state
                    assign(&trial, b, v)
                    return refute(trial, value: v) == nil
                }
                if survivors.count == 1 {
                    found.add(b) {
                        let ruledOut = values.filter { $0 != survivors[0] }
                        let refutations = ruledOut.compactMap { v in
                            var trial = state
                            assign(&trial, b, v)
                            return refute(trial, value: v)
                        }
                        return Move(blank: b, value: survivors[0], equations: equationsOf[b], ruledOut: ruledOut,
                                    refutations: refutations)
                    }
                }
            }
        case .guess:
            break
        }
        return found.first.map { ($0, found.offers) }
    }

    private func subsets(of items: [Int], upTo size: Int) -> [[Int]] {
        var result: [[Int]] = items.map { [$0] }
        if size >= 2 {
            for i in items.indices { for j in (i + 1)..<items.count { result.append([items[i], items[j]]) } }
        }
        if size >= 3, items.count <= 24 {
            for i in items.indices {
                for j in (i + 1)..<items.count {
                    for k in (j + 1)..<items.count { result.append([items[i], items[j], items[k]]) }
                }
            }
        }
        return result
    }

    /// Why the trial `state` (with `value` just tried) is a dead end, or
    /// `nil` when it is not shown to be one. It is narrowed (with crossing
    /// pairs); every cell left a single value is filled in, using up its
    /// tile, and it is narrowed again, until narrowing leaves some cell no
    /// value, some tile fewer places than it has copies left, or a forced
    /// cell needs a tile that is used up. Nothing is tried inside the trial.
    func refute(_ trial: _DeductionState, value: Int) -> Trial? {
        var state = trial
        var forced: [(blank: Int, value: Int)] = []
        while true {
            let narrowed = narrowing(state, pairs: true)
            if let failed = narrowed.failedBy {
                return Trial(value: value, forced: forced, failure: .equations(failed, candidates: narrowed.failedCandidates), end: state)
            }
            var holders = [Int](repeating: 0, count: model.values.count)
            for domain in narrowed.domains {
                for v in domain.indices where domain[v] { holders[v] += 1 }
            }
            if let v = model.values.indices.first(where: { state.remaining[$0] > holders[$0] }) {
                return Trial(value: value, forced: forced, failure: .tile(v, places: holders[v]), end: state)
            }
            let singles = model.blanks.indices.filter { state.assigned[$0] < 0 && narrowed.values($0).count == 1 }
            if singles.isEmpty { return nil }
            for b in singles {
                let v = narrowed.values(b)[0]
                guard state.remaining[v] > 0 else {
                    return Trial(value: value, forced: forced, failure: .usedUp(v, blank: b), end: state)
                }
                assign(&state, b, v)
                forced.append((b, v))
            }
        }
    }

    /// The links of a narrowing's chain, each pair link with the tile a
    /// value it took away would need more of than are left (when that tile
    /// is the same for every way of filling the two equations in).
    func explained(_ chain: [Link], _ state: _DeductionState) -> [Link] {
        var before = [[Int]?](repeating: nil, count: model.blanks.count)
        let pool = model.values.indices.filter { state.remaining[$0] > 0 }
        return chain.map { link in
            var link = link
            let previous = before[link.blank] ?? pool
            before[link.blank] = link.left
            guard link.by.count == 2 else { return link }
            for v in previous where !link.left.contains(v) {
                if let (tile, need) = shortage(link.by[0], link.by[1], blank: link.blank, value: v, state) {
                    link.shortage = (v, tile, need, state.remaining[tile])
                    break
                }
            }
            return link
        }
    }

    /// With `value` in `blank` (the other cells free to take any tile
    /// left), the one tile every way of filling equations `e1` and `e2` in
    /// together needs more of than are left, and the fewest it needs; `nil`
    /// when some way fits or the ways disagree.
    func shortage(_ e1: Int, _ e2: Int, blank: Int, value: Int, _ state: _DeductionState) -> (tile: Int, need: Int)? {
        var domains = model.blanks.indices.map { _ in model.values.indices.map { state.remaining[$0] > 0 } }
        domains[blank] = model.values.indices.map { $0 == value }
        let live1 = liveTuples(e1, state, domains: domains), live2 = liveTuples(e2, state, domains: domains)
        guard live1.count * live2.count <= Self.pairBudget else { return nil }
        let vars1 = model.tables[e1].variables, vars2 = model.tables[e2].variables
        var tile: Int?, need = Int.max
        for t1 in live1 {
            for t2 in live2 {
                var cells: [(blank: Int, value: Int)] = []
                var agree = true
                for (vars, t) in [(vars1, t1), (vars2, t2)] {
                    for (k, b) in vars.enumerated() where state.assigned[b] < 0 {
                        if let other = cells.first(where: { $0.blank == b }) {
                            if other.value != t[k] { agree = false }
                        } else {
                            cells.append((b, t[k]))
                        }
                    }
                }
                guard agree else { continue }
                var used = [Int](repeating: 0, count: model.values.count)
                for cell in cells { used[cell.value] += 1 }
                let over = model.values.indices.filter { used[$0] > state.remaining[$0] }
                guard over.count == 1, tile == nil || tile == over[0] else { return nil }
                tile = over[0]
                need = min(need, used[over[0]])
            }
        }
        return tile.map { ($0, need) }
    }

    /// True when some equation can no longer be completed or some tile has
    /// nowhere to go.
    func contradiction(_ state: _DeductionState) -> Bool {
        live.prepare(state)
        if live.deadEquations > 0 { return true }
        if state.open == 0 { return false }
        if live.blanksWithoutCandidate > 0 { return true }
        // Empty cells in no equation may take any value with tiles left.
        let free = blanksInNoEquation.reduce(0) { $0 + (state.assigned[$1] < 0 ? 1 : 0) }
        if free == 0 { return live.shortValues > 0 }
        if free > 0 && !state.remaining.contains(where: { $0 > 0 }) { return true }
        return model.values.indices.contains {
            state.remaining[$0] > live.holders($0) + (state.remaining[$0] > 0 ? free : 0)
        }
    }

    // MARK: Solving
}

extension _DeductionEngine: TieredSolver {
    /// Solved when no cell is empty; dead when some equation or tile has no
    /// way left. A hint stops after the first step.
    mutating func status(_ state: inout _DeductionState) -> Bool? {
        if stopAfterFirstStep && !state.steps.isEmpty { return true }
        if contradiction(state) { return false }
        return state.open == 0 ? true : nil
    }

    /// Places the first move of the easiest technique that has any; the
    /// search budget counts these steps.
    mutating func deduce(_ state: inout _DeductionState, depth: Int) -> DeductionResult {
        if deadline.passed { timedOut = true }
        if timedOut { return .none }
        budget -= 1
        if budget < 0 { return .contradiction }
        if !state.pending.isEmpty {
            // A cell the last narrowing already fixed: written in at once.
            let (blank, value, from) = state.pending.removeFirst()
            guard state.assigned[blank] < 0 else { return .progress }
            guard state.remaining[value] > 0 else { return .contradiction }
            let move = Move(blank: blank, value: value, equations: equationsOf[blank], followsStep: from)
            state.steps.append(step(state.steps[from].technique, move, offer: state.pending.count + 1, state, depth: depth))
            assign(&state, blank, value)
            return .progress
        }
        guard let (technique, move, offers) = nextMove(state) else { return .none }
        state.pending = move.fixedTogether.map { ($0.blank, $0.value, state.steps.count) }
        state.steps.append(step(technique, move, offer: offers, state, depth: depth))
        assign(&state, move.blank, move.value)
        return .progress
    }

    /// The empty cell with the fewest candidates, its values ascending.
    mutating func guesses(_ state: _DeductionState, depth: Int) -> [_DeductionState]? {
        if timedOut { return nil }
        let open = model.blanks.indices.filter { state.assigned[$0] < 0 }
        let lists = open.map { candidates($0, state) }
        guard let pick = open.indices.min(by: { (lists[$0].count, open[$0]) < (lists[$1].count, open[$1]) }) else { return [] }
        let blank = open[pick]
        return lists[pick].indices.map { i in
            let value = lists[pick][i]
            var trial = state
            trial.steps.append(step(.guess, Move(blank: blank, value: value, equations: equationsOf[blank],
                                                 ruledOut: Array(lists[pick][..<i])),
                                    offer: lists[pick].count, state, depth: depth + 1))
            assign(&trial, blank, value)
            return trial
        }
    }

    func mayTryGuess(depth: Int) -> Bool { budget >= 0 && !timedOut }

    mutating func backtracked() { backtracks += 1 }

    private func step(_ technique: Technique, _ move: Move, offer: Int, _ state: _DeductionState, depth: Int) -> GradeStep {
        GradeStep(technique: technique, position: model.blanks[move.blank], value: model.values[move.value],
                  equations: move.equations, candidates: move.candidates.map { $0.map { model.values[$0] } },
                  lockedCells: move.locked.map { model.blanks[$0] }, fixedTogether: move.fixedTogether.map { model.blanks[$0.blank] },
                  ruledOut: move.ruledOut.map { model.values[$0] },
                  refutations: move.refutations.map(refutation), usedUpTiles: move.usedUp.map { model.values[$0] },
                  chain: move.chain.map { link in
                      NarrowingLink(equations: link.by, position: model.blanks[link.blank], left: link.left.map { model.values[$0] },
                                    shortage: link.shortage.map { (model.values[$0.value], model.values[$0.tile], $0.need, $0.available) })
                  },
                  followsStep: move.followsStep,
                  movesOnOffer: offer, blanksLeft: state.open, guessDepth: depth)
    }

    /// A trial's dead end in the level's terms.
    private func refutation(_ trial: Trial) -> TrialRefutation {
        let failure: TrialFailure
        switch trial.failure {
        case .equations(let equations, let candidates):
            failure = .equations(equations, placed: equations.map { e in
                level.equations[e].cellPositions.map { p in
                    model.blanks.firstIndex(of: p).flatMap { trial.end.assigned[$0] >= 0 ? model.values[trial.end.assigned[$0]] : nil }
                }
            }, candidates: candidates.map { CellCandidates(model.blanks[$0.blank], $0.values.map { model.values[$0] }) })
        case .tile(let v, let places): failure = .tile(model.values[v], left: trial.end.remaining[v], places: places)
        case .usedUp(let v, let blank): failure = .usedUp(model.values[v], at: model.blanks[blank])
        }
        return TrialRefutation(
            value: model.values[trial.value], forced: trial.forced.map { CellValue(model.blanks[$0.blank], model.values[$0.value]) },
            failure: failure,
            tilesLeft: model.values.indices.flatMap { repeatElement(model.values[$0], count: max(0, trial.end.remaining[$0])) })
    }
}
