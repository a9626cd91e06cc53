import PuzzleKit
import Foundation

/// Words for equations, as people read them.
public enum Explain {
    /// Where an equation is: "Row 3" for a horizontal one, "Column 5" for a
    /// vertical one (1-based), with the first cell when the line holds several.
    public static func place(of equation: Equation, in level: Puzzle) -> String {
        guard let first = equation.cellPositions.first else { return "Equation" }
        let line = line(of: first, equation.orientation)
        var sharing = 0
        for other in level.equations where other.orientation == equation.orientation && Self.line(of: other) == line {
            sharing += 1
        }
        return place(of: equation, sharingLine: sharing)
    }

    /// ``place(of:in:)`` given how many equations of its orientation start
    /// on its line (itself included).
    static func place(of equation: Equation, sharingLine: Int) -> String {
        guard let first = equation.cellPositions.first else { return "Equation" }
        switch equation.orientation {
        case .horizontal:
            return sharingLine > 1 ? "Row \(first.row + 1) (from column \(first.column + 1))" : "Row \(first.row + 1)"
        case .vertical:
            return sharingLine > 1 ? "Column \(first.column + 1) (from row \(first.row + 1))" : "Column \(first.column + 1)"
        }
    }

    /// The row of a horizontal equation's first cell, the column of a
    /// vertical one's; `nil` for an equation without cells.
    private static func line(of equation: Equation) -> Int? {
        equation.cellPositions.first.map { line(of: $0, equation.orientation) }
    }

    private static func line(of position: GridPosition, _ orientation: EquationOrientation) -> Int {
        orientation == .horizontal ? position.row : position.column
    }

    /// ``equationText(_:in:)`` of every equation of the level, in order,
    /// counting the equations on each line once rather than per equation.
    static func equationTexts(in level: Puzzle) -> [String] {
        // Equations starting on each row (horizontal) and column (vertical);
        // a line outside the grid (in a level not checked) is counted apart.
        var horizontal = [Int](repeating: 0, count: max(level.rows, 0)), vertical = [Int](repeating: 0, count: max(level.columns, 0))
        var outside: [EquationOrientation: [Int: Int]] = [:]
        func sharing(_ equation: Equation, adding: Int) -> Int {
            guard let line = line(of: equation) else { return 0 }
            if equation.orientation == .horizontal, horizontal.indices.contains(line) {
                horizontal[line] += adding
                return horizontal[line]
            }
            if equation.orientation == .vertical, vertical.indices.contains(line) {
                vertical[line] += adding
                return vertical[line]
            }
            outside[equation.orientation, default: [:]][line, default: 0] += adding
            return outside[equation.orientation]?[line] ?? 0
        }
        for equation in level.equations { _ = sharing(equation, adding: 1) }
        return level.equations.map { equation in
            equationText(equation, in: level, place: place(of: equation, sharingLine: sharing(equation, adding: 0)))
        }
    }

    /// The equation as it reads with the values placed so far, `?` for an
    /// empty cell: "Row 1: 7 + ? = 12".
    public static func equationText(_ equation: Equation, in level: Puzzle) -> String {
        equationText(equation, in: level, place: place(of: equation, in: level))
    }

    /// The equation as it reads after `place`: its given numbers, operators
    /// and `=`, and in each empty cell the number `placed` holds for it (one
    /// per cell of the equation), else its current value when `placed` is
    /// `nil`, else `?`.
    private static func equationText(_ equation: Equation, in level: Puzzle, place: String,
                                     placed: [PuzzleNumber?]? = nil) -> String {
        // Built as UTF-8 bytes, made into a string once.
        var text: [UInt8] = []
        text.reserveCapacity(place.utf8.count + 2 + 4 * equation.cellPositions.count)
        text.append(contentsOf: place.utf8)
        text.append(UInt8(ascii: ":"))
        for (k, position) in equation.cellPositions.enumerated() {
            // The cell's fields are read where they lie, without copying the cell.
            let index = position.row * level.columns + position.column
            text.append(UInt8(ascii: " "))
            guard level.contains(position) else {
                text.append(UInt8(ascii: "?"))
                continue
            }
            switch level.cells[index].type {
            case .fixedOperand: text.append(contentsOf: (level.cells[index].fixedValue.map(String.init) ?? "?").utf8)
            case .emptyOperand:
                let value = placed.map { $0.indices.contains(k) ? $0[k] : nil } ?? level.cells[index].currentValue
                text.append(contentsOf: (value.map(String.init) ?? "?").utf8)
            case .operatorSymbol: text.append(contentsOf: (level.cells[index].operatorSymbol ?? "?").utf8)
            case .equals: text.append(UInt8(ascii: "="))
            case .block: text.append(UInt8(ascii: "."))
            }
        }
        if equation.cellPositions.isEmpty { text.append(UInt8(ascii: " ")) }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Observations about a valid level that are not errors: what the class
/// generators never produce, and where a grid breaks its profile.
public enum LevelCheck {
    public static func notes(for level: Puzzle) -> [String] {
        var notes: [String] = []
        let components = connectedComponents(level)
        if components > 1 { notes.append("the equations form \(components) groups that do not cross each other") }
        let long = level.equations.count { $0.cellPositions.count > 5 }
        if long > 0 { notes.append("\(long) equation(s) have more than two operands on the left") }
        let profile = level.difficulty
        guard Profile.named(profile.id) != nil else { return notes }
        if (level.rows, level.columns) != (profile.gridRows, profile.gridColumns) {
            notes.append("profile \(profile.id) has a \(profile.gridRows)x\(profile.gridColumns) grid, this one is \(level.rows)x\(level.columns)")
        }
        if !(profile.minEquations...profile.maxEquations).contains(level.equations.count) {
            notes.append("profile \(profile.id) has \(profile.minEquations)–\(profile.maxEquations) equations, this level \(level.equations.count)")
        }
        // The smallest and largest given or pool value, the operators used,
        // each cell's fields read where they lie.
        var low = level.numberPool.min(), high = level.numberPool.max()
        var used: [ArithmeticOperator] = []
        for index in level.cells.indices {
            if let value = level.cells[index].fixedValue {
                if low.map({ value < $0 }) ?? true { low = value }
                if high.map({ value > $0 }) ?? true { high = value }
            }
            if let symbol = level.cells[index].operatorSymbol, let op = ArithmeticOperator(symbol: symbol), !used.contains(op) {
                used.append(op)
            }
        }
        if let low, let high, low < profile.minValue || high > profile.maxValue {
            notes.append("profile \(profile.id) has values \(profile.minValue)–\(profile.maxValue), this level \(low)–\(high)")
        }
        let allowed = profile.operators
        if let op = ArithmeticOperator.allCases.first(where: { used.contains($0) && !allowed.contains($0) }) {
            notes.append("profile \(profile.id) does not allow '\(op.symbol)'")
        }
        let blanks = level.equations.map { equation in
            equation.cellPositions.count { level.cells[$0.row * level.columns + $0.column].type == .emptyOperand }
        }
        if blanks.contains(where: { $0 < 1 || $0 > 2 }) {
            notes.append("the class profiles have 1–2 empty operands per equation; some equation here has \(blanks.first { $0 < 1 || $0 > 2 } ?? 0)")
        }
        return notes
    }

    /// The number of groups of equations connected through shared cells.
    public static func connectedComponents(_ level: Puzzle) -> Int {
        var parent = Array(level.equations.indices)
        // The first equation through each cell, by row-major index (-1: none
        // yet); a position outside the grid (in a level not checked) is kept apart.
        var firstOwner = [Int](repeating: -1, count: level.cells.count)
        var outside: [GridPosition: Int] = [:]
        for (index, equation) in level.equations.enumerated() {
            for position in equation.cellPositions {
                let slot = position.row * level.columns + position.column
                let inside = level.contains(position) && slot < firstOwner.count
                if let other = inside ? (firstOwner[slot] >= 0 ? firstOwner[slot] : nil) : outside[position] {
                    let root = find(index, &parent)
                    parent[root] = find(other, &parent)
                } else if inside {
                    firstOwner[slot] = index
                } else {
                    outside[position] = index
                }
            }
        }
        // One root per group.
        return level.equations.indices.filter { find($0, &parent) == $0 }.count
    }

    /// The root of `x`'s group, halving the path on the way.
    private static func find(_ x: Int, _ parent: inout [Int]) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }
}

extension Explain {
    /// One step of a grade's trace as a sentence a child's parent
    /// understands, showing the equations it read as they stood then.
    ///
    ///     Row 1: 7 + ? = 12, so ? = 5.
    public static func sentence(_ step: Grader.Trace.Step, in level: Puzzle) -> String {
        var equations: [(equation: Equation, placed: [PuzzleNumber?])] = []
        var locked: [GridPosition] = []
        for place in step.reads {
            switch place {
            case .item(let index) where level.equations.indices.contains(index):
                let placed = step.facts.placed.indices.contains(equations.count) ? step.facts.placed[equations.count] : []
                equations.append((level.equations[index], placed))
            case .cell(let position): locked.append(position)
            default: break
            }
        }
        // The one cell the step decides and the number it places there.
        var position: GridPosition?, value = ""
        for decision in step.decides {
            if case .cell(let at) = decision.place, case .value(let text) = decision.mark { (position, value) = (at, text) }
        }
        let cell = position?.description ?? "the cell"
        let texts = equations.map { equationText($0.equation, in: level, place: place(of: $0.equation, in: level), placed: $0.placed) }
        let first = texts.first ?? cell
        let facts = step.facts
        switch step.technique {
        case .oneBlank:
            return "\(first), so ? = \(value)."
        case .uniquePair:
            return "\(first). Only one pair of the tiles left fits, so \(cell) is \(value)."
        case .lastCandidate:
            return "\(first). With the tiles left, \(cell) can only be \(value)."
        case .crossing:
            let parts = zip(texts, facts.candidates).map { text, values in "\(text) (it could be \(list(values)))" }
            return "\(cell.prefix(1).uppercased() + cell.dropFirst()) is in \(parts.joined(separator: " and in ")). Only \(value) fits both."
        case .onlyPlace:
            return "The tile \(value) fits in no other empty cell, so it goes at \(cell) (\(first))."
        case .narrowing:
            let also = facts.fixedTogether.isEmpty ? "" : "; the same narrowing fixes \(cells(facts.fixedTogether))"
            return "Narrowing each equation by its other cells' candidates and the tiles left, over and over, leaves \(first) only \(value) for \(cell)\(also)."
        case .crossingPair:
            guard texts.count == 2 else {
                return "With the crossing equations filled in together pair by pair, \(first) leaves only \(value) for \(cell)."
            }
            return "Filled in together, \(texts.joined(separator: " and ")) would need more tiles of some value than are left unless \(cell) is \(value)."
        case .poolCounting:
            return "Counting tiles: \(list(locked.map(\.description))) must use up some tiles between them, so \(cell) can only be \(value) (\(first))."
        case .contradiction:
            return "If \(cell) were \(list(facts.ruledOut)), narrowing the equations would leave some equation or tile with no way to finish, so it is \(value) (\(first))."
        case .guess:
            return "No sure step is left: try \(value) at \(cell) (guess \(step.guessDepth)); it works out."
        }
    }

    /// "(row 1, column 2)", "(row 1, column 2) and (row 3, column 4)".
    static func cells(_ positions: [GridPosition]) -> String {
        let words = positions.map { "(\($0))" }
        guard words.count > 1 else { return words.first ?? "no cell" }
        return words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
    }

    /// "3", "3 or 5", "3, 5 or 9".
    static func list<T>(_ items: [T]) -> String {
        let words = items.map { "\($0)" }
        guard words.count > 1 else { return words.first ?? "nothing" }
        return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }
}
