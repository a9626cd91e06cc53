/// Sentences for the grader's steps, written for a child's parent:
///
///     Row 2 needs 7: the 9 in column 4 is too big, so remove it.
///     Column 3 needs 12 and its undecided numbers, the 5 in row 1 and the 7 in row 4, add up to exactly 12, so keep them.
///     Row 4 needs 15 and its undecided numbers add up to 17, 2 more than that, so every number bigger than 2 stays: keep the 8 in column 2.
///     Row 1 needs 10 from 2, 3, 5 and 8. The only ways are 2 + 8 and 2 + 3 + 5. Every way uses the 2 in column 1, so keep it.
///     Suppose the 4 at row 1, column 2 were kept. Then row 1 would remove the 6 in column 5; column 5 could no longer reach 9. So remove the 4.
enum Explain {
    /// The sentence for a single-line step, from the state before it.
    static func line(_ move: _LineMove, board: _Board, cells: [Int8]) -> String {
        let l = move.line
        let name = board.line(l).description
        var undecided: [Int] = []
        let (need, open) = board.scan(l, cells, into: &undecided)
        let target = board.targets[l]
        let needs = need == target ? "\(name) needs \(target)" : "\(name) still needs \(need)"
        let kept = zip(move.cells, move.keep).filter { $0.1 }.map(\.0)
        let removed = zip(move.cells, move.keep).filter { !$0.1 }.map(\.0)
        switch move.technique {
        case .tooBig:
            if need == 0 && target == 0 {
                return "\(name) must add up to 0, so remove \(list(removed, in: l, board))."
            }
            if need == 0 {
                return "\(name) already adds up to \(target) with the numbers kept, so remove the rest: \(list(removed, in: l, board))."
            }
            let verb = removed.count == 1 ? "is too big, so remove it" : "are too big, so remove them"
            return "\(needs): \(list(removed, in: l, board)) \(verb)."
        case .allNeeded:
            if kept.count == 1 {
                return "\(needs) and only \(list(kept, in: l, board)) is left undecided, so keep it."
            }
            return "\(needs) and its undecided numbers, \(list(kept, in: l, board)), add up to exactly \(need), so keep them."
        case .mustKeep:
            let spare = open - need
            return "\(needs) and its undecided numbers add up to \(open), \(spare) more than that, so every number bigger than \(spare) stays: keep \(list(kept, in: l, board))."
        case .combinations:
            var sentence = "\(needs) from \(numbers(undecided, board))."
            let ways = combinations(undecided, need: need, board: board, limit: 3)
            if ways.count == 1, let only = ways.first {
                sentence += " The only way is \(only)"
                var parts: [String] = []
                if !kept.isEmpty { parts.append("keep \(list(kept, in: l, board))") }
                if !removed.isEmpty { parts.append("remove \(list(removed, in: l, board))") }
                return sentence + ", so " + parts.joined(separator: " and ") + "."
            }
            if ways.count > 1 && ways.count <= 3 {
                sentence += " The only ways are \(joined(ways))."
            }
            var parts: [String] = []
            if !kept.isEmpty {
                parts.append("Every way uses \(list(kept, in: l, board)), so keep \(kept.count == 1 ? "it" : "them").")
            }
            if !removed.isEmpty {
                parts.append("No way uses \(list(removed, in: l, board)), so remove \(removed.count == 1 ? "it" : "them").")
            }
            return sentence + " " + parts.joined(separator: " ")
        case .rowAndColumn, .guess:
            return "\(name): decide \(list(move.cells, in: l, board))."
        }
    }

    /// The sentence for a row-and-column step, from the state before it.
    static func supposition(_ s: _Supposition, board: _Board, cells: [Int8]) -> String {
        let number = board.numbers[s.cell]
        var trial = cells
        trial[s.cell] = s.keep ? _kept : _removed
        var consequences: [String] = []
        let shown = 3
        for move in s.chain.prefix(shown) {
            let name = board.line(move.line).description
            let kept = zip(move.cells, move.keep).filter { $0.1 }.map(\.0)
            let removed = zip(move.cells, move.keep).filter { !$0.1 }.map(\.0)
            var parts: [String] = []
            if !kept.isEmpty { parts.append("keep \(list(kept, in: move.line, board))") }
            if !removed.isEmpty { parts.append("remove \(list(removed, in: move.line, board))") }
            consequences.append("\(name.lowercased()) would \(parts.joined(separator: " and "))")
        }
        for move in s.chain {
            for (c, k) in zip(move.cells, move.keep) { trial[c] = k ? _kept : _removed }
        }
        var undecided: [Int] = []
        let (need, open) = board.scan(s.failedLine, trial, into: &undecided)
        let failed = board.line(s.failedLine).description.lowercased()
        let target = board.targets[s.failedLine]
        let failure: String
        if need < 0 {
            failure = "\(failed) would add up to more than \(target)"
        } else if need > open {
            failure = "\(failed) could no longer reach \(target)"
        } else {
            failure = "no combination in \(failed) could make \(target)"
        }
        let supposed = "Suppose the \(number) at \(board.position(s.cell)) were \(s.keep ? "kept" : "removed")."
        let hidden = s.chain.count - min(shown, s.chain.count)
        let later = hidden == 0 ? "" : "\(hidden) more step\(hidden == 1 ? "" : "s") later, "
        let chain = "Then " + (consequences.isEmpty ? failure : consequences.joined(separator: "; ") + "; " + later + failure)
        return "\(supposed) \(chain). So \(s.keep ? "remove" : "keep") the \(number)."
    }

    /// "the 9 in column 4", "the 9 in column 4 and the 8 in column 5", … for cells of line `l`.
    static func list(_ cells: [Int], in l: Int, _ board: _Board) -> String {
        joined(cells.map { cell in
            let p = board.position(cell)
            let place = l < board.rows ? "column \(p.column + 1)" : "row \(p.row + 1)"
            return "the \(board.numbers[cell]) in \(place)"
        })
    }

    /// "2, 3, 5 and 8".
    static func numbers(_ cells: [Int], _ board: _Board) -> String {
        joined(cells.map { String(board.numbers[$0]) })
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
    /// "2 + 3 + 5"; empty when there are too many numbers to list them or
    /// when two ways use the same numbers from different cells (listing them
    /// would look like a repetition).
    static func combinations(_ cells: [Int], need: Int, board: _Board, limit: Int) -> [String] {
        guard cells.count <= 12 else { return [] }
        var ways: [[Int]] = []
        for subset in 1..<(1 << cells.count) {
            var sum = 0
            for (k, cell) in cells.enumerated() where subset >> k & 1 == 1 { sum += board.numbers[cell] }
            if sum == need {
                ways.append(cells.indices.filter { subset >> $0 & 1 == 1 }.map { board.numbers[cells[$0]] })
                if ways.count > limit { break }
            }
        }
        if Set(ways.map { $0.sorted() }).count != ways.count { return [] }
        return ways.map { $0.map(String.init).joined(separator: " + ") }
    }
}
