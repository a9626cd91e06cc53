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

    /// Reads the cells once, left to right, and keeps only the value so far:
    /// no list of operands. A cell out of place makes the equation
    /// `incorrect`; otherwise an empty operand makes it `incomplete`;
    /// otherwise it holds as ``EquationRules/holds(_:result:)`` judges the
    /// left side's outcome, applied left to right.
    private func evaluate(_ equation: Equation, in cells: [GridCell], columns: Int,
                          placing values: [PuzzleNumber?]) -> EquationEvaluationState {
        let positions = equation.cellPositions
        // Operands at even offsets (the last one the result), `=` second to
        // last, an operator at every other odd offset: 5, 7, 9… cells.
        guard positions.count >= 5, positions.count % 2 == 1 else { return .incorrect }
        var left: ArithmeticOutcome?, result: PuzzleNumber?
        var pending: ArithmeticOperator?
        var missing = false
        for offset in positions.indices {
            let index = positions[offset].row * columns + positions[offset].column
            guard cells.indices.contains(index) else { return .incorrect }
            // The cell's fields are read where they lie, without copying the cell.
            let type = cells[index].type
            if offset % 2 == 0 {
                let value: PuzzleNumber?
                switch type {
                case .fixedOperand: value = cells[index].fixedValue
                case .emptyOperand: value = (index < values.count ? values[index] : nil) ?? cells[index].currentValue
                default: return .incorrect
                }
                guard let value else { missing = true; continue }
                if offset == positions.count - 1 {
                    result = value
                } else if let op = pending {
                    if case .value(let soFar)? = left { left = op.apply(soFar, value) }
                } else {
                    left = .value(value)
                }
            } else if offset == positions.count - 2 {
                guard type == .equals else { return .incorrect }
            } else {
                guard type == .operatorSymbol, let symbol = cells[index].operatorSymbol,
                      let op = ArithmeticOperator(symbol: symbol) else { return .incorrect }
                pending = op
            }
        }
        if missing { return .incomplete }
        guard let left, let result else { return .incorrect }
        return EquationRules.holds(left, result: result) ? .correct : .incorrect
    }
}
