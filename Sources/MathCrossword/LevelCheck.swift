import PuzzleKit
import Foundation

/// Words for equations, as people read them, in a language
/// (``MathCrosswordMessages``).
public enum Explain {
    /// Where an equation is: "Row 3" for a horizontal one, "Column 5" for a
    /// vertical one (1-based), with the first cell when the line holds several.
    public static func place(of equation: Equation, in level: Puzzle, language: Language = .english) -> String {
        guard let first = equation.cellPositions.first else { return text("place.equation", language) }
        let line = line(of: first, equation.orientation)
        var sharing = 0
        for other in level.equations where other.orientation == equation.orientation && Self.line(of: other) == line {
            sharing += 1
        }
        return place(of: equation, sharingLine: sharing, language: language)
    }

    /// ``place(of:in:language:)`` given how many equations of its
    /// orientation start on its line (itself included).
    static func place(of equation: Equation, sharingLine: Int, language: Language) -> String {
        guard let first = equation.cellPositions.first else { return text("place.equation", language) }
        let arguments = ["row": oneBased(first.row), "column": oneBased(first.column)]
        switch equation.orientation {
        case .horizontal: return text(sharingLine > 1 ? "place.row.from" : "place.row", language, arguments)
        case .vertical: return text(sharingLine > 1 ? "place.column.from" : "place.column", language, arguments)
        }
    }

    /// A cell as people name it: "row 3, column 5" (1-based).
    public static func cell(_ position: GridPosition, language: Language = .english) -> String {
        text("cell", language, ["row": oneBased(position.row), "column": oneBased(position.column)])
    }

    /// A 0-based index counted from 1, without trapping on any value.
    private static func oneBased(_ index: Int) -> String { index >= 0 ? String(UInt(index) + 1) : String(index + 1) }

    /// The row of a horizontal equation's first cell, the column of a
    /// vertical one's; `nil` for an equation without cells.
    private static func line(of equation: Equation) -> Int? {
        equation.cellPositions.first.map { line(of: $0, equation.orientation) }
    }

    private static func line(of position: GridPosition, _ orientation: EquationOrientation) -> Int {
        orientation == .horizontal ? position.row : position.column
    }

    /// The template `key` of ``MathCrosswordMessages`` in `language`, filled.
    static func text(_ key: String, _ language: Language, _ arguments: [String: String] = [:]) -> String {
        MathCrosswordMessages.catalogue.text(key, language, arguments)
    }

    /// The plural form of `key` that `count` takes in `language`, filled.
    static func text(_ key: String, count: Int, _ language: Language, _ arguments: [String: String] = [:]) -> String {
        MathCrosswordMessages.catalogue.text(key, count: count, language, arguments)
    }

    /// ``equationText(_:in:language:)`` of every equation of the level, in
    /// order, in English with the operators' ASCII symbols (the lines of
    /// `check`), counting the equations on each line once rather than per
    /// equation.
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
            equationText(equation, in: level, place: place(of: equation, sharingLine: sharing(equation, adding: 0), language: .english),
                         glyphs: false)
        }
    }

    /// The equation as it reads with the values placed so far, `?` for an
    /// empty cell, with the operators' glyphs: "Row 1: 7 + ? = 12",
    /// "Zeile 2: 12 − ? = 5".
    public static func equationText(_ equation: Equation, in level: Puzzle, language: Language = .english) -> String {
        equationText(equation, in: level, place: place(of: equation, in: level, language: language), glyphs: true)
    }

    /// The sign people read for an operator symbol as a level writes it
    /// (any alias, `x`, `*`, `:`): + − × ÷; a symbol no operator has as
    /// written.
    public static func glyph(of symbol: String) -> String {
        ArithmeticOperator(symbol: symbol).map { CrosswordArithmetic.operation($0).glyph } ?? symbol
    }

    /// The equation as it reads after `place`: its given numbers, operators
    /// (their glyphs when `glyphs`, else the symbols as written) and `=`,
    /// and in each empty cell the number `placed` holds for it (one per
    /// cell of the equation), else its current value when `placed` is
    /// `nil`, else `?`.
    static func equationText(_ equation: Equation, in level: Puzzle, place: String,
                                     placed: [PuzzleNumber?]? = nil, glyphs: Bool) -> String {
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
            case .operatorSymbol:
                let symbol = level.cells[index].operatorSymbol ?? "?"
                text.append(contentsOf: (glyphs ? glyph(of: symbol) : symbol).utf8)
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

