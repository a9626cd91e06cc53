import ConstraintSolver
import PuzzleKit

extension Generator {
    /// Layouts tried before ``GenerationError/noUniqueLevel(layouts:failedEarlier:budgetStopped:)``.
    public static let maxUniqueLayouts = 8
    /// Search nodes one uniqueness check may use.
    public static let uniquenessNodeBudget = 200_000

    /// Generates a level with exactly one solution.
    ///
    /// It starts from the level ``generate(difficulty:seed:)`` makes for the
    /// same seed. While the solver finds a solution other than the known one,
    /// it turns one empty cell where the two differ into a given, never the
    /// last empty cell of an equation. When no such cell is left it lays out a
    /// new level from the same random stream, so the result still depends on
    /// the seed alone.
    ///
    /// With `minBlanks`, a unique level with fewer empty cells then has given
    /// cells emptied, in an order drawn from the same stream, each one kept
    /// only when the level stays unique and every equation keeps at most two
    /// empty operands (so the level still looks like its class); a layout
    /// that cannot reach `minBlanks` this way is replaced by the next.
    ///
    /// - Throws: ``GenerationError/tooFewBlanks(best:required:layouts:)`` when
    ///   ``maxMinBlanksLayouts`` layouts all stay short of `minBlanks`.
    public func generateUnique(difficulty: Profile, seed: Int, minBlanks: Int? = nil) throws(GenerationError) -> GeneratedPuzzle {
        var found: GeneratedPuzzle?
        let layouts = minBlanks == nil ? Self.maxUniqueLayouts : Self.maxMinBlanksLayouts
        let tried = try uniqueLevels(difficulty, seed: seed, layouts: layouts, minBlanks: minBlanks) { found = $0; return true }
        guard let found else {
            if let minBlanks { throw .tooFewBlanks(best: tried.mostBlanks ?? 0, required: minBlanks, layouts: layouts) }
            throw .noUniqueLevel(layouts: layouts, failedEarlier: tried.failedEarlier, budgetStopped: tried.budgetStopped)
        }
        return found
    }

    /// Layouts ``generateUnique(difficulty:seed:minBlanks:)`` tries when a
    /// minimum blank count is asked for.
    public static let maxMinBlanksLayouts = 64

    /// Layouts tried by ``generate(difficulty:seed:label:minBlanks:)`` before it gives up.
    public static let maxLabelLayouts = 300

    /// Generates a unique level whose grade is exactly `label`
    /// (`GradeTrace.combinedLabel`: the harder of the logic tier and the
    /// arithmetic tier).
    ///
    /// - Throws: ``GenerationError/labelNotReached(_:layouts:seen:)`` with the
    ///   labels the profile did produce, when the budget runs out.
    /// With `minBlanks`, only levels with at least that many empty cells
    /// count (as in ``generateUnique(difficulty:seed:minBlanks:)``).
    public func generate(difficulty: Profile, seed: Int, label: DifficultyLabel,
                         minBlanks: Int? = nil) throws(GenerationError) -> GeneratedPuzzle {
        var found: GeneratedPuzzle?
        var seen: [DifficultyLabel: Int] = [:]
        var layouts = 0
        let deadline = Deadline(timeLimit)
        _ = try uniqueLevels(difficulty, seed: seed, layouts: Self.maxLabelLayouts, minBlanks: minBlanks) { generated in
            layouts += 1
            // A grade stopped by time has a lower bound for a label: not counted.
            guard let trace = try? Grader().trace(generated.level, timeLimit: deadline.remaining),
                  trace.stopReason != .timeLimit else { return false }
            seen[trace.combinedLabel, default: 0] += 1
            guard trace.combinedLabel == label else { return false }
            found = generated
            return true
        }
        guard var found else {
            throw .labelNotReached(label, layouts: layouts, seen: seen)
        }
        found.attempts = layouts
        return found
    }

    /// What ``uniqueLevels(_:seed:layouts:minBlanks:accept:)`` saw.
    private struct Tried {
        /// With `minBlanks`, the most empty cells a unique level reached
        /// (`nil` when none was made unique).
        var mostBlanks: Int?
        /// Layouts that failed before the uniqueness step, by reason.
        var failedEarlier: [String: Int] = [:]
        /// Uniqueness checks stopped by the node budget.
        var budgetStopped = 0
    }

    /// Unique levels drawn from one random stream seeded with `seed`, handed
    /// to `accept` until it returns true or `layouts` layouts were tried.
    /// With `minBlanks`, levels short of it are not handed on.
    @discardableResult
    private func uniqueLevels(_ difficulty: Profile, seed: Int, layouts: Int, minBlanks: Int? = nil,
                              accept: (GeneratedPuzzle) -> Bool) throws(GenerationError) -> Tried {
        if let problem = difficulty.problem { throw .invalidProfile(problem) }
        var rng = SplitMix64(seed: seed)
        var attempts = 0
        var lastFailure: GenerationError?
        var failures = 0
        var tried = Tried()
        let clock = Deadline(timeLimit)
        for index in 1...layouts {
            if clock.passed { throw .timeLimit(seconds: clock.seconds, layouts: index - 1) }
            let level: Puzzle
            do {
                let (laidOut, used) = try layout(difficulty, seed: seed, using: &rng)
                level = laidOut
                attempts += used
            } catch {
                attempts += Self.maxAttempts
                lastFailure = error
                failures += 1
                tried.failedEarlier[error.reason, default: 0] += 1
                continue
            }
            // A layout whose equations cannot hold `minBlanks` empty cells at
            // two per equation is passed over before any solver work.
            if let minBlanks, Self.blankBound(level) < minBlanks { continue }
            var stoppedByBudget = false
            var model: EmptyingModel?
            guard let (madeUnique, revealed) = makeUnique(level, stoppedByBudget: &stoppedByBudget, model: &model, minBlanks: minBlanks,
                                                          deadline: clock, using: &rng) else {
                if stoppedByBudget { tried.budgetStopped += 1 }
                continue
            }
            var unique = madeUnique
            var emptied = 0
            if let minBlanks {
                (unique, emptied) = addBlanks(unique, upTo: minBlanks, model: &model, deadline: clock, using: &rng)
                let blanks = unique.blankPositions.count
                tried.mostBlanks = max(tried.mostBlanks ?? 0, blanks)
                guard blanks >= minBlanks else { continue }
            }
            if accept(GeneratedPuzzle(level: unique, seed: seed, attempts: attempts, revealed: revealed, emptied: emptied)) {
                return tried
            }
        }
        if failures == layouts, let lastFailure { throw lastFailure }
        return tried
    }

    /// An upper bound on the empty cells `level` can have with at most two
    /// empty operands per equation: a cell in `d` equations counts `1/d` in
    /// each, so every equation adds at most its two largest shares.
    static func blankBound(_ level: Puzzle) -> Int {
        var degree = [Int](repeating: 0, count: level.cells.count)
        for equation in level.equations {
            for p in equation.cellPositions where level.contains(p) && level[p].isOperand {
                degree[p.row * level.columns + p.column] += 1
            }
        }
        // In halves, so that crossing cells (two equations) count exactly.
        var halves = 0
        for equation in level.equations {
            var shares = equation.cellPositions.compactMap { p -> Int? in
                guard level.contains(p), level[p].isOperand else { return nil }
                return degree[p.row * level.columns + p.column] >= 2 ? 1 : 2
            }
            shares.sort(by: >)
            halves += shares.prefix(2).reduce(0, +)
        }
        return halves / 2
    }

    /// Empties given cells of the unique `level` (which carries its
    /// solution), in an order drawn from `rng`, until it has `minBlanks`
    /// empty cells or no given cell is left to try. A cell is emptied only
    /// when each of its equations has fewer than two empty operands and the
    /// level stays unique.
    ///
    /// The checks share `model`, the ``EmptyingModel`` of `level` (`nil`:
    /// each check builds a fresh ``Solver``); a trial it cannot answer goes
    /// to a fresh model, and once such a trial is kept so do all after it.
    ///
    /// - Returns: the level and the number of cells emptied.
    func addBlanks(_ level: Puzzle, upTo minBlanks: Int, model shared: inout EmptyingModel?, deadline: Deadline = Deadline(nil),
                   using rng: inout SplitMix64) -> (Puzzle, emptied: Int) {
        var level = level
        var blanks = level.blankPositions.count
        guard blanks < minBlanks, level.solution != nil else { return (level, 0) }
        var (equationsAt, emptyIn) = Self.emptyOperands(level)
        var candidates = level.cells.filter { $0.type == .fixedOperand }.map(\.position)
        candidates.stableShuffle(using: &rng)
        var emptied = 0
        for (tried, position) in candidates.enumerated() {
            guard blanks < minBlanks, blanks + (candidates.count - tried) >= minBlanks, !deadline.passed else { break }
            let cell = position.row * level.columns + position.column
            let through = equationsAt[cell]
            guard through.allSatisfy({ emptyIn[$0] < 2 }), let trial = level.emptying(position), let known = trial.solution else { continue }
            let limits = SearchLimits(solutions: 1, nodes: Self.uniquenessNodeBudget, time: deadline.remaining)
            let other: (solutionCount: Int, complete: Bool)
            if let result = shared?.searchEmptying(cell, limits) {
                other = (result.solutionCount, result.complete)
                shared?.endTrial(keep: other.solutionCount == 0 && other.complete)
            } else {
                guard let model = try? Solver(level: trial) else { continue }
                let result = model.solveExcluding(known, limits)
                other = (result.solutionCount, result.complete)
                if other.solutionCount == 0 && other.complete { shared = nil }
            }
            guard other.solutionCount == 0, other.complete else { continue }
            level = trial
            for e in through { emptyIn[e] += 1 }
            blanks += 1
            emptied += 1
        }
        return (level, emptied)
    }

    /// The equations through each cell (row-major) of `level`, and each
    /// equation's empty operands.
    static func emptyOperands(_ level: Puzzle) -> (equationsAt: [[Int]], emptyIn: [Int]) {
        var equationsAt = [[Int]](repeating: [], count: level.cells.count)
        var emptyIn = [Int](repeating: 0, count: level.equations.count)
        for (e, equation) in level.equations.enumerated() {
            for position in equation.cellPositions where level[position].isOperand {
                equationsAt[position.row * level.columns + position.column].append(e)
                if level[position].type == .emptyOperand { emptyIn[e] += 1 }
            }
        }
        return (equationsAt, emptyIn)
    }

    /// Per cell (row-major) of `level`: whether
    /// ``addBlanks(_:upTo:model:deadline:using:)`` may empty it, a given
    /// none of whose equations has two empty operands yet (a count that
    /// only grows as cells are emptied).
    static func emptiableCells(_ level: Puzzle) -> [Bool] {
        let (equationsAt, emptyIn) = emptyOperands(level)
        return level.cells.indices.map { index in
            level.cells[index].type == .fixedOperand && equationsAt[index].allSatisfy { emptyIn[$0] < 2 }
        }
    }

    /// Reveals the fewest cells this greedy finds to leave `level` (which
    /// carries its solution) with no other solution; `nil` when no cell is
    /// left to reveal, or (setting `stoppedByBudget`) when a check ran out of
    /// solver nodes. A check of a level with fewer than `minBlanks` empty
    /// cells, which ``addBlanks(_:upTo:model:deadline:using:)`` goes on
    /// from, runs on the level's ``EmptyingModel`` (a fresh ``Solver`` when
    /// it has none), and the last one is left in `model` for it; other
    /// checks build a fresh ``Solver``, which costs less once.
    func makeUnique(_ level: Puzzle, stoppedByBudget: inout Bool, model shared: inout EmptyingModel?, minBlanks: Int? = nil,
                    deadline: Deadline = Deadline(nil), using rng: inout SplitMix64) -> (Puzzle, revealed: Int)? {
        var level = level
        var revealed = 0
        guard var known = level.solution else { return nil }
        while true {
            if deadline.passed {
                stoppedByBudget = true
                return nil
            }
            let limits = SearchLimits(solutions: 1, nodes: Self.uniquenessNodeBudget, time: deadline.remaining, keepSolutions: 1)
            let other: SolveResult
            if let minBlanks, level.blankPositions.count < minBlanks {
                shared = EmptyingModel(level: level, emptiable: Self.emptiableCells(level))
            } else {
                shared = nil
            }
            if let result = shared?.searchOthers(limits) {
                other = result
            } else {
                guard let model = try? Solver(level: level) else { return nil }
                other = model.solveExcluding(known, limits)
            }
            if other.solutionCount == 0 {
                if !other.complete { stoppedByBudget = true }
                return other.complete ? (level, revealed) : nil
            }
            guard let alternative = other.solutions.first else { return nil }
            let differing = zip(known, alternative).filter { $0.value != $1.value }.map(\.0)
            let revealable = differing.filter { entry in
                level.equations.allSatisfy { equation in
                    !equation.cellPositions.contains(entry.position)
                        || equation.cellPositions.contains { $0 != entry.position && level[$0].type == .emptyOperand }
                }
            }
            guard !revealable.isEmpty else { return nil }
            let entry = revealable[rng.index(below: revealable.count)]
            level = level.revealing(entry)
            known.removeAll { $0.position == entry.position }
            revealed += 1
        }
    }
}

extension Puzzle {
    /// The level with the given cell at `position` turned into an empty cell,
    /// its value added to the pool and to the solution; `nil` when the cell
    /// is not a given or the level carries no solution.
    func emptying(_ position: GridPosition) -> Puzzle? {
        let cell = self[position]
        guard cell.type == .fixedOperand, let value = cell.fixedValue, var solution else { return nil }
        var cells = self.cells
        cells[position.row * columns + position.column] = GridCell(id: cell.id, position: position, type: .emptyOperand)
        var pool = numberPool
        pool.insert(value, at: pool.firstIndex { $0 > value } ?? pool.count)
        let rank = position.row * columns + position.column
        solution.insert(SolutionEntry(row: position.row, column: position.column, value: value),
                        at: solution.firstIndex { $0.row * columns + $0.column > rank } ?? solution.count)
        return Puzzle(id: id, difficulty: difficulty, rows: rows, columns: columns, cells: cells, equations: equations,
                     numberPool: pool, solution: solution)
    }

    /// The level with one empty cell turned into a given holding its solution
    /// value, and that tile taken out of the pool.
    func revealing(_ entry: SolutionEntry) -> Puzzle {
        var cells = self.cells
        let index = entry.row * columns + entry.column
        cells[index] = GridCell(id: cells[index].id, position: entry.position, type: .fixedOperand, fixedValue: entry.value)
        var pool = numberPool
        if let tile = pool.firstIndex(of: entry.value) { pool.remove(at: tile) }
        return Puzzle(id: id, difficulty: difficulty, rows: rows, columns: columns, cells: cells, equations: equations,
                     numberPool: pool, solution: solution?.filter { $0.position != entry.position })
    }
}
