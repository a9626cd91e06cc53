import PuzzleKit

/// What a step of the grader's trace says, as data: the facts its sentence
/// (``CrossSumsFamily/sentence(_:in:language:)``) is built from, beyond the lines it
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
        let explain = Explain(puzzle: puzzle, language: language)
        switch step.facts {
        case .line(let state):
            return explain.line(step.technique, state, step.moves)
        case .supposition(let refutation):
            return explain.supposition(refutation)
        case .guess:
            guard let move = step.moves.first else { return explain.text("step.guess") }
            let key = move.decision == .keep ? "step.guess.keep" : "step.guess.remove"
            return explain.text(key, ["cell": explain.cell(move.position)])
        }
    }
}

/// The sentences of one puzzle's steps, in one language, from
/// ``CrossSumsMessages``.
struct Explain {
    let puzzle: Puzzle
    let language: Language

    /// The template `key` filled with `arguments`.
    func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        CrossSumsMessages.catalogue.text(key, language, arguments)
    }

    /// The plural form of `key` that `count` takes, filled with `arguments`.
    func text(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        CrossSumsMessages.catalogue.text(key, count: count, language, arguments)
    }

    /// The sentence for a single-line step from its line before the step.
    func line(_ technique: Technique, _ state: LineState, _ moves: [CellMove]) -> String {
        let line = state.line, need = state.need, open = state.undecidedTotal
        let name = self.name(line)
        let target = puzzle.sum(of: line)
        let needs = need == target ? text("step.needs", ["line": name, "target": language.number(target)])
            : text("step.still-needs", ["line": name, "need": language.number(need)])
        let kept = moves.filter { $0.decision == .keep }.map(\.position)
        let removed = moves.filter { $0.decision == .remove }.map(\.position)
        switch technique {
        case .tooBig:
            if need == 0 && target == 0 {
                return text("step.too-big.zero", ["line": name, "cells": list(removed, in: line)])
            }
            if need == 0 {
                return text("step.too-big.done", ["line": name, "target": language.number(target), "cells": list(removed, in: line)])
            }
            return text("step.too-big", count: removed.count, ["needs": needs, "cells": list(removed, in: line)])
        case .allNeeded:
            if kept.count == 1 {
                return text("step.all-needed.last", ["needs": needs, "cells": list(kept, in: line)])
            }
            return text("step.all-needed", ["needs": needs, "cells": list(kept, in: line), "need": language.number(need)])
        case .mustKeep:
            return text("step.must-keep", ["needs": needs, "total": language.number(open),
                                           "spare": language.number(open - need), "cells": list(kept, in: line)])
        case .combinations:
            var sentences = [text("step.combinations", ["needs": needs, "numbers": numbers(state.undecided)])]
            let ways = combinations(state.undecided, need: need, limit: 3)
            if ways.count == 1, let only = ways.first {
                var actions: [String] = []
                if !kept.isEmpty { actions.append(text("step.keep", ["cells": list(kept, in: line)])) }
                if !removed.isEmpty { actions.append(text("step.remove", ["cells": list(removed, in: line)])) }
                sentences.append(text("step.combinations.only-way", ["way": only, "actions": language.list(actions)]))
                return sentences.joined(separator: " ")
            }
            if ways.count > 1 && ways.count <= 3 {
                sentences.append(text("step.combinations.only-ways", ["ways": language.list(ways)]))
            }
            var parts: [String] = []
            if !kept.isEmpty {
                parts.append(text("step.combinations.every-way", count: kept.count, ["cells": list(kept, in: line)]))
            }
            if !removed.isEmpty {
                parts.append(text("step.combinations.no-way", count: removed.count, ["cells": list(removed, in: line)]))
            }
            return sentences.joined(separator: " ") + " " + parts.joined(separator: " ")
        case .rowAndColumn, .guess:
            return text("step.decide", ["line": name, "cells": list(moves.map(\.position), in: line)])
        }
    }

    /// The sentence for a row-and-column step: at most three consequences
    /// are shown, then how many more steps led to the failure.
    func supposition(_ s: Refutation) -> String {
        let kept = s.supposed.decision == .keep
        let shown = 3
        let consequences = s.chain.prefix(shown).map { consequence in
            let keep = consequence.moves.filter { $0.decision == .keep }.map(\.position)
            let remove = consequence.moves.filter { $0.decision == .remove }.map(\.position)
            var actions: [String] = []
            if !keep.isEmpty { actions.append(text("step.suppose.would-keep", ["cells": list(keep, in: consequence.line)])) }
            if !remove.isEmpty { actions.append(text("step.suppose.would-remove", ["cells": list(remove, in: consequence.line)])) }
            return text("step.suppose.would", ["line": name(consequence.line, inside: true), "actions": language.list(actions)])
        }
        var failure = ["line": name(s.failedLine, inside: true), "target": language.number(puzzle.sum(of: s.failedLine))]
        let key: String
        switch (s.failure, s.failedState) {
        case (.exceedsTarget, let state?):
            key = "step.suppose.exceeds"
            failure["total"] = language.number(puzzle.sum(of: s.failedLine) - state.need)
        case (.exceedsTarget, nil):
            key = "step.suppose.exceeds.sum"
        case (.cannotReachTarget, let state?):
            key = state.undecided.isEmpty ? "step.suppose.short.none-left" : "step.suppose.short"
            failure["need"] = language.number(state.need)
            failure["total"] = language.number(state.undecidedTotal)
        case (.cannotReachTarget, nil):
            key = "step.suppose.short.sum"
        case (.noCombination, let state?):
            key = "step.suppose.no-combination"
            failure["need"] = language.number(state.need)
            failure["numbers"] = numbers(state.undecided)
        case (.noCombination, nil):
            key = "step.suppose.no-combination.sum"
        }
        let hidden = s.chain.count - min(shown, s.chain.count)
        let last = hidden == 0 ? text(key, failure) : text("step.suppose.later", count: hidden, ["failure": text(key, failure)])
        let cell = cell(s.supposed.position)
        let number = language.number(number(s.supposed.position))
        return [text(kept ? "step.suppose.kept" : "step.suppose.removed", ["cell": cell]),
                text("step.suppose.then", ["consequences": (consequences + [last]).joined(separator: "; ")]),
                text(kept ? "step.suppose.so-remove" : "step.suppose.so-keep", ["number": number])].joined(separator: " ")
    }

    /// The number at `position` (0 outside the grid).
    func number(_ position: GridPosition) -> Int {
        puzzle.contains(position) ? puzzle[position] : 0
    }

    /// "Row 2" (`inside`: "row 2", as English writes it inside a sentence).
    func name(_ line: Line, inside: Bool = false) -> String {
        let suffix = inside ? ".inside" : ""
        switch line {
        case .row(let row): return text("line.row" + suffix, ["number": Self.counted(row)])
        case .column(let column): return text("line.column" + suffix, ["number": Self.counted(column)])
        }
    }

    /// "the 4 at row 1, column 2".
    func cell(_ position: GridPosition) -> String {
        text("cell.at", ["number": language.number(number(position)),
                         "row": Self.counted(position.row), "column": Self.counted(position.column)])
    }

    /// "2, 3, 5 and 8": the numbers of `cells`.
    func numbers(_ cells: [GridPosition]) -> String {
        language.list(cells.map { language.number(number($0)) })
    }

    /// "the 9 in column 4", "the 9 in column 4 and the 8 in column 5", … for cells of `line`.
    func list(_ positions: [GridPosition], in line: Line) -> String {
        language.list(positions.map { p in
            let number = language.number(number(p))
            if case .row = line { return text("cell.in-column", ["number": number, "column": Self.counted(p.column)]) }
            return text("cell.in-row", ["number": number, "row": Self.counted(p.row)])
        })
    }

    /// A 0-based index as people count, 1-based; never traps, whatever a
    /// file or a trace put in it.
    static func counted(_ index: Int) -> String {
        index >= 0 ? String(UInt(index) + 1) : String(index + 1)
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
