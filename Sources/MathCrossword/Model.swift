import Foundation
import PuzzleKit

/// What a grid cell holds.
public enum CellType: String, Codable, Sendable, CaseIterable {
    case block
    case emptyOperand
    case fixedOperand
    case operatorSymbol
    case equals
}

/// One cell of a level.
public struct GridCell: Identifiable, Codable, Sendable, Equatable {
    public let id: UUID
    public let position: GridPosition
    public let type: CellType
    /// The given number of a `fixedOperand` cell.
    public let fixedValue: PuzzleNumber?
    /// `+`, `-`, `x` or `/` for an `operatorSymbol` cell.
    public let operatorSymbol: String?
    /// The number a player placed in an `emptyOperand` cell.
    public var currentValue: PuzzleNumber?

    public init(id: UUID, position: GridPosition, type: CellType, fixedValue: PuzzleNumber? = nil,
                operatorSymbol: String? = nil, currentValue: PuzzleNumber? = nil) {
        self.id = id
        self.position = position
        self.type = type
        self.fixedValue = fixedValue
        self.operatorSymbol = operatorSymbol
        self.currentValue = currentValue
    }

    /// True for the cells that hold numbers: empty and fixed operands.
    public var isOperand: Bool { type == .emptyOperand || type == .fixedOperand }

    /// The number the cell shows: the given value or the player's.
    public var value: PuzzleNumber? { type == .fixedOperand ? fixedValue : currentValue }
}

/// The direction an equation reads in.
public enum EquationOrientation: String, Codable, Sendable, CaseIterable {
    case horizontal
    case vertical
}

/// One equation: the positions of all its cells, operands, operators and `=`,
/// in reading order.
public struct Equation: Identifiable, Codable, Sendable, Equatable {
    public let id: UUID
    public let orientation: EquationOrientation
    public let cellPositions: [GridPosition]

    public init(id: UUID, orientation: EquationOrientation, cellPositions: [GridPosition]) {
        self.id = id
        self.orientation = orientation
        self.cellPositions = cellPositions
    }
}

/// The value of one empty cell in a level's solution (the optional `solution`
/// key of the JSON form, docs/FORMATS.md section 2).
public struct SolutionEntry: Codable, Sendable, Equatable {
    public let row: Int
    public let column: Int
    public let value: PuzzleNumber

    public init(row: Int, column: Int, value: PuzzleNumber) {
        self.row = row
        self.column = column
        self.value = value
    }

    public var position: GridPosition { GridPosition(row: row, column: column) }
}

/// A playable math crossword.
///
/// `cells` holds every cell of the grid, blocks included, in row-major order.
public struct Puzzle: Identifiable, Codable, Sendable, Equatable {
    public let id: String
    public let difficulty: Profile
    public let rows: Int
    public let columns: Int
    public var cells: [GridCell]
    public let equations: [Equation]
    /// One tile per empty cell (a multiset), in ascending order.
    public let numberPool: [PuzzleNumber]
    /// The value of every empty cell, when known (generated levels carry it).
    public var solution: [SolutionEntry]?

    public init(id: String, difficulty: Profile, rows: Int, columns: Int, cells: [GridCell],
                equations: [Equation], numberPool: [PuzzleNumber], solution: [SolutionEntry]? = nil) {
        self.id = id
        self.difficulty = difficulty
        self.rows = rows
        self.columns = columns
        self.cells = cells
        self.equations = equations
        self.numberPool = numberPool
        self.solution = solution
    }

    /// The cell at `position`; `cells` is row-major and complete.
    public subscript(position: GridPosition) -> GridCell {
        get { cells[position.row * columns + position.column] }
        set { cells[position.row * columns + position.column] = newValue }
    }

    /// Whether `position` lies inside the grid.
    public func contains(_ position: GridPosition) -> Bool {
        (0..<rows).contains(position.row) && (0..<columns).contains(position.column)
    }

    /// The positions of the empty cells, in row-major order.
    public var blankPositions: [GridPosition] {
        // Reads two fields per cell rather than copying whole cells (a UUID
        // and strings each): the solver asks for this for every level.
        var positions: [GridPosition] = []
        for index in cells.indices where cells[index].type == .emptyOperand {
            positions.append(cells[index].position)
        }
        return positions
    }
}
