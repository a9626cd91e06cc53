import Foundation

/// Words for equations, as people read them.
public enum Explain {
    /// Where an equation is: "Row 3" for a horizontal one, "Column 5" for a
    /// vertical one (1-based), with the first cell when the line holds several.
    public static func place(of equation: Equation, in level: Level) -> String {
        guard let first = equation.cellPositions.first else { return "Equation" }
        let sameLine = level.equations.filter {
            $0.orientation == equation.orientation && ($0.orientation == .horizontal
                ? $0.cellPositions.first?.row == first.row : $0.cellPositions.first?.column == first.column)
        }
        switch equation.orientation {
        case .horizontal:
            return sameLine.count > 1 ? "Row \(first.row + 1) (from column \(first.column + 1))" : "Row \(first.row + 1)"
        case .vertical:
            return sameLine.count > 1 ? "Column \(first.column + 1) (from row \(first.row + 1))" : "Column \(first.column + 1)"
        }
    }

    /// The equation as it reads with the values placed so far, `?` for an
    /// empty cell: "Row 1: 7 + ? = 12".
    public static func equationText(_ equation: Equation, in level: Level) -> String {
        let tokens = equation.cellPositions.map { position -> String in
            let cell = level[position]
            switch cell.type {
            case .fixedOperand, .emptyOperand: return cell.value.map(String.init) ?? "?"
            case .operatorSymbol: return cell.operatorSymbol ?? "?"
            case .equals: return "="
            case .block: return "."
            }
        }
        return "\(place(of: equation, in: level)): \(tokens.joined(separator: " "))"
    }
}

/// Observations about a valid level that are not errors: what the class
/// generators never produce, and where a grid breaks its profile.
public enum LevelCheck {
    public static func notes(for level: Level) -> [String] {
        var notes: [String] = []
        let components = connectedComponents(level)
        if components > 1 { notes.append("the equations form \(components) groups that do not cross each other") }
        let long = level.equations.filter { $0.cellPositions.count > 5 }.count
        if long > 0 { notes.append("\(long) equation(s) have more than two operands on the left") }
        let profile = level.difficulty
        guard DifficultyProfile.named(profile.id) != nil else { return notes }
        if (level.rows, level.columns) != (profile.gridRows, profile.gridColumns) {
            notes.append("profile \(profile.id) has a \(profile.gridRows)x\(profile.gridColumns) grid, this one is \(level.rows)x\(level.columns)")
        }
        if !(profile.minEquations...profile.maxEquations).contains(level.equations.count) {
            notes.append("profile \(profile.id) has \(profile.minEquations)–\(profile.maxEquations) equations, this level \(level.equations.count)")
        }
        var values = level.cells.compactMap(\.fixedValue) + level.numberPool
        values.sort()
        if let low = values.first, let high = values.last, low < profile.minValue || high > profile.maxValue {
            notes.append("profile \(profile.id) has values \(profile.minValue)–\(profile.maxValue), this level \(low)–\(high)")
        }
        let allowed = Set(profile.operators)
        let used = level.cells.compactMap { $0.operatorSymbol.flatMap(ArithmeticOperator.init(symbol:)) }
        if let op = ArithmeticOperator.allCases.first(where: { used.contains($0) && !allowed.contains($0) }) {
            notes.append("profile \(profile.id) does not allow '\(op.symbol)'")
        }
        let blanks = level.equations.map { $0.cellPositions.filter { level[$0].type == .emptyOperand }.count }
        if blanks.contains(where: { $0 < 1 || $0 > 2 }) {
            notes.append("the class profiles have 1–2 empty operands per equation; some equation here has \(blanks.first { $0 < 1 || $0 > 2 } ?? 0)")
        }
        return notes
    }

    /// The number of groups of equations connected through shared cells.
    public static func connectedComponents(_ level: Level) -> Int {
        var parent = Array(level.equations.indices)
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        var firstOwner = [GridPosition: Int]()
        for (index, equation) in level.equations.enumerated() {
            for position in equation.cellPositions {
                if let other = firstOwner[position] {
                    parent[find(index)] = find(other)
                } else {
                    firstOwner[position] = index
                }
            }
        }
        return Set(level.equations.indices.map(find)).count
    }
}
