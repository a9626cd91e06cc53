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

/// One step of the grader's solution path.
public struct DeductionStep: Sendable, Equatable {
    /// The technique that made the step.
    public var technique: Technique
    /// The cells it decides (one or more; a guess and a row-and-column step
    /// decide one).
    public var moves: [CellMove]
    /// The line or lines the reasoning used (for a row-and-column step, every
    /// line it followed, in order; for a guess, none).
    public var lines: [Line]
    /// The step's round: 1 for steps possible from the start, otherwise one
    /// more than the latest round among the decided cells of its lines.
    public var round: Int
    /// How many cells the easiest applicable technique could decide at this
    /// moment (1 means the step was forced: nothing else was on offer).
    public var movesOnOffer: Int
    /// How many guesses this step rests on (0 for pure logic); a guess step
    /// counts itself.
    public var guessDepth: Int
    /// The reasoning as a sentence a child's parent understands.
    public var explanation: String
}

/// How grading ended.
public enum GradeOutcome: String, Sendable, Equatable {
    /// Every cell was decided (by logic, or with guesses).
    case solved
    /// The techniques allowed could not decide every cell.
    case stuck
    /// The puzzle has no solution.
    case noSolution
    /// The guess budget ran out before a solution was found.
    case budgetExceeded = "budget-exceeded"
}

/// The grader's report on one puzzle.
public struct GradeReport: Sendable {
    public var puzzleID: String
    public var rows: Int
    public var columns: Int
    public var outcome: GradeOutcome
    /// The mask the steps reach when ``outcome`` is ``GradeOutcome/solved``.
    public var solution: [[Bool]]?
    /// The solution path, in order (steps of abandoned guesses are not kept).
    public var steps: [DeductionStep]
    /// Steps per technique, indexed by `Technique.rawValue`.
    public var stepsPerTechnique: [Int]
    /// The hardest technique on the solution path.
    public var hardestTechnique: Technique?
    /// Guesses made, abandoned ones included.
    public var guesses: Int
    public var maxGuessDepth: Int
    /// Guesses that led to a dead end and were taken back.
    public var backtracks: Int
    /// The number of rounds (the longest chain of steps that wait for each other).
    public var rounds: Int
    public var meanStepsPerRound: Double
    public var meanMovesOnOffer: Double
    /// The share of steps that were forced (one move on offer).
    public var forcedShare: Double
    /// The longest run of consecutive forced steps.
    public var longestForcedRun: Int
    /// The sum of the steps' weights (a guess weighs its weight times its depth).
    public var score: Int
    /// The profile the hardest technique belongs to, when solved without guessing.
    public var difficulty: Profile?
    /// `easy`, `medium`, `hard`, `extra-hard`, `guess-required`, `stuck`,
    /// `no-solution` or `budget-exceeded`.
    public var label: String
    /// Solutions counted by the solver, stopping at 2 (2 means "two or
    /// more"); written as `solutionsUpTo2` in ``reportRow``.
    public var solutionsUpTo2: Int

    /// Steps of one technique.
    public func steps(_ technique: Technique) -> Int { stepsPerTechnique[technique.rawValue] }

    /// Whether the puzzle has exactly one solution.
    public var isUnique: Bool { solutionsUpTo2 == 1 }

    /// The explanation of every step, numbered.
    public var explanation: [String] {
        steps.enumerated().map { "\($0 + 1). \($1.explanation)" }
    }

    /// The report as one row for JSON or CSV output, keys in a fixed order.
    public var reportRow: ReportRow {
        var row = ReportRow([
            ("id", .string(puzzleID)), ("rows", .int(rows)), ("columns", .int(columns)),
            ("label", .string(label)), ("score", .int(score)),
            ("hardestTechnique", hardestTechnique.map { .string($0.code) } ?? .null),
            ("outcome", .string(outcome.rawValue)), ("solutionsUpTo2", .int(solutionsUpTo2)),
            ("unique", .bool(isUnique)), ("steps", .int(steps.count)),
        ])
        for technique in Technique.allCases {
            row.append("\(technique.key)Steps", .int(stepsPerTechnique[technique.rawValue]))
        }
        row.append("guesses", .int(guesses))
        row.append("maxGuessDepth", .int(maxGuessDepth))
        row.append("backtracks", .int(backtracks))
        row.append("rounds", .int(rounds))
        row.append("meanStepsPerRound", .double(meanStepsPerRound))
        row.append("meanMovesOnOffer", .double(meanMovesOnOffer))
        row.append("forcedShare", .double(forcedShare))
        row.append("longestForcedRun", .int(longestForcedRun))
        row.append("movesOnOffer", .json("[" + steps.map { String($0.movesOnOffer) }.joined(separator: ",") + "]"))
        return row
    }
}

/// Grades cross sums puzzles by solving them the way a person does.
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
///     let report = try Grader(puzzle: puzzle).grade()
///     print(report.label, report.score)
///     // Prints "easy 4"
///     print(report.explanation[0])
///     // Prints "1. Row 1 needs 3: the 5 in column 2 is too big, so remove it."
///
/// Deductions are sound, so a puzzle solved without guessing has exactly
/// one solution; whether that holds for a guessed one is shown by
/// ``GradeReport/solutionsUpTo2``, which the solver counts separately.
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
    ///     grader may end ``GradeOutcome/stuck``.
    ///   - guessBudget: the most guesses to try before giving up with
    ///     ``GradeOutcome/budgetExceeded``.
    ///   - timeLimit: when given, grading gives up with
    ///     ``GradeOutcome/budgetExceeded`` once this much CPU time has passed
    ///     (the clock is read as the work goes, `WorkMeter`: each step, line
    ///     settled, supposition and guess counts the cells it looks at).
    ///   - solutionsUpTo2: the puzzle's solutions counted up to 2, when the
    ///     caller already has them; otherwise the solver counts them. A count
    ///     of 0 proves there is no solution: the report is then
    ///     ``GradeOutcome/noSolution`` at once, without a search (which could
    ///     spend its whole budget on a wide grid before it saw the same).
    /// - Complexity: polynomial without guessing; each guess may double the work.
    public func grade(upTo limit: Technique = .guess, guessBudget: Int = 10_000, timeLimit: Duration? = nil,
                      solutionsUpTo2: Int? = nil) -> GradeReport {
        let count = solutionsUpTo2 ?? (try? Solver(puzzle: puzzle))?.countSolutions(limit: 2) ?? 0
        return grade(upTo: limit, guessBudget: guessBudget, timeLimit: timeLimit, knownSolutionsUpTo2: count)
    }

    /// ``grade(upTo:guessBudget:timeLimit:solutionsUpTo2:)`` with the count
    /// known, or `nil` when a budget stopped it before it knew (the report
    /// then says 0 solutions, which callers hide as unknown).
    func grade(upTo limit: Technique = .guess, guessBudget: Int = 10_000, timeLimit: Duration?,
               knownSolutionsUpTo2 known: Int?) -> GradeReport {
        var run = _GradeRun(board: board, limit: limit, guessBudget: guessBudget)
        let start = _SearchState(board: board)
        if known == 0 { return run.report(.contradiction(start), puzzle: puzzle, solutionsUpTo2: 0) }
        run.propagator.meter = WorkMeter(Deadline(timeLimit))
        let outcome = run.solveTiered(start)
        return run.report(outcome, puzzle: puzzle, solutionsUpTo2: known.map { min($0, 2) } ?? 0)
    }

    /// The next step from a partly marked grid: the easiest deduction
    /// available, or `nil` when there is none without guessing (or the marks
    /// contradict the sums). This is what a hint shows.
    ///
    /// - Parameter marks: per cell `nil` (undecided) or the player's decision;
    ///   of the grid's shape.
    public func nextStep(marks: [[CellDecision?]]) -> DeductionStep? {
        guard marks.count == board.rows, marks.allSatisfy({ $0.count == board.columns }) else { return nil }
        var state = _SearchState(board: board)
        for r in 0..<board.rows {
            for c in 0..<board.columns {
                if let mark = marks[r][c] { state.cells[r * board.columns + c] = mark == .keep ? _kept : _removed }
            }
        }
        var run = _GradeRun(board: board, limit: .rowAndColumn, guessBudget: 0)
        return run.nextStep(&state)
    }
}

/// The state of one branch of grading.
struct _SearchState {
    var cells: [Int8]
    /// The round in which each cell was decided (0: undecided or given).
    var roundOf: [Int]
    var findings: [_LineFinding]
    var dirty: [Bool]
    var steps: [DeductionStep] = []

    init(board: _Board) {
        cells = [Int8](repeating: _undecided, count: board.cellCount)
        roundOf = [Int](repeating: 0, count: board.cellCount)
        findings = [_LineFinding](repeating: .nothing, count: board.lineCount)
        dirty = [Bool](repeating: true, count: board.lineCount)
    }
}

/// One grading run: the search over guesses and the bookkeeping of the report.
struct _GradeRun {
    let board: _Board
    let limit: Technique
    let guessBudget: Int
    var guesses = 0
    var backtracks = 0
    var maxGuessDepth = 0
    var budgetExceeded = false
    /// Its ``_Propagator/meter`` is the time budget of the whole run.
    var propagator: _Propagator

    /// Counts `work` (cells looked at) against the time budget; whether it
    /// has run out (and records that it did). Every step and every
    /// supposition counts, so no loop over a wide grid outruns the budget.
    mutating func outOfTime(after work: Int) -> Bool {
        if propagator.meter.passed(after: work) { budgetExceeded = true }
        return budgetExceeded
    }

    init(board: _Board, limit: Technique, guessBudget: Int) {
        self.board = board
        propagator = _Propagator(board: board)
        self.limit = limit
        self.guessBudget = guessBudget
    }

    /// The next step from `state` without guessing, applied to it.
    mutating func nextStep(_ state: inout _SearchState) -> DeductionStep? {
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
            let explanation = Explain.line(move, board: board, cells: state.cells)
            apply(&state, cells: move.cells, keep: move.keep, round: round)
            state.steps.append(DeductionStep(
                technique: move.technique, moves: moves(move.cells, move.keep), lines: [board.line(move.line)],
                round: round, movesOnOffer: Set(offered).count, guessDepth: depth, explanation: explanation))
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
        let explanation = Explain.supposition(supposition, board: board, cells: state.cells)
        apply(&state, cells: [supposition.cell], keep: [keep], round: round)
        state.steps.append(DeductionStep(
            technique: .rowAndColumn, moves: moves([supposition.cell], [keep]), lines: lines.map(board.line),
            round: round, movesOnOffer: offered, guessDepth: depth, explanation: explanation))
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

    /// The report of a finished run.
    func report(_ outcome: TieredOutcome<_SearchState>, puzzle: Puzzle, solutionsUpTo2: Int) -> GradeReport {
        let state: _SearchState?
        let result: GradeOutcome
        switch outcome {
        case .solved(let s): state = s; result = .solved
        case .stuck(let s): state = s; result = budgetExceeded ? .budgetExceeded : .stuck
        case .contradiction: state = nil; result = .noSolution
        }
        let steps = state?.steps ?? []
        var perTechnique = [Int](repeating: 0, count: Technique.allCases.count)
        for step in steps { perTechnique[step.technique.rawValue] += 1 }
        let hardest = steps.map(\.technique).max()
        let metrics = TraceMetrics(steps.map {
            TraceStep(round: $0.round, movesOnOffer: $0.movesOnOffer, isGuess: $0.technique == .guess)
        })
        var score = 0
        for step in steps { score += step.technique.weight * (step.technique == .guess ? step.guessDepth : 1) }
        let difficulty = result == .solved && guesses == 0 ? hardest?.difficulty ?? .easy : nil
        let label: String
        switch result {
        case .solved: label = difficulty?.rawValue ?? "guess-required"
        case .stuck: label = "stuck"
        case .noSolution: label = "no-solution"
        case .budgetExceeded: label = "budget-exceeded"
        }
        let solution: [[Bool]]? = result == .solved ? state.map { s in
            (0..<board.rows).map { r in (0..<board.columns).map { c in s.cells[r * board.columns + c] == _kept } }
        } : nil
        return GradeReport(
            puzzleID: puzzle.id, rows: board.rows, columns: board.columns, outcome: result, solution: solution,
            steps: steps, stepsPerTechnique: perTechnique, hardestTechnique: hardest,
            guesses: guesses, maxGuessDepth: maxGuessDepth, backtracks: backtracks,
            rounds: metrics.rounds, meanStepsPerRound: metrics.meanStepsPerRound,
            meanMovesOnOffer: metrics.meanMovesOnOffer, forcedShare: metrics.forcedShare,
            longestForcedRun: metrics.longestForcedRun, score: score, difficulty: difficulty, label: label,
            solutionsUpTo2: solutionsUpTo2)
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
        let position = board.position(cell)
        return [true, false].map { keep in
            var trial = state
            apply(&trial, cells: [cell], keep: [keep], round: round)
            trial.steps.append(DeductionStep(
                technique: .guess, moves: [CellMove(position: position, decision: CellDecision(kept: keep))],
                lines: [], round: round, movesOnOffer: 0, guessDepth: depth + 1,
                explanation: "No rule decides a number here, so try: \(keep ? "keep" : "remove") the \(board.numbers[cell]) at \(position)\(keep ? "" : " (keeping it led to a dead end)")."))
            return trial
        }
    }

    /// Counts the guess against the guess and time budgets.
    mutating func mayTryGuess(depth: Int) -> Bool {
        guard guesses < guessBudget, !outOfTime(after: board.cellCount) else {
            budgetExceeded = true
            return false
        }
        guesses += 1
        maxGuessDepth = max(maxGuessDepth, depth + 1)
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
