import Foundation
import PuzzleKit

/// Why a level could not be generated.
public enum GenerationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The profile's settings cannot be generated at all.
    case invalidProfile(String)
    /// Every placement attempt ended with fewer equations than the profile's
    /// minimum because the grid had no room (or the search budget ran out)
    /// for the next one.
    case tooFewEquations(best: Int, required: Int, attempts: Int)
    /// The layout fell short because no values fit the next equation: every
    /// legal place for equation number `equation` (1-based, in placement
    /// order; `places` of them) crossed operands whose fixed values no
    /// allowed operator could complete within the value range. `row` and
    /// `column` (1-based) are the first cell of the first such place; `best`
    /// equations were placed.
    case noValues(equation: Int, places: Int, row: Int, column: Int, horizontal: Bool,
                  best: Int, required: Int, attempts: Int)
    /// Enough equations were placed, but the crossings left equation number
    /// `equation` (1-based, in placement order) no operand to leave empty:
    /// each of its operands is shared with an equation that already has two
    /// empty operands.
    case noBlanks(equation: Int, row: Int, column: Int, horizontal: Bool, equations: Int, attempts: Int)
    /// No layout could be made unique by revealing cells within the budget.
    /// `failedEarlier` counts, by ``reason``, the layouts that failed before
    /// the uniqueness step; `budgetStopped` the ones whose uniqueness check
    /// ran out of solver nodes (``Generator/uniquenessNodeBudget``).
    case noUniqueLevel(layouts: Int, failedEarlier: [String: Int] = [:], budgetStopped: Int = 0)
    /// No layout could be made unique with at least `required` empty cells;
    /// `best` is the most a unique level reached (0 when no layout could
    /// hold `required` at all).
    case tooFewBlanks(best: Int, required: Int, layouts: Int)
    /// No unique level graded exactly this label within the budget; `seen`
    /// counts the labels the layouts did get.
    case labelNotReached(DifficultyLabel, layouts: Int, seen: [DifficultyLabel: Int])
    /// The time budget ran out before a unique (or labelled) level was found.
    case timeLimit(seconds: Double, layouts: Int)

    public var description: String {
        switch self {
        case .invalidProfile(let problem): return "invalid profile: \(problem)"
        case .tooFewEquations(let best, let required, let attempts):
            return "layout: placed at most \(best) of the \(required) equations required in \(attempts) attempts"
                + " (the search found no room for another)"
        case let .noValues(equation, places, row, column, horizontal, best, required, attempts):
            let where_ = "\(horizontal ? "across" : "down") from row \(row), column \(column)"
            if best == 0 {
                return "values: no values in range fit equation 1 (\(where_)) with the allowed operators, in \(attempts) attempts"
            }
            let others = places > 1 ? " or any of its \(places - 1) other places" : ""
            return "values: no values fit equation \(equation) (\(where_)\(others)) with the crossings fixed, in \(attempts) attempts"
                + " (placed at most \(best) of the \(required) equations required)"
        case let .noBlanks(equation, row, column, horizontal, equations, attempts):
            return "blanks: equation \(equation) of \(equations) (\(horizontal ? "across" : "down") from row \(row), column \(column))"
                + " has no operand left to empty: each is shared with an equation that already has two, in \(attempts) attempts"
        case let .noUniqueLevel(layouts, failedEarlier, budgetStopped):
            var notes: [String] = []
            let failed = failedEarlier.values.reduce(0, +)
            if failed > 0 {
                let byReason = failedEarlier.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
                notes.append("\(failed) failed before it: \(byReason.joined(separator: ", "))")
            }
            if budgetStopped > 0 { notes.append("\(budgetStopped) stopped by the solver's node budget") }
            return "uniqueness: none of \(layouts) layouts could be made unique while keeping an empty cell in every equation"
                + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
        case .tooFewBlanks(let best, let required, let layouts):
            return "uniqueness: no unique level with \(required) empty cells in \(layouts) layouts (the most a unique layout reached: \(best)); ask for fewer empty cells"
        case .labelNotReached(let label, let layouts, let seen):
            let counts = DifficultyLabel.allCases.compactMap { l in seen[l].map { "\(l.rawValue) \($0)" } }.joined(separator: ", ")
            return "grade: no '\(label.rawValue)' puzzle in \(layouts) unique layouts of this profile (they graded: \(counts.isEmpty ? "none" : counts)); this profile cannot reliably reach that label"
        case .timeLimit(let seconds, let layouts):
            return "uniqueness: the \(seconds) s budget ran out after \(layouts) layout\(layouts == 1 ? "" : "s") (a longer time limit gives more)"
        }
    }

    /// A short stable name for counting failures by reason.
    public var reason: String {
        switch self {
        case .invalidProfile: return "invalid-profile"
        case .tooFewEquations: return "too-few-equations"
        case .noValues: return "no-values"
        case .noBlanks: return "no-blanks"
        case .noUniqueLevel: return "no-unique-level"
        case .tooFewBlanks: return "too-few-blanks"
        case .labelNotReached: return "label-not-reached"
        case .timeLimit: return "time-limit"
        }
    }
}

/// A generated level and how it was made.
public struct GeneratedPuzzle: Sendable {
    public var level: Puzzle
    public var seed: Int
    /// Complete placement attempts used (1 … ``Generator/maxAttempts``
    /// per layout).
    public var attempts: Int
    /// Empty cells turned into givens to make the solution unique.
    public var revealed = 0
    /// Given cells emptied to reach a minimum blank count.
    public var emptied = 0
}

/// Builds levels for a difficulty profile, reproducibly from a seed.
///
/// Each attempt grows one connected crossword: it places a first `A op B = C`
/// equation, then repeatedly looks at every legal way to cross an operand
/// already in the grid with a new perpendicular equation, scores them (more
/// crossings, equations short of the crossing goal, the rarer orientation)
/// and takes the best one whose operands can be given values, until it holds
/// the number of equations drawn for the level. A placement is legal when it
/// stays in the grid, shares only operand cells, and touches no other cell
/// side by side, so every run of the grid is exactly one equation. Then every
/// equation gets one or two empty operands, and the pool is their values.
public struct Generator: Sendable {
    /// Complete placement attempts before giving up.
    public static let maxAttempts = 3

    /// The wall-clock budget of the search for a unique or labelled level
    /// (``GenerationError/timeLimit(seconds:layouts:)`` when it runs out);
    /// `nil`: none. The layout of one level is bounded by the profile's size
    /// instead (``Profile/layoutWork``).
    public var timeLimit: Duration?

    public init(timeLimit: Duration? = nil) {
        self.timeLimit = timeLimit
    }

    /// Generates a level, or throws when three attempts miss `minEquations`.
    ///
    /// - Parameters:
    ///   - difficulty: the profile; its `maxOperandsPerEquation` is an upper
    ///     bound, the generator writes `A op B = C` equations.
    ///   - seed: determines the level entirely.
    public func generateLevel(difficulty: Profile, seed: Int) throws(GenerationError) -> Puzzle {
        try generate(difficulty: difficulty, seed: seed).level
    }

    /// Generates a level and reports the attempts it took.
    public func generate(difficulty: Profile, seed: Int) throws(GenerationError) -> GeneratedPuzzle {
        if let problem = difficulty.problem { throw .invalidProfile(problem) }
        var rng = SplitMix64(seed: seed)
        let (level, attempts) = try layout(difficulty, seed: seed, using: &rng)
        return GeneratedPuzzle(level: level, seed: seed, attempts: attempts)
    }

    /// Up to ``maxAttempts`` placement attempts drawing from `rng`.
    ///
    /// When all attempts fail, the error names the furthest step an attempt
    /// reached: ``GenerationError/noBlanks(equation:row:column:horizontal:equations:attempts:)``
    /// when one placed enough equations, otherwise what stopped the attempt
    /// that placed the most (``GenerationError/noValues(equation:places:row:column:horizontal:best:required:attempts:)``
    /// or ``GenerationError/tooFewEquations(best:required:attempts:)``).
    func layout(_ difficulty: Profile, seed: Int, using rng: inout SplitMix64) throws(GenerationError) -> (Puzzle, attempts: Int) {
        var best = 0
        var bestStall: _CrosswordBuilder.Stall?
        var blankFailure: GenerationError?
        for attempt in 1...Self.maxAttempts {
            var builder = _CrosswordBuilder(profile: difficulty)
            let target = rng.uniform(in: difficulty.minEquations...difficulty.maxEquations)
            builder.place(target: target, using: &rng)
            if builder.equations.count > best || attempt == 1 {
                best = builder.equations.count
                bestStall = builder.stall
            }
            guard builder.equations.count >= difficulty.minEquations else { continue }
            switch builder.chooseBlanks(using: &rng) {
            case .success(let blanks):
                return (builder.level(blanks: blanks, id: "\(difficulty.id)-\(seed)", idNamespace: UInt64(bitPattern: Int64(seed))), attempt)
            case .failure(let stuck):
                let equation = builder.equations[stuck.equation]
                let row = equation.start / builder.columns + 1
                let column = equation.start % builder.columns + 1
                blankFailure = .noBlanks(equation: stuck.equation + 1, row: row, column: column,
                                         horizontal: equation.horizontal, equations: builder.equations.count,
                                         attempts: Self.maxAttempts)
            }
        }
        if let blankFailure { throw blankFailure }
        if case .values(let places, let start, let horizontal)? = bestStall {
            let columns = difficulty.gridColumns
            throw .noValues(equation: best + 1, places: places, row: start / columns + 1, column: start % columns + 1,
                            horizontal: horizontal, best: best, required: difficulty.minEquations, attempts: Self.maxAttempts)
        }
        throw .tooFewEquations(best: best, required: difficulty.minEquations, attempts: Self.maxAttempts)
    }
}

/// The working state of one placement attempt.
///
/// The search places and takes back equations on one state (``apply(_:)`` and
/// ``undoLast()``) rather than copying it per step, and remembers its best
/// crossword as the list of equations, replayed at the end: the same
/// crossword, the same random draws, without the copies.
struct _CrosswordBuilder {
    struct PlacedEquation {
        var horizontal: Bool
        var start: Int          // the first cell's index
        var step: Int           // 1 across, `columns` down
        var op: ArithmeticOperator
        var values: (PuzzleNumber, PuzzleNumber, PuzzleNumber)
        var crossings = 0

        /// The index of cell `j` (0 … 4) of the equation.
        @inline(__always) func cell(_ j: Int) -> Int { start + j * step }
    }

    enum Kind: UInt8 { case block, operand, symbol }

    let profile: Profile
    let rows: Int
    let columns: Int
    let operators: [ArithmeticOperator]
    var kind: [Kind]
    var value: [PuzzleNumber]
    var owner: [Int32]         // 2 per cell: horizontal, vertical owner; -1 when none
    var equations: [PlacedEquation] = []
    var horizontalCount = 0

    /// Why the largest crossword found could not grow.
    enum Stall: Equatable {
        /// `places` legal places for the next equation, none of which any
        /// values fit; the first one tried starts at cell `start`.
        case values(places: Int, start: Int, horizontal: Bool)
    }
    /// Set when the largest crossword so far stopped growing because no
    /// values fit any place for the next equation; `nil` when it reached its
    /// target, had no legal place left, or the search budget ran out.
    private(set) var stall: Stall?
    /// The operand cells with a direction no equation holds yet (where a
    /// new equation may cross), one bit per cell: ``candidates(using:)``
    /// visits them in cell order without scanning the grid.
    private var anchors: [UInt64]
    /// Scratch for ``candidates(using:)``: a placement was seen in the
    /// current call when its stamp equals ``stamp``.
    private var seenStamp: [UInt32]
    private var stamp: UInt32 = 0
    /// Scratch for ``tryPlace(start:horizontal:using:)``'s operator order.
    private var order: [ArithmeticOperator]

    init(profile: Profile) {
        self.profile = profile
        rows = profile.gridRows
        columns = profile.gridColumns
        operators = profile.operators
        order = operators
        kind = Array(repeating: .block, count: rows * columns)
        value = Array(repeating: 0 as PuzzleNumber, count: rows * columns)
        owner = Array(repeating: -1, count: 2 * rows * columns)
        seenStamp = Array(repeating: 0, count: 2 * rows * columns)
        anchors = Array(repeating: 0, count: (rows * columns + 63) / 64)
    }

    // MARK: Placement

    /// Placements a bounded search may try per attempt beyond the greedy path.
    static let searchBudget = 48
    /// How many of the best-scored placements each step may branch on.
    static let branching = 3

    /// Grows the crossword towards `target` equations: greedily along the
    /// best-scored placements first, then, while the budget lasts, by
    /// depth-first search over the next-best ones. Keeps the largest
    /// crossword found.
    mutating func place(target: Int, using rng: inout SplitMix64) {
        guard placeFirst(using: &rng) else { return }
        var best: [PlacedEquation] = []
        var budget = Self.searchBudget + target
        if !grow(target: target, best: &best, budget: &budget, using: &rng) {
            // The search took back every placement; lay out the best again.
            while !equations.isEmpty { undoLast() }
            for equation in best { apply(equation) }
        }
    }

    /// Depth-first search; on success the state holds the crossword found,
    /// otherwise it is as it was on entry and `best` holds the largest
    /// crossword seen. The search keeps its own stack (one frame per
    /// equation placed), so its depth is bounded by memory, not by the
    /// thread's stack, whatever the target.
    private mutating func grow(target: Int, best: inout [PlacedEquation], budget: inout Int,
                               using rng: inout SplitMix64) -> Bool {
        /// One placement's alternatives: the candidates, best first as taken.
        struct Frame {
            var candidates: [Int]
            var taken = 0
            var branches = 0
        }
        // The largest crossword seen is the first `bestCount` equations
        // placed now while `bestIsPlaced`; it is copied into `best` only
        // when one of them is taken back (copying at every new largest
        // would share the array and make each placement copy it).
        var bestCount = equations.count, bestIsPlaced = true
        func newLargest() {
            if equations.count > bestCount { bestCount = equations.count; bestIsPlaced = true; stall = nil }
        }
        if equations.count >= target { return true }
        var stack = [Frame(candidates: candidates(using: &rng))]
        while let top = stack.indices.last {
            var placed = false
            var firstTried: Int?
            while stack[top].taken < stack[top].candidates.count, stack[top].branches < Self.branching, budget > 0 {
                // Best first: select the largest remaining key (a full sort
                // would do the same, but most steps use only the first
                // candidate or two).
                let taken = stack[top].taken
                var most = taken
                for i in (taken + 1)..<stack[top].candidates.count where stack[top].candidates[i] > stack[top].candidates[most] {
                    most = i
                }
                stack[top].candidates.swapAt(taken, most)
                stack[top].taken += 1
                if firstTried == nil { firstTried = stack[top].candidates[taken] }
                let (start, horizontal) = Self.placement(stack[top].candidates[taken])
                guard tryPlace(start: start, horizontal: horizontal, using: &rng) else { continue }
                stack[top].branches += 1
                budget -= 1
                placed = true
                break
            }
            if placed {
                newLargest()
                if equations.count >= target { return true }
                stack.append(Frame(candidates: candidates(using: &rng)))
            } else {
                // The deepest crossword could not grow: note it when every
                // legal place was tried and none took values.
                let frame = stack[top]
                if equations.count == bestCount, stall == nil, frame.branches == 0,
                   frame.taken == frame.candidates.count, let firstTried {
                    let (start, horizontal) = Self.placement(firstTried)
                    stall = .values(places: frame.candidates.count, start: start, horizontal: horizontal)
                }
                // Every alternative here failed: take back the placement that led here.
                stack.removeLast()
                guard !stack.isEmpty else { break }
                if bestIsPlaced && equations.count == bestCount {
                    best = equations
                    bestIsPlaced = false
                }
                undoLast()
            }
        }
        if bestIsPlaced { best = Array(equations.prefix(bestCount)) }
        return false
    }

    /// A placement's sort key: its score, then its start cell, then
    /// horizontal before vertical, in one integer (larger is better).
    @inline(__always) static func key(score: Int, start: Int, horizontal: Bool) -> Int {
        score << 42 | start << 1 | (horizontal ? 1 : 0)
    }

    @inline(__always) static func placement(_ key: Int) -> (start: Int, horizontal: Bool) {
        ((key >> 1) & (1 << 41 - 1), key & 1 == 1)
    }

    /// The keys of every legal placement crossing an operand already placed,
    /// in the order the random draws for their scores are made.
    private mutating func candidates(using rng: inout SplitMix64) -> [Int] {
        stamp &+= 1
        if stamp == 0 {  // wrapped: clear the stamps
            for i in seenStamp.indices { seenStamp[i] = 0 }
            stamp = 1
        }
        var seen: [UInt32] = []
        swap(&seen, &seenStamp)
        defer { swap(&seen, &seenStamp) }
        return kind.withUnsafeBufferPointer { kind in
            owner.withUnsafeBufferPointer { owner in
                candidates(kind: kind, owner: owner, seen: &seen, using: &rng)
            }
        }
    }

    /// ``candidates(using:)`` over the grid's kinds and owners, marking the
    /// placements seen with ``stamp``.
    private func candidates(kind: UnsafeBufferPointer<Kind>, owner: UnsafeBufferPointer<Int32>,
                            seen: inout [UInt32], using rng: inout SplitMix64) -> [Int] {
        @inline(__always) func isBlock(_ row: Int, _ column: Int) -> Bool {
            row < 0 || column < 0 || row >= rows || column >= columns || kind[row * columns + column] == .block
        }
        /// The score of a legal placement, or `nil` when it is illegal.
        @inline(__always) func score(_ r0: Int, _ c0: Int, horizontal: Bool) -> Int? {
            let (dr, dc) = horizontal ? (0, 1) : (1, 0)
            guard r0 + 4 * dr < rows, c0 + 4 * dc < columns else { return nil }
            guard isBlock(r0 - dr, c0 - dc), isBlock(r0 + 5 * dr, c0 + 5 * dc) else { return nil }
            var crossings = 0
            var deficit = 0
            for j in 0..<5 {
                let (r, c) = (r0 + j * dr, c0 + j * dc)
                let index = r * columns + c
                if kind[index] != .block {
                    guard j % 2 == 0, kind[index] == .operand, owner[2 * index + (horizontal ? 0 : 1)] < 0 else { return nil }
                    crossings += 1
                    let other = Int(owner[2 * index + (horizontal ? 1 : 0)])
                    if equations[other].crossings < profile.minCrossingsPerEquation { deficit += 1 }
                } else if !isBlock(r - dc, c - dr) || !isBlock(r + dc, c + dr) {
                    return nil  // a new cell beside another would form a stray run
                }
            }
            let rarer = (horizontalCount * 2 < equations.count) == horizontal ? 1 : 0
            return crossings * 8 + deficit * 4 + rarer * 3 + rng.uniform(in: 0...5)
        }
        var candidates: [Int] = []
        candidates.reserveCapacity(32)
        for word in anchors.indices {
            var bits = anchors[word]
            while bits != 0 {
                let anchor = word << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                let horizontal = owner[2 * anchor] < 0   // cross the anchor's equation
                let (row, column) = (anchor / columns, anchor % columns)
                for slot in 0..<3 {
                    let start = horizontal ? (row, column - 2 * slot) : (row - 2 * slot, column)
                    guard start.0 >= 0, start.1 >= 0 else { continue }
                    let startIndex = start.0 * columns + start.1
                    let key = 2 * startIndex + (horizontal ? 0 : 1)
                    guard seen[key] != stamp else { continue }
                    seen[key] = stamp
                    if let score = score(start.0, start.1, horizontal: horizontal) {
                        candidates.append(Self.key(score: score, start: startIndex, horizontal: horizontal))
                    }
                }
            }
        }
        return candidates
    }

    /// Keeps `cell`'s bit in ``anchors`` in step with its kind and owners.
    @inline(__always) private mutating func updateAnchor(_ cell: Int) {
        let bit: UInt64 = 1 << UInt64(cell & 63)
        if kind[cell] == .operand && (owner[2 * cell] < 0 || owner[2 * cell + 1] < 0) {
            anchors[cell >> 6] |= bit
        } else {
            anchors[cell >> 6] &= ~bit
        }
    }

    private mutating func placeFirst(using rng: inout SplitMix64) -> Bool {
        var options: [Bool] = []
        if columns >= 5 { options.append(true) }
        if rows >= 5 { options.append(false) }
        guard !options.isEmpty else { return false }
        let horizontal = options[rng.index(below: options.count)]
        let row = rng.uniform(in: 0...(rows - (horizontal ? 1 : 5)))
        let column = rng.uniform(in: 0...(columns - (horizontal ? 5 : 1)))
        for _ in 0..<8 where tryPlace(start: row * columns + column, horizontal: horizontal, using: &rng) {
            return true
        }
        stall = .values(places: 1, start: row * columns + column, horizontal: horizontal)
        return false
    }

    /// Places an equation at a legal position if its operands can take values.
    private mutating func tryPlace(start: Int, horizontal: Bool, using rng: inout SplitMix64) -> Bool {
        let step = horizontal ? 1 : columns
        @inline(__always) func fixed(_ j: Int) -> PuzzleNumber? {
            let cell = start + j * step
            return kind[cell] == .operand ? value[cell] : nil
        }
        let (a, b, c) = (fixed(0), fixed(2), fixed(4))
        order.stableShuffle(using: &rng)
        // Prefer informative equations: no zero, no factor or divisor of 1.
        var chosen: (ArithmeticOperator, (PuzzleNumber, PuzzleNumber, PuzzleNumber))?
        let picker = ValuePicker(low: profile.minValue, high: profile.maxValue)
        for i in order.indices {
            let op = order[i]
            guard let values = picker.values(op, a, b, c, using: &rng) else { continue }
            let trivial = values.0 == 0 || values.1 == 0 || values.2 == 0
                || ((op == .multiply || op == .divide) && (values.0 == 1 || values.1 == 1))
            if !trivial {
                chosen = (op, values)
                break
            }
            if chosen == nil { chosen = (op, values) }
        }
        // The shuffle starts from the profile's order every time.
        for i in operators.indices { order[i] = operators[i] }
        guard let (op, values) = chosen else { return false }
        apply(PlacedEquation(horizontal: horizontal, start: start, step: step, op: op, values: values))
        return true
    }

    /// Writes a legal equation into the grid and counts its crossings.
    private mutating func apply(_ placed: PlacedEquation) {
        var placed = placed
        placed.crossings = 0
        let index = Int32(equations.count)
        let (mine, other) = placed.horizontal ? (0, 1) : (1, 0)
        for j in 0..<5 {
            let cell = placed.cell(j)
            if j % 2 == 0 {
                if kind[cell] == .operand {
                    placed.crossings += 1
                    equations[Int(owner[2 * cell + other])].crossings += 1
                }
                kind[cell] = .operand
                value[cell] = j == 0 ? placed.values.0 : j == 2 ? placed.values.1 : placed.values.2
            } else {
                kind[cell] = .symbol
            }
            owner[2 * cell + mine] = index
            updateAnchor(cell)
        }
        equations.append(placed)
        if placed.horizontal { horizontalCount += 1 }
    }

    /// Takes back the last equation placed.
    private mutating func undoLast() {
        guard let placed = equations.popLast() else { return }
        let (mine, other) = placed.horizontal ? (0, 1) : (1, 0)
        for j in 0..<5 {
            let cell = placed.cell(j)
            owner[2 * cell + mine] = -1
            let crossed = owner[2 * cell + other]
            if j % 2 == 0 && crossed >= 0 {
                equations[Int(crossed)].crossings -= 1   // the crossed equation keeps the cell
            } else {
                kind[cell] = .block
                value[cell] = 0
            }
            updateAnchor(cell)
        }
        if placed.horizontal { horizontalCount -= 1 }
    }

    // MARK: Blanks

    /// The index of an equation the crossings left no cell to empty.
    struct NoBlankCell: Error { var equation: Int }

    /// Chooses one or two empty operands per equation; fails with the first
    /// equation (in placement order) the crossings left no cell to empty (a
    /// rare dead end).
    func chooseBlanks(using rng: inout SplitMix64) -> Result<[Bool], NoBlankCell> {
        var blank = [Bool](repeating: false, count: rows * columns)
        var count = [Int](repeating: 0, count: equations.count)
        var order = Array(equations.indices)
        order.stableShuffle(using: &rng)
        for e in order {
            let wanted = rng.chance(1, in: 2) ? 2 : 1
            var options = [equations[e].cell(0), equations[e].cell(2), equations[e].cell(4)]
            options.stableShuffle(using: &rng)
            for cell in options where count[e] < wanted && !blank[cell] {
                let other = Int(owner[2 * cell + (equations[e].horizontal ? 1 : 0)])
                if other >= 0 && count[other] >= 2 { continue }
                blank[cell] = true
                count[e] += 1
                if other >= 0 { count[other] += 1 }
            }
        }
        if let stuck = count.firstIndex(of: 0) { return .failure(NoBlankCell(equation: stuck)) }
        return .success(blank)
    }

    // MARK: Output

    func level(blanks: [Bool], id: String, idNamespace: UInt64) -> Puzzle {
        var tokens = [GridToken](repeating: .block, count: rows * columns)
        var runs: [(start: Int, horizontal: Bool, run: EquationRun)] = []
        var pool: [PuzzleNumber] = []
        var solution: [SolutionEntry] = []
        runs.reserveCapacity(equations.count)
        for equation in equations {
            for j in 0..<5 {
                let cell = equation.cell(j)
                switch j {
                case 1: tokens[cell] = .op(equation.op)
                case 3: tokens[cell] = .equals
                default: tokens[cell] = blanks[cell] ? .empty : .number(value[cell])
                }
            }
            let positions = (0..<5).map { j in
                let cell = equation.cell(j)
                return GridPosition(row: cell / columns, column: cell % columns)
            }
            runs.append((equation.start, equation.horizontal,
                         EquationRun(orientation: equation.horizontal ? .horizontal : .vertical, positions: positions)))
        }
        for cell in blanks.indices where blanks[cell] {
            pool.append(value[cell])
            solution.append(SolutionEntry(row: cell / columns, column: cell % columns, value: value[cell]))
        }
        runs.sort { ($0.start, $0.horizontal ? 0 : 1) < ($1.start, $1.horizontal ? 0 : 1) }
        return Puzzle(id: id, difficulty: profile, grid: TokenGrid(rows: rows, columns: columns, tokens: tokens),
                     equations: runs.map(\.run), numberPool: pool, solution: solution, idNamespace: idNamespace)
    }
}

/// Picks values for `A op B = C` within `low...high`, given the operands a
/// crossing has already fixed.
///
/// Subtraction is addition read backwards (`A - B = C` is `C + B = A`) and
/// division is multiplication read backwards (`A / B = C` is `B x C = A`, with
/// `B` not zero), so two solvers cover the four operators. Free operands avoid
/// 0 (and 1 for products) when the range allows, so equations stay
/// informative. All arithmetic is on ``PuzzleKit/PuzzleNumber``; the profile
/// check guarantees that sums and products of in-range values fit.
struct ValuePicker {
    typealias N = PuzzleNumber
    let low: N
    let high: N

    /// Divisors tried when a product's result is given (a bound on the search
    /// for large numbers, where factoring is out of reach).
    static let divisorSearchLimit = 10_000

    func values(_ op: ArithmeticOperator, _ a: N?, _ b: N?, _ c: N?,
                using rng: inout SplitMix64) -> (N, N, N)? {
        switch op {
        case .add:
            return sum(a, b, c, using: &rng)
        case .subtract:
            return sum(c, b, a, using: &rng).map { ($0.2, $0.1, $0.0) }
        case .multiply:
            return product(a, b, c, nonZeroFirst: false, using: &rng)
        case .divide:
            return product(b, c, a, nonZeroFirst: true, using: &rng).map { ($0.2, $0.0, $0.1) }
        }
    }

    private func fits(_ v: N) -> Bool { v >= low && v <= high }
    private func fits(_ outcome: ArithmeticOutcome) -> N? {
        if case .value(let v) = outcome, fits(v) { return v }
        return nil
    }
    private func minus(_ a: N, _ b: N) -> N? { if case .value(let v) = a.subtracting(b) { v } else { nil } }
    private func quotient(_ a: N, _ b: N) -> N? { b > 0 && a >= 0 ? a.quotientRoundingDown(b) : nil }

    /// A random value in `lower...upper` clipped to the range, preferring `floor` and up.
    private func pick(_ lower: N?, _ upper: N?, floor: N, using rng: inout SplitMix64) -> N? {
        guard let lower, let upper else { return nil }
        let lo = max(lower, low), hi = min(upper, high)
        guard lo <= hi else { return nil }
        let preferred = max(lo, floor)
        return N.random(in: (preferred <= hi ? preferred : lo)...hi, using: &rng)
    }

    /// `x + y = z`.
    private func sum(_ x: N?, _ y: N?, _ z: N?, using rng: inout SplitMix64) -> (N, N, N)? {
        switch (x, y, z) {
        case let (x?, y?, z?): return x.adding(y) == .value(z) ? (x, y, z) : nil
        case let (x?, y?, nil): return fits(x.adding(y)).map { (x, y, $0) }
        case let (x?, nil, z?): return fits(z.subtracting(x)).map { (x, $0, z) }
        case let (nil, y?, z?): return fits(z.subtracting(y)).map { ($0, y, z) }
        case let (x?, nil, nil):
            guard let y = pick(low, minus(high, x), floor: 1, using: &rng) else { return nil }
            return fits(x.adding(y)).map { (x, y, $0) }
        case let (nil, y?, nil):
            guard let x = pick(low, minus(high, y), floor: 1, using: &rng) else { return nil }
            return fits(x.adding(y)).map { (x, y, $0) }
        case let (nil, nil, z?):
            let margin = (minus(z, low) ?? 0) >= 2 ? max(low, 1) : low
            guard let x = pick(margin, minus(z, margin), floor: 1, using: &rng), let y = fits(z.subtracting(x)) else { return nil }
            return (x, y, z)
        case (nil, nil, nil):
            guard let x = pick(low, minus(high, max(low, 1)), floor: 1, using: &rng),
                  let y = pick(low, minus(high, x), floor: 1, using: &rng) else { return nil }
            return fits(x.adding(y)).map { (x, y, $0) }
        }
    }

    /// `x * y = z`, with `x != 0` when `nonZeroFirst`.
    private func product(_ x: N?, _ y: N?, _ z: N?, nonZeroFirst: Bool,
                         using rng: inout SplitMix64) -> (N, N, N)? {
        if nonZeroFirst, x == 0 { return nil }
        let xFloor: N = nonZeroFirst ? 1 : low
        switch (x, y, z) {
        case let (x?, y?, z?): return x.multiplying(y) == .value(z) ? (x, y, z) : nil
        case let (x?, y?, nil): return fits(x.multiplying(y)).map { (x, y, $0) }
        case let (x?, nil, z?):
            if x == 0 { return z == 0 ? pick(low, high, floor: 2, using: &rng).map { (x, $0, z) } : nil }
            return fits(z.dividingExactly(x)).map { (x, $0, z) }
        case let (nil, y?, z?):
            if y == 0 { return z == 0 && !nonZeroFirst ? pick(low, high, floor: 2, using: &rng).map { ($0, y, z) } : nil }
            guard let x = fits(z.dividingExactly(y)), x >= xFloor else { return nil }
            return (x, y, z)
        case let (x?, nil, nil):
            guard x != 0 else { return fits(0) ? pick(low, high, floor: 2, using: &rng).map { (x, $0, 0) } : nil }
            guard let y = pick(low, quotient(high, x), floor: 2, using: &rng) else { return nil }
            return fits(x.multiplying(y)).map { (x, y, $0) }
        case let (nil, y?, nil):
            guard y != 0 else { return nonZeroFirst || !fits(0) ? nil : pick(low, high, floor: 2, using: &rng).map { ($0, y, 0) } }
            guard let x = pick(xFloor, quotient(high, y), floor: 2, using: &rng) else { return nil }
            return fits(x.multiplying(y)).map { (x, y, $0) }
        case let (nil, nil, z?):
            return divisorPair(of: z, xFloor: xFloor, using: &rng)
        case (nil, nil, nil):
            let top = max(xFloor, quotient(high, max(2, low)) ?? xFloor)
            guard let x = pick(xFloor, top, floor: 2, using: &rng), x != 0 || fits(0),
                  let y = pick(low, x == 0 ? high : quotient(high, x), floor: 2, using: &rng) else { return nil }
            return fits(x.multiplying(y)).map { (x, y, $0) }
        }
    }

    /// A random `(x, y, z)` with `x * y = z` and both factors in range, from
    /// the divisors of `z` up to `min(√z, divisorSearchLimit)` and their
    /// cofactors.
    private func divisorPair(of z: N, xFloor: N, using rng: inout SplitMix64) -> (N, N, N)? {
        if z == 0 {
            if xFloor == 0, fits(0), let y = pick(low, high, floor: 2, using: &rng) { return (0, y, 0) }
            if fits(0), let x = pick(max(1, xFloor), high, floor: 2, using: &rng) { return (x, 0, 0) }
            return nil
        }
        var factors: [N] = []
        let limit = min(z.integerSquareRootBound, Self.divisorSearchLimit)
        if limit >= 1 {
            for d in 1...limit {
                guard case .value(let cofactor) = z.dividingExactly(N(d)) else { continue }
                for x in N(d) == cofactor ? [N(d)] : [N(d), cofactor] where x >= xFloor && fits(x) {
                    if fits(z.dividingExactly(x)) != nil { factors.append(x) }
                }
            }
        }
        guard !factors.isEmpty else { return nil }
        let informative = factors.filter { $0 != 1 && $0 != z }
        let choices = informative.isEmpty ? factors : informative
        let x = choices[rng.index(below: choices.count)]
        guard let y = fits(z.dividingExactly(x)) else { return nil }
        return (x, y, z)
    }
}
