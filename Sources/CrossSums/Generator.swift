import PuzzleKit

/// Why a puzzle could not be generated.
public enum GenerationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The settings cannot be generated at all.
    case invalidSettings(String)
    /// No candidate hit the difficulty within the budget.
    case budgetExhausted(difficulty: Profile, rows: Int, columns: Int, candidates: Int, tooEasy: Int, tooHard: Int)

    public var description: String {
        switch self {
        case .invalidSettings(let problem):
            return "invalid generator settings: \(problem)"
        case let .budgetExhausted(difficulty, rows, columns, candidates, tooEasy, tooHard):
            return "no \(difficulty.displayName) \(rows)x\(columns) puzzle within the budget of \(candidates) candidates (\(tooEasy) too easy, \(tooHard) needing harder techniques or not unique); try another seed, a larger budget or another grid size"
        }
    }

    /// A short stable name for counting failures by reason.
    public var reason: String {
        switch self {
        case .invalidSettings: return "invalid-settings"
        case .budgetExhausted: return "budget-exhausted"
        }
    }
}

/// What the generator builds: grid size, numbers and target difficulty.
public struct GeneratorSettings: Sendable, Equatable {
    public var difficulty: Profile
    public var rows: Int
    public var columns: Int
    public var numberRange: ClosedRange<Int>
    /// The share of numbers the hidden solution keeps, in percent.
    public var keepPercent: Int

    /// The settings of a difficulty: its grid size and numbers (see ``Profile``).
    public init(difficulty: Profile) {
        self.difficulty = difficulty
        (rows, columns) = difficulty.size
        numberRange = difficulty.numberRange
        keepPercent = difficulty.keepPercent
    }

    public init(difficulty: Profile, rows: Int, columns: Int, numberRange: ClosedRange<Int> = 1...9, keepPercent: Int = 50) {
        self.difficulty = difficulty
        self.rows = rows
        self.columns = columns
        self.numberRange = numberRange
        self.keepPercent = keepPercent
    }

    /// Why these settings cannot be generated, or `nil`.
    public var problem: String? {
        if rows < 1 || columns < 1 { return "rows and columns must be at least 1, found \(rows)x\(columns)" }
        if rows > 32 || columns > 32 { return "grids are limited to 32x32, found \(rows)x\(columns)" }
        if numberRange.lowerBound < 1 { return "numbers must be positive, found the range \(numberRange.lowerBound)…\(numberRange.upperBound)" }
        if numberRange.upperBound > 1_000 { return "numbers are limited to 1000, found \(numberRange.upperBound)" }
        if !(1...99).contains(keepPercent) { return "keepPercent must be 1…99, found \(keepPercent)" }
        return nil
    }
}

extension Profile {
    /// The share of numbers kept in generated solutions, in percent.
    var keepPercent: Int {
        switch self {
        case .easy: return 30
        case .medium: return 50
        case .hard: return 50
        case .extraHard: return 40
        }
    }
}

/// A generated puzzle and how it was made.
public struct GeneratedPuzzle: Sendable {
    /// The puzzle, with its solution; its id is `"<difficulty>-<seed>"`.
    public var puzzle: Puzzle
    public var seed: Int
    /// Candidates tried, this one included.
    public var candidates: Int
}

/// Builds cross sums puzzles of a difficulty, reproducibly from a seed.
///
/// Each candidate draws a grid of numbers and a hidden keep/remove mask
/// (every row and column keeps at least one number), and takes the sums from
/// the mask. The candidate is then solved with the techniques of the
/// difficulty below (it must get stuck: otherwise it is too easy) and of the
/// difficulty itself (it must be solved completely). A candidate that gets
/// stuck is *repaired* a few times before it is given up: a number the mask
/// removes and the techniques could not decide is redrawn — removed numbers
/// do not count in any sum, so the mask stays a solution while the other
/// solutions usually die. Deductions are sound, so a puzzle the techniques
/// solve has exactly one solution.
///
///     let generated = try Generator().generate(difficulty: .hard, seed: 42)
///     print(TextFormat.writeSolution(generated.puzzle))
///
/// All randomness comes from one `SplitMix64` seeded with the
/// seed, so a seed gives the same puzzle on every run and machine.
public struct Generator: Sendable {
    /// Candidates tried before ``GenerationError/budgetExhausted(difficulty:rows:columns:candidates:tooEasy:tooHard:)``.
    public var budget: Int
    /// Repairs of one stuck candidate before a new one is drawn.
    public var repairs: Int

    public init(budget: Int = 2_000, repairs: Int = 6) {
        self.budget = budget
        self.repairs = repairs
    }

    /// Generates a puzzle of `difficulty` with its standard size and numbers.
    public func generate(difficulty: Profile, seed: Int) throws(GenerationError) -> GeneratedPuzzle {
        try generate(GeneratorSettings(difficulty: difficulty), seed: seed)
    }

    /// Generates a puzzle for `settings`.
    ///
    /// - Throws: ``GenerationError/invalidSettings(_:)`` up front, or
    ///   ``GenerationError/budgetExhausted(difficulty:rows:columns:candidates:tooEasy:tooHard:)``
    ///   when no candidate within ``budget`` hits the difficulty.
    public func generate(_ settings: GeneratorSettings, seed: Int) throws(GenerationError) -> GeneratedPuzzle {
        try generate(settings, seed: seed, needsGuess: false, deadline: Deadline(nil)) { _ in true }
    }

    /// Generates a puzzle for `settings` that `accept` takes too (the
    /// targeted generation of `--difficulty`: `accept` checks the label).
    ///
    /// - Parameters:
    ///   - settings: the grid size, difficulty and budget, as for
    ///     ``generate(_:seed:)``.
    ///   - seed: the seed of the candidates (same seed, same puzzle).
    ///   - needsGuess: want a unique puzzle that the techniques up to
    ///     ``Technique/rowAndColumn`` do not solve (settings' difficulty
    ///     is then ignored): a candidate they solve is too easy, a stuck one
    ///     is kept when the solver counts exactly one solution and repaired
    ///     like any stuck candidate otherwise.
    ///   - deadline: the search stops with ``GenerationError/budgetExhausted(difficulty:rows:columns:candidates:tooEasy:tooHard:)``
    ///     once it has passed (checked once per candidate).
    ///   - accept: the last check of a candidate that has the techniques
    ///     asked for; a candidate it refuses counts as too easy.
    public func generate(_ settings: GeneratorSettings, seed: Int, needsGuess: Bool, deadline: Deadline,
                         accept: (Puzzle) -> Bool) throws(GenerationError) -> GeneratedPuzzle {
        if let problem = settings.problem { throw .invalidSettings(problem) }
        var rng = SplitMix64(seed: seed)
        var tooEasy = 0
        var tooHard = 0
        let rows = settings.rows, columns = settings.columns
        let count = rows * columns
        var numbers = [Int](repeating: 0, count: count)
        var mask = [Bool](repeating: false, count: count)
        var classifier = _Classifier(rows: rows, columns: columns)
        let tier = needsGuess ? Profile.extraHard : settings.difficulty
        var tried = 0
        for candidate in 1...max(1, budget) {
            if candidate > 1 && deadline.passed { break }
            tried = candidate
            for i in 0..<count { numbers[i] = rng.uniform(in: settings.numberRange) }
            drawMask(&mask, rows: rows, columns: columns, percent: settings.keepPercent, using: &rng)
            var repair = 0
            while true {
                var verdict = classifier.classify(numbers: numbers, mask: mask, difficulty: tier)
                if needsGuess {
                    switch verdict {
                    case .accepted: verdict = .tooEasy
                    case .tooEasy: break
                    case .stuck:
                        let puzzle = Self.puzzle(numbers: numbers, mask: mask, rows: rows, columns: columns, id: "", difficulty: "")
                        if (try? Solver(puzzle: puzzle))?.countSolutions(limit: 2) == 1 { verdict = .accepted }
                    }
                }
                switch verdict {
                case .accepted:
                    let puzzle = Self.puzzle(numbers: numbers, mask: mask, rows: rows, columns: columns,
                                             id: LevelID.make(difficulty: settings.difficulty.rawValue, level: seed),
                                             difficulty: settings.difficulty.rawValue)
                    guard accept(puzzle) else {
                        tooEasy += 1
                        break
                    }
                    return GeneratedPuzzle(puzzle: puzzle, seed: seed, candidates: candidate)
                case .tooEasy:
                    tooEasy += 1
                case .stuck(let open):
                    if repair < repairs, !open.isEmpty {
                        repair += 1
                        let cell = open[rng.index(below: open.count)]
                        let old = numbers[cell]
                        if settings.numberRange.count > 1 {
                            repeat { numbers[cell] = rng.uniform(in: settings.numberRange) } while numbers[cell] == old
                        }
                        continue
                    }
                    tooHard += 1
                }
                break
            }
        }
        throw .budgetExhausted(difficulty: settings.difficulty, rows: rows, columns: columns, candidates: tried,
                               tooEasy: tooEasy, tooHard: tooHard)
    }

    /// Draws a mask keeping about `percent` % of the cells, with at least one
    /// kept cell in every row and every column.
    func drawMask(_ mask: inout [Bool], rows: Int, columns: Int, percent: Int, using rng: inout SplitMix64) {
        while true {
            for i in mask.indices { mask[i] = rng.chance(percent, in: 100) }
            let rowsOK = (0..<rows).allSatisfy { r in (0..<columns).contains { mask[r * columns + $0] } }
            let columnsOK = (0..<columns).allSatisfy { c in (0..<rows).contains { mask[$0 * columns + c] } }
            if rowsOK && columnsOK { return }
        }
    }

    static func puzzle(numbers: [Int], mask: [Bool], rows: Int, columns: Int, id: String, difficulty: String) -> Puzzle {
        let grid = (0..<rows).map { r in Array(numbers[(r * columns)..<((r + 1) * columns)]) }
        let solution = (0..<rows).map { r in Array(mask[(r * columns)..<((r + 1) * columns)]) }
        let rowSums = (0..<rows).map { r in (0..<columns).reduce(0) { $0 + (mask[r * columns + $1] ? numbers[r * columns + $1] : 0) } }
        let columnSums = (0..<columns).map { c in (0..<rows).reduce(0) { $0 + (mask[$1 * columns + c] ? numbers[$1 * columns + c] : 0) } }
        return Puzzle(id: id, difficulty: difficulty, grid: grid, solution: solution, rowSums: rowSums, columnSums: columnSums)
    }
}

/// The generator's fast difficulty check: closes the grid under the
/// techniques of a difficulty, without recording steps.
struct _Classifier {
    let rows: Int
    let columns: Int
    var cells: [Int8]
    /// The fast path, for candidates whose line targets are below 128.
    let closure: _Closure

    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        cells = [Int8](repeating: _undecided, count: rows * columns)
        closure = _Closure(rows: rows, columns: columns)
    }

    enum Verdict: Equatable {
        case accepted
        case tooEasy
        /// Not solved at the difficulty: the undecided cells the mask removes.
        case stuck(open: [Int])
    }

    /// Whether the techniques of `difficulty` solve the candidate and those of
    /// the difficulty below do not.
    mutating func classify(numbers: [Int], mask: [Bool], difficulty: Profile) -> Verdict {
        guard closure.load(numbers: numbers, mask: mask) else {
            return classifyOnArrays(numbers: numbers, mask: mask, difficulty: difficulty)
        }
        let grid = closure.cells
        let count = rows * columns
        func solved() -> Bool { !(0..<count).contains { grid[$0] == _undecided } }
        if let lower = difficulty.lower {
            guard closure.close(upTo: lower.hardestTechnique) else { return .stuck(open: []) }
            if solved() { return .tooEasy }
        }
        guard closure.close(upTo: difficulty.hardestTechnique) else { return .stuck(open: []) }
        if solved() { return .accepted }
        return .stuck(open: (0..<count).filter { grid[$0] == _undecided && !mask[$0] })
    }

    /// ``classify(numbers:mask:difficulty:)`` with ``_Propagator``: the
    /// reference the fast path must agree with, and the way for targets of
    /// 128 or more.
    mutating func classifyOnArrays(numbers: [Int], mask: [Bool], difficulty: Profile) -> Verdict {
        var rowSums = [Int](repeating: 0, count: rows)
        var columnSums = [Int](repeating: 0, count: columns)
        for i in 0..<(rows * columns) where mask[i] {
            rowSums[i / columns] += numbers[i]
            columnSums[i % columns] += numbers[i]
        }
        let board = _Board(rows: rows, columns: columns, numbers: numbers, rowSums: rowSums, columnSums: columnSums)
        var propagator = _Propagator(board: board)
        for i in cells.indices { cells[i] = _undecided }
        var used = false
        if let lower = difficulty.lower {
            propagator.enqueueAll()
            guard propagator.close(&cells, upTo: lower.hardestTechnique, usedRowAndColumn: &used) else { return .stuck(open: []) }
            if !cells.contains(_undecided) { return .tooEasy }
        }
        propagator.enqueueAll()
        guard propagator.close(&cells, upTo: difficulty.hardestTechnique, usedRowAndColumn: &used) else { return .stuck(open: []) }
        if !cells.contains(_undecided) { return .accepted }
        return .stuck(open: cells.indices.filter { cells[$0] == _undecided && !mask[$0] })
    }
}
