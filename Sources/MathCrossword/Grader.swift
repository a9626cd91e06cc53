import ConstraintSolver
import PuzzleKit

/// One deduction: a number placed in an empty cell, and why.
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
    /// For contradiction: the values that lead to a dead end here.
    public var ruledOut: [PuzzleNumber] = []
    /// Steps that became possible at the same time share a round (1-based).
    public var round: Int
    /// How many empty cells the same technique could have filled at this point.
    public var movesOnOffer: Int
    /// Empty cells left before this step.
    public var blanksLeft: Int
    /// How many guesses this step sits under (0 outside any guess).
    public var guessDepth: Int
}

/// How hard a level is for a person, and why.
public struct GradeReport: Sendable {
    /// Every step that leads to the solution, in order. Failed guesses are not
    /// in it; they are counted in ``backtracks``.
    public var steps: [GradeStep]
    /// False when the guess budget ran out before a solution was reached.
    public var solved: Bool
    /// False when the time limit stopped grading: the label and score are
    /// then what the steps so far needed, a lower bound.
    public var complete: Bool = true
    /// False when a budget stopped the uniqueness check before it knew:
    /// ``solutionsUpTo2`` is then only what it found.
    public var solutionsKnown: Bool = true
    /// Solutions, counted up to 2 (2 means "two or more").
    public var solutionsUpTo2: Int
    public var hardestTechnique: Technique?
    public var label: DifficultyLabel
    public var score: Int
    public var guesses: Int
    public var backtracks: Int
    public var maxGuessDepth: Int
    public var rounds: Int
    public var forcedShare: Double
    public var longestForcedRun: Int
    public var meanMovesOnOffer: Double
    /// Mean over steps of moves on offer ÷ empty cells left.
    public var visibility: Double
    public var blanks: Int
    public var distinctPoolValues: Int
    public var crossingCells: Int
    public var blankCrossingCells: Int
    public var minCrossingsPerEquation: Int
    public var meanCrossingsPerEquation: Double

    /// True when the level has more than one solution (it is graded anyway).
    public var multipleSolutions: Bool { solutionsUpTo2 > 1 }

    public var meanStepsPerRound: Double { rounds == 0 ? 0 : Double(steps.count) / Double(rounds) }

    /// Steps per technique, in technique order.
    public var stepsPerTechnique: [(Technique, Int)] {
        Technique.allCases.map { t in (t, steps.lazy.filter { $0.technique == t }.count) }
    }
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

    public init() {}

    /// Grades `level` (its `currentValue`s are ignored).
    ///
    /// - Parameters:
    ///   - level: the level to grade.
    ///   - solutionsUpTo2: the level's solutions counted up to 2, when the
    ///     caller already has them; otherwise the grader counts them.
    ///   - timeLimit: when given, grading stops once this much time has
    ///     passed (the clock is read before every step), with
    ///     ``GradeReport/complete`` false.
    public func grade(_ level: Puzzle, solutionsUpTo2: Int? = nil, timeLimit: Duration? = nil) throws(SolveError) -> GradeReport {
        grade(level, model: try Solver(level: level), solutionsUpTo2: solutionsUpTo2, timeLimit: timeLimit)
    }

    /// ``grade(_:solutionsUpTo2:timeLimit:)`` with the level's model already
    /// built (the one its uniqueness check used).
    ///
    /// - Parameters:
    ///   - level: the level to grade.
    ///   - model: `Solver(level: level)`.
    ///   - solutionsUpTo2: the level's solutions counted up to 2, when known.
    ///   - timeLimit: when given, grading stops once this much time has passed.
    public func grade(_ level: Puzzle, model: Solver, solutionsUpTo2: Int? = nil, timeLimit: Duration? = nil) -> GradeReport {
        grade(level, model: model, solutionsUpTo2: solutionsUpTo2, timeLimit: timeLimit, deriving: true)
    }

    /// ``grade(_:model:solutionsUpTo2:timeLimit:)``; with `deriving` false
    /// every state's live tuples are filtered from the tables anew (tests
    /// compare the two).
    func grade(_ level: Puzzle, model: Solver, solutionsUpTo2: Int?, timeLimit: Duration?, deriving: Bool) -> GradeReport {
        let deadline = Deadline(timeLimit)
        var count = solutionsUpTo2.map { min($0, 2) } ?? 0
        var solutionsKnown = true
        if solutionsUpTo2 == nil {
            let counted = model.solve(SearchLimits(solutions: 2, nodes: DefaultBudget.nodes,
                                                   time: deadline.remaining))
            count = counted.solutionCount
            solutionsKnown = counted.complete || counted.stopReason == .solutionLimit
        }
        var engine = _DeductionEngine(model: model, level: level)
        engine.live.deriving = deriving
        engine.deadline = deadline
        let solved: Bool
        let end: _DeductionState
        switch engine.solveTiered(engine.initialState()) {
        case .solved(let state): (solved, end) = (true, state)
        case .stuck(let state), .contradiction(let state): (solved, end) = (false, state)
        }
        var graded = report(level, steps: end.steps, solved: solved, solutionsUpTo2: count, backtracks: engine.backtracks)
        graded.solutionsKnown = solutionsKnown
        if engine.timedOut {
            graded.complete = false
            graded.label = graded.hardestTechnique?.label ?? .easy
        }
        return graded
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

    private func report(_ level: Puzzle, steps rawSteps: [GradeStep], solved: Bool, solutionsUpTo2: Int,
                        backtracks: Int) -> GradeReport {
        var steps = rawSteps
        // Rounds: a step waits for the steps that filled a cell of the
        // equations it read; pool-wide techniques and guesses wait for all.
        var roundOfCell: [GridPosition: Int] = [:]
        var latest = 0
        for i in steps.indices {
            let step = steps[i]
            let round: Int
            switch step.technique {
            case .onlyPlace, .narrowing, .poolCounting, .crossingPair, .contradiction, .guess:
                round = latest + 1
            default:
                let cells = step.equations.flatMap { level.equations[$0].cellPositions }
                round = 1 + (cells.compactMap { roundOfCell[$0] }.max() ?? 0)
            }
            steps[i].round = round
            roundOfCell[step.position] = round
            latest = max(latest, round)
        }
        let metrics = TraceMetrics(steps.map {
            TraceStep(round: $0.round, movesOnOffer: $0.movesOnOffer, openCells: $0.blanksLeft, isGuess: $0.technique == .guess)
        })
        let hardest = steps.map(\.technique).max()
        let crossings = CrossingMetrics(level)
        return GradeReport(
            steps: steps, solved: solved, solutionsUpTo2: solutionsUpTo2, hardestTechnique: hardest,
            label: solved ? (hardest?.label ?? .easy) : .guessRequired,
            score: steps.reduce(0) { $0 + $1.technique.weight } + latest + backtracks * Technique.guess.weight,
            guesses: steps.filter { $0.technique == .guess }.count, backtracks: backtracks,
            maxGuessDepth: steps.map(\.guessDepth).max() ?? 0, rounds: metrics.rounds,
            forcedShare: metrics.forcedShare, longestForcedRun: metrics.longestForcedRun,
            meanMovesOnOffer: metrics.meanMovesOnOffer, visibility: metrics.visibility ?? 0,
            blanks: level.blankPositions.count, distinctPoolValues: Set(level.numberPool).count,
            crossingCells: crossings.cells, blankCrossingCells: crossings.blankCells,
            minCrossingsPerEquation: crossings.perEquation.min() ?? 0,
            meanCrossingsPerEquation: Double(crossings.perEquation.reduce(0, +)) / Double(max(1, crossings.perEquation.count)))
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
        var owners: [GridPosition: [Int]] = [:]
        for (e, equation) in level.equations.enumerated() {
            for p in equation.cellPositions { owners[p, default: []].append(e) }
        }
        var perEquation = [Int](repeating: 0, count: level.equations.count)
        var cells = 0, blankCells = 0
        for (position, list) in owners where list.count > 1 {
            cells += 1
            if level[position].type == .emptyOperand { blankCells += 1 }
            for e in list { perEquation[e] += list.count - 1 }
        }
        self.cells = cells
        self.blankCells = blankCells
        self.perEquation = perEquation
    }
}

/// The board a person sees: placed values and the tiles left.
struct _DeductionState {
    var assigned: [Int]   // value index per empty cell, -1 while empty
    var remaining: [Int]  // tiles left per value index
    var open: Int         // empty cells left
    var steps: [GradeStep] = []
}

/// The techniques, applied to a `Solver`'s tables.
struct _DeductionEngine {
    struct Move {
        var blank: Int
        var value: Int
        var equations: [Int]
        var candidates: [[Int]] = []
        var locked: [Int] = []
        var fixedTogether: [Int] = []
        var ruledOut: [Int] = []
    }

    let model: Solver
    let level: Puzzle
    let equationsOf: [[Int]]   // per blank: equations with a table through it
    /// Each equation's live tuples for the states asked about last.
    let live: _LiveTuples
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
        self.live = _LiveTuples(model: model, equationsOf: equationsOf)
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
    }

    // MARK: Candidates

    /// The tuples of equation `e` that agree with the placed values, fit in
    /// the tiles left and, when `domains` are given, keep every empty cell
    /// within its candidates (`domains[blank][value]`).
    func liveTuples(_ e: Int, _ state: _DeductionState, domains: [[Bool]]? = nil) -> [[Int]] {
        let tuples = model.tables[e].tuples
        let variables = model.tables[e].variables
        var live: [[Int]] = []
        for t in self.live.indices(e, state) {
            let tuple = tuples[Int(t)]
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
        let pool = model.values.indices.map { state.remaining[$0] > 0 }
        var result = Narrowing(domains: model.blanks.indices.map { state.assigned[$0] < 0 ? pool : [] },
                               narrowedBy: Array(repeating: [], count: model.blanks.count))
        func keep(_ blank: Int, _ support: [Bool], by equations: [Int]) -> Bool? {
            var changed = false
            for v in model.values.indices where result.domains[blank][v] && !support[v] {
                result.domains[blank][v] = false
                result.narrowedBy[blank] = equations
                changed = true
            }
            return result.domains[blank].contains(true) ? changed : nil
        }
        var changed = true
        while changed {
            changed = false
            for e in model.tables.indices {
                let variables = model.tables[e].variables
                let open = variables.indices.filter { state.assigned[variables[$0]] < 0 }
                guard !open.isEmpty else {
                    if liveTuples(e, state).isEmpty { return nil }
                    continue
                }
                var support = [[Bool]](repeating: [Bool](repeating: false, count: model.values.count), count: variables.count)
                for tuple in liveTuples(e, state, domains: result.domains) {
                    for k in open { support[k][tuple[k]] = true }
                }
                for k in open {
                    guard let narrowed = keep(variables[k], support[k], by: [e]) else { return nil }
                    changed = changed || narrowed
                }
            }
            if changed || !pairs { continue }
            for (e1, e2) in crossingPairs(state) {
                guard let support = pairSupport(e1, e2, state, result.domains) else { continue }
                for (b, values) in support {
                    guard let narrowed = keep(b, values, by: [e1, e2]) else { return nil }
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
        var pairs: [(Int, Int)] = []
        for e1 in model.tables.indices {
            for e2 in (e1 + 1)..<model.tables.count
            where model.tables[e1].variables.contains(where: { state.assigned[$0] < 0 && model.tables[e2].variables.contains($0) }) {
                pairs.append((e1, e2))
            }
        }
        return pairs
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
        return _LiveTuples.members(live.support(e, k, state))
    }

    /// The intersection of the candidates from every equation through `blank`.
    func candidates(_ blank: Int, _ state: _DeductionState) -> [Int] {
        guard let mask = candidateMask(blank, state) else {
            return (0..<model.values.count).filter { state.remaining[$0] > 0 }
        }
        return _LiveTuples.members(mask)
    }

    /// ``candidates(_:_:)`` as a bit set over value indices; `nil` when no
    /// equation runs through `blank`.
    func candidateMask(_ blank: Int, _ state: _DeductionState) -> [UInt64]? {
        candidateMask(blank, live.snapshot(state))
    }

    func candidateMask(_ blank: Int, _ snapshot: _LiveTuples.Snapshot) -> [UInt64]? {
        var result: [UInt64] = []
        return candidateMask(blank, snapshot, into: &result) ? result : nil
    }

    /// ``candidateMask(_:_:)`` written into `result` (a buffer reused from
    /// one cell to the next); false when no equation runs through `blank`.
    func candidateMask(_ blank: Int, _ snapshot: _LiveTuples.Snapshot, into result: inout [UInt64]) -> Bool {
        guard !equationsOf[blank].isEmpty else { return false }
        let words = live.words
        result.removeAll(keepingCapacity: true)
        result.append(contentsOf: repeatElement(~0, count: words))
        for e in equationsOf[blank] {
            guard let k = model.tables[e].variables.firstIndex(of: blank) else { continue }
            snapshot.support[e].withUnsafeBufferPointer { support in
                for w in 0..<words { result[w] &= support[k * words + w] }
            }
        }
        return true
    }

    func openEquationBlanks(_ e: Int, _ state: _DeductionState) -> [Int] {
        model.tables[e].variables.filter { state.assigned[$0] < 0 }
    }

    // MARK: Techniques

    /// The moves of the easiest technique that has any.
    func nextMoves(_ state: _DeductionState) -> (Technique, [Move])? {
        for technique in Technique.allCases where technique != .guess {
            let moves = self.moves(technique, state)
            if !moves.isEmpty { return (technique, moves) }
        }
        return nil
    }

    func moves(_ technique: Technique, _ state: _DeductionState) -> [Move] {
        var moves: [Move] = []
        var taken = Set<Int>()
        func add(_ move: Move) { if taken.insert(move.blank).inserted { moves.append(move) } }
        switch technique {
        case .oneBlank, .uniquePair:
            let open = technique == .oneBlank ? 1 : 2
            for e in model.tables.indices {
                let blanks = openEquationBlanks(e, state)
                guard blanks.count == open else { continue }
                let live = liveTuples(e, state)
                guard live.count == 1 else { continue }
                for b in blanks {
                    guard let k = model.tables[e].variables.firstIndex(of: b) else { continue }
                    add(Move(blank: b, value: live[0][k], equations: [e]))
                }
            }
        case .lastCandidate:
            for b in model.blanks.indices where state.assigned[b] < 0 {
                for e in equationsOf[b] where openEquationBlanks(e, state).count >= 2 {
                    let c = candidates(b, in: e, state)
                    if c.count == 1 { add(Move(blank: b, value: c[0], equations: [e])) }
                }
            }
        case .crossing:
            for b in model.blanks.indices where state.assigned[b] < 0 && equationsOf[b].count >= 2 {
                let lists = equationsOf[b].map { candidates(b, in: $0, state) }
                let common = lists.dropFirst().reduce(lists[0]) { r, c in r.filter(c.contains) }
                if common.count == 1 {
                    add(Move(blank: b, value: common[0], equations: equationsOf[b], candidates: lists))
                }
            }
        case .onlyPlace:
            let lists = model.blanks.indices.map { state.assigned[$0] < 0 ? candidates($0, state) : [] }
            for v in model.values.indices where state.remaining[v] > 0 {
                let holders = model.blanks.indices.filter { lists[$0].contains(v) }
                if holders.count == state.remaining[v] {
                    for b in holders { add(Move(blank: b, value: v, equations: equationsOf[b])) }
                }
            }
        case .narrowing, .crossingPair:
            guard let narrowed = narrow(state, pairs: technique == .crossingPair) else { break }
            for b in model.blanks.indices where state.assigned[b] < 0 && !narrowed.narrowedBy[b].isEmpty {
                let values = narrowed.values(b)
                if values.count == 1 { add(Move(blank: b, value: values[0], equations: narrowed.narrowedBy[b])) }
            }
            let fixed = moves.map(\.blank)
            for i in moves.indices { moves[i].fixedTogether = fixed.filter { $0 != moves[i].blank } }
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
                add(Move(blank: b, value: lists[b][0], equations: equationsOf[b], locked: lockedBy[b]))
            }
        case .contradiction:
            guard let narrowed = narrow(state, pairs: true) else { break }
            for b in model.blanks.indices where state.assigned[b] < 0 {
                let values = narrowed.values(b)
                guard values.count >= 2 else { continue }
                let survivors = values.filter { v in
                    var trial = state
                    assign(&trial, b, v)
                    return !deadEnd(trial)
                }
                if survivors.count == 1 {
                    add(Move(blank: b, value: survivors[0], equations: equationsOf[b],
                             ruledOut: values.filter { $0 != survivors[0] }))
                }
            }
        case .guess:
            break
        }
        return moves
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

    /// True when narrowing (with crossing pairs) leaves some cell no value or
    /// some tile fewer places than it has copies left.
    func deadEnd(_ state: _DeductionState) -> Bool {
        guard let narrowed = narrow(state, pairs: true) else { return true }
        var holders = [Int](repeating: 0, count: model.values.count)
        for domain in narrowed.domains {
            for v in domain.indices where domain[v] { holders[v] += 1 }
        }
        return model.values.indices.contains { state.remaining[$0] > holders[$0] }
    }

    /// True when some equation can no longer be completed or some tile has
    /// nowhere to go.
    func contradiction(_ state: _DeductionState) -> Bool {
        let snapshot = live.snapshot(state)
        for e in model.tables.indices where snapshot.live[e].isEmpty { return true }
        if state.open == 0 { return false }
        var holders = [Int](repeating: 0, count: model.values.count)
        var mask: [UInt64] = []
        for b in model.blanks.indices where state.assigned[b] < 0 {
            if candidateMask(b, snapshot, into: &mask) {
                guard mask.contains(where: { $0 != 0 }) else { return true }
                for (w, word) in mask.enumerated() {
                    var bits = word
                    while bits != 0 {
                        holders[w * 64 + bits.trailingZeroBitCount] += 1
                        bits &= bits - 1
                    }
                }
            } else {
                var any = false
                for v in model.values.indices where state.remaining[v] > 0 {
                    holders[v] += 1
                    any = true
                }
                if !any { return true }
            }
        }
        return model.values.indices.contains { state.remaining[$0] > holders[$0] }
    }

    // MARK: Solving
}

/// The live tuples of every equation (those agreeing with the placed values
/// and fitting in the tiles left, as ``_DeductionEngine/liveTuples(_:_:domains:)``
/// without domains) and, per empty cell of each equation, the values they
/// give it, for the two states asked about last.
///
/// A state reached from a kept one by placing values only (nothing taken
/// back) is derived from it: only the equations through a newly placed cell,
/// and those whose live tuples give an open cell a value with fewer tiles
/// left now, are filtered again, and only among the tuples live in the kept
/// state. Placing a value can only kill tuples, and a
/// tuple outside both groups neither agrees less nor needs a tile that is
/// gone, so the others keep their live tuples. Any other state is built from
/// the tables. The work per step so grows with the equations it touches, not
/// with all of them.
final class _LiveTuples {
    /// One state's live tuples (a class: handed out without copying).
    final class Snapshot {
        let assigned: [Int]
        let remaining: [Int]
        /// Per equation: indices of its live tuples, ascending.
        var live: [[Int32]]
        /// Per equation: for each of its cells, the values its live tuples
        /// give it, as a bit set of `words` words.
        var support: [[UInt64]]
        /// Per equation: the values its live tuples give its open cells.
        var openValues: [[UInt64]]

        init(assigned: [Int], remaining: [Int], live: [[Int32]], support: [[UInt64]], openValues: [[UInt64]]) {
            self.assigned = assigned
            self.remaining = remaining
            self.live = live
            self.support = support
            self.openValues = openValues
        }
    }

    let model: Solver
    let equationsOf: [[Int]]
    let words: Int
    /// False: never derive, filter every state's tables anew.
    var deriving = true
    /// The kept states, the one used last first.
    private var kept: [Snapshot] = []
    /// Equations filtered again from their tables so far (a deterministic
    /// measure of the work done).
    private(set) var refiltered = 0

    init(model: Solver, equationsOf: [[Int]]) {
        self.model = model
        self.equationsOf = equationsOf
        self.words = max(1, (model.values.count + 63) / 64)
    }

    /// The ascending value indices of a bit set.
    static func members(_ mask: [UInt64]) -> [Int] {
        var result: [Int] = []
        for (w, word) in mask.enumerated() {
            var bits = word
            while bits != 0 {
                result.append(w * 64 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return result
    }

    /// The live tuple indices of equation `e` in `state`.
    func indices(_ e: Int, _ state: _DeductionState) -> [Int32] {
        snapshot(state).live[e]
    }

    /// The values the live tuples of equation `e` give its `k`th cell.
    func support(_ e: Int, _ k: Int, _ state: _DeductionState) -> [UInt64] {
        Array(snapshot(state).support[e][(k * words)..<((k + 1) * words)])
    }

    /// The kept snapshot of `state`, derived or built when needed.
    func snapshot(_ state: _DeductionState) -> Snapshot {
        if let i = kept.firstIndex(where: { $0.assigned == state.assigned && $0.remaining == state.remaining }) {
            if i != 0 { kept.swapAt(0, i) }
            return kept[0]
        }
        let made: Snapshot
        if deriving, let base = kept.first(where: { placesOnly(from: $0, to: state) }) {
            made = Snapshot(assigned: state.assigned, remaining: state.remaining, live: base.live, support: base.support,
                            openValues: base.openValues)
            var dirty = [Bool](repeating: false, count: model.tables.count)
            for b in state.assigned.indices where base.assigned[b] != state.assigned[b] {
                for e in equationsOf[b] { dirty[e] = true }
            }
            var fewer: [Int] = []
            for v in state.remaining.indices where state.remaining[v] < base.remaining[v] { fewer.append(v) }
            for e in dirty.indices where !dirty[e] {
                let open = base.openValues[e]
                if fewer.contains(where: { open[$0 / 64] & (1 << UInt64($0 % 64)) != 0 }) { dirty[e] = true }
            }
            for e in dirty.indices where dirty[e] { filter(e, into: made, among: base.live[e]) }
        } else {
            let count = model.tables.count
            made = Snapshot(assigned: state.assigned, remaining: state.remaining,
                            live: Array(repeating: [], count: count), support: Array(repeating: [], count: count),
                            openValues: Array(repeating: [], count: count))
            for e in 0..<count { filter(e, into: made, among: nil) }
        }
        kept.insert(made, at: 0)
        if kept.count > 2 { kept.removeLast() }
        return made
    }

    /// Whether `state` follows from `base` by placing values only.
    private func placesOnly(from base: Snapshot, to state: _DeductionState) -> Bool {
        guard base.assigned.count == state.assigned.count, base.remaining.count == state.remaining.count else { return false }
        for b in state.assigned.indices where base.assigned[b] != state.assigned[b] && base.assigned[b] >= 0 { return false }
        for v in state.remaining.indices where state.remaining[v] > base.remaining[v] { return false }
        return true
    }

    /// Filters equation `e`'s table for `snapshot`'s state: the tuples at
    /// `among` (those live in a state it follows from by placing values
    /// only, ascending), or the whole table.
    private func filter(_ e: Int, into snapshot: Snapshot, among: [Int32]?) {
        refiltered += 1
        let variables = model.tables[e].variables
        let tuples = model.tables[e].tuples
        var live: [Int32] = []
        live.reserveCapacity(among?.count ?? tuples.count)
        var support = [UInt64](repeating: 0, count: variables.count * words)
        var openValues = [UInt64](repeating: 0, count: words)
        var used: [(value: Int, count: Int)] = []
        let assigned = snapshot.assigned, remaining = snapshot.remaining
        let count = among?.count ?? tuples.count
        outer: for i in 0..<count {
            let t = among.map { Int($0[i]) } ?? i
            let tuple = tuples[t]
            used.removeAll(keepingCapacity: true)
            for (k, variable) in variables.enumerated() {
                let a = assigned[variable]
                let value = tuple[k]
                if a >= 0 {
                    if a != value { continue outer }
                } else if let slot = used.firstIndex(where: { $0.value == value }) {
                    used[slot].count += 1
                    if used[slot].count > remaining[value] { continue outer }
                } else {
                    if remaining[value] < 1 { continue outer }
                    used.append((value, 1))
                }
            }
            live.append(Int32(t))
            for (k, variable) in variables.enumerated() {
                let value = tuple[k]
                support[k * words + value / 64] |= 1 << UInt64(value % 64)
                if assigned[variable] < 0 { openValues[value / 64] |= 1 << UInt64(value % 64) }
            }
        }
        snapshot.live[e] = live
        snapshot.support[e] = support
        snapshot.openValues[e] = openValues
    }
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
        guard let (technique, moves) = nextMoves(state) else { return .none }
        let move = moves[0]
        state.steps.append(step(technique, move, offer: moves.count, state, depth: depth))
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
        return lists[pick].map { value in
            var trial = state
            trial.steps.append(step(.guess, Move(blank: blank, value: value, equations: equationsOf[blank]),
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
                  lockedCells: move.locked.map { model.blanks[$0] }, fixedTogether: move.fixedTogether.map { model.blanks[$0] },
                  ruledOut: move.ruledOut.map { model.values[$0] },
                  round: 0, movesOnOffer: offer, blanksLeft: state.open, guessDepth: depth)
    }
}

extension GradeReport {
    /// The report as named values, for JSON and CSV output; the same keys in
    /// every row.
    public var fields: [(key: String, value: ReportValue)] {
        var fields: [(key: String, value: ReportValue)] = [
            ("label", .string(label.rawValue)), ("score", .int(score)),
            ("hardestTechnique", hardestTechnique.map { .string($0.code) } ?? .null),
            ("solved", .bool(solved)), ("solutionsUpTo2", .int(solutionsUpTo2)),
            ("multipleSolutions", .bool(multipleSolutions)),
            ("steps", .int(steps.count)), ("rounds", .int(rounds)), ("meanStepsPerRound", .double(meanStepsPerRound)),
            ("guesses", .int(guesses)), ("backtracks", .int(backtracks)), ("maxGuessDepth", .int(maxGuessDepth)),
            ("forcedShare", .double(forcedShare)), ("longestForcedRun", .int(longestForcedRun)),
            ("meanMovesOnOffer", .double(meanMovesOnOffer)), ("visibility", .double(visibility)),
            ("blanks", .int(blanks)), ("distinctPoolValues", .int(distinctPoolValues)),
            ("crossingCells", .int(crossingCells)), ("blankCrossingCells", .int(blankCrossingCells)),
            ("minCrossingsPerEquation", .int(minCrossingsPerEquation)),
            ("meanCrossingsPerEquation", .double(meanCrossingsPerEquation)),
        ]
        for (technique, count) in stepsPerTechnique {
            fields.append(("steps_\(technique.code)", .int(count)))
        }
        return fields
    }
}
