import Foundation
import PuzzleKit

/// The math crossword text grid, `.mcw` (docs/FORMATS.md section 1).
///
///     # A class 1 puzzle
///     profile: class_1
///     pool: 5 10
///      7  +  ?  =  12
///      .  .  x  .   .
///      .  .  2  .   .
///      .  .  =  .   .
///      .  .  ?  .   .
public enum TextFormat: PuzzleTextFormat {
    /// Reads a level from `.mcw` text.
    ///
    /// The level's id is the file name without its extension; its difficulty
    /// is the named class profile, or a custom profile describing the grid
    /// when `profile:` names another profile or is absent.
    ///
    /// - Throws: `FormatError` at the first fault, naming the
    ///   line and column and what was expected.
    public static func read(_ source: TextPuzzle) throws(FormatError) -> Puzzle {
        let lines = source.lines, file = source.file
        var pool: [PuzzleNumber]?
        var poolLine = 0
        var profileName: String?
        var seenKeys: [String: Int] = [:]
        var gridLines: [TextLine] = []
        var grid: [GridToken] = []
        for line in lines {
            let at = { (column: Int?) in SourceLocation(file: file, line: line.number, column: column) }
            if let header = HeaderLine(line) {
                let (key, values) = (header.key, header.values)
                guard gridLines.isEmpty else {
                    throw FormatError("header '\(key):' after the first grid row (line \(gridLines[0].number)); headers come first", at: at(1))
                }
                guard key == "pool" || key == "profile" else {
                    throw FormatError("unknown header '\(key):', expected 'pool:' or 'profile:' (keys are lower case)", at: at(1))
                }
                if let earlier = seenKeys[key] {
                    throw FormatError("repeated header '\(key):' (first on line \(earlier))", at: at(1))
                }
                seenKeys[key] = line.number
                if key == "pool" {
                    pool = []
                    poolLine = line.number
                    for token in values {
                        switch parsePuzzleNumber(token.text) {
                        case .success(let value): pool?.append(value)
                        case .failure(let error): throw FormatError("pool: " + error.message(for: token.text), at: at(token.column))
                        }
                    }
                } else {
                    guard let name = values.first else {
                        throw FormatError("'profile:' needs a name (class_1 … class_4 or letters, digits, '_' and '-')", at: at(line.content.count + 1))
                    }
                    guard values.count == 1, name.text.allSatisfy(Profile.isNameCharacter) else {
                        let bad = values.count == 1 ? name : values[1]
                        throw FormatError("expected one profile name of letters, digits, '_' and '-', found '\(bad.text)'", at: at(bad.column))
                    }
                    profileName = String(name.text)
                }
                continue
            }
            if let first = gridLines.first, line.tokens.count != first.tokens.count {
                throw FormatError("grid row has \(line.tokens.count) cells, expected \(first.tokens.count) like the first row (line \(first.number))", at: at(1))
            }
            for token in line.tokens {
                grid.append(try gridToken(token, at: at(token.column)))
            }
            gridLines.append(line)
        }
        guard let firstRow = gridLines.first else {
            throw FormatError("expected grid rows after the headers, found none", at: SourceLocation(file: file, line: max(1, lines.last?.number ?? 1)))
        }
        guard let pool else {
            throw FormatError("missing 'pool:' header before the grid (it may list nothing)", at: SourceLocation(file: file, line: firstRow.number))
        }
        let tokenGrid = TokenGrid(rows: gridLines.count, columns: firstRow.tokens.count, tokens: grid)
        let runs: [EquationRun]
        do {
            runs = try tokenGrid.equations()
        } catch {
            let line = gridLines[error.position.row]
            throw FormatError(error.message, at: SourceLocation(file: file, line: line.number, column: line.tokens[error.position.column].column))
        }
        let blanks = grid.lazy.filter { $0 == .empty }.count
        guard pool.count == blanks else {
            throw FormatError("the pool lists \(pool.count) tiles but the grid has \(blanks) '?' cells; expected one tile per '?'", at: SourceLocation(file: file, line: poolLine))
        }
        let difficulty = profileName.flatMap(Profile.named)
            ?? Profile(describing: tokenGrid, runs: runs, pool: pool, name: profileName ?? "custom")
        let id = source.id
        return Puzzle(id: id, difficulty: difficulty, grid: tokenGrid, equations: runs, numberPool: pool,
                     solution: nil, idNamespace: 0)
    }

    /// Writes `level` with its empty cells as `?` (the format's plain form),
    /// each of `comments` after `# ` first.
    public static func write(_ level: Puzzle, comments: [String]) -> String {
        write(level, comments: comments, solved: false)
    }

    /// Writes a level in the canonical `.mcw` form: comments, `profile:`,
    /// `pool:` in ascending order, then the grid with every token
    /// right-aligned to the widest one.
    ///
    /// - Parameters:
    ///   - level: the level to write.
    ///   - comments: lines written first, each after `# `.
    ///   - solved: write the solution's values in place of `?` and an empty
    ///     pool (the level must carry a solution).
    public static func write(_ level: Puzzle, comments: [String] = [], solved: Bool = false) -> String {
        var grid = level.tokenGrid
        if solved, let solution = level.solution {
            for entry in solution where level.contains(entry.position) {
                grid.tokens[entry.row * level.columns + entry.column] = .number(entry.value)
            }
        }
        let texts = grid.tokens.map(\.text)
        let width = texts.map(\.count).max() ?? 1
        var out = ""
        for comment in comments { out += "# \(comment)\n" }
        out += "profile: \(level.difficulty.id)\n"
        out += solved ? "pool:\n" : "pool:" + level.numberPool.map { " \($0)" }.joined() + "\n"
        for row in 0..<level.rows {
            let cells = texts[(row * level.columns)..<((row + 1) * level.columns)]
            out += cells.map { String(repeating: " ", count: width - $0.count) + $0 }.joined(separator: " ") + "\n"
        }
        return out
    }

    private static func gridToken(_ token: Token, at location: SourceLocation) throws(FormatError) -> GridToken {
        switch token.text {
        case ".": return .block
        case "?": return .empty
        case "=": return .equals
        default:
            if let op = ArithmeticOperator(symbol: token.text) { return .op(op) }
            guard token.text.first?.isNumber == true || token.text.first == "-" || token.text.first == "+" else {
                throw FormatError("expected '.', '?', a number, an operator (+ - x /) or '=', found '\(token.text)'", at: location)
            }
            switch parsePuzzleNumber(token.text) {
            case .success(let value): return .number(value)
            case .failure(let error): throw FormatError(error.message(for: token.text), at: location)
            }
        }
    }
}

extension Profile {
    /// A custom profile that describes a grid read from a file: its size,
    /// equation count, operators and value range. Solving never enforces a
    /// profile; this only fills the level's metadata.
    public init(describing grid: TokenGrid, runs: [EquationRun], pool: [PuzzleNumber], name: String) {
        var maxValue = pool.max() ?? 0
        var used = Set<ArithmeticOperator>()
        for token in grid.tokens {
            switch token {
            case .number(let n): maxValue = max(maxValue, n)
            case .op(let op): used.insert(op)
            default: break
            }
        }
        let operands = runs.map { ($0.positions.count + 1) / 2 - 1 }.max() ?? 2
        self.init(id: name, displayName: name, minValue: 0, maxValue: maxValue,
                  allowedOperators: ArithmeticOperator.allCases.filter(used.contains).map(\.symbol),
                  gridRows: grid.rows, gridColumns: grid.columns, minEquations: runs.count, maxEquations: runs.count,
                  maxOperandsPerEquation: max(2, operands), minCrossingsPerEquation: 0)
    }
}
