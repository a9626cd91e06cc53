import Testing
import MathCrossword

/// EquationEvaluator: the rules of one equation.
@Suite struct EvaluatorTests {
    func state(_ text: String) throws -> EquationEvaluationState {
        let level = try TextFormat.read("pool:\n\(text)\n", file: "t.mcw")
        return EquationEvaluator().evaluate(level)[0]
    }

    @Test func evaluatesLeftToRightWithoutPrecedence() throws {
        #expect(try state("2 + 3 x 4 = 20") == .correct)
        #expect(try state("2 + 3 x 4 = 14") == .incorrect)
        #expect(try state("8 - 2 / 3 = 2") == .correct)
        #expect(try state("7 + 5 = 12") == .correct)
        #expect(try state("7 + 5 = 13") == .incorrect)
    }

    @Test func allowsNegativeIntermediatesButNotNegativeResults() throws {
        #expect(try state("2 - 5 + 4 = 1") == .correct)
        #expect(EquationRules.leftValue([2, 5], [.subtract]) == .value(-3))
        #expect(EquationRules.holds([2, 5], [.subtract], result: -3) == false)
    }

    @Test func divisionMustBeExactAndNotByZero() throws {
        #expect(try state("12 / 4 = 3") == .correct)
        #expect(try state("13 / 4 = 3") == .incorrect)
        #expect(try state("5 / 0 = 0") == .incorrect)
        #expect(try state("0 / 5 = 0") == .correct)
        #expect(try state("0 / 0 = 0") == .incorrect)
        #expect(EquationRules.leftValue([3, 2, 5], [.subtract, .divide]) == .undefined)  // 1 / 5 leaves a remainder
    }

    @Test func missingOperandsMakeAnEquationIncomplete() throws {
        #expect(EquationRules.state(operands: [7, nil, 12], operators: [.add]) == .incomplete)
        #expect(EquationRules.state(operands: [7, 5, nil], operators: [.add]) == .incomplete)
        #expect(EquationRules.state(operands: [7, 5, 12], operators: [.add]) == .correct)
    }

    #if !GMP
    @Test func overflowIsReportedNotTruncated() {
        #expect(ArithmeticOperator.multiply.apply(Int.max, 2) == .overflow)
        #expect(ArithmeticOperator.add.apply(Int.max, 1) == .overflow)
        #expect(EquationRules.holds([Int.max, 2, 2], [.multiply, .divide], result: Int.max) == false)
    }
    #endif

    @Test func readsOperatorAliases() {
        for (symbol, op) in [("X", ArithmeticOperator.multiply), ("*", .multiply), ("×", .multiply),
                             (":", .divide), ("÷", .divide), ("–", .subtract), ("−", .subtract)] {
            #expect(ArithmeticOperator(symbol: symbol) == op)
        }
        #expect(ArithmeticOperator(symbol: "%") == nil)
    }
}
