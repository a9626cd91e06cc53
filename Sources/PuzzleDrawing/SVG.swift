import PuzzleKit

/// The sheet a drawing is sized for.
public enum Paper: String, Sendable, CaseIterable {
    /// ISO A4, 210 × 297 mm, the board at the top within 15 mm margins.
    case a4
    /// US Letter, 215.9 × 279.4 mm, likewise.
    case letter
    /// Just the board, 10 mm cells, for pages and pictures.
    case fit

    /// The sheet's width and height in millimetres; `nil` for ``fit``.
    public var size: (width: Double, height: Double)? {
        switch self {
        case .a4: return (210, 297)
        case .letter: return (215.9, 279.4)
        case .fit: return nil
        }
    }
}

/// Draws a ``Board`` as an SVG document in millimetres: boxes as `<rect>`,
/// every number and sign as an XML-escaped `<text>`, in black, white and
/// greys so it prints in black and white.
public enum SVG {
    /// The largest cell on a sheet, in millimetres.
    static let largestCell = 16.0
    /// The cell of ``Paper/fit``.
    static let fitCell = 10.0

    /// The board as an SVG document, ending in a newline.
    ///
    /// - Parameters:
    ///   - board: the board to draw.
    ///   - paper: the sheet size, or ``Paper/fit`` for just the board.
    ///   - title: a line above the board, or `nil` for none.
    ///   - highlights: one layer per step drawn over the board: the cells
    ///     it reads (light grey, dashed) and decides (darker, thick outline).
    ///   - hidden: hide the layers (`visibility="hidden"`, numbered by
    ///     `data-step` from 1) for a page's script to show one at a time;
    ///     each step's writes are drawn too, in a hidden layer of their own
    ///     (class `write`), for the script to show those of the steps
    ///     before the one it shows.
    ///   - caption: text under the board (a step's sentence), wrapped to its width.
    public static func document(_ board: Board, paper: Paper, title: String?, highlights: [StepMarks] = [],
                                hidden: Bool = false, caption: String? = nil) -> String {
        let layout = Layout(board, paper: paper, title: title, caption: caption)
        var canvas = Canvas(width: layout.width, height: layout.height)
        if let title { canvas.title(title) }
        canvas.element("rect", [("width", "100%"), ("height", "100%"), ("fill", "white")])
        if let title {
            canvas.text(title, x: layout.left, y: layout.top - 4, size: Layout.titleSize, anchor: "start", weight: "bold")
        }
        let sizes = canvas.board(board, layout, written: hidden ? highlights.flatMap(\.writes) : [])
        if hidden {
            for (index, step) in highlights.enumerated() where !step.writes.isEmpty || !step.path.isEmpty {
                canvas.open("g", [("class", "write"), ("data-step", String(index + 1)), ("visibility", "hidden")])
                for cell in step.writes {
                    let rect = layout.rect(cell.position, width: cell.width)
                    canvas.box(cell, rect, covering: true)
                    canvas.content(cell, rect, size: sizes[SizeKey(cell)] ?? 0)
                }
                if !step.path.isEmpty { canvas.polyline(step.path.map(layout.centre), width: layout.cell * 0.42) }
                canvas.close("g")
            }
        }
        let widths = Dictionary(board.cells.map { ($0.position, $0.width) }, uniquingKeysWith: max)
        for (index, step) in highlights.enumerated() {
            canvas.open("g", hidden ? [("class", "step"), ("data-step", String(index + 1)), ("visibility", "hidden")] : [])
            for position in step.uses { canvas.mark(layout.rect(position, width: widths[position] ?? 1), strong: false) }
            for position in step.fixes { canvas.mark(layout.rect(position, width: widths[position] ?? 1), strong: true) }
            canvas.close("g")
        }
        for (index, line) in layout.captionLines.enumerated() {
            canvas.text(line, x: layout.left, y: layout.captionTop + Double(index + 1) * Layout.captionSize * Layout.captionLeading,
                        size: Layout.captionSize, anchor: "start")
        }
        return canvas.document()
    }

    /// The cells sharing one text size: one width, one group.
    struct SizeKey: Hashable {
        let width: Int
        let group: Int

        init(_ cell: Cell) { (width, group) = (cell.width, cell.group) }
    }

    /// The smallest text a sheet carries, in millimetres: a board whose
    /// one-character cells would get smaller text is refused on a sheet.
    static let smallestText = 2.5

    /// Refuses, as one line, a board too big to read on `paper`: one whose
    /// one-character cells would get text under 2.5 mm (a 40 × 40 grid on
    /// A4). ``Paper/fit`` never refuses: its cells are 10 mm.
    ///
    /// - Parameters:
    ///   - board: the board to draw.
    ///   - paper: the sheet.
    ///   - title: the line above the board, or `nil`.
    ///   - caption: the text under the board, or `nil`.
    /// - Throws: ``DrawingError`` naming the text's size and `--paper fit`.
    public static func checkReadable(_ board: Board, paper: Paper, title: String?, caption: String? = nil) throws {
        guard let size = paper.size else { return }
        let text = Layout(board, paper: paper, title: title, caption: caption).cell * Canvas.textShare
        guard text < smallestText else { return }
        let sheet = paper == .a4 ? "A4" : "Letter"
        throw DrawingError("the board is too big for one \(sheet) page (\(number(size.width)) × \(number(size.height)) mm): "
                           + "its text would be \(number(text)) mm high, under \(number(smallestText)) mm; draw it with --paper fit")
    }

    /// Where the board lies on the sheet: the rows and columns from the
    /// first to the last that hold a cell, a band for the row and column
    /// numbers when the board has them, and a title line.
    struct Layout {
        static let titleHeight = 9.0
        static let titleSize = 4.2
        static let captionSize = 3.5
        static let captionLeading = 1.35
        /// Characters of a caption line per millimetre of its width (about 0.55 em a character).
        static let captionCharacters = 1 / (captionSize * 0.55)
        /// The band for row and column numbers, in cells.
        static let ruler = 0.6

        let rows: ClosedRange<Int>
        let columns: ClosedRange<Int>
        /// The sheet, in millimetres.
        let width: Double
        let height: Double
        /// A cell's side, in millimetres.
        let cell: Double
        /// The top left corner of the drawing below the title.
        let left: Double
        let top: Double
        /// The caption's lines, and the top of the space they fill under the board.
        let captionLines: [String]
        let captionTop: Double
        /// The top left corner of the first row and column.
        private let origin: (x: Double, y: Double)

        /// The rows and columns from the first to the last that hold a cell
        /// (a wide cell to its last column), and the band for numbers, in
        /// cells (0 when the board has none).
        private static func extent(of board: Board) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>, ruler: Double) {
            let rows = board.cells.map(\.position.row), starts = board.cells.map(\.position.column)
            let ends = board.cells.map { $0.position.column + max($0.width, 1) - 1 }
            return ((rows.min() ?? 0)...(rows.max() ?? 0), (starts.min() ?? 0)...(ends.max() ?? 0),
                    board.numberedRows > 0 || board.numberedColumns > 0 ? ruler : 0)
        }

        /// The board centred in `box`, its cells as large as fit there, at
        /// most `largest` millimetres (a worksheet's cell of the page).
        init(_ board: Board, in box: Rect, largest: Double = SVG.largestCell) {
            let (rows, columns, ruler) = Self.extent(of: board)
            (self.rows, self.columns) = (rows, columns)
            let across = Double(columns.count) + ruler, down = Double(rows.count) + ruler
            cell = min(largest, box.width / across, box.height / down)
            (width, height) = (box.width, box.height)
            (left, top) = (box.x + (box.width - cell * across) / 2, box.y + (box.height - cell * down) / 2)
            (captionLines, captionTop) = ([], top + cell * down)
            origin = (left + ruler * cell, top + ruler * cell)
        }

        init(_ board: Board, paper: Paper, title: String?, caption: String? = nil) {
            let (rows, columns, ruler) = Self.extent(of: board)
            (self.rows, self.columns) = (rows, columns)
            let across = Double(columns.count) + ruler, down = Double(rows.count) + ruler
            let titleHeight = title == nil ? 0 : Self.titleHeight
            if let size = paper.size {
                let margin = 15.0
                let lines = caption.map { Self.wrap($0, width: size.width - 2 * margin) } ?? []
                let captionHeight = lines.isEmpty ? 0 : 3 + Double(lines.count) * Self.captionSize * Self.captionLeading
                (width, height) = size
                cell = min(SVG.largestCell, (width - 2 * margin) / across, (height - 2 * margin - titleHeight - captionHeight) / down)
                (left, top) = ((width - cell * across) / 2, margin + titleHeight)
                captionLines = lines
                captionTop = top + cell * down + 3
            } else {
                let margin = 5.0
                // Wide enough for the title too (bold characters of about 0.65 em).
                let titleWidth = Double(title?.count ?? 0) * Self.titleSize * 0.65
                cell = SVG.fitCell
                let boardWidth = max(cell * across, titleWidth)
                // A caption wraps at the board's width, or 100 mm when the board is narrower.
                let lines = caption.map { Self.wrap($0, width: max(boardWidth, 100)) } ?? []
                let captionWidth = Double(lines.map(\.count).max() ?? 0) / Self.captionCharacters
                let captionHeight = lines.isEmpty ? 0 : 3 + Double(lines.count) * Self.captionSize * Self.captionLeading
                (left, top) = (margin, margin + titleHeight)
                (width, height) = (2 * margin + max(boardWidth, captionWidth), 2 * margin + titleHeight + cell * down + captionHeight)
                captionLines = lines
                captionTop = top + cell * down + 3
            }
            origin = (left + ruler * cell, top + ruler * cell)
        }

        /// `text` in lines of at most `width` millimetres, broken at spaces
        /// (a word longer than a line stays whole).
        static func wrap(_ text: String, width: Double) -> [String] {
            let limit = max(10, Int(width * captionCharacters))
            var lines: [String] = [], line = ""
            for word in text.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > limit {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            if !line.isEmpty { lines.append(line) }
            return lines
        }

        /// The rectangle of the cell at `position`, `width` cells wide.
        func rect(_ position: GridPosition, width: Int) -> Rect {
            Rect(x: origin.x + Double(position.column - columns.lowerBound) * cell,
                 y: origin.y + Double(position.row - rows.lowerBound) * cell, width: Double(max(width, 1)) * cell, height: cell)
        }

        /// The centre of the cell at `position`.
        func centre(_ position: GridPosition) -> (x: Double, y: Double) {
            let r = rect(position, width: 1)
            return (r.x + cell / 2, r.y + cell / 2)
        }
    }

    struct Rect {
        var x, y, width, height: Double

        func inset(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
    }
}

/// An SVG document being written, element by element.
struct Canvas {
    private var body = ""
    private let width: Double
    private let height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The document: the `<svg>` root sized in millimetres around the body.
    func document() -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))mm\" height=\"\(number(height))mm\""
            + " viewBox=\"0 0 \(number(width)) \(number(height))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
            + body + "</svg>\n"
    }

    mutating func title(_ text: String) { body += "<title>\(escapeXML(text))</title>\n" }

    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        body += "<\(name)\(attributeText(attributes))>\n"
    }

    mutating func close(_ name: String) { body += "</\(name)>\n" }

    mutating func element(_ name: String, _ attributes: [(String, String)]) {
        body += "<\(name)\(attributeText(attributes))/>\n"
    }

    mutating func text(_ text: String, x: Double, y: Double, size: Double, anchor: String = "middle",
                       weight: String? = nil, italic: Bool = false, fill: String = "black") {
        var attributes = [("x", number(x)), ("y", number(y)), ("font-size", number(size)), ("text-anchor", anchor)]
        if let weight { attributes.append(("font-weight", weight)) }
        if italic { attributes.append(("font-style", "italic")) }
        if fill != "black" { attributes.append(("fill", fill)) }
        body += "<text\(attributeText(attributes))>\(escapeXML(text))</text>\n"
    }

    mutating func rect(_ r: SVG.Rect, _ attributes: [(String, String)]) {
        element("rect", [("x", number(r.x)), ("y", number(r.y)), ("width", number(r.width)), ("height", number(r.height))]
            + attributes)
    }

    mutating func polyline(_ points: [(x: Double, y: Double)], width: Double) {
        element("polyline", [("points", points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")),
                             ("fill", "none"), ("stroke", "black"), ("stroke-opacity", "0.22"),
                             ("stroke-width", number(width)), ("stroke-linecap", "round"), ("stroke-linejoin", "round")])
    }

    /// A cell's box, by its style; `covering` paints a sign's or a label's
    /// place white too (a write drawn over what stood there).
    mutating func box(_ cell: Cell, _ r: SVG.Rect, covering: Bool = false) {
        switch cell.style {
        case .given, .empty, .answer, .removed, .kept:
            rect(r, [("fill", "white"), ("stroke", "black"), ("stroke-width", "0.35")])
        case .tile:
            rect(r.inset(Self.tileInset(r)), [("rx", number(r.height * 0.15)), ("fill", "white"), ("stroke", "black"),
                                             ("stroke-width", "0.35")])
        case .sign, .label:
            if covering { rect(r, [("fill", "white")]) }
        }
    }

    /// The largest text as a share of a cell's height.
    static let textShare = 0.55

    /// The largest text size (up to ``textShare`` of the cell's height) at
    /// which the cell's text fits in its box.
    static func fittingSize(_ cell: Cell, _ r: SVG.Rect) -> Double {
        let room = cell.style == .tile ? r.width - 2 * tileInset(r) : r.width
        return min(r.height * textShare, room * 0.88 / max(ems(cell.text), 0.64))
    }

    /// How far a tile's rounded box stands inside its cell.
    static func tileInset(_ r: SVG.Rect) -> Double { r.height * 0.08 }

    /// A cell's text, in `size`, and marks, by its style.
    mutating func content(_ cell: Cell, _ r: SVG.Rect, size: Double) {
        let (x, y) = (r.x + r.width / 2, r.y + r.height / 2 + size * 0.36)
        switch cell.style {
        case .empty:
            break
        case .given, .label, .kept:
            text(cell.text, x: x, y: y, size: size, weight: "bold")
        case .sign, .tile:
            text(cell.text, x: x, y: y, size: size)
        case .answer:
            // A slant marks written numbers and letters; symbols (Morse dots and dashes) stay upright, so a
            // dash never reads as an underscore.
            text(cell.text, x: x, y: y, size: size, italic: cell.text.contains { $0.isLetter || $0.isNumber })
        case .removed:
            text(cell.text, x: x, y: y, size: size, fill: "#808080")
        }
        switch cell.style {
        case .kept:
            element("circle", [("cx", number(x)), ("cy", number(r.y + r.height / 2)), ("r", number(r.height * 0.4)),
                               ("fill", "none"), ("stroke", "black"), ("stroke-width", "0.45")])
        case .removed:
            let inner = r.inset(r.height * 0.18)
            element("line", [("x1", number(inner.x)), ("y1", number(inner.y + inner.height)), ("x2", number(inner.x + inner.width)),
                             ("y2", number(inner.y)), ("stroke", "black"), ("stroke-width", "0.45")])
        default:
            break
        }
    }

    /// The width of text in ems, near enough to fit it in a cell: digits and
    /// letters about 0.64, signs wider, thin spaces narrower.
    private static func ems(_ text: String) -> Double {
        text.reduce(0) { total, character in
            switch character {
            case "\u{2009}": return total + 0.2
            case "−", "+", "×", "÷", "=": return total + 0.84
            default: return total + 0.64
            }
        }
    }

    /// A highlight over a cell: light and dashed for a cell read, darker
    /// with a thick outline for a cell decided.
    mutating func mark(_ r: SVG.Rect, strong: Bool) {
        rect(r.inset(0.5), strong
             ? [("fill", "black"), ("fill-opacity", "0.22"), ("stroke", "black"), ("stroke-width", "1.1")]
             : [("fill", "black"), ("fill-opacity", "0.08"), ("stroke", "black"), ("stroke-width", "0.6"),
                ("stroke-dasharray", "1.2 0.8")])
    }

    private func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escapeXML($0.1))\"" }.joined()
    }
}

extension Canvas {
    /// Draws `board` where `layout` puts it: the row and column numbers,
    /// the boxes, the paths and the texts.
    ///
    /// - Parameter written: cells a hidden layer writes later, sized with
    ///   the board's own.
    /// - Returns: the text size of each width and group.
    mutating func board(_ board: Board, _ layout: SVG.Layout, written: [Cell] = []) -> [SVG.SizeKey: Double] {
        let rulerSize = layout.cell * 0.3, rulerOffset = layout.cell * (0.5 + SVG.Layout.ruler / 2)
        let (numberedRows, numberedColumns) = board.drawnNumbers
        for row in numberedRows {
            let centre = layout.centre(GridPosition(row: row, column: layout.columns.lowerBound))
            text(String(row - board.numberedFrom.row + 1), x: centre.x - rulerOffset, y: centre.y + rulerSize * 0.36,
                 size: rulerSize, fill: "#555555")
        }
        for column in numberedColumns {
            let centre = layout.centre(GridPosition(row: layout.rows.lowerBound, column: column))
            text(String(column - board.numberedFrom.column + 1), x: centre.x, y: centre.y - rulerOffset + rulerSize * 0.36,
                 size: rulerSize, fill: "#555555")
        }
        for cell in board.cells { box(cell, layout.rect(cell.position, width: cell.width)) }
        for path in board.paths where !path.isEmpty {
            polyline(path.map(layout.centre), width: layout.cell * 0.42)
        }
        // One text size per cell width and group, the largest at which every such cell's text fits.
        var sizes: [SVG.SizeKey: Double] = [:]
        for cell in board.cells + written where !cell.text.isEmpty {
            let fitting = Canvas.fittingSize(cell, layout.rect(cell.position, width: cell.width))
            let key = SVG.SizeKey(cell)
            sizes[key] = min(sizes[key] ?? fitting, fitting)
        }
        for cell in board.cells {
            content(cell, layout.rect(cell.position, width: cell.width), size: sizes[SVG.SizeKey(cell)] ?? 0)
        }
        return sizes
    }
}

/// A length with at most two decimals and no trailing zeros, the same on
/// every machine (no locale).
func number(_ value: Double) -> String {
    // Beyond any sheet (and beyond Int): no trap, a zero.
    guard let hundredths = Int(exactly: (value * 100).rounded()), abs(hundredths) < 1 << 52 else { return "0" }
    let sign = hundredths < 0 ? "-" : ""
    let whole = abs(hundredths) / 100, fraction = abs(hundredths) % 100
    if fraction == 0 { return sign + String(whole) }
    return sign + String(whole) + "." + (fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction))
}

/// Text safe inside XML and HTML elements and attribute values; control
/// characters XML does not allow are left out.
public func escapeXML(_ text: String) -> String {
    var escaped = ""
    for character in text {
        switch character {
        case _ where character.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" }: continue
        case "&": escaped += "&amp;"
        case "<": escaped += "&lt;"
        case ">": escaped += "&gt;"
        case "\"": escaped += "&quot;"
        case "'": escaped += "&#39;"
        default: escaped.append(character)
        }
    }
    return escaped
}
