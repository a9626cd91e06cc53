import Foundation
import PuzzleKit

/// One number tile of the pool: a value and how often it can
/// still be placed. A tile with no uses left is shown greyed out.
public struct NumberTileState: Identifiable, Sendable, Equatable {
    /// The tile's index in the level's pool.
    public let id: Int
    public let value: PuzzleNumber
    /// Uses left: 1 while the tile is in the pool, 0 while it sits in the grid.
    public var remainingUses: Int

    public var isAvailable: Bool { remainingUses > 0 }
}

/// Why a move was rejected. A rejected move changes nothing.
public enum MoveError: Error, Sendable, Equatable, CustomStringConvertible {
    case outsideGrid(GridPosition)
    /// The cell is a block, an operator or `=`.
    case notAnOperand(GridPosition)
    /// The cell holds a given number.
    case fixedCell(GridPosition)
    /// No tile with this value is left in the pool.
    case valueNotInPool(PuzzleNumber)
    /// The cell holds no placed number.
    case nothingToClear(GridPosition)

    public var description: String {
        switch self {
        case .outsideGrid(let p): return "\(p) is outside the grid"
        case .notAnOperand(let p): return "\(p) holds no number"
        case .fixedCell(let p): return "\(p) holds a given number"
        case .valueNotInPool(let v): return "no tile \(v) is left in the pool"
        case .nothingToClear(let p): return "\(p) is empty"
        }
    }
}

/// A game in progress (the game screen's view model, without UI).
///
/// A value type: an app keeps one in an `@Observable` or `ObservableObject`
/// and calls its mutating methods.
///
///     var game = GameSession(level: level)
///     try game.placeNumber(5, at: GridPosition(row: 0, column: 2))
///     print(game.state(of: level.equations[0]))
///     // Prints "correct"
public struct GameSession: Sendable {
    /// The level, with the player's numbers in `currentValue`.
    public private(set) var level: Puzzle
    /// The state of each equation, in the order of `level.equations`.
    public private(set) var equationStates: [EquationEvaluationState]
    /// One tile per pool entry, in pool order.
    public private(set) var numberPoolState: [NumberTileState]
    /// True once every empty cell is filled and every equation holds.
    public private(set) var isLevelCompleted = false
    /// Numbers placed wrong so far (``isWrongNumber(at:)`` right after
    /// ``placeNumber(_:at:)``); a hint's number never counts.
    public private(set) var mistakes = 0
    /// Hints applied so far (``applyHint()``).
    public private(set) var hintsUsed = 0

    private let equationsAt: [Int: [Int]]   // cell index -> equations through it

    public init(level: Puzzle) {
        var level = level
        for index in level.cells.indices where level.cells[index].type == .emptyOperand {
            level.cells[index].currentValue = nil
        }
        self.level = level
        numberPoolState = level.numberPool.enumerated().map { NumberTileState(id: $0, value: $1, remainingUses: 1) }
        var equationsAt: [Int: [Int]] = [:]
        for (e, equation) in level.equations.enumerated() {
            for p in equation.cellPositions { equationsAt[p.row * level.columns + p.column, default: []].append(e) }
        }
        self.equationsAt = equationsAt
        equationStates = EquationEvaluator().evaluate(level)
        checkLevelCompletion()
    }

    /// The cells, row-major, with the player's numbers.
    public var cells: [GridCell] { level.cells }

    /// The state of one equation of the level.
    public func state(of equation: Equation) -> EquationEvaluationState {
        level.equations.firstIndex { $0.id == equation.id }.map { equationStates[$0] } ?? .incomplete
    }

    /// Places a tile of `value` in the empty cell at `position`, returning any
    /// number already there to the pool. A wrong number stays (its
    /// equations show it) and counts in ``mistakes``.
    ///
    /// - Throws: ``MoveError`` when the cell is not an empty operand or no
    ///   tile of `value` is left; nothing changes then.
    public mutating func placeNumber(_ value: PuzzleNumber, at position: GridPosition) throws(MoveError) {
        if try put(value, at: position), isWrongNumber(at: position) { mistakes += 1 }
    }

    /// Whether the number placed at `position` is wrong: it differs from the
    /// level's solution when the level carries one, else an equation
    /// through the cell is incorrect. `false` for a cell without a placed
    /// number.
    public func isWrongNumber(at position: GridPosition) -> Bool {
        guard level.contains(position) else { return false }
        let index = position.row * level.columns + position.column
        guard level.cells[index].type == .emptyOperand, let value = level.cells[index].currentValue else { return false }
        if let solution = level.solution {
            return solution.first { $0.position == position }?.value != value
        }
        return (equationsAt[index] ?? []).contains { equationStates[$0] == .incorrect }
    }

    /// ``placeNumber(_:at:)`` without judging the number.
    ///
    /// - Returns: whether the cell changed (not when it already holds `value`).
    private mutating func put(_ value: PuzzleNumber, at position: GridPosition) throws(MoveError) -> Bool {
        let index = try editableIndex(position)
        let previous = level.cells[index].currentValue
        if previous == value { return false }
        guard let tile = numberPoolState.firstIndex(where: { $0.value == value && $0.isAvailable }) else {
            throw .valueNotInPool(value)
        }
        numberPoolState[tile].remainingUses -= 1
        if let previous { returnTile(previous) }
        level.cells[index].currentValue = value
        recalculateEquationStates(at: index)
        return true
    }

    /// Takes the number out of the cell at `position` and returns its tile.
    ///
    /// - Throws: ``MoveError`` when the cell holds no placed number.
    public mutating func clearNumber(at position: GridPosition) throws(MoveError) {
        let index = try editableIndex(position)
        guard let previous = level.cells[index].currentValue else { throw .nothingToClear(position) }
        level.cells[index].currentValue = nil
        returnTile(previous)
        recalculateEquationStates(at: index)
    }

    private func editableIndex(_ position: GridPosition) throws(MoveError) -> Int {
        guard level.contains(position) else { throw .outsideGrid(position) }
        let index = position.row * level.columns + position.column
        switch level.cells[index].type {
        case .emptyOperand: return index
        case .fixedOperand: throw .fixedCell(position)
        case .block, .operatorSymbol, .equals: throw .notAnOperand(position)
        }
    }

    private mutating func returnTile(_ value: PuzzleNumber) {
        if let tile = numberPoolState.firstIndex(where: { $0.value == value && !$0.isAvailable }) {
            numberPoolState[tile].remainingUses += 1
        }
    }

    private mutating func recalculateEquationStates(at index: Int) {
        let evaluator = EquationEvaluator()
        for e in equationsAt[index] ?? [] {
            equationStates[e] = evaluator.evaluate(equation: level.equations[e], in: level.cells, columns: level.columns)
        }
        checkLevelCompletion()
    }

    private mutating func checkLevelCompletion() {
        isLevelCompleted = equationStates.allSatisfy { $0 == .correct }
            && level.cells.allSatisfy { $0.type != .emptyOperand || $0.currentValue != nil }
    }
}

/// What a hint tells the player.
public enum Hint: Sendable, Equatable {
    /// The next deduction: place `step.value` at `step.position`.
    case step(GradeStep)
    /// A number placed here is wrong: take it out first.
    case mistake(GridPosition)
}

extension Hint {
    /// The hint as a sentence for the player in `language` (du-form in
    /// German): the step's sentence from the grader's explanation, with the
    /// equations as they stand on the board, or which number to take out.
    ///
    ///     Look at row 1, column 3: Row 1: 7 + ? = 12, so ? = 5.
    ///     Nimm die Zahl in Zeile 2, Spalte 3 wieder heraus.
    ///
    /// - Parameters:
    ///   - level: the board the hint was given for (``GameSession/level``).
    ///   - language: the player's language.
    public func sentence(in level: Puzzle, language: Language) -> String {
        switch self {
        case .step(let step):
            let cell = Explain.cell(step.position, language: language)
            let sentence = Grader.traceStep(step, in: level).map { Explain.sentence($0, in: level, language: language) } ?? cell
            return Explain.text("hint.step", language, ["cell": cell, "sentence": sentence])
        case .mistake(let position):
            return Explain.text("hint.mistake", language, ["cell": Explain.cell(position, language: language)])
        }
    }
}

extension GameSession {
    /// The next step of the grader's engine from the board as it is, or the
    /// first wrong number when the board holds one; `nil` once the level is
    /// completed.
    ///
    /// A wrong number is one that differs from the level's solution, when the
    /// level carries one, or that makes an equation incorrect.
    public func hint() -> Hint? {
        guard !isLevelCompleted else { return nil }
        let placed = level.cells.filter { $0.type == .emptyOperand && $0.currentValue != nil }
        if level.solution != nil, let wrong = placed.first(where: { isWrongNumber(at: $0.position) }) {
            return .mistake(wrong.position)
        }
        for (e, state) in equationStates.enumerated() where state == .incorrect {
            if let cell = level.equations[e].cellPositions.first(where: { level[$0].type == .emptyOperand }) {
                return .mistake(cell)
            }
        }
        guard var step = try? Grader().nextStep(level) else { return nil }
        if step.technique == .guess, let value = level.solution?.first(where: { $0.position == step.position })?.value {
            step.value = value
        }
        return .step(step)
    }

    /// Applies ``hint()``: places the step's number, or clears the wrong one;
    /// counts in ``hintsUsed``.
    ///
    /// - Returns: the hint that was applied, `nil` when there was none.
    @discardableResult
    public mutating func applyHint() throws(MoveError) -> Hint? {
        let hint = hint()
        switch hint {
        case .step(let step): _ = try put(step.value, at: step.position)
        case .mistake(let position): try clearNumber(at: position)
        case nil: return nil
        }
        hintsUsed += 1
        return hint
    }
}
