import PuzzleKit

/// The arithmetic a math crossword asks of a child, from the shared model
/// (`ArithmeticLoad` in PuzzleKit: the features the drills grade with,
/// extended to multiplication, division and larger numbers).
///
/// Each step that places a value asks one arithmetic fact: the equation
/// through its cell that it read (or, for a step that read none, the
/// hardest equation through the cell), with the values of the path's end.
/// The step's arithmetic load is that fact's score (`ArithmeticLoad.score`),
/// 0 when the equation is not complete at the path's end. A step's points
/// are its technique's weight plus its arithmetic load.
///
/// **The label rule.** A grade reports two tiers: the *logic tier* — the
/// hardest technique's label (`GradeTrace.difficulty`, the family field
/// `logicLabel`) — and the *arithmetic tier* — the label of the median
/// step load (`arithmeticLabel`, ``arithmeticLabel(medianLoad:)``). The
/// puzzle's label is the harder of the two; `guess-required` comes from the
/// logic tier only.
public enum CrosswordArithmetic {
    /// The lowest median step load of each arithmetic tier after `easy`:
    /// `medium` from 7 (`7 + 5 = 12` scores 8), `hard` from 9, `expert`
    /// from 11 (`47 + 35 = 82` scores 10, `4728 - 2959` 21). Chosen on 300
    /// seeds per class profile so that adjacent profiles separate
    /// (docs/families/math-crossword.md).
    public static let tierThresholds = [7, 9, 11]

    /// The arithmetic tier of a median step load: below 7 `easy`, 7–8
    /// `medium`, 9–10 `hard`, 11 and above `expert`.
    public static func arithmeticLabel(medianLoad: Int) -> DifficultyLabel {
        [DifficultyLabel.easy, .medium, .hard, .expert][tierThresholds.count { medianLoad >= $0 }]
    }

    /// The facts of `equation` read left to right (`a op b = t`, then
    /// `t op c = …`) with `values` (by row-major cell index), or `nil` when
    /// an operand has no value, or a value or an intermediate result is
    /// beyond `Int` or breaks the rules.
    static func facts(of equation: Equation, in level: Puzzle, values: [Int?]) -> [ArithmeticFact]? {
        var operands: [Int] = []
        var operators: [ArithmeticOperation] = []
        for position in equation.cellPositions where level.contains(position) {
            let index = position.row * level.columns + position.column
            guard index < level.cells.count else { return nil }
            let cell = level.cells[index]
            switch cell.type {
            case .emptyOperand, .fixedOperand:
                guard index < values.count, let value = values[index] else { return nil }
                operands.append(value)
            case .operatorSymbol:
                guard let op = cell.operatorSymbol.flatMap(ArithmeticOperator.init(symbol:)) else { return nil }
                operators.append(operation(op))
            case .block, .equals:
                break
            }
        }
        // The left side's operands and operators: the last operand is the result.
        guard operands.count >= 2, operators.count == operands.count - 2, var left = operands.first else { return nil }
        var facts: [ArithmeticFact] = []
        for (op, next) in zip(operators, operands.dropFirst()) {
            guard let fact = ArithmeticFact(op, left, next) else { return nil }
            facts.append(fact)
            left = fact.result
        }
        return facts
    }

    /// The shared model's operation of a math crossword operator.
    static func operation(_ op: ArithmeticOperator) -> ArithmeticOperation {
        switch op {
        case .add: return .addition
        case .subtract: return .subtraction
        case .multiply: return .multiplication
        case .divide: return .division
        }
    }

    /// The hardest fact of `equation` with `values`, if it is complete.
    static func hardestFact(of equation: Equation, in level: Puzzle, values: [Int?]) -> ArithmeticLoad? {
        facts(of: equation, in: level, values: values)?.map(ArithmeticLoad.init).max { $0.score < $1.score }
    }

    /// `steps` (made from `path`) with each step's arithmetic fact in its
    /// facts and its load added to its points.
    static func weighing(_ steps: [GradeTrace<Technique, StepFacts>.Step], path: [GradeStep],
                         in level: Puzzle) -> [GradeTrace<Technique, StepFacts>.Step] {
        let count = level.cells.count
        // The values at the path's end: the givens and every value placed.
        var values = [Int?](repeating: nil, count: count)
        for index in level.cells.indices where level.cells[index].type == .fixedOperand {
            values[index] = level.cells[index].fixedValue?.intValue
        }
        for step in path where level.contains(step.position) {
            let index = step.position.row * level.columns + step.position.column
            if index < count { values[index] = step.value.intValue }
        }
        // The equations through each cell.
        var through = [[Int]](repeating: [], count: count)
        for (e, equation) in level.equations.enumerated() {
            for position in equation.cellPositions where level.contains(position) {
                let index = position.row * level.columns + position.column
                if index < count { through[index].append(e) }
            }
        }
        // Each equation's hardest fact at the path's end, worked out once.
        var equationLoads = [ArithmeticLoad??](repeating: nil, count: level.equations.count)
        func load(_ e: Int) -> ArithmeticLoad? {
            if let known = equationLoads[e] { return known }
            let found = hardestFact(of: level.equations[e], in: level, values: values)
            equationLoads[e] = .some(found)
            return found
        }
        var weighed = steps
        for (i, step) in path.enumerated() where i < weighed.count && level.contains(step.position) {
            let index = step.position.row * level.columns + step.position.column
            guard index < count else { continue }
            let cellEquations = through[index]
            let read = cellEquations.filter(step.equations.contains)
            let loads = (read.isEmpty ? cellEquations : read).compactMap(load)
            guard let hardest = loads.max(by: { $0.score < $1.score }) else { continue }
            weighed[i].facts.arithmetic = hardest
            weighed[i].points += hardest.score
        }
        return weighed
    }
}

extension GradeTrace where Technique == MathCrossword.Technique, Facts == StepFacts {
    /// Each step's arithmetic load, in path order (0 for a step without a
    /// complete equation).
    public var arithmeticLoads: [Int] { steps.indices.map { steps[$0].facts.arithmetic?.score ?? 0 } }

    /// The (upper) median step load, 0 without steps.
    public var medianArithmeticLoad: Int {
        let loads = arithmeticLoads.sorted()
        return loads.isEmpty ? 0 : loads[min(loads.count - 1, loads.count / 2)]
    }

    /// The arithmetic tier (``CrosswordArithmetic/arithmeticLabel(medianLoad:)``).
    public var arithmeticLabel: DifficultyLabel { CrosswordArithmetic.arithmeticLabel(medianLoad: medianArithmeticLoad) }

    /// The puzzle's label: the harder of the logic tier (``difficulty``)
    /// and the arithmetic tier; `guess-required` only from the logic tier.
    public var combinedLabel: DifficultyLabel {
        difficulty == .guessRequired ? .guessRequired : max(difficulty, arithmeticLabel)
    }
}
