import Foundation
import MathCrossword
import PuzzleKit
import Testing

/// A math crossword built by the fuzzer: its equations (operand cells in
/// order, the operators between them, the result cell), every operand
/// cell's value, the blanked cells and the pool. The text form and the
/// brute force both read it, so neither depends on the library's grid
/// reading or evaluator.
struct FuzzCrossword {
    struct Equation {
        var operands: [GridPosition]
        var operators: [String]
        var result: GridPosition
    }

    var rows: Int
    var columns: Int
    var equations: [Equation] = []
    var values: [GridPosition: Int128] = [:]
    var blanks: [GridPosition] = []
    var pool: [Int128] = []

    /// A value as a token: decimal, whatever its size (values beyond 64 bits
    /// are for the reader to refuse).
    static func token(_ value: Int128) -> String { String(value) }

    /// The `.mcw` text (docs/FORMATS.md section 1).
    var text: String {
        var grid = [[String]](repeating: [String](repeating: ".", count: columns), count: rows)
        for equation in equations {
            let step = equation.operands.count > 1 && equation.operands[1].row == equation.operands[0].row
                ? (0, 1) : (1, 0)
            for (i, p) in equation.operands.enumerated() {
                if i > 0 { grid[p.row - step.0][p.column - step.1] = equation.operators[i - 1] }
            }
            let equals = GridPosition(row: equation.result.row - step.0, column: equation.result.column - step.1)
            grid[equals.row][equals.column] = "="
            for p in equation.operands + [equation.result] {
                grid[p.row][p.column] = blanks.contains(p) ? "?" : Self.token(values[p] ?? 0)
            }
        }
        let poolLine = "pool:" + pool.map { " " + Self.token($0) }.joined()
        return poolLine + "\n" + grid.map { $0.joined(separator: " ") }.joined(separator: "\n") + "\n"
    }

    /// True when some equation, its blanks filled with any tiles of the pool
    /// (a tile used more than once too, as a model of each equation alone
    /// sees them), leaves 64 bits on the way: what the library may refuse.
    var mayNeedMoreThan64Bits: Bool {
        equations.contains { equation in
            let choices = equation.operands.map { blanks.contains($0) ? pool : [values[$0] ?? 0] }
            var operands: [Int128] = []
            var beyond = false
            func choose(_ i: Int) {
                guard !beyond else { return }
                if i == choices.count {
                    _ = Self.evaluate(operands, equation.operators, beyond: &beyond)
                    return
                }
                for value in Set(choices[i]) {
                    operands.append(value)
                    choose(i + 1)
                    operands.removeLast()
                }
            }
            choose(0)
            return beyond
        }
    }

    /// True when some given value or pool tile does not fit in 64 bits.
    var hasValueBeyond64Bits: Bool {
        (values.filter { !blanks.contains($0.key) }.map(\.value) + pool).contains { Int64(exactly: $0) == nil }
    }

    /// Left to right, no precedence; a division must be exact and not by 0.
    /// `beyond` is set when an intermediate value leaves 64 bits.
    static func evaluate(_ operands: [Int128], _ operators: [String], beyond: inout Bool) -> Int128? {
        var value = operands[0]
        for (op, next) in zip(operators, operands.dropFirst()) {
            switch op {
            case "+": value += next
            case "-": value -= next
            case "x":
                let (product, overflow) = value.multipliedReportingOverflow(by: next)
                if overflow { beyond = true; return nil }
                value = product
            default:
                guard next != 0, value % next == 0 else { return nil }
                value /= next
            }
            if Int64(exactly: value) == nil { beyond = true }
        }
        return value
    }

    /// The obviously-correct count: every distinct way to deal the pool's
    /// tiles to the blanks, each checked equation by equation. `beyond`:
    /// some deal needed a value beyond 64 bits.
    func bruteForceCount() -> (count: Int, beyond: Bool) {
        guard pool.count == blanks.count else { return (0, false) }
        var remaining = pool.sorted()
        var filled = values
        var count = 0
        var beyond = false
        func deal(_ k: Int) {
            if k == blanks.count {
                let holds = equations.allSatisfy { equation in
                    let operands = equation.operands.map { filled[$0] ?? 0 }
                    return Self.evaluate(operands, equation.operators, beyond: &beyond) == filled[equation.result]
                }
                if holds { count += 1 }
                return
            }
            var previous: Int128?
            for i in remaining.indices where remaining[i] != previous {
                let value = remaining.remove(at: i)
                filled[blanks[k]] = value
                deal(k + 1)
                remaining.insert(value, at: i)
                previous = value
            }
        }
        deal(0)
        return (count, beyond)
    }
}

/// The differential fuzzer's math crossword part (docs/DEVELOPMENT.md,
/// "Differential fuzzing"): random grids built directly — one equation of
/// two or three operands across (1×n) or down (n×1), two crossing
/// equations, a ring of four, a ring with a middle bar — with values small,
/// all zero, near 2^63 or beyond it, up to 6 blanks and a pool that is
/// theirs, perturbed, all equal or empty; counted by the library through
/// its reader (the CLI's path), after a write/read round trip, and by
/// ``FuzzCrossword/bruteForceCount()``. An equation that may leave 64 bits
/// (``FuzzCrossword/mayNeedMoreThan64Bits``) may be refused in one line; a
/// given value beyond them must be.
@Suite struct DifferentialFuzzTests {
    let family = MathCrosswordFamily()

    static let large: [Int128] = [1 << 62, (1 << 62) + 1, 3_000_000_000_000_000_000, 4_000_000_000_000_000_000,
                                  Int128(Int.max) - 9, Int128(Int.max)]

    /// An equation of `count` operands from `start`, across or down.
    static func equation(_ start: GridPosition, across: Bool, operands count: Int) -> FuzzCrossword.Equation {
        let at = { (i: Int) in
            across ? GridPosition(row: start.row, column: start.column + 2 * i) : GridPosition(row: start.row + 2 * i, column: start.column)
        }
        return .init(operands: (0..<count).map(at), operators: [String](repeating: "+", count: count - 1), result: at(count))
    }

    static func layout(_ rng: inout SplitMix64) -> FuzzCrossword {
        let origin = GridPosition(row: 0, column: 0)
        switch rng.uniform(in: 0...4) {
        case 0:
            let k = rng.uniform(in: 2...3)
            return FuzzCrossword(rows: 1, columns: 2 * k + 1, equations: [equation(origin, across: true, operands: k)])
        case 1:
            let k = rng.uniform(in: 2...3)
            return FuzzCrossword(rows: 2 * k + 1, columns: 1, equations: [equation(origin, across: false, operands: k)])
        case 2:  // across on row 0, 2 or 4, crossed by a down equation at column 0, 2 or 4
            let row = 2 * rng.uniform(in: 0...2), column = 2 * rng.uniform(in: 0...2)
            return FuzzCrossword(rows: 5, columns: 5, equations: [
                equation(GridPosition(row: row, column: 0), across: true, operands: 2),
                equation(GridPosition(row: 0, column: column), across: false, operands: 2),
            ])
        default:  // a ring, with a middle bar down at times
            // In this order the last equation closes the ring: its result is known.
            var equations = [
                equation(origin, across: true, operands: 2),
                equation(origin, across: false, operands: 2),
                equation(GridPosition(row: 4, column: 0), across: true, operands: 2),
                equation(GridPosition(row: 0, column: 4), across: false, operands: 2),
            ]
            if rng.chance(1, in: 2) { equations.insert(equation(GridPosition(row: 0, column: 2), across: false, operands: 2), at: 1) }
            return FuzzCrossword(rows: 5, columns: 5, equations: equations)
        }
    }

    static func randomCrossword(_ rng: inout SplitMix64) -> FuzzCrossword {
        var crossword = layout(&rng)
        let kind = rng.uniform(in: 0...4)
        let twoOperands = crossword.equations.allSatisfy { $0.operands.count == 2 }
        let value = { (rng: inout SplitMix64) -> Int128 in
            switch kind {
            case 0: return 0  // all zero
            case 1 where twoOperands: return rng.chance(1, in: 2) ? large[rng.index(below: large.count)] : Int128(rng.uniform(in: 0...9))
            default: return Int128(rng.uniform(in: 0...9))
            }
        }
        let operators = ["+", "-", "x", "/"]
        // Values equation by equation, each made to hold where it can.
        for e in crossword.equations.indices {
            var equation = crossword.equations[e]
            equation.operators = equation.operators.map { _ in operators[rng.index(below: 4)] }
            let unknown = equation.operands.filter { crossword.values[$0] == nil }
            if crossword.values[equation.result] == nil {
                for p in unknown { crossword.values[p] = value(&rng) }
                var beyond = false
                let operands = equation.operands.map { crossword.values[$0] ?? 0 }
                var result = FuzzCrossword.evaluate(operands, equation.operators, beyond: &beyond)
                if (result ?? -1) < 0 {
                    equation.operators = equation.operators.map { _ in "+" }
                    result = FuzzCrossword.evaluate(operands, equation.operators, beyond: &beyond)
                }
                crossword.values[equation.result] = result ?? 0
            } else if unknown.count == 1, unknown[0] == equation.operands[1] {
                // The result is known (a ring closing): the last operand that makes it hold.
                let a = crossword.values[equation.operands[0]] ?? 0, r = crossword.values[equation.result] ?? 0
                let options: [(String, Int128?)] = [("+", r - a), ("-", a - r), ("x", a != 0 && r % a == 0 ? r / a : nil),
                                                    ("/", r != 0 && a % r == 0 ? a / r : nil)]
                let fitting = options.filter { ($0.1 ?? -1) >= 0 }
                let (op, b) = fitting.isEmpty ? ("+", value(&rng)) : fitting[rng.index(below: fitting.count)]
                equation.operators = [op]
                crossword.values[unknown[0]] = b ?? 0
            } else {
                for p in unknown { crossword.values[p] = value(&rng) }
            }
            crossword.equations[e] = equation
        }
        // Up to 6 blanks; the pool is their values, perturbed, all equal or empty.
        let cells = crossword.values.keys.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
        var shuffled = cells
        shuffled.stableShuffle(using: &rng)
        crossword.blanks = Array(shuffled.prefix(rng.uniform(in: 0...min(6, cells.count))))
            .sorted { ($0.row, $0.column) < ($1.row, $1.column) }
        crossword.pool = crossword.blanks.map { crossword.values[$0] ?? 0 }
        switch rng.uniform(in: 0...5) {
        case 0 where !crossword.pool.isEmpty:
            crossword.pool[rng.index(below: crossword.pool.count)] = Int128(rng.uniform(in: 0...12))
        case 1 where !crossword.pool.isEmpty:
            let equal = crossword.pool[rng.index(below: crossword.pool.count)]
            crossword.pool = crossword.pool.map { _ in equal }
        default:
            break
        }
        crossword.pool.stableShuffle(using: &rng)
        return crossword
    }

    @Test func countsAgreeWithTheBruteForce() throws {
        let cases = DifferentialFuzzing.cases(fixed: 800)
        var seen = (zero: 0, one: 0, several: 0, large: 0, refusedByReader: 0)
        for index in 0..<cases {
            var rng = SplitMix64(seed: DifferentialFuzzing.caseSeed(family: 1, index: index))
            let crossword = Self.randomCrossword(&rng)
            let text = crossword.text
            let fail = { (what: String) in DifferentialFuzzing.fail(what, case: index, puzzle: text) }
            // The CLI's path: the text read as a `.mcw` file.
            #if GMP
            // With the GMP trait such values are read and counted: the
            // 128-bit brute force cannot follow their products, and the
            // GMP build's own tests cover them.
            if crossword.hasValueBeyond64Bits {
                seen.refusedByReader += 1
                continue
            }
            #endif
            let level: Puzzle
            switch DifferentialFuzzing.read(family, text, file: "fuzz.mcw") {
            case .success(let read):
                if crossword.hasValueBeyond64Bits { fail("read a value beyond 64 bits") }
                level = read
            case .failure(let error):
                let message = "\(error)"
                if !(crossword.hasValueBeyond64Bits && message.contains("64 bits") && !message.contains("\n")) {
                    fail("the reader refused: \(message)")
                }
                seen.refusedByReader += 1
                continue
            }
            let (expected, beyond) = crossword.bruteForceCount()
            let counted = DifferentialFuzzing.outcome(family, level)
            switch counted {
            case .count(let count) where count == expected: break
            case .refused where crossword.mayNeedMoreThan64Bits && counted.isOneLineRefusal: break
            default: fail("solver: \(counted), brute force: \(expected)\(beyond ? " (a value beyond 64 bits on the way)" : "")")
            }
            // Written by the library and read back, it counts the same.
            switch DifferentialFuzzing.read(family, family.writeText(level, comments: []), file: "fuzz.mcw") {
            case .success(let again):
                let recounted = DifferentialFuzzing.outcome(family, again)
                if recounted != counted { fail("after its own text's round trip: \(recounted), before: \(counted)") }
            case .failure(let error):
                fail("its own text does not read back: \(error)")
            }
            switch expected {
            case 0: seen.zero += 1
            case 1: seen.one += 1
            default: seen.several += 1
            }
            if beyond || crossword.values.values.contains(where: { $0 >= 1 << 62 }) { seen.large += 1 }
        }
        if cases >= 800 {
            #expect(seen.zero > 50 && seen.one > 50 && seen.several > 50 && seen.large > 40 && seen.refusedByReader > 5, "\(seen)")
        }
    }
}
