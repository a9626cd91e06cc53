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
        if let earlier = facts.followsStep {
            return "As step \(earlier) found, \(cell) is \(value) (\(first))."
        }
        switch step.technique {
        case .oneBlank:
            return "\(first), so ? = \(value)."
        case .uniquePair:
            return "\(first). Only one pair of the tiles left fits, so \(cell) is \(value)."
        case .lastCandidate:
            return "\(first). With the tiles left, \(cell) can only be \(value)."
        case .crossing:
            let parts = zip(texts, facts.candidates).map { text, values in "\(text) (it could be \(list(values)))" }
            return "\(capitalized(cell)) is in \(parts.joined(separator: " and in ")). Only \(value) fits both."
        case .onlyPlace:
            return "The tile \(value) fits in no other empty cell, so it goes at \(cell) (\(first))."
        case .narrowing, .crossingPair:
            // The equations the chain reads, as they stood, by index.
            var textOf: [Int: String] = [:]
            var e = 0
            for place in step.reads {
                if case .item(let index) = place, e < texts.count {
                    textOf[index] = texts[e]
                    e += 1
                }
            }
            let also = facts.fixedTogether.isEmpty
                ? "" : "; it also fixes \(cells(facts.fixedTogether)), written in next"
            return "\(step.technique.name): \(chainText(facts.chain, level: level, textOf: textOf)), so \(cell) is \(value)\(also)."
        case .poolCounting:
            let values = facts.usedUpTiles.reduce(into: [PuzzleNumber]()) { if $0.last != $1 { $0.append($1) } }
            let who = list(locked.map(\.description), or: "and")
            let takes = list(values.map { v in tiles(v, count: facts.usedUpTiles.count { $0 == v }) }, or: "and")
            return "Counting tiles: \(who) can only be \(list(values)), so \(locked.count == 1 ? "it takes" : "between them they take") \(takes); that leaves \(cell) only \(value) (\(first))."
        case .contradiction:
            let clauses = facts.refutations.enumerated().map { i, trial in
                (i == 0 ? "If \(cell) were \(trial.value)" : "if it were \(trial.value)") + trialText(trial, level: level)
            }
            guard !clauses.isEmpty else {
                return "If \(cell) were \(list(facts.ruledOut)), some equation or tile would have no way to finish, so it is \(value) (\(first))."
            }
            return capitalized(clauses.joined(separator: "; ")) + ". So it is \(value) (\(first))."
        case .guess:
            guard !facts.ruledOut.isEmpty else {
                return "No sure step is left: try \(value) at \(cell) (guess \(step.guessDepth)); the steps after it rest on this guess."
            }
            return "No sure step is left: \(list(facts.ruledOut, or: "and")) at \(cell) led to dead ends and \(facts.ruledOut.count == 1 ? "was" : "were") taken back, so try \(value) there (guess \(step.guessDepth)); the steps after it rest on this guess."
        }
    }

    /// A narrowing's links as clauses: "Row 3: ? + ? = 14 leaves row 3,
    /// column 1 only 4 or 5; then Column 1: ? + 1 = ? leaves row 1, column 1
    /// only 7". An equation is shown in full the first time, by its place
    /// after that; links by the same equations in a row share a clause; a
    /// long chain names the equations of its first links and shows the last
    /// ones.
    static func chainText(_ chain: [NarrowingLink], level: Puzzle, textOf: [Int: String]) -> String {
        var groups: [(equations: [Int], links: [NarrowingLink])] = []
        for link in chain {
            if let last = groups.indices.last, groups[last].equations == link.equations {
                groups[last].links.append(link)
            } else {
                groups.append((link.equations, [link]))
            }
        }
        let shown = 4
        var prefix = ""
        if groups.count > shown {
            let skipped = groups.dropLast(shown)
            var names: [String] = []
            for e in skipped.flatMap(\.equations) where level.equations.indices.contains(e) {
                let name = place(of: level.equations[e], in: level)
                if !names.contains(name) { names.append(name) }
            }
            let cellCount = Set(skipped.flatMap { $0.links.map(\.position) }).count
            prefix = "\(list(names, or: "and")) first \(names.count == 1 ? "narrows" : "narrow") \(cellCount) cell\(cellCount == 1 ? "" : "s"); then "
        }
        var mentioned = Set<Int>()
        let clauses = groups.suffix(shown).map { group -> String in
            let names = group.equations.map { e -> String in
                defer { mentioned.insert(e) }
                if !mentioned.contains(e), let text = textOf[e] { return text }
                return level.equations.indices.contains(e) ? place(of: level.equations[e], in: level) : "an equation"
            }
            let who = names.count == 2 ? "\(names[0]) and \(names[1]), filled in together," : names.joined(separator: " and ")
            let what = group.links.map { link -> String in
                var text = "\(link.position) only \(list(link.left))"
                if let short = link.shortage {
                    text += " (\(short.value) there would need \(copies(short.need, of: short.tile)) and \(short.available == 1 ? "only one is" : "only \(short.available) are") left)"
                }
                return text
            }
            return "\(who) \(group.equations.count == 2 ? "leave" : "leaves") \(list(what, or: "and"))"
        }
        return prefix + clauses.joined(separator: "; then ")
    }

    /// What one trial runs into, after "If row 3, column 3 were 6": the
    /// cells it forces and what then cannot be finished.
    static func trialText(_ trial: TrialRefutation, level: Puzzle) -> String {
        let shownCells = 8
        var forced = trial.forced.prefix(shownCells).map { "\($0.position) = \($0.value)" }
        if trial.forced.count > shownCells { forced.append("\(trial.forced.count - shownCells) more") }
        let forcing = trial.forced.isEmpty
            ? "," : ", filling in what that forces would make \(list(forced, or: "and")) (\(trial.forced.count) cell\(trial.forced.count == 1 ? "" : "s")), and"
        let tilesLeft = trial.tilesLeft.isEmpty
            ? "no tiles" : trial.tilesLeft.count <= 8 ? "the tiles \(list(trial.tilesLeft.map { "\($0)" }, or: "and"))" : "the tiles left"
        switch trial.failure {
        case .equations(let indices, let placed, let candidates):
            let texts = indices.enumerated().compactMap { i, e -> String? in
                guard level.equations.indices.contains(e) else { return nil }
                let equation = level.equations[e]
                return equationText(equation, in: level, place: place(of: equation, in: level),
                                    placed: placed.indices.contains(i) ? placed[i] : [])
            }
            // "row 6, column 4 only 4 or 7 and row 6, column 6 only 6".
            let cells = list(candidates.map { "\($0.position) only \(list($0.values))" }, or: "and")
            let with = candidates.isEmpty ? tilesLeft : "\(cells) (\(tilesLeft) left)"
            if texts.count == 2 {
                return "\(forcing) \(texts[0]) and \(texts[1]) could not both be finished with \(with)"
            }
            return "\(forcing) \(texts.first ?? "an equation") could not be finished with \(with)"
        case .tile(let value, let left, let places):
            return "\(forcing) \(number(left)) tile\(left == 1 ? "" : "s") \(value) would be left with \(places == 0 ? "no empty cell" : places == 1 ? "only one empty cell" : "only \(places) empty cells") to take \(left == 1 ? "it" : "them")"
        case .usedUp(let value, let at):
            return "\(forcing) \(at) would need a \(value) too, with no \(value) left"
        }
    }

    /// "two 12s", "three 8s", "5 tiles 8".
    static func copies(_ count: Int, of value: PuzzleNumber) -> String {
        (2...4).contains(count) ? "\(number(count)) \(value)s" : "\(count) tiles \(value)"
    }

    /// "one" … "four", then digits.
    static func number(_ count: Int) -> String {
        let words = ["no", "one", "two", "three", "four"]
        return words.indices.contains(count) ? words[count] : "\(count)"
    }

    /// "the only 5", "both 8s", "all 3 tiles 8".
    static func tiles(_ value: PuzzleNumber, count: Int) -> String {
        switch count {
        case 1: return "the only \(value)"
        case 2: return "both \(value)s"
        default: return "all \(count) tiles \(value)"
        }
    }

    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// "(row 1, column 2)", "(row 1, column 2) and (row 3, column 4)".
    static func cells(_ positions: [GridPosition]) -> String {
        let words = positions.map { "(\($0))" }
        guard words.count > 1 else { return words.first ?? "no cell" }
        return words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
    }

    /// "3", "3 or 5", "3, 5 or 9" (or "and" for `or`).
    static func list<T>(_ items: [T], or word: String = "or") -> String {
        let words = items.map { "\($0)" }
        guard words.count > 1 else { return words.first ?? "nothing" }
        return words.dropLast().joined(separator: ", ") + " \(word) " + (words.last ?? "")
    }
}
