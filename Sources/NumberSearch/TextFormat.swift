import Foundation
import PuzzleKit

/// The number search text format, `.nsearch` (FORMATS.md section 6).
///
///     # Number search, level 1
///     id: level-1-7
///     profile: level-1
///     mode: straight
///     6 8 1 0
///     2 4 7 3
///     9 5 5 1
///     45 + 23 = ?
///     12 + 5 = 17 at 3,4 2,3
///
/// Optional headers (`id:`, `profile:`, `mode:`), then the grid (rows of
/// single digits), then one question per line. A question may give its
/// answer's cells after `at`, 1-based `row,column`, in reading order.
public enum TextFormat: PuzzleTextFormat {
    /// Reads one level.
    ///
    /// The id is the `id:` header or else the file name without its extension
    /// (`stdin` for `-`); the profile is `profile:` or ``Puzzle/customProfile``;
    /// the mode is `mode:` or ``PathMode/straight``.
    ///
    /// - Throws: `FormatError` at the first fault, naming the
    ///   line and column and what was expected there.
    public static func read(_ source: TextPuzzle) throws(FormatError) -> Puzzle {
        let lines = source.lines, file = source.file
        func fail(_ message: String, _ line: TextLine, _ column: Int? = nil) -> FormatError {
            FormatError(message, at: SourceLocation(file: file, line: line.number, column: column ?? line.tokens.first?.column))
        }
        var headers: [String: String] = [:]
        var grid: [[Int]] = []
        var gridStart: TextLine?
        var questions: [Question] = []
        var pending: [(TextLine, Question, pathStart: Int?)] = []
        for line in lines {
            if let (key, value, valueColumn) = header(line) {
                guard grid.isEmpty, pending.isEmpty else {
                    throw fail("header '\(key):' after the grid; headers come first", line)
                }
                guard ["id", "profile", "mode"].contains(key) else {
                    throw fail("unknown header '\(key):'; expected id:, profile: or mode:", line)
                }
                guard headers[key] == nil else { throw fail("repeated header '\(key):'", line) }
                guard !value.isEmpty else { throw fail("expected a value after '\(key):'", line, valueColumn) }
                if key == "mode" {
                    guard PathMode(rawValue: value) != nil else {
                        throw fail("expected 'straight' or 'any' after 'mode:', found '\(value)'", line, valueColumn)
                    }
                } else if !isName(value) {
                    throw fail("expected a \(key) of letters, digits, '_', '-' and '.', found '\(value)'", line, valueColumn)
                }
                headers[key] = value
                continue
            }
            let isQuestion = !pending.isEmpty || line.tokens.contains { $0.text == "+" || $0.text == "=" }
            if !isQuestion {
                var row: [Int] = []
                for token in line.tokens {
                    guard token.text.count == 1, let d = token.text.first?.wholeNumberValue, token.text.first?.isASCII == true else {
                        throw fail("expected a grid cell: one digit 0-9, found '\(token.text)'", line, token.column)
                    }
                    row.append(d)
                }
                if let first = grid.first, row.count != first.count {
                    throw fail("grid row has \(row.count) digits, expected \(first.count) like the first row (line \(gridStart?.number ?? 0))", line)
                }
                guard row.count <= Rules.maxSide else {
                    throw fail("grid row has \(row.count) digits; at most \(Rules.maxSide) columns", line)
                }
                guard grid.count < Rules.maxSide else { throw fail("more than \(Rules.maxSide) grid rows", line) }
                if gridStart == nil { gridStart = line }
                grid.append(row)
                continue
            }
            guard !grid.isEmpty else { throw fail("expected the grid (rows of digits) before the questions", line) }
            guard line.tokens.contains(where: { $0.text == "+" || $0.text == "=" }) else {
                throw fail("grid rows come before the questions; expected a question 'A + B = ?'", line)
            }
            guard pending.count < Rules.maxQuestions else { throw fail("more than \(Rules.maxQuestions) questions", line) }
            pending.append(try question(line, fail: fail))
        }
        guard let last = lines.last else {
            throw FormatError("expected a grid of digits and at least one question; found nothing", at: SourceLocation(file: file, line: 1))
        }
        guard !grid.isEmpty else { throw fail("expected a grid of digits after the headers", last) }
        guard !pending.isEmpty else {
            throw FormatError("expected at least one question ('45 + 23 = ?') after the grid",
                              at: SourceLocation(file: file, line: (lines.last?.number ?? 1)))
        }
        let id = headers["id"] ?? source.id
        var level = Puzzle(id: id, profile: headers["profile"] ?? Puzzle.customProfile,
                          pathMode: headers["mode"].flatMap(PathMode.init) ?? .straight, grid: grid, questions: [])
        for (line, q, pathStart) in pending {
            if let path = q.solutionPositions {
                for (i, p) in path.enumerated() where !level.contains(p) {
                    throw fail("cell \(p.row + 1),\(p.column + 1) is outside the \(level.rows)x\(level.columns) grid", line,
                               line.tokens[(pathStart ?? 0) + i].column)
                }
                if let problem = Rules.pathProblem(path, in: level) {
                    throw fail("answer path: \(problem)", line, pathStart.map { line.tokens[$0 - 1].column })
                }
                if !Rules.isAnswer(path, to: q.target, in: level) {
                    let read = path.compactMap { level.digit(at: $0) }.map(String.init).joined()
                    throw fail("answer path reads \(read), not \(q.target)", line, pathStart.map { line.tokens[$0 - 1].column })
                }
            }
            questions.append(q)
        }
        level.questions = questions
        return level
    }

    /// A header line `key: value`: the key (letters), the value and its column.
    private static func header(_ line: TextLine) -> (String, String, Int)? {
        let content = line.content
        let key = content.prefix { $0.isLetter && $0.isASCII }
        guard !key.isEmpty else { return nil }
        let rest = content.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == ":" else { return nil }
        let afterColon = rest.dropFirst()
        let value = afterColon.drop { $0 == " " || $0 == "\t" }
        let leading = (line.tokens.first?.column ?? 1) - 1
        let column = leading + content.distance(from: content.startIndex, to: value.startIndex) + 1
        return (String(key), String(value), column)
    }

    /// Whether `s` is an `id` or `profile` of the text form: letters,
    /// digits, `_`, `-` and `.` (the JSON form applies the same rule).
    static func isName(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "-" || $0 == "." }
    }

    /// One question line: `A + B = ?` or `A + B = T [at R,C …]`.
    private static func question(_ line: TextLine, fail: (String, TextLine, Int?) -> FormatError)
        throws(FormatError) -> (TextLine, Question, pathStart: Int?) {
        let t = line.tokens
        func integer(_ i: Int, _ what: String) throws(FormatError) -> Int {
            guard i < t.count else { throw fail("expected \(what) after '\(t[i - 1].text)'", line, nil) }
            switch parseNonNegativeInteger(t[i].text) {
            case .success(let v): return v
            case .failure(let e): throw fail(e.message(for: t[i].text, expected: what), line, t[i].column)
            }
        }
        func symbol(_ i: Int, _ s: String) throws(FormatError) {
            guard i < t.count else { throw fail("expected '\(s)' after '\(t[i - 1].text)' (questions read 'A + B = ?')", line, nil) }
            guard t[i].text == s else { throw fail("expected '\(s)', found '\(t[i].text)' (questions read 'A + B = ?')", line, t[i].column) }
        }
        let a = try integer(0, "the first operand")
        try symbol(1, "+")
        let b = try integer(2, "the second operand")
        try symbol(3, "=")
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow, sum <= Rules.maxTarget else {
            throw fail("\(a) + \(b) has more than three digits; answers are 0 to \(Rules.maxTarget)", line, t[0].column)
        }
        guard t.count > 4 else { throw fail("expected '?' or the answer \(sum) after '='", line, nil) }
        if t[4].text != "?" {
            let given = try integer(4, "'?' or the answer \(sum)")
            guard given == sum else { throw fail("\(a) + \(b) is \(sum), not \(given)", line, t[4].column) }
        }
        guard t.count > 5 else { return (line, Question(operands: [a, b], target: sum), nil) }
        guard t[5].text == "at" else {
            throw fail("expected 'at' and the answer's cells, or the end of the line, found '\(t[5].text)'", line, t[5].column)
        }
        let cells = t.dropFirst(6)
        let digits = Rules.digits(of: sum).count
        guard cells.count == digits else {
            throw fail("expected \(digits) cell\(digits == 1 ? "" : "s") 'row,column' after 'at' (one per digit of \(sum)), found \(cells.count)", line, t[5].column)
        }
        var path: [GridPosition] = []
        for token in cells {
            let parts = token.text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, case .success(let r) = parseNonNegativeInteger(parts[0]),
                  case .success(let c) = parseNonNegativeInteger(parts[1]), r >= 1, c >= 1 else {
                throw fail("expected a cell 'row,column' (1-based, e.g. 2,3), found '\(token.text)'", line, token.column)
            }
            path.append(GridPosition(row: r - 1, column: c - 1))
        }
        return (line, Question(operands: [a, b], target: sum, solutionPositions: path), 6)
    }

    /// Writes `level` without answer cells (the format's plain form), each of
    /// `comments` after `# ` first.
    public static func write(_ level: Puzzle, comments: [String]) -> String {
        write(level, solved: false, comments: comments)
    }

    /// Writes a level in the canonical form: comments, the three headers, the
    /// grid (digits separated by one space) and the questions as `A + B = ?`.
    ///
    /// - Parameters:
    ///   - level: the level to write.
    ///   - solved: write every question that carries its answer's
    ///     cells as `A + B = T at R,C …` instead.
    ///   - comments: lines written first, each after `# `.
    public static func write(_ level: Puzzle, solved: Bool = false, comments: [String] = []) -> String {
        var out = ""
        for comment in comments {
            out += "# " + comment.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
        }
        out += "id: \(name(level.id))\nprofile: \(name(level.profile))\nmode: \(level.pathMode.rawValue)\n"
        for row in level.grid {
            out += row.map(String.init).joined(separator: " ") + "\n"
        }
        for q in level.questions {
            let operands = q.operands.map(String.init).joined(separator: " + ")
            if solved, let path = q.solutionPositions {
                out += "\(operands) = \(q.target) at " + path.map { "\($0.row + 1),\($0.column + 1)" }.joined(separator: " ") + "\n"
            } else {
                out += "\(operands) = ?\n"
            }
        }
        return out
    }

    /// A header value the reader accepts: other characters become `_`.
    private static func name(_ s: String) -> String {
        let cleaned = String(s.map { c -> Character in
            (c.isASCII && (c.isLetter || c.isNumber)) || c == "_" || c == "-" || c == "." ? c : "_"
        })
        return cleaned.isEmpty ? "_" : cleaned
    }
}
