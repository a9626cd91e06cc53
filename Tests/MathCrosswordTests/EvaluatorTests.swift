import Foundation
import Testing
@testable import MathCrossword
import PuzzleKit

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

    /// One-byte symbols are decided by the byte: the same as by the names.
    @Test func readsEveryOneByteSymbolAsItsName() {
        let names: [String: ArithmeticOperator] = ["+": .add, "-": .subtract, "x": .multiply, "X": .multiply, "*": .multiply,
                                                   "/": .divide, ":": .divide]
        for byte in UInt8(0)...UInt8(127) {
            let symbol = String(UnicodeScalar(byte))
            #expect(ArithmeticOperator(symbol: symbol) == names[symbol], "\(byte)")
            #expect(ArithmeticOperator(symbol: Substring(symbol)) == names[symbol], "\(byte)")
        }
        #expect(ArithmeticOperator(symbol: "") == nil)
        #expect(ArithmeticOperator(symbol: "++") == nil)
    }
}

/// The evaluator reads each equation in one pass; here it is compared with
/// the rules as stated (collect every operand and operator, then
/// ``EquationRules/state(operands:operators:)``) on random rows of cells:
/// any cell type at any place, empty cells, values that divide unevenly, by
/// zero, or overflow, and values placed over the cells' own.
@Suite struct EvaluatorAgainstTheRulesTests {
    private func reference(_ row: [GridCell], placed: [PuzzleNumber?]) -> EquationEvaluationState {
        var operands: [PuzzleNumber?] = [], operators: [ArithmeticOperator] = []
        for (offset, cell) in row.enumerated() {
            if offset % 2 == 0 {
                guard cell.isOperand else { return .incorrect }
                operands.append(cell.type == .emptyOperand ? placed[offset] ?? cell.currentValue : cell.fixedValue)
            } else if offset == row.count - 2 {
                guard cell.type == .equals else { return .incorrect }
            } else {
                guard cell.type == .operatorSymbol, let op = cell.operatorSymbol.flatMap(ArithmeticOperator.init(symbol:)) else {
                    return .incorrect
                }
                operators.append(op)
            }
        }
        guard operands.count >= 3, operands.count == operators.count + 2 else { return .incorrect }
        return EquationRules.state(operands: operands, operators: operators)
    }

    @Test func agreesWithTheRulesOnRandomRows() {
        var rng = SplitMix64(seed: 2024)
        // Mostly small values (so that equations hold often), sometimes extremes.
        let small: [PuzzleNumber] = [0, 1, 2, 3, 4], extremes: [PuzzleNumber] = [6, 12, 7, -2, PuzzleNumber(Int.max / 2), PuzzleNumber(Int.max)]
        let randomValue = { (rng: inout SplitMix64) -> PuzzleNumber in
            rng.chance(1, in: 8) ? extremes[rng.index(below: extremes.count)] : small[rng.index(below: small.count)]
        }
        let symbols = ["+", "-", "x", "/", ":", "×", "?"]
        var seen: [EquationEvaluationState: Int] = [:]
        for _ in 0..<20_000 {
            let count = rng.chance(1, in: 3) ? rng.uniform(in: 1...9) : 5
            var row: [GridCell] = [], placed: [PuzzleNumber?] = []
            for offset in 0..<count {
                let position = GridPosition(row: 0, column: offset)
                let wrong = rng.chance(1, in: 40)
                let value = randomValue(&rng)
                let cell: GridCell
                if wrong {
                    cell = GridCell(id: UUID(stable: 1, offset), position: position,
                                    type: CellType.allCases[rng.index(below: CellType.allCases.count)],
                                    fixedValue: rng.chance(1, in: 2) ? value : nil, operatorSymbol: rng.chance(1, in: 2) ? "+" : nil)
                } else if offset % 2 == 0 {
                    cell = rng.chance(1, in: 2)
                        ? GridCell(id: UUID(stable: 1, offset), position: position, type: .fixedOperand, fixedValue: value)
                        : GridCell(id: UUID(stable: 1, offset), position: position, type: .emptyOperand,
                                   currentValue: rng.chance(1, in: 2) ? value : nil)
                } else if offset == count - 2 {
                    cell = GridCell(id: UUID(stable: 1, offset), position: position, type: .equals)
                } else {
                    cell = GridCell(id: UUID(stable: 1, offset), position: position, type: .operatorSymbol,
                                    operatorSymbol: symbols[rng.index(below: symbols.count)])
                }
                row.append(cell)
                placed.append(rng.chance(1, in: 3) ? randomValue(&rng) : nil)
            }
            let equation = Equation(id: UUID(stable: 2, 0), orientation: .horizontal, cellPositions: row.map(\.position))
            let level = Puzzle(id: "row", difficulty: .class1, rows: 1, columns: count, cells: row, equations: [equation],
                               numberPool: [])
            let expected = reference(row, placed: placed)
            #expect(EquationEvaluator().evaluate(level, placing: placed) == [expected], "\(row) placed \(placed)")
            #expect(EquationEvaluator().evaluate(level) == [reference(row, placed: Array(repeating: nil, count: count))])
            seen[expected, default: 0] += 1
        }
        // Every outcome comes up often.
        #expect(seen.count == 3 && seen.values.allSatisfy { $0 > 300 }, "\(seen)")
    }

    /// The evaluation on a grid's tokens (a compact level's solution is
    /// judged so) says what the rules say of the same cells, across a row
    /// and down a column of a larger grid, with values placed in the empty
    /// cells and none in some.
    @Test func readsTokensAsTheRulesReadCells() {
        var rng = SplitMix64(seed: 39)
        let values: [PuzzleNumber] = [0, 1, 2, 3, 4, 6, 12, -2, PuzzleNumber(Int.max)]
        let operators = ArithmeticOperator.allCases
        var seen: [EquationEvaluationState: Int] = [:]
        for _ in 0..<20_000 {
            let length = rng.chance(1, in: 3) ? rng.uniform(in: 1...9) : 5
            var row: [GridCell] = [], rowTokens: [GridToken] = [], placed: [PuzzleNumber?] = []
            for offset in 0..<length {
                let value = values[rng.index(below: rng.chance(1, in: 6) ? values.count : 5)]
                let token: GridToken = switch rng.chance(1, in: 30) ? rng.index(below: 5) : (offset % 2 == 0 ? rng.index(below: 2)
                                                                     : offset == length - 2 ? 3 : 2) {
                case 0: .number(value)
                case 1: .empty
                case 2: .op(operators[rng.index(below: operators.count)])
                case 3: .equals
                default: .block
                }
                rowTokens.append(token)
                row.append(GridCell(id: UUID(stable: 1, offset), position: GridPosition(row: 0, column: offset), token: token))
                placed.append(rng.chance(1, in: 5) ? nil : values[rng.index(below: 5)])
            }
            let expected = reference(row, placed: placed)
            seen[expected, default: 0] += 1
            // The row from (2, 1) in a grid 11 wide and 12 high, across or down; blocks elsewhere.
            for horizontal in [true, false] {
                let columns = 11, start = 2 * columns + 1, step = horizontal ? 1 : columns
                var tokens = [GridToken](repeating: .block, count: 12 * columns)
                var placedInGrid = [PuzzleNumber?](repeating: nil, count: tokens.count)
                for offset in 0..<length {
                    tokens[start + offset * step] = rowTokens[offset]
                    placedInGrid[start + offset * step] = placed[offset]
                }
                let state = EquationEvaluator().evaluate(start: start, step: step, length: length, in: tokens, placing: placedInGrid)
                #expect(state == expected, "\(rowTokens) placed \(placed) horizontal \(horizontal)")
            }
        }
        #expect(seen.count == 3 && seen.values.allSatisfy { $0 > 300 }, "\(seen)")
        // A run that leaves the tokens is incorrect, not a trap.
        #expect(EquationEvaluator().evaluate(start: 3, step: 1, length: 5, in: [.number(1), .op(.add), .number(1), .equals, .number(2)],
                                             placing: []) == .incorrect)
    }
}
