import PuzzleKit

/// The rules of number search.
///
/// A level is a rectangular grid of digits with addition questions. An
/// answer is a path: a sequence of distinct cells, each a king-move
/// neighbour of the one before (in ``PathMode/straight`` mode all steps go
/// the same direction), whose digits read in order spell the target in
/// decimal without leading zeros. A path has exactly as many cells as the
/// target has digits.
public enum Rules {
    /// The most rows and columns a grid may have.
    public static let maxSide = 20
    /// The most questions a level may have.
    public static let maxQuestions = 9
    /// The largest target: answers have one to three digits.
    public static let maxTarget = 999

    /// The decimal digits of a non-negative number, most significant first.
    ///
    ///     print(Rules.digits(of: 407))
    ///     // Prints "[4, 0, 7]"
    public static func digits(of number: Int) -> [Int] {
        guard number > 0 else { return [0] }
        var result: [Int] = []
        var n = number
        while n > 0 {
            result.append(n % 10)
            n /= 10
        }
        return result.reversed()
    }

    /// True when the target reads the same backwards (`44`, `121`): such a
    /// target of two or more digits always has at least two paths (the
    /// answer and the answer read backwards), so generators never ask it.
    public static func isPalindrome(_ target: Int) -> Bool {
        let d = digits(of: target)
        return d.count >= 2 && d == d.reversed()
    }

    /// Why `path` is not a path of `level` in its mode, or `nil` when it is
    /// one (whatever number it forms).
    public static func pathProblem(_ path: [GridPosition], in level: Puzzle) -> String? {
        guard !path.isEmpty else { return "the path is empty" }
        for (i, p) in path.enumerated() where !level.contains(p) {
            return "cell \(i + 1) (\(p)) is outside the \(level.rows)x\(level.columns) grid"
        }
        for i in path.indices {
            if let j = path[..<i].firstIndex(of: path[i]) {
                return "cell \(i + 1) (\(path[i])) repeats cell \(j + 1)"
            }
        }
        var first: Direction?
        for i in path.indices.dropFirst() {
            guard let step = Direction(dr: path[i].row - path[i - 1].row, dc: path[i].column - path[i - 1].column) else {
                return "cell \(i + 1) (\(path[i])) is not next to cell \(i) (\(path[i - 1]))"
            }
            if level.pathMode == .straight {
                if let first, first != step {
                    return "the path turns at cell \(i) (\(path[i - 1])); in straight mode it must keep one direction"
                }
                first = step
            }
        }
        return nil
    }

    /// The number a path's digits spell, or `nil` when it has a leading zero
    /// (and more than one cell), leaves the grid or is longer than 18 digits.
    public static func number(along path: [GridPosition], in level: Puzzle) -> Int? {
        guard !path.isEmpty, path.count <= 18 else { return nil }
        var value = 0
        for (i, p) in path.enumerated() {
            guard let d = level.digit(at: p) else { return nil }
            if i == 0 && d == 0 && path.count > 1 { return nil }
            value = value * 10 + d
        }
        return value
    }

    /// True when `path` is a path of `level` that spells `target`.
    public static func isAnswer(_ path: [GridPosition], to target: Int, in level: Puzzle) -> Bool {
        pathProblem(path, in: level) == nil && path.count == digits(of: target).count && number(along: path, in: level) == target
    }

    /// The direction of a path: the one direction of all its steps, or `nil`
    /// for a single cell or a path that turns.
    public static func direction(of path: [GridPosition]) -> Direction? {
        guard path.count >= 2 else { return nil }
        let step = Direction(dr: path[1].row - path[0].row, dc: path[1].column - path[0].column)
        for i in path.indices.dropFirst(2) {
            if Direction(dr: path[i].row - path[i - 1].row, dc: path[i].column - path[i - 1].column) != step { return nil }
        }
        return step
    }
}

extension Puzzle {
    /// Why this level is malformed, or `nil` when it is well formed.
    ///
    /// Checks the grid (1…20 rows and columns, rectangular, digits 0–9), the
    /// questions (1…9, two non-negative operands, a target equal to their sum
    /// and at most 999) and every given answer path (inside the grid,
    /// distinct adjacent cells, straight in straight mode, spelling the
    /// target). Messages name the JSON path of the fault.
    public var problem: String? {
        guard (1...Rules.maxSide).contains(rows), (1...Rules.maxSide).contains(columns) else {
            return "grid: expected 1 to \(Rules.maxSide) rows of 1 to \(Rules.maxSide) digits, found \(rows)x\(columns)"
        }
        for (r, row) in grid.enumerated() {
            guard row.count == columns else { return "grid[\(r)]: has \(row.count) digits, expected \(columns) like grid[0]" }
            if let c = row.firstIndex(where: { !(0...9).contains($0) }) {
                return "grid[\(r)][\(c)]: expected a digit 0-9, found \(row[c])"
            }
        }
        guard (1...Rules.maxQuestions).contains(questions.count) else {
            return "questions: expected 1 to \(Rules.maxQuestions) questions, found \(questions.count)"
        }
        for (i, q) in questions.enumerated() {
            guard q.operands.count == 2 else { return "questions[\(i)].operands: expected two operands, found \(q.operands.count)" }
            if let k = q.operands.firstIndex(where: { $0 < 0 }) {
                return "questions[\(i)].operands[\(k)]: expected a non-negative integer, found \(q.operands[k])"
            }
            let (sum, overflow) = q.operands[0].addingReportingOverflow(q.operands[1])
            guard !overflow, sum == q.target else {
                return "questions[\(i)].target: \(q.target) is not \(q.operands[0]) + \(q.operands[1])"
            }
            guard q.target <= Rules.maxTarget else {
                return "questions[\(i)].target: \(q.target) has more than three digits (the largest target is \(Rules.maxTarget))"
            }
            if let path = q.solutionPositions {
                if let problem = Rules.pathProblem(path, in: self) {
                    return "questions[\(i)].solutionPositions: \(problem)"
                }
                guard Rules.isAnswer(path, to: q.target, in: self) else {
                    let read = path.compactMap { digit(at: $0) }.map(String.init).joined()
                    return "questions[\(i)].solutionPositions: the path reads \(read), not \(q.target)"
                }
            }
        }
        return nil
    }
}
