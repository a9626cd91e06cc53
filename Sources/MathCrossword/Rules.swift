import Foundation

/// The four operators of the math crossword.
public enum ArithmeticOperator: String, Codable, Sendable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "x"
    case divide = "/"

    /// The canonical symbol writers emit: `+ - x /`.
    public var symbol: String { rawValue }

    /// Reads a symbol, including the aliases readers accept (FORMATS.md
    /// section 1): `X * ×` for `x`, `: ÷` for `/`, `– −` for `-`.
    public init?(symbol: some StringProtocol) {
        switch symbol {
        case "+": self = .add
        case "-", "–", "−": self = .subtract
        case "x", "X", "*", "×": self = .multiply
        case "/", ":", "÷": self = .divide
        default: return nil
        }
    }

    /// `a op b`, or `nil` when the rules make it undefined: a division by zero
    /// or with a remainder (nothing is truncated), or a result beyond 64 bits.
    @inlinable
    public func apply(_ a: Int, _ b: Int) -> Int? {
        switch self {
        case .add:
            let (r, o) = a.addingReportingOverflow(b)
            return o ? nil : r
        case .subtract:
            let (r, o) = a.subtractingReportingOverflow(b)
            return o ? nil : r
        case .multiply:
            let (r, o) = a.multipliedReportingOverflow(by: b)
            return o ? nil : r
        case .divide:
            guard b != 0, a % b == 0 else { return nil }
            let (r, o) = a.dividedReportingOverflow(by: b)
            return o ? nil : r
        }
    }
}

/// The state of one equation (seed task 4.1).
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
    /// The value of the left side `operands[0] op[0] operands[1] …`, or `nil`
    /// when a step is undefined (see ``ArithmeticOperator/apply(_:_:)``).
    ///
    ///     EquationRules.leftValue([2, 5, 4], [.subtract, .add])
    ///     // Returns Optional(1): (2 - 5) + 4, left to right
    ///
    /// - Precondition: `operators.count == operands.count - 1`.
    @inlinable
    public static func leftValue(_ operands: some Collection<Int>, _ operators: [ArithmeticOperator]) -> Int? {
        var iterator = operands.makeIterator()
        guard var value = iterator.next() else { return nil }
        for op in operators {
            guard let next = iterator.next(), let r = op.apply(value, next) else { return nil }
            value = r
        }
        return value
    }

    /// Whether `left[0] op … = result` holds.
    @inlinable
    public static func holds(_ left: some Collection<Int>, _ operators: [ArithmeticOperator], result: Int) -> Bool {
        guard result >= 0, let value = leftValue(left, operators) else { return false }
        return value == result
    }

    /// The state of an equation whose operands (left side, then the result)
    /// may be missing.
    public static func state(operands: [Int?], operators: [ArithmeticOperator]) -> EquationEvaluationState {
        var values: [Int] = []
        values.reserveCapacity(operands.count)
        for operand in operands {
            guard let operand else { return .incomplete }
            values.append(operand)
        }
        guard let result = values.popLast() else { return .incorrect }
        return holds(values, operators, result: result) ? .correct : .incorrect
    }
}

/// Evaluates the equations of a level against the values in its cells (seed
/// task 4.1).
public struct EquationEvaluator: Sendable {
    public init() {}

    /// The state of `equation` given `cells`, which must be row-major and
    /// complete for a grid `columns` wide (as in ``Level/cells``).
    ///
    /// An equation whose cells do not read `operand (operator operand)+ =
    /// operand` is `incorrect`.
    public func evaluate(equation: Equation, in cells: [GridCell], columns: Int) -> EquationEvaluationState {
        var operands: [Int?] = []
        var operators: [ArithmeticOperator] = []
        for (offset, position) in equation.cellPositions.enumerated() {
            let index = position.row * columns + position.column
            guard cells.indices.contains(index) else { return .incorrect }
            let cell = cells[index]
            let isEquals = offset == equation.cellPositions.count - 2
            if offset % 2 == 0 {
                guard cell.isOperand else { return .incorrect }
                operands.append(cell.value)
            } else if isEquals {
                guard cell.type == .equals else { return .incorrect }
            } else {
                guard cell.type == .operatorSymbol, let symbol = cell.operatorSymbol,
                      let op = ArithmeticOperator(symbol: symbol) else { return .incorrect }
                operators.append(op)
            }
        }
        guard operands.count >= 3, operands.count == operators.count + 2 else { return .incorrect }
        return EquationRules.state(operands: operands, operators: operators)
    }

    /// The state of every equation of `level`, in the order of `level.equations`.
    public func evaluate(_ level: Level) -> [EquationEvaluationState] {
        level.equations.map { evaluate(equation: $0, in: level.cells, columns: level.columns) }
    }
}
