import ConstraintSolver
import Foundation
import PuzzleKit

/// Why a level cannot be turned into a constraint model.
public enum SolveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An equation has so many empty cells that its table of allowed value
    /// combinations would be too large to build.
    case equationTooLarge(GridPosition, combinations: Int)
    /// Some combination of values in an equation needs numbers beyond what
    /// this build represents (64 bits without the `GMP` trait).
    case overflow(GridPosition)

    public var description: String {
        switch self {
        case .equationTooLarge(let p, let n):
            return "the equation starting at \(p) has more than \(n) combinations of pool values to try; too many empty cells in one equation"
        case .overflow(let p):
            return "the equation starting at \(p) needs numbers beyond \(puzzleNumberLimit)"
        }
    }
}

/// What a search found.
public struct SolveResult: Sendable {
    /// Solutions found: exact when `complete`, a lower bound otherwise.
    public var solutionCount: Int
    /// False when a solution, node or time limit stopped the count.
    public var complete: Bool
    public var stopReason: StopReason
    /// The first solutions (as many as asked for), each a value per empty cell
    /// in row-major order.
    public var solutions: [[SolutionEntry]]
    public var statistics: SearchStatistics
}

/// A math crossword as a constraint model.
///
/// One variable per empty cell, whose values are indices into the pool's
/// distinct values; one table per equation listing exactly the combinations
/// of pool values its empty cells may take (built with ``EquationRules``, the
/// evaluator's own arithmetic, and never using a value more often than the
/// pool holds it); and one cardinality constraint saying every tile is used
/// exactly once. Two solutions differ when some cell holds a different value.
public struct Solver: Sendable {
    /// Most value combinations one equation's table may enumerate.
    public static let maxCombinations = 4_000_000

    /// The empty cells, row-major; variable `i` is `blanks[i]`.
    public let blanks: [GridPosition]
    /// The pool's distinct values, ascending; value index `v` means `values[v]`.
    public let values: [PuzzleNumber]
    /// How many tiles of each value the pool holds.
    public let multiplicity: [Int]
    /// Per equation of the level: its table.
    let tables: [EquationTable]
    /// The model; `nil` when an equation without empty cells does not hold.
    let model: Model?

    /// Builds the model of `level` (its `currentValue`s are ignored).
    ///
    /// - Throws: ``SolveError`` when an equation has too many empty cells.
    /// - Complexity: for each equation, the product of the domain sizes of its
    ///   empty left operands (the result is computed, not enumerated).
    public init(level: Puzzle) throws(SolveError) {
        try self.init(level: level, generalTables: false)
    }

    /// Builds the model, with every table enumerated the general way when
    /// `generalTables` (tests compare the two ways).
    init(level: Puzzle, generalTables: Bool) throws(SolveError) {
        blanks = level.blankPositions
        // The distinct values ascending and their tile counts, from one sort
        // (no hashing: the pool is small).
        var values: [PuzzleNumber] = []
        var multiplicity: [Int] = []
        for value in level.numberPool.sorted() {
            if value == values.last { multiplicity[multiplicity.count - 1] += 1 } else {
                values.append(value)
                multiplicity.append(1)
            }
        }
        self.values = values
        self.multiplicity = multiplicity
        var tables: [EquationTable] = []
        tables.reserveCapacity(level.equations.count)
        // The variable of each cell, row-major; -1 for cells that are not empty.
        var variableOf = [Int](repeating: -1, count: level.cells.count)
        var model = Model()
        for (index, position) in blanks.enumerated() {
            variableOf[position.row * level.columns + position.column] = index
            model.addVariable(domainSize: values.count)
        }
        var feasible = true
        var scratch = TableScratch(used: [Int](repeating: 0, count: values.count))
        scratch.lookup = SmallValues(values)
        for equation in level.equations {
            let cells = equation.cellPositions
            var slots: [Slot] = []
            slots.reserveCapacity((cells.count + 1) / 2)
            // A position outside the grid (a level built in code, never one
            // read from a file) counts as a given 0 or a `+`, as a cell
            // holding no number or no operator does.
            func cell(_ p: GridPosition) -> GridCell? { level.contains(p) ? level[p] : nil }
            for p in stride(from: 0, to: cells.count, by: 2).lazy.map({ cells[$0] }) {
                let variable = level.contains(p) ? variableOf[p.row * level.columns + p.column] : -1
                slots.append(variable >= 0 ? .blank(variable) : .fixed(cell(p)?.fixedValue ?? 0))
            }
            let operators = stride(from: 1, to: cells.count - 2, by: 2).map {
                cell(cells[$0])?.operatorSymbol.flatMap(ArithmeticOperator.init(symbol:)) ?? .add
            }
            let table = try Self.table(slots: slots, operators: operators, values: values, multiplicity: multiplicity,
                                       start: equation.cellPositions[0], scratch: &scratch, generalOnly: generalTables)
            tables.append(table)
            if table.variables.isEmpty {
                if table.count == 0 { feasible = false }
            } else {
                try? model.addTable(table.variables, flatTuples: table.values, count: table.count)
            }
        }
        if !blanks.isEmpty {
            try? model.addCardinality(Array(blanks.indices), counts: multiplicity)
        }
        self.tables = tables
        self.model = feasible ? model : nil
    }

    /// Whether building the model may throw ``SolveError/overflow(_:)``:
    /// false when every pool value and given number is at most
    /// ``SmallValues/limit`` in size and no equation has more than
    /// ``SmallValues/maxOperands`` left operands, as then no left side
    /// evaluated left to right leaves 2⁶⁰ in size.
    static func mayOverflow(_ level: Puzzle) -> Bool {
        func small(_ number: PuzzleNumber) -> Bool {
            guard let v = number.intValue else { return false }
            return v >= -SmallValues.limit && v <= SmallValues.limit
        }
        if level.equations.contains(where: { ($0.cellPositions.count + 1) / 2 - 1 > SmallValues.maxOperands }) { return true }
        for index in level.cells.indices {
            if let value = level.cells[index].fixedValue, !small(value) { return true }
        }
        return !level.numberPool.allSatisfy(small)
    }

    /// Tuples in all the equations' tables together: the size of the model,
    /// a deterministic measure of the work building it took.
    public var tableTuples: Int { tables.reduce(0) { $0 + $1.count } }

    /// Counts solutions within `limits` and returns the first
    /// `limits.keepSolutions` of them.
    public func solve(_ limits: SearchLimits = .init()) -> SolveResult {
        run(model, limits)
    }

    /// Searches for solutions other than `known`: the uniqueness check asks
    /// for one (`solutions: 1`); none, with a complete search, means `known` is
    /// the only solution.
    public func solveExcluding(_ known: [SolutionEntry], _ limits: SearchLimits) -> SolveResult {
        guard var model else { return run(nil, limits) }
        let valueAt = Dictionary(known.map { ($0.position, $0.value) }, uniquingKeysWith: { a, _ in a })
        let indices = blanks.map { p in valueAt[p].flatMap { values.firstIndex(of: $0) } ?? -1 }
        if !blanks.isEmpty, !indices.contains(-1) {
            try? model.addNogood(Array(blanks.indices), values: indices)
        } else if blanks.isEmpty {
            return run(nil, limits)  // the empty assignment is the known one
        }
        return run(model, limits)
    }

    private func run(_ model: Model?, _ limits: SearchLimits) -> SolveResult {
        guard let model else {
            return SolveResult(solutionCount: 0, complete: true, stopReason: .exhausted, solutions: [],
                               statistics: SearchStatistics())
        }
        // A full count (no solution limit) may split the grid into independent parts.
        let result = limits.solutions == nil ? Self.count(model, limits) : Self.search(model, limits)
        return SolveResult(
            solutionCount: result.solutionCount, complete: result.complete, stopReason: result.stopReason,
            solutions: result.solutions.map { assignment in
                zip(blanks, assignment).map { SolutionEntry(row: $0.row, column: $0.column, value: values[$1]) }
            },
            statistics: result.statistics)
    }

    /// Buffers ``table(slots:operators:values:multiplicity:start:scratch:)``
    /// reuses from one equation to the next instead of allocating them anew.
    struct TableScratch {
        /// Tiles of each value the combination at hand uses; all zero between calls.
        var used: [Int]
        var enumerated: [Int] = []
        var choice: [Int] = []
        var operands: [PuzzleNumber] = []
        var smallOperands: [Int] = []
        /// The pool's values as machine integers, when they are small enough
        /// for ``smallTable(slots:operators:lookup:multiplicity:scratch:)``.
        var lookup: SmallValues?
    }

    /// The pool's distinct values as `Int`s with a direct value → index map,
    /// when every value is a non-negative `Int` no larger than ``limit``.
    struct SmallValues {
        /// Largest value (and fixed operand) the fast table path handles:
        /// small enough that no left side of up to ``maxOperands`` operands
        /// can overflow, so skipping combinations never hides an overflow.
        static let limit = 1 << 20
        /// Most left operands the fast table path handles (`limit`³ < 2⁶³).
        static let maxOperands = 3

        /// Largest value indexed through a direct map; larger pools search.
        static let directLimit = 1 << 16

        let values: [Int]
        /// `indexOf[v]` is the index of value `v`, or -1 (empty when the
        /// largest value is beyond ``directLimit``).
        let indexOf: [Int32]

        init?(_ numbers: [PuzzleNumber]) {
            var values: [Int] = []
            values.reserveCapacity(numbers.count)
            for number in numbers {
                guard let v = number.intValue, v >= 0, v <= Self.limit else { return nil }
                values.append(v)
            }
            let largest = values.last ?? 0
            var indexOf = [Int32](repeating: -1, count: largest <= Self.directLimit ? largest + 1 : 0)
            if !indexOf.isEmpty {
                for (i, v) in values.enumerated() { indexOf[v] = Int32(i) }
            }
            self.values = values
            self.indexOf = indexOf
        }

        /// The index of `value`, or -1 when it is not a pool value.
        @inline(__always)
        func index(_ value: Int) -> Int {
            if !indexOf.isEmpty { return value >= 0 && value < indexOf.count ? Int(indexOf[value]) : -1 }
            var low = 0, high = values.count - 1
            while low <= high {
                let mid = (low + high) / 2
                if values[mid] == value { return mid }
                if values[mid] < value { low = mid + 1 } else { high = mid - 1 }
            }
            return -1
        }
    }

    enum Slot {
        case fixed(PuzzleNumber)
        case blank(Int)
        var variable: Int? { if case .blank(let v) = self { v } else { nil } }
    }

    /// One equation's table: its empty cells (variables, in reading order)
    /// and the value-index tuples they may take together, laid end to end.
    struct EquationTable: Equatable, Sendable {
        let variables: [Int]
        /// Tuple `t` gives `variables[k]` the value index
        /// `values[t * variables.count + k]`.
        private(set) var values: [Int] = []
        /// How many tuples (for an equation without empty cells: 1 when it
        /// holds, else 0).
        private(set) var count = 0

        init(variables: [Int]) { self.variables = variables }

        /// The value index tuple `t` gives the `k`th variable.
        @inline(__always) func value(_ t: Int, _ k: Int) -> Int { values[t * variables.count + k] }

        /// Tuple `t`.
        func tuple(_ t: Int) -> [Int] { Array(values[(t * variables.count)..<((t + 1) * variables.count)]) }

        /// Appends the tuple `operands`, then `result` unless it is -1.
        mutating func append(_ operands: [Int], result: Int) {
            values.append(contentsOf: operands)
            if result >= 0 { values.append(result) }
            count += 1
        }
    }

    /// The allowed value-index tuples of the blank slots, in slot order.
    ///
    /// Small values (``SmallValues``) take a fast path that computes in
    /// machine integers and, when the result is given and the last left
    /// operand is empty, solves for that operand instead of trying every
    /// value: the same tuples in the same order, with the work growing with
    /// the pool's size rather than its square. `generalOnly` forces the
    /// general enumeration (tests compare the two).
    static func table(slots: [Slot], operators: [ArithmeticOperator], values: [PuzzleNumber], multiplicity: [Int],
                      start: GridPosition, scratch: inout TableScratch, generalOnly: Bool = false) throws(SolveError) -> EquationTable {
        let leftCount = max(0, slots.count - 1)
        var blankLeft = 0
        for i in 0..<leftCount where slots[i].variable != nil { blankLeft += 1 }
        var combinations = 1
        for _ in 0..<blankLeft {
            combinations = combinations.multipliedReportingOverflow(by: max(1, values.count)).partialValue
            if combinations > maxCombinations || combinations < 0 {
                throw .equationTooLarge(start, combinations: maxCombinations)
            }
        }
        if !generalOnly, let lookup = scratch.lookup,
           let table = smallTable(slots: slots, operators: operators, lookup: lookup, multiplicity: multiplicity, scratch: &scratch) {
            return table
        }
        return try generalTable(slots: slots, operators: operators, values: values, multiplicity: multiplicity,
                                start: start, scratch: &scratch)
    }

    /// ``table(slots:operators:values:multiplicity:start:scratch:generalOnly:)``
    /// in machine integers; `nil` when a fixed operand is too large or there
    /// are too many operands for it.
    private static func smallTable(slots: [Slot], operators: [ArithmeticOperator], lookup: SmallValues, multiplicity: [Int],
                                   scratch: inout TableScratch) -> EquationTable? {
        let leftCount = slots.count - 1
        guard leftCount >= 1, leftCount <= SmallValues.maxOperands, operators.count == leftCount - 1 else { return nil }
        let values = lookup.values
        // Operand values (fixed ones filled in now) and the blank left slots,
        // in buffers moved out of `scratch` (not shared, so not copied when
        // written) and put back at the end.
        var operands = scratch.smallOperands
        var enumerated = scratch.enumerated
        var choice = scratch.choice
        scratch.smallOperands = []
        scratch.enumerated = []
        scratch.choice = []
        defer { scratch.smallOperands = operands; scratch.enumerated = enumerated; scratch.choice = choice }
        operands.removeAll(keepingCapacity: true)
        operands.append(contentsOf: repeatElement(0, count: leftCount))
        enumerated.removeAll(keepingCapacity: true)
        for i in 0..<leftCount {
            switch slots[i] {
            case .fixed(let number):
                guard let v = number.intValue, v >= 0, v <= SmallValues.limit else { return nil }
                operands[i] = v
            case .blank:
                enumerated.append(i)
            }
        }
        var fixedResult = -1
        var resultIsBlank = false
        switch slots[leftCount] {
        case .fixed(let number):
            guard let v = number.intValue, v >= 0, v <= SmallValues.limit else { return nil }
            fixedResult = v
        case .blank:
            resultIsBlank = true
        }
        var table = EquationTable(variables: slots.compactMap(\.variable))
        if !enumerated.isEmpty && values.isEmpty { return table }
        // With a given result and an empty last operand, that operand is
        // solved for rather than tried.
        let solveLast = !resultIsBlank && enumerated.last == leftCount - 1
        let tried = solveLast ? enumerated.count - 1 : enumerated.count
        choice.removeAll(keepingCapacity: true)
        choice.append(contentsOf: repeatElement(0, count: enumerated.count))
        var used = scratch.used
        scratch.used = []
        defer { scratch.used = used }

        /// Appends `choice` when it fits in the pool (`choice` complete).
        func appendIfWithinPool(_ resultIndex: Int) {
            var withinPool = true
            for i in choice {
                used[i] += 1
                if used[i] > multiplicity[i] { withinPool = false }
            }
            if resultIndex >= 0 {
                used[resultIndex] += 1
                if used[resultIndex] > multiplicity[resultIndex] { withinPool = false }
            }
            for i in choice { used[i] -= 1 }
            if resultIndex >= 0 { used[resultIndex] -= 1 }
            if withinPool { table.append(choice, result: resultIndex) }
        }

        while true {
            for k in 0..<tried { operands[enumerated[k]] = values[choice[k]] }
            // The left side up to the operand solved for (or all of it).
            let evaluated = solveLast ? leftCount - 1 : leftCount
            var value = operands[0]
            var defined = true
            for i in 1..<max(1, evaluated) {
                switch operators[i - 1] {
                case .add: value += operands[i]
                case .subtract: value -= operands[i]
                case .multiply: value *= operands[i]
                case .divide:
                    if operands[i] == 0 || value % operands[i] != 0 { defined = false } else { value /= operands[i] }
                }
                if !defined { break }
            }
            if defined {
                if solveLast {
                    let last = enumerated.count - 1
                    let p = value, r = fixedResult
                    let op = leftCount >= 2 ? operators[leftCount - 2] : .add
                    if leftCount == 1 {
                        // The result equals the single operand.
                        let x = lookup.index(r)
                        if x >= 0 { choice[last] = x; appendIfWithinPool(-1) }
                    } else {
                        switch op {
                        case .add:
                            let x = lookup.index(r - p)
                            if x >= 0 { choice[last] = x; appendIfWithinPool(-1) }
                        case .subtract:
                            let x = lookup.index(p - r)
                            if x >= 0 { choice[last] = x; appendIfWithinPool(-1) }
                        case .multiply:
                            if p == 0 {
                                if r == 0 { for x in values.indices { choice[last] = x; appendIfWithinPool(-1) } }
                            } else if r % p == 0 {
                                let x = lookup.index(r / p)
                                if x >= 0 { choice[last] = x; appendIfWithinPool(-1) }
                            }
                        case .divide:
                            if r == 0 {
                                if p == 0 {
                                    for x in values.indices where values[x] != 0 { choice[last] = x; appendIfWithinPool(-1) }
                                }
                            } else if p % r == 0, p / r != 0 {
                                let x = lookup.index(p / r)
                                if x >= 0 { choice[last] = x; appendIfWithinPool(-1) }
                            }
                        }
                    }
                } else if value >= 0 {
                    if resultIsBlank {
                        let index = lookup.index(value)
                        if index >= 0 { appendIfWithinPool(index) }
                    } else if value == fixedResult {
                        appendIfWithinPool(-1)
                    }
                }
            }
            // Next combination of the tried operands; stop after the last.
            if !advance(&choice, prefix: tried, base: values.count) { break }
        }
        return table
    }

    /// The allowed value-index tuples by trying every combination of values
    /// for the empty left operands, with the evaluator's own arithmetic.
    private static func generalTable(slots: [Slot], operators: [ArithmeticOperator], values: [PuzzleNumber], multiplicity: [Int],
                                     start: GridPosition, scratch: inout TableScratch) throws(SolveError) -> EquationTable {
        let resultIsBlank = slots.last?.variable != nil
        let leftCount = max(0, slots.count - 1)
        // The left operands' slots that are blank, enumerated odometer-wise.
        scratch.enumerated.removeAll(keepingCapacity: true)
        for i in 0..<leftCount where slots[i].variable != nil { scratch.enumerated.append(i) }
        let enumerated = scratch.enumerated
        var table = EquationTable(variables: slots.compactMap(\.variable))
        // The buffers are moved out (so they are not shared, and not copied
        // when written) and put back at the end.
        var choice = scratch.choice
        scratch.choice = []
        choice.removeAll(keepingCapacity: true)
        choice.append(contentsOf: repeatElement(0, count: enumerated.count))
        var operands = scratch.operands
        scratch.operands = []
        operands.removeAll(keepingCapacity: true)
        for i in 0..<leftCount {
            if case .fixed(let v) = slots[i] { operands.append(v) } else { operands.append(0) }
        }
        // All zeros on entry and on exit: every count taken is given back.
        var used = scratch.used
        scratch.used = []
        defer { scratch.choice = choice; scratch.operands = operands; scratch.used = used }
        if !enumerated.isEmpty && values.isEmpty { return table }
        var fixedResult: PuzzleNumber?
        if case .fixed(let result)? = slots.last { fixedResult = result }
        while true {
            for k in enumerated.indices { operands[enumerated[k]] = values[choice[k]] }
            let outcome = EquationRules.leftValue(operands, operators)
            if outcome == .overflow { throw .overflow(start) }
            if case .value(let value) = outcome, value >= 0 {
                // The result's value index (-1: none, the result is given),
                // checked before any tuple is allocated.
                var resultIndex = -1
                var fits = true
                if resultIsBlank {
                    if let index = binarySearch(values, value) { resultIndex = index } else { fits = false }
                } else if let fixedResult, fixedResult != value {
                    fits = false
                }
                if fits {
                    // No value used more often than the pool holds it.
                    for i in choice { used[i] += 1 }
                    if resultIndex >= 0 { used[resultIndex] += 1 }
                    var withinPool = true
                    for i in choice where used[i] > multiplicity[i] { withinPool = false }
                    if resultIndex >= 0 && used[resultIndex] > multiplicity[resultIndex] { withinPool = false }
                    if withinPool { table.append(choice, result: resultIndex) }
                    for i in choice { used[i] -= 1 }
                    if resultIndex >= 0 { used[resultIndex] -= 1 }
                }
            }
            // Next combination; stop after the last.
            if !advance(&choice, prefix: choice.count, base: values.count) { break }
        }
        return table
    }

    /// Steps the first `prefix` digits of `choice`, an odometer in base
    /// `base` whose last digit turns fastest, to the next combination;
    /// false (all digits back at 0) after the last.
    private static func advance(_ choice: inout [Int], prefix: Int, base: Int) -> Bool {
        var k = prefix - 1
        while k >= 0 {
            choice[k] += 1
            if choice[k] < base { return true }
            choice[k] = 0
            k -= 1
        }
        return false
    }

    static func binarySearch(_ sorted: [PuzzleNumber], _ target: PuzzleNumber) -> Int? {
        var low = 0, high = sorted.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if sorted[mid] == target { return mid }
            if sorted[mid] < target { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }
}

/// The uniqueness checks of emptying one given cell after another, all on
/// one compiled model.
///
/// A fresh ``Solver`` per trial numbers the values of the trial's pool and
/// builds every equation's table and the whole constraint engine again,
/// though emptying a cell changes only the tables of the equations through
/// it. This model numbers every value of the pool and of the givens that
/// may be emptied once, ascending, and gives each empty cell and each of
/// those givens a variable: an empty cell's ranges over every value, a
/// given's holds only its value (the other givens stay constants, as in a
/// fresh model). The cardinality constraint counts every tile of the pool
/// and of those givens, so it is the same for every trial; each table has a
/// column per variable of its equation (a given's column holds its value);
/// and the nogood forbids the known solution together with the givens'
/// values. A trial then widens the emptied cell's domain, compiles new
/// tables for the equations through it only, and switches back when the
/// cell is not kept.
///
/// Tables are built allowing each value as many tiles as the pool and the
/// givens hold together; a tuple that fills the empty cells of one equation
/// with more tiles of a value than the trial's pool holds is left out at the
/// root of each trial, so every table allows exactly the tuples a fresh
/// table does. The extra values and the givens' variables are settled by
/// the root propagation (a value without tiles in the pool leaves every
/// empty cell there), so the search reaches the same nodes in the same order
/// as a fresh ``Solver/solveExcluding(_:_:)``, with the same answer and node
/// count.
struct EmptyingModel {
    typealias Repeat = (tuple: Int, value: Int, tiles: Int)

    /// Every value of the pool and of the givens that may be emptied, ascending.
    private let values: [PuzzleNumber]
    /// Tiles of each value in the pool of the level as it stands (during a
    /// trial, with the emptied cell's tile).
    private var pool: [Int]
    /// Most tiles of each value a trial's pool can hold: the pool's and the givens'.
    private let most: [Int]
    /// Per cell (row-major): its variable, or -1 when it is neither empty nor
    /// a given with a value that may be emptied.
    private let variableOf: [Int]
    /// Per variable: the value index of its given, or -1 when it is empty.
    private var given: [Int]
    /// Per variable: its cell.
    private let positions: [GridPosition]
    /// Per variable: the equations (with a table) it is an operand of.
    private let equationsOf: [[Int]]
    /// Per equation: its operand slots, each a variable or (-1) a constant.
    private let slotVariables: [[Int]]
    /// Per equation: the constants of its slots without a variable, in order.
    private let slotConstants: [[PuzzleNumber]]
    private let operators: [[ArithmeticOperator]]
    private let starts: [GridPosition]
    /// Per equation: its table in `solver`, or -1 when it has no variable.
    private let tableOf: [Int]
    /// Per table of `solver`: the id of the tuple list it uses.
    private var listInUse: [Int]
    /// Per tuple list of `solver`: the tuples that fill empty cells with one
    /// value more than once, each with that value and how many tiles of it
    /// the tuple needs.
    private var repeats: [[Repeat]]
    private var solver: ConstraintSolver.Solver
    private var scratch: Solver.TableScratch
    /// The trial in progress: the emptied cell's variable, its given's value
    /// index, and the tables it switched, each with the list it used before.
    private var trial: (variable: Int, value: Int, switched: [(table: Int, list: Int)])?

    /// The model of `level`, whose givens may be emptied where `emptiable`
    /// (per cell, row-major) says so; `nil` when the level has no empty cell
    /// or does not carry a solution value out of its pool for each, an
    /// equation repeats a cell or cannot be built over the shared numbering,
    /// or an equation allows no tuple.
    init?(level: Puzzle, emptiable: [Bool]) {
        guard let solution = level.solution else { return nil }
        // The variables, row-major: each empty cell and each given that may
        // be emptied (with its value).
        var variableOf = [Int](repeating: -1, count: level.cells.count)
        var givenNumbers: [PuzzleNumber?] = []
        var positions: [GridPosition] = []
        var numbers = level.numberPool
        for index in level.cells.indices {
            let type = level.cells[index].type
            if type == .emptyOperand {
                givenNumbers.append(nil)
            } else if type == .fixedOperand, index < emptiable.count, emptiable[index], let value = level.cells[index].fixedValue {
                givenNumbers.append(value)
                numbers.append(value)
            } else {
                continue
            }
            variableOf[index] = givenNumbers.count - 1
            positions.append(level.cells[index].position)
        }
        // Without an empty cell the known solution is the only one, and a
        // fresh model says so without a search.
        guard givenNumbers.contains(where: { $0 == nil }) else { return nil }
        // Their values ascending, with the most tiles of each a trial can
        // have and the tiles of the pool.
        var values: [PuzzleNumber] = []
        var most: [Int] = []
        for value in numbers.sorted() {
            if value == values.last { most[most.count - 1] += 1 } else {
                values.append(value)
                most.append(1)
            }
        }
        var pool = [Int](repeating: 0, count: values.count)
        for value in level.numberPool { if let v = Solver.binarySearch(values, value) { pool[v] += 1 } }
        // The known value of each variable: its given's, or the solution's,
        // which must be a pool value (as a fresh model's nogood needs).
        var solved = [PuzzleNumber?](repeating: nil, count: level.cells.count)
        for entry in solution.reversed() where level.contains(entry.position) {
            solved[entry.row * level.columns + entry.column] = entry.value
        }
        var given: [Int] = []
        var known: [Int] = []
        for (v, position) in positions.enumerated() {
            let number = givenNumbers[v] ?? solved[position.row * level.columns + position.column]
            guard let number, let index = Solver.binarySearch(values, number), givenNumbers[v] != nil || pool[index] > 0 else {
                return nil
            }
            given.append(givenNumbers[v] == nil ? -1 : index)
            known.append(index)
        }
        // The equations' slots.
        var slotVariables: [[Int]] = []
        var slotConstants: [[PuzzleNumber]] = []
        var operators: [[ArithmeticOperator]] = []
        var starts: [GridPosition] = []
        for equation in level.equations {
            let cells = equation.cellPositions
            var variables: [Int] = []
            var constants: [PuzzleNumber] = []
            for p in stride(from: 0, to: cells.count, by: 2).lazy.map({ cells[$0] }) {
                let variable = level.contains(p) ? variableOf[p.row * level.columns + p.column] : -1
                if variable >= 0 && variables.contains(variable) { return nil }
                variables.append(variable)
                if variable < 0 { constants.append(level.contains(p) ? level[p].fixedValue ?? 0 : 0) }
            }
            slotVariables.append(variables)
            slotConstants.append(constants)
            operators.append(stride(from: 1, to: cells.count - 2, by: 2).map {
                (level.contains(cells[$0]) ? level[cells[$0]] : nil)?.operatorSymbol.flatMap(ArithmeticOperator.init(symbol:)) ?? .add
            })
            starts.append(cells.first ?? GridPosition(row: 0, column: 0))
        }
        var scratch = Solver.TableScratch(used: [Int](repeating: 0, count: values.count))
        scratch.lookup = Solver.SmallValues(values)
        var model = Model()
        for v in given.indices {
            model.addVariable(domainSize: values.count)
            if given[v] >= 0 { try? model.restrict(v, to: [given[v]]) }
        }
        var tableOf: [Int] = []
        var repeats: [[Repeat]] = []
        var equationsOf = [[Int]](repeating: [], count: given.count)
        for e in level.equations.indices {
            guard let (scope, tuples, count, overdrawn) = try? Self.table(slotVariables[e], slotConstants[e], operators[e], starts[e],
                                                                          given: given, values: values, most: most, scratch: &scratch),
                  count > 0 else { return nil }
            if scope.isEmpty {
                tableOf.append(-1)
                continue
            }
            guard (try? model.addTable(scope, flatTuples: tuples, count: count)) != nil else { return nil }
            tableOf.append(repeats.count)
            repeats.append(overdrawn)
            for v in scope { equationsOf[v].append(e) }
        }
        guard (try? model.addCardinality(Array(given.indices), counts: most)) != nil,
              (try? model.addNogood(Array(given.indices), values: known)) != nil else { return nil }
        let solver = ConstraintSolver.Solver(model)
        guard solver.tableCount == repeats.count else { return nil }
        self.solver = solver
        self.values = values
        self.pool = pool
        self.most = most
        self.variableOf = variableOf
        self.given = given
        self.positions = positions
        self.equationsOf = equationsOf
        self.slotVariables = slotVariables
        self.slotConstants = slotConstants
        self.operators = operators
        self.starts = starts
        self.tableOf = tableOf
        self.repeats = repeats
        self.listInUse = Array(repeats.indices)
        self.scratch = scratch
    }

    /// The table of the equation with the operand slots `slotVariables` (a
    /// variable, or -1 for the next of `slotConstants`), `operators` and
    /// first cell `start`, with the variables' givens `given`: its variables
    /// in slot order, its tuples laid end to end over them, how many, and
    /// the tuples that fill empty cells with one value more than once.
    private static func table(_ slotVariables: [Int], _ slotConstants: [PuzzleNumber], _ operators: [ArithmeticOperator],
                              _ start: GridPosition, given: [Int], values: [PuzzleNumber], most: [Int],
                              scratch: inout Solver.TableScratch) throws(SolveError)
        -> (scope: [Int], tuples: [Int], count: Int, repeats: [Repeat]) {
        var slots: [Solver.Slot] = []
        slots.reserveCapacity(slotVariables.count)
        var scope: [Int] = []
        var constant = 0
        var givens = false
        for variable in slotVariables {
            if variable < 0 {
                slots.append(.fixed(constant < slotConstants.count ? slotConstants[constant] : 0))
                constant += 1
                continue
            }
            scope.append(variable)
            if given[variable] >= 0 {
                slots.append(.fixed(values[given[variable]]))
                givens = true
            } else {
                slots.append(.blank(variable))
            }
        }
        let table = try Solver.table(slots: slots, operators: operators, values: values, multiplicity: most,
                                     start: start, scratch: &scratch)
        let arity = table.variables.count
        var repeats: [Repeat] = []
        if arity >= 2 {
            for t in 0..<table.count {
                // Each value filling two or more empty cells, at its first cell.
                for k in 0..<arity {
                    let value = table.value(t, k)
                    if (0..<k).contains(where: { table.value(t, $0) == value }) { continue }
                    var tiles = 1
                    for j in (k + 1)..<arity where table.value(t, j) == value { tiles += 1 }
                    if tiles > 1 { repeats.append((t, value, tiles)) }
                }
            }
        }
        guard givens else { return (scope, table.values, table.count, repeats) }
        // The givens' columns hold their values.
        var tuples: [Int] = []
        tuples.reserveCapacity(table.count * scope.count)
        for t in 0..<table.count {
            var k = 0
            for variable in scope {
                if given[variable] >= 0 {
                    tuples.append(given[variable])
                } else {
                    tuples.append(table.value(t, k))
                    k += 1
                }
            }
        }
        return (scope, tuples, table.count, repeats)
    }

    /// Searches within `limits` for a solution, other than the known one, of
    /// the level with the given cell at row-major index `cell` emptied (its
    /// tile added to the pool), and leaves that trial in place until
    /// ``endTrial(keep:)``. `nil`, with nothing changed, when the cell is not
    /// a given or an equation through it cannot be built over the shared
    /// numbering: a fresh ``Solver`` has to answer.
    mutating func searchEmptying(_ cell: Int, _ limits: SearchLimits) -> SearchResult? {
        guard trial == nil, cell >= 0, cell < variableOf.count else { return nil }
        let variable = variableOf[cell]
        guard variable >= 0, given[variable] >= 0 else { return nil }
        let value = given[variable]
        given[variable] = -1
        var switched: [(table: Int, list: Int)] = []
        for e in equationsOf[variable] {
            let table = tableOf[e]
            guard let (_, tuples, count, repeats) = try? Self.table(slotVariables[e], slotConstants[e], operators[e], starts[e],
                                                                    given: given, values: values, most: most, scratch: &scratch),
                  let list = try? solver.addTupleList(table: table, flatTuples: tuples, count: count) else {
                given[variable] = value
                for (table, list) in switched { use(list, table) }
                return nil
            }
            self.repeats.append(contentsOf: repeatElement([], count: list + 1 - self.repeats.count))
            self.repeats[list] = repeats
            switched.append((table, listInUse[table]))
            use(list, table)
        }
        pool[value] += 1
        try? solver.setRootDomain(variable, to: Array(values.indices))
        trial = (variable, value, switched)
        excludeOverdrawnTuples()
        return solver.search(limits)
    }

    /// Searches within `limits` for solutions, other than the known one, of
    /// the level as it stands: what ``Solver/solveExcluding(_:_:)`` of a
    /// fresh ``Solver`` finds, with its solutions (each a value per empty
    /// cell, row-major).
    mutating func searchOthers(_ limits: SearchLimits) -> SolveResult {
        excludeOverdrawnTuples()
        let result = solver.search(limits)
        return SolveResult(
            solutionCount: result.solutionCount, complete: result.complete, stopReason: result.stopReason,
            solutions: result.solutions.map { assignment in
                given.indices.filter { given[$0] < 0 }.map {
                    SolutionEntry(row: positions[$0].row, column: positions[$0].column, value: values[assignment[$0]])
                }
            },
            statistics: result.statistics)
    }

    /// Leaves out of every table the tuples that need more tiles of a value
    /// than the pool holds, and takes back those it left out before that
    /// the pool now allows.
    private mutating func excludeOverdrawnTuples() {
        for (table, list) in listInUse.enumerated() {
            guard !repeats[list].isEmpty else { continue }
            let excluded = repeats[list].filter { $0.tiles > pool[$0.value] }.map(\.tuple)
            try? solver.setExcludedTuples(excluded, table: table)
        }
    }

    /// Makes `table` search with the tuple list `list`.
    private mutating func use(_ list: Int, _ table: Int) {
        try? solver.useTupleList(list, table: table)
        listInUse[table] = list
    }

    /// Ends the trial of ``searchEmptying(_:_:)``: the emptied cell stays
    /// empty when `keep`, else the model is back to the level before it.
    mutating func endTrial(keep: Bool) {
        guard let (variable, value, switched) = trial else { return }
        trial = nil
        if keep { return }
        for (table, list) in switched { use(list, table) }
        given[variable] = value
        pool[value] -= 1
        try? solver.setRootDomain(variable, to: [value])
    }
}
