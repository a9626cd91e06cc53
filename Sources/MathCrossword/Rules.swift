import Foundation
import PuzzleKit

/// The four operators of the math crossword.
public enum ArithmeticOperator: String, Codable, Sendable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "x"
    case divide = "/"

    /// The canonical symbol writers emit: `+ - x /`.
    public var symbol: String { rawValue }

    /// Reads a symbol, including the aliases readers accept (docs/FORMATS.md
    /// section 1): `X * ×` for `x`, `: ÷` for `/`, `– −` for `-`.
    public init?(symbol: some StringProtocol) {
        // One byte: decided by the byte, without comparing strings.
        if symbol.utf8.count == 1, let byte = symbol.utf8.first {
            switch byte {
            case UInt8(ascii: "+"): self = .add
            case UInt8(ascii: "-"): self = .subtract
            case UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "*"): self = .multiply
            case UInt8(ascii: "/"), UInt8(ascii: ":"): self = .divide
            default: return nil
            }
            return
        }
        switch symbol {
        case "+": self = .add
        case "-", "–", "−": self = .subtract
        case "x", "X", "*", "×": self = .multiply
        case "/", ":", "÷": self = .divide
        default: return nil
        }
    }

    /// `a op b`: a value, undefined (a division by zero or with a remainder:
    /// nothing is truncated), or an overflow (beyond what the build holds).
    @inlinable
    public func apply(_ a: PuzzleNumber, _ b: PuzzleNumber) -> ArithmeticOutcome {
        switch self {
        case .add: return a.adding(b)
        case .subtract: return a.subtracting(b)
        case .multiply: return a.multiplying(b)
        case .divide: return a.dividingExactly(b)
        }
    }
}

/// The state of one equation.
public enum EquationEvaluationState: String, Codable, Sendable {
    /// Some operand has no value yet.
    case incomplete
    /// Every operand has a value and the equation holds.
    case correct
    /// Every operand has a value and the equation does not hold.
    case incorrect
}

/// The rules of one equation: `operand (operator operand)+ = operand`.
///
/// The left side is evaluated strictly left to right, with no operator
/// precedence. Intermediate values may be negative; a division by zero or
/// with a remainder makes the equation false; a negative final result is
/// false.
public enum EquationRules {
    /// The value of the left side `operands[0] op[0] operands[1] …`, or why
    /// it has none (see ``ArithmeticOperator/apply(_:_:)``).
    ///
    ///     EquationRules.leftValue([2, 5, 4], [.subtract, .add])
    ///     // Returns .value(1): (2 - 5) + 4, left to right
    ///
    /// - Precondition: `operators.count == operands.count - 1`.
    @inlinable
    public static func leftValue(_ operands: some Collection<PuzzleNumber>, _ operators: [ArithmeticOperator]) -> ArithmeticOutcome {
        var iterator = operands.makeIterator()
        guard var value = iterator.next() else { return .undefined }
        for op in operators {
            guard let next = iterator.next() else { return .undefined }
            switch op.apply(value, next) {
            case .value(let r): value = r
            case let other: return other
            }
        }
        return .value(value)
    }

    /// Whether `left[0] op … = result` holds. An overflow (only possible
    /// without the `GMP` trait) counts as not holding; solving rejects such
    /// levels instead (``SolveError/overflow(_:)``).
    @inlinable
    public static func holds(_ left: some Collection<PuzzleNumber>, _ operators: [ArithmeticOperator], result: PuzzleNumber) -> Bool {
        holds(leftValue(left, operators), result: result)
    }

    /// Whether a left side that came to `left` equals `result`, which must
    /// not be negative.
    @inlinable
    public static func holds(_ left: ArithmeticOutcome, result: PuzzleNumber) -> Bool {
        guard result >= 0, case .value(let value) = left else { return false }
        return value == result
    }

    /// The state of an equation whose operands (left side, then the result)
    /// may be missing.
    public static func state(operands: [PuzzleNumber?], operators: [ArithmeticOperator]) -> EquationEvaluationState {
        var values: [PuzzleNumber] = []
        values.reserveCapacity(operands.count)
        for operand in operands {
            guard let operand else { return .incomplete }
            values.append(operand)
        }
        guard let result = values.popLast() else { return .incorrect }
        return holds(values, operators, result: result) ? .correct : .incorrect
    }
}

/// Evaluates the equations of a level against the values in its cells.
public struct EquationEvaluator: Sendable {
    public init() {}

    /// The state of `equation` given `cells`, which must be row-major and
    /// complete for a grid `columns` wide (as in ``Puzzle/cells``).
    ///
    /// An equation whose cells do not read `operand (operator operand)+ =
    /// operand` is `incorrect`.
    public func evaluate(equation: Equation, in cells: [GridCell], columns: Int) -> EquationEvaluationState {
        evaluate(equation, in: cells, columns: columns, placing: [])
    }

    /// The state of every equation of `level`, in the order of `level.equations`.
    public func evaluate(_ level: Puzzle) -> [EquationEvaluationState] {
        level.equations.map { evaluate($0, in: level.cells, columns: level.columns, placing: []) }
    }

    /// The state of every equation of `level` with `values` placed, as if
    /// each value (by the cell's row-major index; `nil`: none) were its
    /// cell's `currentValue`, without copying the level to place them.
    func evaluate(_ level: Puzzle, placing values: [PuzzleNumber?]) -> [EquationEvaluationState] {
        level.equations.map { evaluate($0, in: level.cells, columns: level.columns, placing: values) }
    }

    /// The state of the equation of `length` cells from `tokens[start]`,
    /// `step` apart (1 across a row-major grid, its width down), with
    /// `values` placed in its empty cells (by row-major index; `nil`:
    /// none): what ``evaluate(_:placing:)`` says of the level whose cells
    /// are those tokens, empty ones without a value of their own. No cell
    /// is built or read, and an operator is its token's, not read from a
    /// symbol.
    func evaluate(start: Int, step: Int, length: Int, in tokens: [GridToken],
                  placing values: [PuzzleNumber?]) -> EquationEvaluationState {
        tokens.withUnsafeBufferPointer { tokens in
            Self.state(length: length) { offset in
                let slot = start + offset * step
                guard tokens.indices.contains(slot) else { return .other }
                switch tokens[slot] {
                case .number(let value): return .operand(value)
                case .empty: return .operand(slot < values.count ? values[slot] : nil)
                case .op(let op): return .op(op)
                case .equals: return .equals
                case .block: return .other
                }
            }
        }
    }

    /// The state of `equation` read from `cells` (row-major, `columns`
    /// wide), each empty cell's value from `values` before its own.
    private func evaluate(_ equation: Equation, in cells: [GridCell], columns: Int,
                          placing values: [PuzzleNumber?]) -> EquationEvaluationState {
        let positions = equation.cellPositions
        return Self.state(length: positions.count) { offset in
            let index = positions[offset].row * columns + positions[offset].column
            guard cells.indices.contains(index) else { return .other }
            // The cell's fields are read where they lie, without copying the cell.
            switch cells[index].type {
            case .fixedOperand: return .operand(cells[index].fixedValue)
            case .emptyOperand: return .operand((index < values.count ? values[index] : nil) ?? cells[index].currentValue)
            case .operatorSymbol: return cells[index].operatorSymbol.flatMap { ArithmeticOperator(symbol: $0) }.map(Reading.op) ?? .other
            case .equals: return .equals
            case .block: return .other
            }
        }
    }

    /// What one cell of an equation holds, as the evaluation reads it.
    private enum Reading {
        /// An operand and its value (`nil`: none yet).
        case operand(PuzzleNumber?)
        case op(ArithmeticOperator)
        case equals
        /// A block, a cell outside the grid or an operator of no known symbol.
        case other
    }

    /// Reads the equation's `length` cells once, left to right (`cell(k)`
    /// is the `k`th), and keeps only the value so far: no list of
    /// operands. A cell out of place makes the equation
    /// `incorrect`; otherwise an operand without a value makes it
    /// `incomplete`; otherwise it holds as ``EquationRules/holds(_:result:)``
    /// judges the left side's outcome, applied left to right.
    @inline(__always)
    private static func state(length: Int, cell: (Int) -> Reading) -> EquationEvaluationState {
        // Operands at even offsets (the last one the result), `=` second to
        // last, an operator at every other odd offset: 5, 7, 9… cells.
        guard length >= 5, length % 2 == 1 else { return .incorrect }
        var left: ArithmeticOutcome?, result: PuzzleNumber?
        var pending: ArithmeticOperator?
        var missing = false
        for offset in 0..<length {
            let reading = cell(offset)
            if offset % 2 == 0 {
                guard case .operand(let operand) = reading else { return .incorrect }
                guard let value = operand else { missing = true; continue }
                if offset == length - 1 {
                    result = value
                } else if let op = pending {
                    if case .value(let soFar)? = left { left = op.apply(soFar, value) }
                } else {
                    left = .value(value)
                }
            } else if offset == length - 2 {
                guard case .equals = reading else { return .incorrect }
            } else {
                guard case .op(let op) = reading else { return .incorrect }
                pending = op
            }
        }
        if missing { return .incomplete }
        guard let left, let result else { return .incorrect }
        return EquationRules.holds(left, result: result) ? .correct : .incorrect
    }
}
