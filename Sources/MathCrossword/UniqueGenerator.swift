import ConstraintSolver
import PuzzleKit

extension LevelGenerator {
    /// Layouts tried before ``GenerationError/noUniqueLevel(layouts:)``.
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
    public func generateUnique(difficulty: DifficultyProfile, seed: Int) throws(GenerationError) -> GeneratedLevel {
        var found: GeneratedLevel?
        try uniqueLevels(difficulty, seed: seed, layouts: Self.maxUniqueLayouts) { found = $0; return true }
        guard let found else { throw .noUniqueLevel(layouts: Self.maxUniqueLayouts) }
        return found
    }

    /// Layouts tried by ``generate(difficulty:seed:label:)`` before it gives up.
    public static let maxLabelLayouts = 300

    /// Generates a unique level whose grade is exactly `label`: the grader
    /// solves it without techniques above that label, and not without the
    /// label's own techniques.
    ///
    /// - Throws: ``GenerationError/labelNotReached(_:layouts:seen:)`` with the
    ///   labels the profile did produce, when the budget runs out.
    public func generate(difficulty: DifficultyProfile, seed: Int, label: DifficultyLabel) throws(GenerationError) -> GeneratedLevel {
        var found: GeneratedLevel?
        var seen: [DifficultyLabel: Int] = [:]
        var layouts = 0
        try uniqueLevels(difficulty, seed: seed, layouts: Self.maxLabelLayouts) { generated in
            layouts += 1
            guard let grade = try? Grader().grade(generated.level) else { return false }
            seen[grade.label, default: 0] += 1
            guard grade.label == label else { return false }
            found = generated
            return true
        }
        guard var found else {
            throw .labelNotReached(label, layouts: layouts, seen: seen)
        }
        found.attempts = layouts
        return found
    }

    /// Unique levels drawn from one random stream seeded with `seed`, handed
    /// to `accept` until it returns true or `layouts` layouts were tried.
    private func uniqueLevels(_ difficulty: DifficultyProfile, seed: Int, layouts: Int,
                              accept: (GeneratedLevel) -> Bool) throws(GenerationError) {
        if let problem = difficulty.problem { throw .invalidProfile(problem) }
        var rng = SplitMix64(seed: seed)
        var attempts = 0
        var lastFailure: GenerationError?
        var failures = 0
        for _ in 1...layouts {
            let level: Level
            do {
                let (laidOut, used) = try layout(difficulty, seed: seed, using: &rng)
                level = laidOut
                attempts += used
            } catch {
                attempts += Self.maxAttempts
                lastFailure = error
                failures += 1
                continue
            }
            if let (unique, revealed) = makeUnique(level, using: &rng),
               accept(GeneratedLevel(level: unique, seed: seed, attempts: attempts, revealed: revealed)) {
                return
            }
        }
        if failures == layouts, let lastFailure { throw lastFailure }
    }

    /// Reveals the fewest cells this greedy finds to leave `level` (which
    /// carries its solution) with no other solution.
    func makeUnique(_ level: Level, using rng: inout SplitMix64) -> (Level, revealed: Int)? {
        var level = level
        var revealed = 0
        guard var known = level.solution else { return nil }
        while true {
            guard let model = try? CrosswordModel(level: level) else { return nil }
            let other = model.solveExcluding(known, SearchLimits(solutions: 1, nodes: Self.uniquenessNodeBudget, keepSolutions: 1))
            if other.solutionCount == 0 { return other.complete ? (level, revealed) : nil }
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

extension Level {
    /// The level with one empty cell turned into a given holding its solution
    /// value, and that tile taken out of the pool.
    func revealing(_ entry: SolutionEntry) -> Level {
        var cells = self.cells
        let index = entry.row * columns + entry.column
        cells[index] = GridCell(id: cells[index].id, position: entry.position, type: .fixedOperand, fixedValue: entry.value)
        var pool = numberPool
        if let tile = pool.firstIndex(of: entry.value) { pool.remove(at: tile) }
        return Level(id: id, difficulty: difficulty, rows: rows, columns: columns, cells: cells, equations: equations,
                     numberPool: pool, solution: solution?.filter { $0.position != entry.position })
    }
}
