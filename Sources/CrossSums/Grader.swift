import PuzzleKit

/// One decision about one cell.
public struct CellMove: Sendable, Hashable, CustomStringConvertible {
    public let position: GridPosition
    public let decision: CellDecision

    public init(position: GridPosition, decision: CellDecision) {
        self.position = position
        self.decision = decision
    }

    public var description: String { "\(decision.rawValue) \(position)" }
}

/// Grades cross sums puzzles by solving them the way a person does: its
/// path is a trace (`CrossSumsFamily.Trace`, PuzzleKit's `GradeTrace`), from
/// which ``CrossSumsFamily`` computes the grade, the sentences and the hints.
///
/// The grader always applies the easiest technique of ``Technique`` that
/// makes progress somewhere in the grid, records the step, and starts again
/// from the easiest technique. Among lines offering the same technique the
/// first (rows before columns) is used; a ``Technique/rowAndColumn`` step is
/// the supposition with the shortest chain of consequences. When nothing
/// applies it guesses (keep first) in the undecided cell of the line with the
/// fewest undecided cells, and backs up when a guess leads to a dead end.
///
///     // . 3 2
///     // 3 3 5
///     // 2 7 2
///     let family = CrossSumsFamily()
///     let trace = try Grader(puzzle: puzzle).grade()
///     print(family.label(trace), trace.score)
///     // Prints "easy 4"
///     print(family.sentence(trace.steps[0], in: puzzle, language: .english))
///     // Prints "Row 1 needs 3: the 5 in column 2 is too big, so remove it."
///
/// Deductions are sound, so a puzzle solved without guessing has exactly
/// one solution; whether that holds for a guessed one is shown by the
/// trace's `solutionsUpTo2`, which the solver counts separately.
public struct Grader: Sendable {
    public let puzzle: Puzzle
    let board: _Board

    /// - Throws: ``SolveError/invalidPuzzle(_:)`` for a malformed puzzle.
    public init(puzzle: Puzzle) throws(SolveError) {
        var checked = puzzle
        checked.solution = nil
        if let problem = checked.problem { throw .invalidPuzzle(problem) }
        self.puzzle = puzzle
        board = _Board(checked: puzzle)
    }

    /// Grades the puzzle with the techniques up to `limit`.
    ///
    /// - Parameters:
    ///   - limit: the hardest technique allowed; below ``Technique/guess`` the
    ///     trace may end `stuck`.
    ///   - guessBudget: the most guesses to try before giving up: the trace
    ///     ends `stuck` with the stop reason `guessLimit`.
    ///   - timeLimit: when given, grading gives up once this much CPU time
    ///     has passed (stop reason `timeLimit`; the clock is read as the work
    ///     goes, `WorkMeter`: each step, line settled, supposition and guess
    ///     counts the cells it looks at).
    ///   - solutionsUpTo2: the puzzle's solutions counted up to 2, when the
    ///     caller already has them; otherwise the solver counts them. A count
    ///     of 0 proves there is no solution: the trace is then `noSolution`
    ///     at once, without a search (which could spend its whole budget on a
    ///     wide grid before it saw the same).
    /// - Complexity: polynomial without guessing; each guess may double the work.
    public func grade(upTo limit: Technique = .guess, guessBudget: Int = 10_000, timeLimit: Duration? = nil,
                      solutionsUpTo2: Int? = nil) -> CrossSumsFamily.Trace {
        let count = solutionsUpTo2 ?? (try? Solver(puzzle: puzzle))?.countSolutions(limit: 2) ?? 0
        return grade(upTo: limit, guessBudget: guessBudget, timeLimit: timeLimit, knownSolutionsUpTo2: count)
    }

    /// ``grade(upTo:guessBudget:timeLimit:solutionsUpTo2:)`` with the count
    /// known, or `nil` when a budget stopped it before it knew (the trace's
    /// count is then unknown too).
    func grade(upTo limit: Technique = .guess, guessBudget: Int = 10_000, timeLimit: Duration?,
               knownSolutionsUpTo2 known: Int?) -> CrossSumsFamily.Trace {
        var run = _GradeRun(board: board, limit: limit, guessBudget: guessBudget)
        let start = _SearchState(board: board)
        if known == 0 { return run.trace(.contradiction(start), solutionsUpTo2: 0) }
        run.propagator.meter = WorkMeter(Deadline(timeLimit))
        let outcome = run.solveTiered(start)
        return run.trace(outcome, solutionsUpTo2: known.map { min($0, 2) })
    }

    /// The next step from a partly marked grid: the easiest deduction
    /// available, or `nil` when there is none without guessing (or the marks
    /// contradict the sums). This is what a hint shows
    /// (``CrossSumsFamily/sentence(_:in:language:)`` says it).
    ///
    /// - Parameter marks: per cell `nil` (undecided) or the player's decision;
    ///   of the grid's shape.
    public func nextStep(marks: [[CellDecision?]]) -> CrossSumsFamily.Trace.Step? {
        guard marks.count == board.rows, marks.allSatisfy({ $0.count == board.columns }) else { return nil }
        var state = _SearchState(board: board)
        for r in 0..<board.rows {
            for c in 0..<board.columns {
                if let mark = marks[r][c] {
                    state.cells[r * board.columns + c] = mark == .keep ? _kept : _removed
                    state.open -= 1
                }
            }
        }
        var run = _GradeRun(board: board, limit: .rowAndColumn, guessBudget: 0)
        return run.nextStep(&state)
    }
}

extension GradeTrace.Step where Facts == StepFacts {
    /// The cells the step decides, each kept or removed, in order.
    public var moves: [CellMove] {
        decides.compactMap { decision in
            guard case .cell(let position) = decision.place else { return nil }
            switch decision.mark {
            case .kept: return CellMove(position: position, decision: .keep)
            case .removed: return CellMove(position: position, decision: .remove)
            case .value, .path: return nil
            }
        }
    }
}

extension Line {
    /// The line as a place of a trace.
    var place: TracePlace {
        switch self {
        case .row(let r): return .row(r)
        case .column(let c): return .column(c)
        }
    }
}

extension CellMove {
    /// The move as a decision of a trace.
    var traceDecision: TraceDecision { TraceDecision(.cell(position), decision == .keep ? .kept : .removed) }
}

/// The state of one branch of grading.
struct _SearchState {
    var cells: [Int8]
    /// The round in which each cell was decided (0: undecided or given).
    var roundOf: [Int]
    var findings: [_LineFinding]
    var dirty: [Bool]
    var steps: [CrossSumsFamily.Trace.Step] = []
    /// Undecided cells.
    var open: Int

    init(board: _Board) {
        cells = [Int8](repeating: _undecided, count: board.cellCount)
        open = board.cellCount
        roundOf = [Int](repeating: 0, count: board.cellCount)
        findings = [_LineFinding](repeating: .nothing, count: board.lineCount)
        dirty = [Bool](repeating: true, count: board.lineCount)
    }
}

/// One grading run: the search over guesses and the bookkeeping of the trace.
struct _GradeRun {
    let board: _Board
    let limit: Technique
    let guessBudget: Int
    var guesses = 0
    var backtracks = 0
    /// The budget that stopped the run (time or guesses), else `exhausted`.
    var stopReason = StopReason.exhausted
    /// Its ``_Propagator/meter`` is the time budget of the whole run.
    var propagator: _Propagator

    var budgetExceeded: Bool { stopReason != .exhausted }

    /// Counts `work` (cells looked at) against the time budget; whether a
    /// budget has run out (and records that time did). Every step and every
    /// supposition counts, so no loop over a wide grid outruns the budget.
    mutating func outOfTime(after work: Int) -> Bool {
        if propagator.meter.passed(after: work), stopReason == .exhausted { stopReason = .timeLimit }
        return budgetExceeded
    }

    init(board: _Board, limit: Technique, guessBudget: Int) {
        self.board = board
        propagator = _Propagator(board: board)
        self.limit = limit
        self.guessBudget = guessBudget
    }

    /// The next step from `state` without guessing, applied to it.
    mutating func nextStep(_ state: inout _SearchState) -> CrossSumsFamily.Trace.Step? {
        let before = state.steps.count
        guard case .progress = step(&state, depth: 0), state.steps.count > before else { return nil }
        return state.steps.last
    }

    /// Applies the easiest available deduction (up to `limit`, guessing excluded).
    mutating func step(_ state: inout _SearchState, depth: Int) -> DeductionResult {
        // A step looks at every line at least once.
        if outOfTime(after: board.lineCount) { return .none }
        refresh(&state)
        var best: Technique?
        for finding in state.findings {
            switch finding {
            case .contradiction: return .contradiction
            case .move(let move):
                if let current = best, current <= move.technique { break }
                best = move.technique
            case .nothing: break
            }
        }
        if let best, best <= limit {
            var offered: [Int] = []
            var chosen: _LineMove?
            for case .move(let move) in state.findings where move.technique == best {
                if chosen == nil { chosen = move }
                offered.append(contentsOf: move.cells)
            }
            guard let move = chosen else { return .none }
            let round = 1 + roundOfLines([move.line], state)
            let facts = StepFacts.line(lineState(move.line, state.cells))
            let step = CrossSumsFamily.Trace.Step(
                technique: move.technique, reads: [board.line(move.line).place], decides: decisions(move.cells, move.keep),
                round: round, movesOnOffer: Set(offered).count, openCells: state.open, guessDepth: depth, facts: facts)
            apply(&state, cells: move.cells, keep: move.keep, round: round)
            state.steps.append(step)
            return .progress
        }
        guard limit >= .rowAndColumn, !outOfTime(after: 0) else { return .none }
        // Row and column: suppositions that lead to a contradiction.
        // The fast propagator finds them; the one that decides the fewest
        // cells before its contradiction (the first on ties) is followed step
        // by step for the explanation (both reach the same fixpoint).
        var shortest: (cell: Int, keep: Bool, length: Int)?
        var offered = 0
        propagator.resetConsistency()
        for cell in 0..<board.cellCount where state.cells[cell] == _undecided {
            if outOfTime(after: 1) { return .none }
            var found = false
            for keep in [true, false] where propagator.refutes(cell, keep: keep, in: state.cells) {
                if found { return .contradiction }  // both decisions fail
                found = true
                let length = propagator.refutationLength
                if let current = shortest, current.length <= length { continue }
                shortest = (cell, keep, length)
            }
            if found { offered += 1 }
        }
        guard let best = shortest, let supposition = suppose(best.cell, keep: best.keep, state.cells) else { return .none }
        let lines = supposition.lines
        let round = 1 + roundOfLines(lines, state)
        let keep = !supposition.keep
        let step = CrossSumsFamily.Trace.Step(
            technique: .rowAndColumn, reads: lines.map { board.line($0).place }, decides: decisions([supposition.cell], [keep]),
            round: round, movesOnOffer: offered, openCells: state.open, guessDepth: depth,
            facts: .supposition(refutation(supposition, state.cells)))
        apply(&state, cells: [supposition.cell], keep: [keep], round: round)
        state.steps.append(step)
        return .progress
    }

    /// Follows the consequences of supposing `keep` for `cell` with the
    /// single-line techniques (breadth first); the chain when it ends in a
    /// contradiction, else `nil`.
    mutating func suppose(_ cell: Int, keep: Bool, _ cells: [Int8]) -> _Supposition? {
        var trial = cells
        trial[cell] = keep ? _kept : _removed
        var queue = [board.rowLine(of: cell), board.columnLine(of: cell)]
        var queued = [Bool](repeating: false, count: board.lineCount)
        for l in queue { queued[l] = true }
        var chain: [_LineMove] = []
        var head = 0
        while head < queue.count {
            let l = queue[head]
            head += 1
            queued[l] = false
            if outOfTime(after: board.lineStart[l + 1] - board.lineStart[l]) { return nil }
            switch board.analyze(l, trial, upTo: .combinations) {
            case .nothing:
                continue
            case .contradiction:
                return _Supposition(cell: cell, keep: keep, chain: chain, failedLine: l,
                                    seedLines: [board.rowLine(of: cell), board.columnLine(of: cell)])
            case .move(let move):
                chain.append(move)
                for (c, k) in zip(move.cells, move.keep) { trial[c] = k ? _kept : _removed }
                if !queued[l] { queued[l] = true; queue.append(l) }
                for c in move.cells {
                    let other = l < board.rows ? board.columnLine(of: c) : board.rowLine(of: c)
                    if !queued[other] { queued[other] = true; queue.append(other) }
                }
            }
        }
        return nil
    }

    /// Recomputes the findings of the lines that changed.
    func refresh(_ state: inout _SearchState) {
        for l in 0..<board.lineCount where state.dirty[l] {
            state.findings[l] = board.analyze(l, state.cells, upTo: min(limit, .combinations))
            state.dirty[l] = false
        }
    }

    func apply(_ state: inout _SearchState, cells: [Int], keep: [Bool], round: Int) {
        for (cell, k) in zip(cells, keep) {
            if state.cells[cell] == _undecided { state.open -= 1 }
            state.cells[cell] = k ? _kept : _removed
            state.roundOf[cell] = round
            state.dirty[board.rowLine(of: cell)] = true
            state.dirty[board.columnLine(of: cell)] = true
        }
    }

    /// The latest round among the decided cells of `lines`.
    func roundOfLines(_ lines: [Int], _ state: _SearchState) -> Int {
        var latest = 0
        for l in lines {
            for k in board.lineStart[l]..<board.lineStart[l + 1] { latest = max(latest, state.roundOf[board.lineCells[k]]) }
        }
        return latest
    }

    func moves(_ cells: [Int], _ keep: [Bool]) -> [CellMove] {
        zip(cells, keep).map { CellMove(position: board.position($0), decision: CellDecision(kept: $1)) }
    }

    func decisions(_ cells: [Int], _ keep: [Bool]) -> [TraceDecision] { moves(cells, keep).map(\.traceDecision) }

    /// Line `l` as it stands in `cells`: what it still needs, the total of
    /// its undecided numbers and their cells.
    func lineState(_ l: Int, _ cells: [Int8]) -> LineState {
        var undecided: [Int] = []
        let (need, open) = board.scan(l, cells, into: &undecided)
        return LineState(line: board.line(l), need: need, undecidedTotal: open, undecided: undecided.map(board.position))
    }

    /// What a failed supposition shows, from the grid `cells` before it.
    func refutation(_ s: _Supposition, _ cells: [Int8]) -> Refutation {
        var trial = cells
        trial[s.cell] = s.keep ? _kept : _removed
        for move in s.chain {
            for (c, k) in zip(move.cells, move.keep) { trial[c] = k ? _kept : _removed }
        }
        let failed = lineState(s.failedLine, trial)
        let failure: Refutation.Failure =
            failed.need < 0 ? .exceedsTarget : failed.need > failed.undecidedTotal ? .cannotReachTarget : .noCombination
        return Refutation(supposed: CellMove(position: board.position(s.cell), decision: CellDecision(kept: s.keep)),
                          chain: s.chain.map { LineConsequence(line: board.line($0.line), moves: moves($0.cells, $0.keep)) },
                          failedLine: failed.line, failure: failure, failedState: failed)
    }

    /// The first undecided cell of the line with the fewest undecided cells.
    func guessCell(_ state: _SearchState) -> Int {
        var best = -1
        var bestCount = Int.max
        for l in 0..<board.lineCount {
            var count = 0
            var first = -1
            for k in board.lineStart[l]..<board.lineStart[l + 1] where state.cells[board.lineCells[k]] == _undecided {
                if first < 0 { first = board.lineCells[k] }
                count += 1
            }
            if count > 0 && count < bestCount {
                bestCount = count
                best = first
            }
        }
        return best
    }

    /// The trace of a finished run: a contradiction keeps no steps.
    func trace(_ outcome: TieredOutcome<_SearchState>, solutionsUpTo2: Int?) -> CrossSumsFamily.Trace {
        let steps: [CrossSumsFamily.Trace.Step]
        let result: TraceOutcome
        switch outcome {
        case .solved(let s): steps = s.steps; result = .solved
        case .stuck(let s): steps = s.steps; result = .stuck
        case .contradiction: steps = []; result = .noSolution
        }
        return CrossSumsFamily.Trace(
            steps: steps, outcome: result, stopReason: result == .stuck ? stopReason : .exhausted,
            solutionsUpTo2: solutionsUpTo2, backtracks: backtracks)
    }
}

extension _GradeRun: TieredSolver {
    /// Solved when every cell is decided and every line adds up.
    mutating func status(_ state: inout _SearchState) -> Bool? {
        guard !state.cells.contains(_undecided) else { return nil }
        refresh(&state)
        return !state.findings.contains { if case .contradiction = $0 { true } else { false } }
    }

    mutating func deduce(_ state: inout _SearchState, depth: Int) -> DeductionResult {
        step(&state, depth: depth)
    }

    /// Keep, then remove, the first undecided cell of the line with the
    /// fewest undecided cells; none when guessing is beyond the limit.
    mutating func guesses(_ state: _SearchState, depth: Int) -> [_SearchState]? {
        guard limit >= .guess, !budgetExceeded else { return nil }
        let cell = guessCell(state)
        let round = (state.roundOf.max() ?? 0) + 1
        return [true, false].map { keep in
            var trial = state
            let step = CrossSumsFamily.Trace.Step(
                technique: .guess, reads: [], decides: decisions([cell], [keep]), round: round, movesOnOffer: 0,
                openCells: state.open, guessDepth: depth + 1, isGuess: true,
                points: Technique.guess.weight * (depth + 1), facts: .guess)
            apply(&trial, cells: [cell], keep: [keep], round: round)
            trial.steps.append(step)
            return trial
        }
    }

    /// Counts the guess against the guess and time budgets.
    mutating func mayTryGuess(depth: Int) -> Bool {
        guard guesses < guessBudget else {
            if stopReason == .exhausted { stopReason = .guessLimit }
            return false
        }
        guard !outOfTime(after: board.cellCount) else { return false }
        guesses += 1
        return true
    }

    mutating func backtracked() { backtracks += 1 }
}

/// A supposition that failed: keeping (or removing) `cell` leads through
/// `chain` to `failedLine`, which can no longer reach its sum.
struct _Supposition {
    var cell: Int
    var keep: Bool
    var chain: [_LineMove]
    var failedLine: Int
    var seedLines: [Int]

    /// Every line the reasoning used, in order, without repeats.
    var lines: [Int] {
        var seen: [Int] = []
        for l in seedLines + chain.map(\.line) + [failedLine] where !seen.contains(l) { seen.append(l) }
        return seen
    }
}
