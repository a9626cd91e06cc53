import PuzzleKit

extension Explain {
    /// One step of a grade's trace as a sentence a child's parent
    /// understands, in `language`, showing the equations it read as they
    /// stood then.
    ///
    ///     Row 1: 7 + ? = 12, so ? = 5.
    public static func sentence(_ step: Grader.Trace.Step, in level: Puzzle, language: Language = .english) -> String {
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
        let cell = position.map { self.cell($0, language: language) } ?? text("cell.unknown", language)
        let texts = equations.map {
            equationText($0.equation, in: level, place: place(of: $0.equation, in: level, language: language), placed: $0.placed, glyphs: true)
        }
        let facts = step.facts
        var arguments = ["cell": cell, "value": value, "equation": texts.first ?? cell]
        if let earlier = facts.followsStep {
            arguments["step"] = String(earlier)
            return text("step.follows", language, arguments)
        }
        switch step.technique {
        case .oneBlank, .uniquePair, .lastCandidate, .onlyPlace:
            return text("step.\(step.technique.code)", language, arguments)
        case .crossing:
            let parts = zip(texts, facts.candidates).map { equation, values in
                text("step.crossing.equation", language, ["equation": equation, "values": list(values, .or, language)])
            }
            arguments["cell"] = capitalized(cell)
            arguments["equations"] = parts.dropFirst().reduce(parts.first ?? "") { earlier, next in
                text("step.crossing.and", language, ["earlier": earlier, "next": next])
            }
            return text("step.crossing", language, arguments)
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
            arguments["technique"] = step.technique.name(in: language)
            arguments["chain"] = chainText(facts.chain, level: level, textOf: textOf, language: language)
            guard !facts.fixedTogether.isEmpty else { return text("step.chain", language, arguments) }
            arguments["cells"] = language.list(facts.fixedTogether.map { "(\(self.cell($0, language: language)))" })
            return text("step.chain.fixes", count: facts.fixedTogether.count, language, arguments)
        case .poolCounting:
            let values = facts.usedUpTiles.reduce(into: [PuzzleNumber]()) { if $0.last != $1 { $0.append($1) } }
            arguments["cells"] = list(locked.map { self.cell($0, language: language) }, .and, language)
            arguments["values"] = list(values, .or, language)
            arguments["tiles"] = list(values.map { v in tiles(v, count: facts.usedUpTiles.count { $0 == v }, language) }, .and, language)
            return text("step.pool-counting", count: locked.count, language, arguments)
        case .contradiction:
            let clauses = facts.refutations.enumerated().map { i, trial in
                text(i == 0 ? "trial.first" : "trial.next", language,
                     ["cell": cell, "value": "\(trial.value)", "outcome": trialText(trial, level: level, language: language)])
            }
            guard !clauses.isEmpty else {
                arguments["values"] = list(facts.ruledOut, .or, language)
                return text("step.contradiction.plain", language, arguments)
            }
            arguments["trials"] = capitalized(clauses.joined(separator: "; "))
            return text("step.contradiction", language, arguments)
        case .guess:
            arguments["depth"] = String(step.guessDepth)
            guard !facts.ruledOut.isEmpty else { return text("step.guess", language, arguments) }
            arguments["values"] = list(facts.ruledOut, .and, language)
            return text("step.guess.retry", count: facts.ruledOut.count, language, arguments)
        }
    }

    /// A narrowing's links as clauses: "Row 3: ? + ? = 14 leaves row 3,
    /// column 1 only 4 or 5; then Column 1: ? + 1 = ? leaves row 1, column 1
    /// only 7". An equation is shown in full the first time, by its place
    /// after that; links by the same equations in a row share a clause; a
    /// long chain names the equations of its first links and shows the last
    /// ones.
    static func chainText(_ chain: [NarrowingLink], level: Puzzle, textOf: [Int: String], language: Language) -> String {
        var groups: [(equations: [Int], links: [NarrowingLink])] = []
        for link in chain {
            if let last = groups.indices.last, groups[last].equations == link.equations {
                groups[last].links.append(link)
            } else {
                groups.append((link.equations, [link]))
            }
        }
        let shown = 4
        var mentioned = Set<Int>()
        let clauses = groups.suffix(shown).map { group -> String in
            let names = group.equations.map { e -> String in
                defer { mentioned.insert(e) }
                if !mentioned.contains(e), let text = textOf[e] { return text }
                return level.equations.indices.contains(e)
                    ? place(of: level.equations[e], in: level, language: language) : text("equation.some", language)
            }
            let what = list(group.links.map { link -> String in
                let arguments = ["cell": cell(link.position, language: language), "values": list(link.left, .or, language)]
                guard let short = link.shortage else { return text("chain.link", language, arguments) }
                return text("chain.link.short", count: short.available, language,
                            arguments.merging(["value": "\(short.value)", "copies": copies(short.need, of: short.tile, language)]) { $1 })
            }, .and, language)
            guard names.count == 2 else { return text("chain.one", language, ["equation": list(names, .and, language), "cells": what]) }
            return text("chain.together", language, ["first": names[0], "second": names[1], "cells": what])
        }
        let rest = clauses.dropFirst().reduce(clauses.first ?? "") { earlier, next in
            text("chain.then", language, ["earlier": earlier, "next": next])
        }
        guard groups.count > shown else { return rest }
        let skipped = groups.dropLast(shown)
        var names: [String] = []
        for e in skipped.flatMap(\.equations) where level.equations.indices.contains(e) {
            let name = place(of: level.equations[e], in: level, language: language)
            if !names.contains(name) { names.append(name) }
        }
        let cellCount = Set(skipped.flatMap { $0.links.map(\.position) }).count
        return text("chain.first", count: names.count, language,
                    ["equations": list(names, .and, language), "cells": text("chain.cells", count: cellCount, language), "rest": rest])
    }

    /// What one trial runs into, after "If row 3, column 3 were 6, ": the
    /// cells it forces and what then cannot be finished.
    static func trialText(_ trial: TrialRefutation, level: Puzzle, language: Language) -> String {
        let shownCells = 8
        var forced = trial.forced.prefix(shownCells).map { "\(cell($0.position, language: language)) = \($0.value)" }
        if trial.forced.count > shownCells { forced.append(text("trial.more", language, ["count": String(trial.forced.count - shownCells)])) }
        let tilesLeft = trial.tilesLeft.isEmpty ? text("trial.tiles.none", language)
            : trial.tilesLeft.count <= 8 ? text("trial.tiles.list", language, ["tiles": list(trial.tilesLeft, .and, language)])
            : text("trial.tiles.left", language)
        let failure: String
        switch trial.failure {
        case .equations(let indices, let placed, let candidates):
            let texts = indices.enumerated().compactMap { i, e -> String? in
                guard level.equations.indices.contains(e) else { return nil }
                let equation = level.equations[e]
                return equationText(equation, in: level, place: place(of: equation, in: level, language: language),
                                    placed: placed.indices.contains(i) ? placed[i] : [], glyphs: true)
            }
            // "row 6, column 4 only 4 or 7 and row 6, column 6 only 6".
            let cells = list(candidates.map {
                text("trial.candidates", language, ["cell": cell($0.position, language: language), "values": list($0.values, .or, language)])
            }, .and, language)
            let with = candidates.isEmpty ? tilesLeft : text("trial.with", language, ["cells": cells, "tiles": tilesLeft])
            if texts.count == 2 {
                failure = text("trial.fail.both", language, ["first": texts[0], "second": texts[1], "with": with])
            } else {
                failure = text("trial.fail.one", language, ["equation": texts.first ?? text("equation.some", language), "with": with])
            }
        case .tile(let value, let left, let places):
            let room = places == 0 ? text("trial.places.none", language)
                : places == 1 ? text("trial.places.one", language) : text("trial.places.some", language, ["count": String(places)])
            failure = text("trial.fail.tile", count: left, language, ["number": number(left, language), "value": "\(value)", "places": room])
        case .usedUp(let value, let at):
            failure = text("trial.fail.used-up", language, ["cell": cell(at, language: language), "value": "\(value)"])
        }
        guard !trial.forced.isEmpty else { return failure }
        return text("trial.forcing", count: trial.forced.count, language, ["cells": list(forced, .and, language), "failure": failure])
    }

    /// "two 12s", "three 8s", "5 tiles 8".
    static func copies(_ count: Int, of value: PuzzleNumber, _ language: Language) -> String {
        (2...4).contains(count) ? text("copies.few", language, ["number": number(count, language), "value": "\(value)"])
            : text("copies.many", language, ["count": String(count), "value": "\(value)"])
    }

    /// "no", "one" … "four", then digits.
    static func number(_ count: Int, _ language: Language) -> String {
        (0...4).contains(count) ? text("number.\(count)", language) : String(count)
    }

    /// "the only 5", "both 8s", "all 3 tiles 8".
    static func tiles(_ value: PuzzleNumber, count: Int, _ language: Language) -> String {
        switch count {
        case 1: return text("pool.only", language, ["value": "\(value)"])
        case 2: return text("pool.both", language, ["value": "\(value)"])
        default: return text("pool.all", language, ["count": String(count), "value": "\(value)"])
        }
    }

    static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// "3", "3 or 5", "3, 5 or 9" (`.and`: "and"), in `language`;
    /// "nothing" for none.
    static func list<T>(_ items: [T], _ join: ListJoin, _ language: Language) -> String {
        items.isEmpty ? text("nothing", language) : language.list(items.map { "\($0)" }, join)
    }
}
