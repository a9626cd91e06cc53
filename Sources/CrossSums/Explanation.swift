import PuzzleKit

/// What a step of the grader's trace says, as data: the facts its sentence
/// (``CrossSumsFamily/sentence(_:in:)``) is built from, beyond the lines it
/// reads and the cells it decides.
public enum StepFacts: Sendable, Equatable {
    /// A single-line step: its line as it stood before the step.
    case line(LineState)
    /// A ``Technique/rowAndColumn`` step: the supposition its decision refutes.
    case supposition(Refutation)
    /// A guess (its decision says what was tried).
    case guess
}

/// A line as it stood before a step.
public struct LineState: Sendable, Equatable {
    public var line: Line
    /// The line's target minus its kept numbers.
    public var need: Int
    /// The total of its undecided numbers.
    public var undecidedTotal: Int
    /// Its undecided cells, in reading order.
    public var undecided: [GridPosition]

    public init(line: Line, need: Int, undecidedTotal: Int, undecided: [GridPosition]) {
        self.line = line
        self.need = need
        self.undecidedTotal = undecidedTotal
        self.undecided = undecided
    }
}

/// A supposition that fails: deciding ``supposed`` leads, line by line
/// through ``chain``, to ``failedLine``, which then cannot make its target.
public struct Refutation: Sendable, Equatable {
    /// How the failed line fails.
    public enum Failure: Sendable, Equatable {
        /// Its kept numbers add up to more than its target.
        case exceedsTarget
        /// Its kept and undecided numbers together fall short of its target.
        case cannotReachTarget
        /// No combination of its undecided numbers makes what it still needs.
        case noCombination
    }

    /// The cell supposed and the decision supposed for it.
    public var supposed: CellMove
    /// The single-line consequences, in the order they follow.
    public var chain: [LineConsequence]
    public var failedLine: Line
    public var failure: Failure
    /// The failed line as it would stand at the end of the chain: what it
    /// would still need and what its undecided numbers would add up to.
    public var failedState: LineState?

    public init(supposed: CellMove, chain: [LineConsequence], failedLine: Line, failure: Failure, failedState: LineState? = nil) {
        self.supposed = supposed
        self.chain = chain
        self.failedLine = failedLine
        self.failure = failure
        self.failedState = failedState
    }
}

/// One consequence of a supposition: what a line's rules then decide.
public struct LineConsequence: Sendable, Equatable {
    public var line: Line
    public var moves: [CellMove]

    public init(line: Line, moves: [CellMove]) {
        self.line = line
        self.moves = moves
    }
}

/// Sentences for the grader's steps, written for a child's parent:
///
///     Row 2 needs 7: the 9 in column 4 is too big, so remove it.
///     Column 3 needs 12 and its undecided numbers, the 5 in row 1 and the 7 in row 4, add up to exactly 12, so keep them.
///     Row 4 needs 15 and its undecided numbers add up to 17, 2 more than that, so every number bigger than 2 stays: keep the 8 in column 2.
///     Row 1 needs 10 from 2, 3, 5 and 8. The only ways are 2 + 8 and 2 + 3 + 5. Every way uses the 2 in column 1, so keep it.
///     Suppose the 4 at row 1, column 2 were kept. Then row 1 would remove the 6 in column 5; column 5 would still need 6 but its undecided numbers add up to only 3, so it could no longer reach 9. So remove the 4.
extension CrossSumsFamily {
    public func sentence(_ step: Trace.Step, in puzzle: Puzzle, language: Language) -> String {
        let explain = Explain(puzzle: puzzle)
        switch step.facts {
        case .line(let state):
            return explain.line(step.technique, state, step.moves)
        case .supposition(let refutation):
            return explain.supposition(refutation)
        case .guess:
            guard let move = step.moves.first else { return "No rule decides a number here, so try a decision." }
            let keep = move.decision == .keep
            return "No rule decides a number here, so try: \(keep ? "keep" : "remove") the \(explain.number(move.position)) at \(move.position)\(keep ? "" : " (keeping it led to a dead end)")."
        }
    }
}

/// The sentences of one puzzle's steps.
struct Explain {
    let puzzle: Puzzle

    /// The sentence for a single-line step from its line before the step.
    func line(_ technique: Technique, _ state: LineState, _ moves: [CellMove]) -> String {
        let line = state.line, need = state.need, open = state.undecidedTotal
        let name = line.description
        let target = puzzle.sum(of: line)
        let needs = need == target ? "\(name) needs \(target)" : "\(name) still needs \(need)"
        let kept = moves.filter { $0.decision == .keep }.map(\.position)
        let removed = moves.filter { $0.decision == .remove }.map(\.position)
        switch technique {
        case .tooBig:
            if need == 0 && target == 0 {
                return "\(name) must add up to 0, so remove \(list(removed, in: line))."
            }
            if need == 0 {
                return "\(name) already adds up to \(target) with the numbers kept, so remove the rest: \(list(removed, in: line))."
            }
            let verb = removed.count == 1 ? "is too big, so remove it" : "are too big, so remove them"
            return "\(needs): \(list(removed, in: line)) \(verb)."
        case .allNeeded:
            if kept.count == 1 {
                return "\(needs) and only \(list(kept, in: line)) is left undecided, so keep it."
            }
            return "\(needs) and its undecided numbers, \(list(kept, in: line)), add up to exactly \(need), so keep them."
        case .mustKeep:
            let spare = open - need
            return "\(needs) and its undecided numbers add up to \(open), \(spare) more than that, so every number bigger than \(spare) stays: keep \(list(kept, in: line))."
        case .combinations:
            var sentence = "\(needs) from \(Self.joined(state.undecided.map { String(number($0)) }))."
            let ways = combinations(state.undecided, need: need, limit: 3)
            if ways.count == 1, let only = ways.first {
                sentence += " The only way is \(only)"
                var parts: [String] = []
                if !kept.isEmpty { parts.append("keep \(list(kept, in: line))") }
                if !removed.isEmpty { parts.append("remove \(list(removed, in: line))") }
                return sentence + ", so " + parts.joined(separator: " and ") + "."
            }
            if ways.count > 1 && ways.count <= 3 {
                sentence += " The only ways are \(Self.joined(ways))."
            }
            var parts: [String] = []
            if !kept.isEmpty {
                parts.append("Every way uses \(list(kept, in: line)), so keep \(kept.count == 1 ? "it" : "them").")
            }
            if !removed.isEmpty {
                parts.append("No way uses \(list(removed, in: line)), so remove \(removed.count == 1 ? "it" : "them").")
            }
            return sentence + " " + parts.joined(separator: " ")
        case .rowAndColumn, .guess:
            return "\(name): decide \(list(moves.map(\.position), in: line))."
        }
    }

    /// The sentence for a row-and-column step: at most three consequences
    /// are shown, then how many more steps led to the failure.
    func supposition(_ s: Refutation) -> String {
        let number = number(s.supposed.position)
        let kept = s.supposed.decision == .keep
        let shown = 3
        let consequences = s.chain.prefix(shown).map { consequence in
            let keep = consequence.moves.filter { $0.decision == .keep }.map(\.position)
            let remove = consequence.moves.filter { $0.decision == .remove }.map(\.position)
            var parts: [String] = []
            if !keep.isEmpty { parts.append("keep \(list(keep, in: consequence.line))") }
            if !remove.isEmpty { parts.append("remove \(list(remove, in: consequence.line))") }
            return "\(consequence.line.description.lowercased()) would \(parts.joined(separator: " and "))"
        }
        let failed = s.failedLine.description.lowercased()
        let target = puzzle.sum(of: s.failedLine)
        let failure: String
        switch (s.failure, s.failedState) {
        case (.exceedsTarget, let state?):
            failure = "\(failed) would keep numbers adding up to \(target - state.need), more than \(target)"
        case (.exceedsTarget, nil): failure = "\(failed) would add up to more than \(target)"
        case (.cannotReachTarget, let state?):
            let rest = state.undecided.isEmpty ? "no undecided number is left" : "its undecided numbers add up to only \(state.undecidedTotal)"
            failure = "\(failed) would still need \(state.need) but \(rest), so it could no longer reach \(target)"
        case (.cannotReachTarget, nil): failure = "\(failed) could no longer reach \(target)"
        case (.noCombination, let state?):
            failure = "\(failed) would still need \(state.need) and no combination of \(Self.joined(state.undecided.map { String(self.number($0)) })) makes it"
        case (.noCombination, nil): failure = "no combination in \(failed) could make \(target)"
        }
        let supposed = "Suppose the \(number) at \(s.supposed.position) were \(kept ? "kept" : "removed")."
        let hidden = s.chain.count - min(shown, s.chain.count)
        let later = hidden == 0 ? "" : "\(hidden) more step\(hidden == 1 ? "" : "s") later, "
        let chain = "Then " + (consequences.isEmpty ? failure : consequences.joined(separator: "; ") + "; " + later + failure)
        return "\(supposed) \(chain). So \(kept ? "remove" : "keep") the \(number)."
    }

    /// The number at `position` (0 outside the grid).
    func number(_ position: GridPosition) -> Int {
        puzzle.contains(position) ? puzzle[position] : 0
    }

    /// "the 9 in column 4", "the 9 in column 4 and the 8 in column 5", … for cells of `line`.
    func list(_ positions: [GridPosition], in line: Line) -> String {
        Self.joined(positions.map { p in
            if case .row = line { return "the \(number(p)) in column \(p.column + 1)" }
            return "the \(number(p)) in row \(p.row + 1)"
        })
    }

    /// "a", "a and b", "a, b and c".
    static func joined(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }

    /// Up to `limit + 1` ways to make `need` from the numbers of `cells`, as
    /// "2 + 3 + 5", each set of numbers once (two ways that take the same
    /// numbers from different cells are one way to say); empty when there
    /// are too many numbers to list them.
    func combinations(_ cells: [GridPosition], need: Int, limit: Int) -> [String] {
        guard cells.count <= 12 else { return [] }
        let numbers = cells.map(number)
        var ways: [[Int]] = []
        for subset in 1..<(1 << numbers.count) {
            var sum = 0, overflow = false
            for (k, n) in numbers.enumerated() where subset >> k & 1 == 1 && !overflow {
                (sum, overflow) = sum.addingReportingOverflow(n)
            }
            guard sum == need && !overflow else { continue }
            let way = numbers.indices.filter { subset >> $0 & 1 == 1 }.map { numbers[$0] }
            if !ways.contains(where: { $0.sorted() == way.sorted() }) { ways.append(way) }
            if ways.count > limit { break }
        }
        return ways.map { $0.map(String.init).joined(separator: " + ") }
    }
}
