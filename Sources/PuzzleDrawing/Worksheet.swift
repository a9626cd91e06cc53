import PuzzleKit

/// What a family's worksheet says besides its boards: the default title,
/// one line of instructions and, for a code, its table.
public struct SheetWords: Sendable, Equatable {
    /// The title above every page (the family's name and profile).
    public var title: String
    /// One line telling a child what to do.
    public var instructions: String
    /// The code table printed under the instructions (Morse: each symbol
    /// and its code), or empty for none.
    public var key: [SheetKeyEntry]

    /// - Parameters:
    ///   - title: the title above every page.
    ///   - instructions: one line telling a child what to do.
    ///   - key: the code table, or empty for none.
    public init(title: String, instructions: String, key: [SheetKeyEntry] = []) {
        self.title = title
        self.instructions = instructions
        self.key = key
    }
}

/// One entry of a worksheet's code table: a symbol and its code as the
/// boards write it.
public struct SheetKeyEntry: Sendable, Equatable {
    public var symbol: String
    public var code: String

    /// - Parameters:
    ///   - symbol: the symbol (`A`).
    ///   - code: its code as boards draw it (`• −`).
    public init(symbol: String, code: String) {
        self.symbol = symbol
        self.code = code
    }
}

/// Where a worksheet's answer key goes.
public enum AnswerKey: String, Sendable, CaseIterable {
    /// Answer pages after the puzzle pages, in one document.
    case end
    /// Answer pages in a document of their own.
    case separate
    /// No answer key.
    case none
}

/// Puzzles several to a page for print: on every page a title, a name and
/// date line, one line of instructions (and a code table, when the family
/// has one), the boards in a grid of equal cells, each scaled to fill its
/// cell and numbered 1, 2, … beside it, and the page number at the foot.
/// Answer pages repeat the grid with the solved boards, numbered alike.
///
/// The grid: for `perPage` boards, the columns and rows that give the
/// boards the largest cells; a board whose one-character cells would get
/// text under 2.5 mm (the rule of ``SVG/checkReadable(_:paper:title:caption:)``)
/// is refused. ``automaticPerPage(_:solutions:paper:words:)`` picks the most
/// boards a page holds with cells of at least ``writableCell`` millimetres.
///
///     let sheet = try Worksheet(boards: boards, solutions: solved, paper: .a4, perPage: 3,
///                               words: SheetWords(title: "Math crossword – Grade 2", instructions: "…"),
///                               language: .english)
///     let pages = sheet.pages(answers: .end)
public struct Worksheet: Sendable {
    /// The boards as players start them, in puzzle order.
    public let boards: [Board]
    /// The solved boards, one per board, or empty for no answer key.
    public let solutions: [Board]
    /// The sheet: ``Paper/a4`` or ``Paper/letter``.
    public let paper: Paper
    /// Boards on one page.
    public let perPage: Int
    /// The title, instructions and code table.
    public let words: SheetWords
    /// The language of the page's own words (name line, page numbers, answers).
    public let language: Language

    /// The smallest cell, in millimetres, ``automaticPerPage(_:solutions:paper:words:)``
    /// gives a board: room for a child's handwriting.
    public static let writableCell = 8.0
    /// The most boards the automatic choice puts on one page.
    public static let mostPerPage = 12

    /// A worksheet of `boards`, `perPage` to a page.
    ///
    /// - Parameters:
    ///   - boards: the boards as players start them.
    ///   - solutions: the solved boards, one per board, or empty for none.
    ///   - paper: ``Paper/a4`` or ``Paper/letter``.
    ///   - perPage: boards on one page, at least 1.
    ///   - words: the title, instructions and code table.
    ///   - language: the language of the name line, page numbers and answer pages.
    /// - Throws: ``DrawingError`` as one line: for ``Paper/fit``, a count of
    ///   solutions that is not the boards', or boards whose text would be
    ///   under 2.5 mm (naming a `--per-page` that reads, if any does).
    public init(boards: [Board], solutions: [Board] = [], paper: Paper, perPage: Int, words: SheetWords,
                language: Language = .english) throws {
        guard paper.size != nil else { throw DrawingError("a worksheet is printed on a4 or letter paper, not fit") }
        guard solutions.isEmpty || solutions.count == boards.count else {
            throw DrawingError("\(boards.count) boards but \(solutions.count) solutions")
        }
        guard perPage >= 1 else { throw DrawingError("a worksheet page holds at least 1 board") }
        (self.boards, self.solutions, self.paper, self.perPage, self.words, self.language)
            = (boards, solutions, paper, perPage, words, language)
        grid = Self.layout(boards + solutions, paper: paper, words: words, perPage: perPage)
        let smallest = grid.smallestCell(boards + solutions)
        guard smallest * Canvas.textShare < SVG.smallestText else { return }
        let text = "\(number(smallest * Canvas.textShare)) mm high, under \(number(SVG.smallestText)) mm"
        let fewer = (1..<perPage).reversed().first {
            Self.layout(boards + solutions, paper: paper, words: words, perPage: $0).smallestCell(boards + solutions)
                * Canvas.textShare
                >= SVG.smallestText
        }
        if let fewer {
            throw DrawingError("--per-page \(perPage) leaves the boards' text \(text): use --per-page \(fewer) or fewer")
        }
        throw DrawingError("a board is too big for a worksheet page: its text would be \(text); draw it with render --paper fit")
    }

    /// The most boards, up to ``mostPerPage`` and the number of boards, that
    /// a page holds with every board's (and solved board's) cells at least
    /// ``writableCell`` millimetres; 1 when not even one board gets such
    /// cells (the worksheet then refuses boards too small to read).
    ///
    /// - Parameters:
    ///   - boards: the boards to place.
    ///   - solutions: their solved boards, or empty.
    ///   - paper: the sheet.
    ///   - words: the title, instructions and code table (the table takes room).
    public static func automaticPerPage(_ boards: [Board], solutions: [Board] = [], paper: Paper, words: SheetWords) -> Int {
        let most = min(mostPerPage, max(boards.count, 1))
        return (1...most).reversed().first {
            layout(boards + solutions, paper: paper, words: words, perPage: $0).smallestCell(boards + solutions) >= writableCell
        } ?? 1
    }

    /// How many pages the puzzles fill (the answer key as many again).
    public var pageCount: Int { (boards.count + perPage - 1) / perPage }

    /// Every page as an SVG document: the worksheet's pages (with the answer
    /// pages after them for ``AnswerKey/end``) and the answer pages of
    /// ``AnswerKey/separate`` (else empty), numbered within their document.
    ///
    /// - Parameter answers: where the answer key goes; without solutions there is none.
    public func pages(answers: AnswerKey) -> (sheet: [String], answers: [String]) {
        let withKey = solutions.isEmpty ? AnswerKey.none : answers
        let count = pageCount
        let sheetTotal = withKey == .end ? 2 * count : count
        let puzzles = (0..<count).map { page($0, boards: boards, answer: false, number: $0 + 1, of: sheetTotal) }
        let key = { (first: Int, total: Int) in (0..<count).map { page($0, boards: solutions, answer: true, number: first + $0, of: total) } }
        switch withKey {
        case .end: return (puzzles + key(count + 1, sheetTotal), [])
        case .separate: return (puzzles, key(1, count))
        case .none: return (puzzles, [])
        }
    }

    /// A self-contained HTML document of `pages` (SVG documents) for print:
    /// one page of paper per SVG, no network.
    ///
    /// - Parameters:
    ///   - pages: the SVG documents, in order.
    ///   - title: the document's title.
    public func html(_ pages: [String], title: String) -> String {
        let sheet = paper == .letter ? "letter" : "A4"
        guard let size = paper.size else { return "" }
        var html = """
            <!DOCTYPE html>
            <html lang="\(language.code)">
            <head>
            <meta charset="utf-8">
            <title>\(escapeXML(title))</title>
            <style>
            @page { size: \(sheet); margin: 0 }
            html, body { margin: 0; padding: 0 }
            .page { width: \(number(size.width))mm; height: \(number(size.height))mm; overflow: hidden; break-inside: avoid }
            .page + .page { break-before: page }
            .page svg { display: block }
            @media screen { body { background: #d8d8d8 } .page { margin: 8mm auto; background: white; box-shadow: 0 1px 4px #888 } }
            </style>
            </head>
            <body>

            """
        for page in pages { html += "<div class=\"page\">\n\(page)</div>\n" }
        return html + "</body>\n</html>\n"
    }

    // MARK: - Layout

    /// The page's parts, in millimetres.
    struct PageLayout {
        static let margin = 15.0
        static let titleSize = 6.0
        static let lineSize = 4.0
        static let keySize = 3.8
        static let keyWidth = 30.0
        static let keyLine = 6.0
        static let footer = 8.0
        /// The room at a grid cell's left for the puzzle number, and the gap around a board.
        static let numberRoom = 9.0
        static let gap = 4.0

        let width: Double
        let height: Double
        let instructionLines: [String]
        let keyColumns: Int
        let keyRows: Int
        /// The top of the code table and of the grid.
        let keyTop: Double
        let gridTop: Double
        let columns: Int
        let rows: Int
        let cellWidth: Double
        let cellHeight: Double

        /// The rectangle a board fills in grid cell `index` (0-based, row by row).
        func boardBox(_ index: Int) -> SVG.Rect {
            let (row, column) = (index / columns, index % columns)
            let x = Self.margin + Double(column) * cellWidth, y = gridTop + Double(row) * cellHeight
            return SVG.Rect(x: x + Self.numberRoom, y: y + 1, width: cellWidth - Self.numberRoom - Self.gap,
                            height: cellHeight - 1 - Self.gap)
        }

        /// The smallest cell any of `boards` gets in a grid cell.
        func smallestCell(_ boards: [Board]) -> Double {
            let box = boardBox(0)
            return boards.map { SVG.Layout($0, in: box).cell }.min() ?? SVG.largestCell
        }
    }

    /// The page's parts.
    private let grid: PageLayout

    /// The page for `perPage` of `boards`: the header's lines, the code
    /// table, and the grid of the columns and rows that give the boards'
    /// smallest cell the largest size (by the boards' shape; the fewest
    /// columns of those that tie).
    static func layout(_ boards: [Board], paper: Paper, words: SheetWords, perPage: Int) -> PageLayout {
        let (width, height) = paper.size ?? (210, 297)
        let margin = PageLayout.margin, inner = width - 2 * margin
        let lines = SVG.Layout.wrap(words.instructions, width: inner * SVG.Layout.captionSize / PageLayout.lineSize)
        let keyColumns = max(1, Int(inner / PageLayout.keyWidth))
        let keyRows = (words.key.count + keyColumns - 1) / keyColumns
        // Title, name line, instructions.
        let keyTop = margin + PageLayout.titleSize + 8 + Double(lines.count) * PageLayout.lineSize * 1.4 + 2
        let gridTop = keyTop + (keyRows == 0 ? 0 : Double(keyRows) * PageLayout.keyLine + 3)
        let gridHeight = height - margin - PageLayout.footer - gridTop
        let shapes = (1...max(perPage, 1)).map { columns in (columns: columns, rows: (perPage + columns - 1) / columns) }
        func make(_ shape: (columns: Int, rows: Int)) -> PageLayout {
            PageLayout(width: width, height: height, instructionLines: lines, keyColumns: keyColumns, keyRows: keyRows,
                       keyTop: keyTop, gridTop: gridTop, columns: shape.columns, rows: shape.rows,
                       cellWidth: inner / Double(shape.columns), cellHeight: gridHeight / Double(shape.rows))
        }
        let layouts = shapes.map(make)
        return layouts.max { $0.smallestCell(boards) < $1.smallestCell(boards) } ?? make((1, perPage))
    }

    /// Page `index` (0-based) of `boards`, numbered `number` of `total`.
    private func page(_ index: Int, boards: [Board], answer: Bool, number: Int, of total: Int) -> String {
        let layout = grid
        let words = DrawingMessages.catalogue
        var canvas = Canvas(width: layout.width, height: layout.height)
        let title = answer ? words.text("sheet.answers", language, ["title": self.words.title]) : self.words.title
        canvas.title(title)
        canvas.element("rect", [("width", "100%"), ("height", "100%"), ("fill", "white")])
        let margin = PageLayout.margin
        var y = margin + PageLayout.titleSize
        canvas.text(title, x: margin, y: y, size: PageLayout.titleSize, anchor: "start", weight: "bold")
        y += 8
        if !answer {
            canvas.text(words.text("sheet.name", language), x: margin, y: y, size: PageLayout.lineSize, anchor: "start")
            for line in layout.instructionLines {
                y += PageLayout.lineSize * 1.4
                canvas.text(line, x: margin, y: y, size: PageLayout.lineSize, anchor: "start")
            }
            for (at, entry) in self.words.key.enumerated() {
                let x = margin + Double(at % layout.keyColumns) * PageLayout.keyWidth
                let line = layout.keyTop + Double(at / layout.keyColumns + 1) * PageLayout.keyLine - 1.5
                canvas.text(entry.symbol, x: x + 2, y: line, size: PageLayout.keySize, anchor: "start", weight: "bold")
                canvas.text(entry.code, x: x + 8, y: line, size: PageLayout.keySize, anchor: "start")
            }
            if !self.words.key.isEmpty {
                let box = SVG.Rect(x: margin, y: layout.keyTop, width: layout.width - 2 * margin,
                                   height: Double(layout.keyRows) * PageLayout.keyLine + 1)
                canvas.rect(box, [("fill", "none"), ("stroke", "#808080"), ("stroke-width", "0.25")])
            }
        }
        let first = index * perPage
        for at in first..<min(first + perPage, boards.count) {
            let box = layout.boardBox(at - first)
            canvas.open("g", [("class", "puzzle"), ("data-puzzle", String(at + 1))])
            canvas.text(language.number(at + 1), x: box.x - PageLayout.numberRoom + 1, y: box.y + 5, size: 5, anchor: "start",
                        weight: "bold")
            _ = canvas.board(boards[at], SVG.Layout(boards[at], in: box))
            canvas.close("g")
        }
        canvas.text(words.text("sheet.page", language, ["page": language.number(number), "pages": language.number(total)]),
                    x: layout.width / 2, y: layout.height - margin + 3, size: 3.5)
        return canvas.document()
    }
}
