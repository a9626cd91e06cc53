import PuzzleKit

/// A puzzle as a player sees it, laid out on a grid of cells: the one
/// picture every family draws. ``SVG`` turns it into a drawing; an app can
/// lay out the same cells with its own views.
///
///     let board = Board(cells: [
///         Cell(row: 0, column: 0, "7", .given), Cell(row: 0, column: 1, "+", .sign),
///         Cell(row: 0, column: 2, "", .empty), Cell(row: 0, column: 3, "=", .sign),
///         Cell(row: 0, column: 4, "12", .given),
///     ])
public struct Board: Sendable, Equatable {
    /// The cells that are drawn; a position without a cell stays white.
    public var cells: [Cell]
    /// Lines through the centres of cells, in order (a number search answer).
    public var paths: [[GridPosition]]
    /// How many rows, from ``numberedFrom``, are numbered 1, 2, … at the
    /// left, as explanations, hints and `play` count them (0: none). Of
    /// these only the rows drawn, those holding a numbered cell (one in
    /// the numbered rows and columns), carry their number.
    public var numberedRows: Int
    /// How many columns, from ``numberedFrom``, are numbered along the top,
    /// likewise.
    public var numberedColumns: Int
    /// The cell of row 1 and column 1 (cross sums: the first number, below
    /// and right of the sums).
    public var numberedFrom: GridPosition

    public init(cells: [Cell], paths: [[GridPosition]] = [], numberedRows: Int = 0, numberedColumns: Int = 0,
                numberedFrom: GridPosition = GridPosition(row: 0, column: 0)) {
        self.cells = cells
        self.paths = paths
        self.numberedRows = numberedRows
        self.numberedColumns = numberedColumns
        self.numberedFrom = numberedFrom
    }
}

/// One cell of a ``Board``: a box (or a sign, a label) with its text.
public struct Cell: Sendable, Equatable {
    /// How a cell looks; every style reads in black and white.
    public enum Style: String, Sendable, CaseIterable {
        /// A number the puzzle gives: a box, bold text.
        case given
        /// A box to fill in.
        case empty
        /// A box filled in with the solution: italic text.
        case answer
        /// An operator or equals sign: no box.
        case sign
        /// A target or caption beside the play area: no box, bold text.
        case label
        /// A tile of the pool: a rounded box.
        case tile
        /// A number taken out: a box, grey text struck through.
        case removed
        /// A number kept: a box, bold text circled.
        case kept
    }

    /// The cell's place; a wide cell starts here.
    public var position: GridPosition
    /// How many columns the cell spans, from ``position``.
    public var width: Int
    /// Cells of one width and one group share a text size, the largest at
    /// which each one's text fits; a family puts texts of different kinds
    /// in groups of their own (Morse: symbols 0, codes 1), so a long code
    /// written in does not shrink the symbols.
    public var group: Int
    public var text: String
    public var style: Style

    public init(row: Int, column: Int, width: Int = 1, group: Int = 0, _ text: String, _ style: Style) {
        self.position = GridPosition(row: row, column: column)
        self.width = width
        self.group = group
        self.text = text
        self.style = style
    }
}

/// What one explanation step works on: the cells it reads and the cells it
/// decides, as positions of ``Board/cells``, what it writes on the board
/// and its sentence.
public struct StepMarks: Sendable, Equatable {
    /// The technique's code (`TechniqueTier.code`).
    public var technique: String
    /// The cells the step reads.
    public var uses: [GridPosition]
    /// The cells the step decides.
    public var fixes: [GridPosition]
    /// The decided cells as they look after the step (a value written in,
    /// a number kept or struck through).
    public var writes: [Cell]
    /// The line the step draws through the centres of cells (a number
    /// search answer's path), or empty.
    public var path: [GridPosition]
    /// The step's sentence.
    public var sentence: String

    public init(technique: String, uses: [GridPosition], fixes: [GridPosition], writes: [Cell] = [], path: [GridPosition] = [],
                sentence: String = "") {
        self.technique = technique
        self.uses = uses
        self.fixes = fixes
        self.writes = writes
        self.path = path
        self.sentence = sentence
    }
}

extension Board {
    /// The numbered rows and columns that are drawn, in order: those
    /// holding a cell within the numbered rows and columns. A row or
    /// column without one carries no number.
    var drawnNumbers: (rows: [Int], columns: [Int]) {
        let rows = numberedFrom.row..<(numberedFrom.row + max(numberedRows, 0))
        let columns = numberedFrom.column..<(numberedFrom.column + max(numberedColumns, 0))
        let numbered = cells.map(\.position).filter { rows.contains($0.row) && columns.contains($0.column) }
        return (Set(numbered.map(\.row)).sorted(), Set(numbered.map(\.column)).sorted())
    }

    /// The board after `steps`: each step's writes replace the cells at
    /// their positions, and its path is drawn.
    public func applying<S: Sequence<StepMarks>>(_ steps: S) -> Board {
        var board = self
        var index = Dictionary(board.cells.indices.map { (board.cells[$0].position, $0) }, uniquingKeysWith: { first, _ in first })
        for step in steps {
            for cell in step.writes {
                if let at = index[cell.position] {
                    board.cells[at] = cell
                } else {
                    index[cell.position] = board.cells.count
                    board.cells.append(cell)
                }
            }
            if !step.path.isEmpty { board.paths.append(step.path) }
        }
        return board
    }
}
