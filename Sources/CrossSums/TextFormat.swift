import Foundation
import PuzzleKit

/// The cross sums text grid, `.xsum` (docs/FORMATS.md section 3).
///
///     # bordered grid: top-left '.', first row column sums, first column row sums
///      .  10  5  9
///      7   3  5  4
///      9   7  2  9
///      8   9  3  5
///
/// There are no headers; comments, blank lines, a byte-order mark and CRLF
/// follow the shared lexical rules (section 0). A solution is written as the
/// same grid with every removed number replaced by `.`.
public enum TextFormat: PuzzleTextFormat {
    /// The difficulty given to a puzzle read from a text grid, which carries none.
    public static let customDifficulty = "custom"

    /// Reads a puzzle from `.xsum` text.
    ///
    /// The puzzle's id is the file name without its extension (`stdin` for
    /// `-`), its difficulty ``customDifficulty``, and it has no solution.
    ///
    ///     let puzzle = try TextFormat.read(". 3 2\n3 3 5\n2 7 2\n", file: "tiny.xsum")
    ///     print(puzzle.grid, puzzle.rowSums, puzzle.columnSums)
    ///     // Prints "[[3, 5], [7, 2]] [3, 2] [3, 2]"
    ///
    /// - Throws: `FormatError` at the first fault, naming the
    ///   line and column and what was expected there.
    /// - Complexity: O(*n*) in the length of the text.
    public static func read(_ source: TextPuzzle) throws(FormatError) -> Puzzle {
        let lines = source.lines, file = source.file
        guard let header = lines.first else {
            throw FormatError("expected a grid: a first row '. <column sums>', then rows '<row sum> <numbers>'; found no rows",
                              at: SourceLocation(file: file, line: 1))
        }
        let at = { (line: TextLine, token: Token) in SourceLocation(file: file, line: line.number, column: token.column) }
        guard header.tokens[0].text == "." else {
            throw FormatError("the first row must start with '.' (the top-left corner), found '\(header.tokens[0].text)'",
                              at: at(header, header.tokens[0]))
        }
        guard header.tokens.count >= 2 else {
            throw FormatError("expected column sums after '.' in the first row (at least one column)",
                              at: SourceLocation(file: file, line: header.number, column: header.tokens[0].column + 1))
        }
        var columnSums: [Int] = []
        for token in header.tokens.dropFirst() {
            columnSums.append(try integer(token, at: at(header, token), expected: "a column sum (a non-negative integer)"))
        }
        var rowSums: [Int] = []
        var grid: [[Int]] = []
        for line in lines.dropFirst() {
            guard line.tokens.count == header.tokens.count else {
                throw FormatError("row has \(line.tokens.count) tokens, expected \(header.tokens.count) like the first row (line \(header.number)): a row sum and \(columnSums.count) numbers",
                                  at: SourceLocation(file: file, line: line.number, column: 1))
            }
            rowSums.append(try integer(line.tokens[0], at: at(line, line.tokens[0]), expected: "a row sum (a non-negative integer)"))
            var row: [Int] = []
            for token in line.tokens.dropFirst() {
                let n = try integer(token, at: at(line, token), expected: "a positive number")
                guard n > 0 else {
                    throw FormatError("expected a positive number, found '0'", at: at(line, token))
                }
                row.append(n)
            }
            if Puzzle.total(row) == nil {
                throw FormatError("the numbers of this row add up to more than \(Int.max); this build cannot represent it",
                                  at: SourceLocation(file: file, line: line.number, column: 1))
            }
            grid.append(row)
        }
        guard !grid.isEmpty else {
            throw FormatError("expected at least one row of numbers ('<row sum> <numbers>') after the column sums",
                              at: SourceLocation(file: file, line: header.number))
        }
        for c in columnSums.indices where Puzzle.total(grid.map { $0[c] }) == nil {
            throw FormatError("the numbers of column \(c + 1) add up to more than \(Int.max); this build cannot represent it",
                              at: at(header, header.tokens[c + 1]))
        }
        let id = source.id
        return Puzzle(id: id, difficulty: customDifficulty, grid: grid, solution: nil, rowSums: rowSums, columnSums: columnSums)
    }

    private static func integer(_ token: Token, at location: SourceLocation, expected: String) throws(FormatError) -> Int {
        if token.text == "." {
            throw FormatError("'.' is allowed only top-left in a puzzle (a solved grid, with '.' for removed numbers, cannot be read as a puzzle); expected \(expected)", at: location)
        }
        switch parseNonNegativeInteger(token.text) {
        case .success(let value): return value
        case .failure(let error): throw FormatError(error.message(for: token.text, expected: expected), at: location)
        }
    }

    /// Writes `puzzle` with every number (the format's plain form), each of
    /// `comments` after `# ` first.
    public static func write(_ puzzle: Puzzle, comments: [String]) -> String {
        write(puzzle, mask: nil, comments: comments)
    }

    /// Writes a puzzle in the canonical `.xsum` form: comments, then the
    /// bordered grid with every token right-aligned to the widest one and
    /// tokens separated by one space.
    ///
    ///     print(TextFormat.write(puzzle), terminator: "")
    ///     // Prints ". 3 2\n3 3 5\n2 7 2\n" for the 2x2 puzzle of read(_:file:)
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle to write.
    ///   - mask: when given (of the grid's shape), writes this solution: the
    ///     numbers it removes become `.`.
    ///   - comments: lines written first, each after `# `.
    public static func write(_ puzzle: Puzzle, mask: [[Bool]]? = nil, comments: [String] = []) -> String {
        var tokens: [[String]] = [["."] + puzzle.columnSums.map(String.init)]
        for (r, row) in puzzle.grid.enumerated() {
            let sum = r < puzzle.rowSums.count ? String(puzzle.rowSums[r]) : "0"
            tokens.append([sum] + row.enumerated().map { c, n in
                let removed = mask.map { r < $0.count && c < $0[r].count && !$0[r][c] } ?? false
                return removed ? "." : String(n)
            })
        }
        let width = tokens.lazy.flatMap { $0 }.map(\.count).max() ?? 1
        var out = ""
        for comment in comments {
            out += "# " + comment.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
        }
        for row in tokens {
            out += row.map { String(repeating: " ", count: width - $0.count) + $0 }.joined(separator: " ") + "\n"
        }
        return out
    }

    /// Writes the puzzle's own solution (the puzzle must carry one; without
    /// one this is ``write(_:mask:comments:)`` of the puzzle).
    public static func writeSolution(_ puzzle: Puzzle, comments: [String] = []) -> String {
        write(puzzle, mask: puzzle.solution, comments: comments)
    }
}
