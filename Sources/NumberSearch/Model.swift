import PuzzleKit

/// How an answer's cells may run through the grid.
public enum PathMode: String, Codable, Sendable, CaseIterable {
    /// The standard rule: a straight line in one of the eight directions
    /// (horizontal, vertical, diagonal, forwards or backwards).
    case straight
    /// Any king-move path: each step goes to one of the eight neighbours and
    /// may turn; no cell is used twice.
    case any
}

/// One of the eight directions a straight answer can read in.
public enum Direction: String, Codable, Sendable, CaseIterable, Comparable {
    case right
    case down
    case left
    case up
    case downRight = "down-right"
    case downLeft = "down-left"
    case upRight = "up-right"
    case upLeft = "up-left"

    /// The row step.
    public var dr: Int {
        switch self {
        case .right, .left: return 0
        case .down, .downRight, .downLeft: return 1
        case .up, .upRight, .upLeft: return -1
        }
    }

    /// The column step.
    public var dc: Int {
        switch self {
        case .down, .up: return 0
        case .right, .downRight, .upRight: return 1
        case .left, .downLeft, .upLeft: return -1
        }
    }

    /// The direction of one step, or `nil` when the step is not to a neighbour.
    public init?(dr: Int, dc: Int) {
        guard let match = Direction.allCases.first(where: { $0.dr == dr && $0.dc == dc }) else { return nil }
        self = match
    }

    /// Left to right or top to bottom, the way a child reads.
    public var isForward: Bool { self == .right || self == .down }
    /// Right to left or bottom to top.
    public var isBackward: Bool { self == .left || self == .up }
    /// One of the four diagonals.
    public var isDiagonal: Bool { dr != 0 && dc != 0 }

    public static func < (a: Direction, b: Direction) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// One addition question: `45 + 23 = ?`, whose
/// answer `68` is found as a path of adjacent cells in the grid.
///
/// Encoded with the default `Codable` keys `operands`, `target` and
/// `solutionPositions` (absent when the answer's cells are not given).
public struct Question: Codable, Sendable, Equatable {
    /// The two numbers added.
    public var operands: [Int]
    /// Their sum, the number to find.
    public var target: Int
    /// The answer's cells in reading order, or `nil` when not given.
    public var solutionPositions: [GridPosition]?

    public init(operands: [Int], target: Int, solutionPositions: [GridPosition]? = nil) {
        self.operands = operands
        self.target = target
        self.solutionPositions = solutionPositions
    }

    /// The question as shown: `45 + 23 = ?`.
    public var text: String {
        operands.map(String.init).joined(separator: " + ") + " = ?"
    }

    /// True when the units digits of the operands add up to 10 or more.
    public var hasCarry: Bool {
        operands.count == 2 && operands.allSatisfy({ $0 >= 0 }) && operands[0] % 10 + operands[1] % 10 >= 10
    }
}

/// One level: a rectangular grid of
/// digits and the questions whose answers are hidden in it.
///
/// Encoded with the default `Codable` keys `id`, `profile`, `pathMode`,
/// `grid` (rows of digits 0–9) and `questions`. The memberwise initializer
/// checks nothing; readers validate (see ``Puzzle/problem``), and the solver,
/// grader and game never trap on a malformed level.
///
///     let level = Puzzle(id: "demo", profile: "custom", pathMode: .straight,
///                       grid: [[6, 8], [1, 2]],
///                       questions: [Question(operands: [45, 23], target: 68)])
///     print(level.rows, level.columns)
///     // Prints "2 2"
public struct Puzzle: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    /// The profile that generated it (`level-1` … `level-5`), or `custom`.
    public var profile: String
    public var pathMode: PathMode
    /// `grid[r][c]` is the digit at row `r`, column `c`.
    public var grid: [[Int]]
    public var questions: [Question]

    public init(id: String, profile: String, pathMode: PathMode, grid: [[Int]], questions: [Question]) {
        self.id = id
        self.profile = profile
        self.pathMode = pathMode
        self.grid = grid
        self.questions = questions
    }

    /// The profile name of a level read from a file that names none.
    public static let customProfile = "custom"

    /// The number of rows.
    public var rows: Int { grid.count }
    /// The number of columns (of the first row).
    public var columns: Int { grid.first?.count ?? 0 }

    /// Whether `position` lies inside the grid.
    public func contains(_ position: GridPosition) -> Bool {
        position.row >= 0 && position.row < rows && position.column >= 0 && position.column < grid[position.row].count
    }

    /// The digit at `position`, or `nil` outside the grid.
    public func digit(at position: GridPosition) -> Int? {
        contains(position) ? grid[position.row][position.column] : nil
    }

    /// True when every question carries its answer's cells.
    public var hasSolution: Bool { questions.allSatisfy { $0.solutionPositions != nil } }
}
