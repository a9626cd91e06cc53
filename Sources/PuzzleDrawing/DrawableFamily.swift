import PuzzleKit

/// A family whose puzzles can be drawn: each family says how its puzzle
/// sits on a ``Board`` and which cells a place of its grader's trace stands
/// for; ``SVG`` and ``ReviewPage`` do the drawing for all of them, and the
/// drawings replay the trace, so the board of step N shows what steps
/// 1…N−1 decided, and one grade gives the explanation, the marks and the
/// solution.
///
/// A family conforms in one file of its own folder (`Drawing.swift`).
///
///     let family = CrossSumsFamily()
///     let puzzle = try family.generate(family.profiles[0], GenerationRequest(seed: 7)).puzzle
///     let svg = try family.draw(puzzle, solution: true, paper: .a4)
public protocol DrawableFamily: GradingFamily {
    /// The puzzle as a player sees it; with `solved`, the puzzle's own
    /// solution filled in.
    ///
    /// - Throws: a one-line ``DrawingError`` when `solved` is asked of a
    ///   puzzle that carries no solution (``graded(_:language:timeLimit:)`` then
    ///   draws the grader's).
    func board(_ puzzle: Puzzle, solved: Bool) throws -> Board

    /// The cells of ``board(_:solved:)`` a place of the trace stands for
    /// (a row: its target and its cells; an equation: its cells; a cell:
    /// its box; a question: its operands, then its answer box). A step
    /// reads them all; a `TraceMark.value` is written in the last of
    /// them only.
    func positions(of place: TracePlace, in puzzle: Puzzle) -> [GridPosition]

    /// What a worksheet of `puzzles` says in `language`: its default title
    /// (the family's name, and the profile's when `profile` is given), one
    /// line of instructions for a child, and a code table if the puzzles
    /// need one. The default: the `--kind` name and a general line.
    ///
    /// - Parameters:
    ///   - puzzles: the puzzles of the sheet.
    ///   - profile: the profile they were generated with, or `nil` (read from files).
    ///   - language: the sheet's language.
    func sheetWords(_ puzzles: [Puzzle], profile: Profile?, language: Language) -> SheetWords
}

extension DrawableFamily {
    public func sheetWords(_ puzzles: [Puzzle], profile: Profile?, language: Language) -> SheetWords {
        SheetWords(title: info.name, instructions: DrawingMessages.catalogue.text("sheet.instructions", language))
    }

    /// A worksheet title: the family's name and the profile's, when it has one
    /// (`Math crossword – Grade 2`).
    ///
    /// - Parameters:
    ///   - family: the family's name in the language.
    ///   - profile: the profile's name in the language, or `nil`.
    ///   - language: the language.
    public static func sheetTitle(_ family: String, profile: String?, language: Language) -> String {
        guard let profile else { return family }
        return DrawingMessages.catalogue.text("sheet.title", language, ["family": family, "profile": profile])
    }
}

/// A puzzle's grade with what its drawings need, from one grade.
public struct GradedDrawing: Sendable {
    /// The grade, with its explanation.
    public var grade: GradeResult
    /// The cells each step of the explanation reads and decides.
    public var steps: [StepMarks]
    /// The board with the solution filled in (the puzzle's own, else the
    /// one found); `nil` when there is none.
    public var solved: Board?
    /// The board as a player starts it.
    public var start: Board

    public init(grade: GradeResult, steps: [StepMarks], solved: Board?, start: Board) {
        self.grade = grade
        self.steps = steps
        self.solved = solved
        self.start = start
    }

    /// The board as it stands before step `step` (1-based): the start with
    /// the writes of every earlier step.
    public func board(before step: Int) -> Board {
        start.applying(steps.prefix(max(0, step - 1)))
    }

    /// ``solved``, or a one-line error naming the puzzle `id` without one.
    public func solvedBoard(of id: String) throws -> Board {
        guard let solved else { throw DrawingError("\(id): the puzzle carries no solution and the grader found none to draw") }
        return solved
    }
}

/// Why a puzzle cannot be drawn as asked, as one line.
public struct DrawingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

extension DrawableFamily {
    /// The puzzle as an SVG document for `paper`.
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle to draw.
    ///   - solution: fill the solution in.
    ///   - step: draw the board as it stands before this step of the
    ///     explanation (1-based), the cells it reads and decides marked and
    ///     its sentence under the board.
    ///   - paper: the sheet size, or ``Paper/fit`` for just the board.
    ///   - title: a line above the board, or `nil` for none.
    ///   - language: the language of the step's sentence under the board.
    ///   - timeLimit: the budget of the one grade a step (or a solution the
    ///     puzzle does not carry) needs.
    /// - Throws: ``DrawingError`` for a step the explanation does not have or a board too big to read on
    ///   `paper` (``SVG/checkReadable(_:paper:title:caption:)``), or what ``board(_:solved:)`` and
    ///   ``graded(_:language:timeLimit:)`` throw.
    public func draw(_ puzzle: Puzzle, solution: Bool = false, step: Int? = nil, paper: Paper = .a4,
                     title: String? = nil, language: Language = .english, timeLimit: Duration? = DefaultBudget.time) throws -> String {
        guard let step else {
            let drawn = solution ? try solvedBoard(puzzle, language: language, timeLimit: timeLimit) : try board(puzzle, solved: false)
            try SVG.checkReadable(drawn, paper: paper, title: title)
            return SVG.document(drawn, paper: paper, title: title)
        }
        let graded = try graded(puzzle, language: language, timeLimit: timeLimit)
        guard graded.steps.indices.contains(step - 1) else {
            throw DrawingError(graded.steps.isEmpty ? "the explanation has no steps, so there is no step \(step)"
                                                    : "there is no step \(step): expected 1…\(graded.steps.count)")
        }
        let marks = graded.steps[step - 1]
        let board = solution ? try graded.solvedBoard(of: id(of: puzzle)) : graded.board(before: step)
        let caption = "\(step). \(marks.sentence)"
        try SVG.checkReadable(board, paper: paper, title: title, caption: caption)
        return SVG.document(board, paper: paper, title: title, highlights: [marks], caption: caption)
    }
}

extension DrawableFamily {
    /// The board with the solution filled in: the puzzle's own, else the
    /// grader's (one grade within `timeLimit`).
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle.
    ///   - language: the language of the grade it may need.
    ///   - timeLimit: the budget of that grade.
    /// - Throws: ``DrawingError`` when neither the puzzle nor the grader has a solution.
    public func solvedBoard(_ puzzle: Puzzle, language: Language = .english, timeLimit: Duration? = DefaultBudget.time) throws -> Board {
        if let own = try? board(puzzle, solved: true) { return own }
        return try graded(puzzle, language: language, timeLimit: timeLimit).solvedBoard(of: id(of: puzzle))
    }

    /// One trace within `timeLimit`: the grade with its explanation, each
    /// step's marks and writes, and the solved board (the puzzle's own,
    /// else the trace's, else the solution its count found); the
    /// explanation, label and techniques in `language`.
    public func graded(_ puzzle: Puzzle, language: Language = .english, timeLimit: Duration?) throws -> GradedDrawing {
        let trace = try trace(puzzle, solutionsUpTo2: nil, timeLimit: timeLimit)
        let grade = grade(trace, of: puzzle, words: .explanation(language))
        let start = try board(puzzle, solved: false)
        let cells = Dictionary(start.cells.map { ($0.position, $0) }, uniquingKeysWith: { first, _ in first })
        let marks = zip(trace.steps, grade.explanation).map { step, sentence in
            self.marks(step.technique.code, reads: step.reads, decides: step.decides, sentence: sentence, cells: cells, puzzle)
        }
        var solved = try? board(puzzle, solved: true)
        if solved == nil, trace.outcome == .solved {
            solved = start.applying(marks)
        } else if solved == nil, !trace.foundSolution.isEmpty {
            solved = start.applying([self.marks("", reads: [], decides: trace.foundSolution, sentence: "", cells: cells, puzzle)])
        }
        return GradedDrawing(grade: grade, steps: marks, solved: solved, start: start)
    }

    /// What a step reads, decides and writes on the board whose cells by
    /// position are `cells`.
    private func marks(_ technique: String, reads: [TracePlace], decides: [TraceDecision], sentence: String,
                       cells: [GridPosition: Cell], _ puzzle: Puzzle) -> StepMarks {
        var fixes: [GridPosition] = [], writes: [Cell] = [], path: [GridPosition] = []
        for decision in decides {
            var places = positions(of: decision.place, in: puzzle)
            // A value is written in the place's last position (a cell's box, a question's answer box).
            if case .value = decision.mark { places = places.suffix(1) }
            for position in places {
                fixes.append(position)
                let before = cells[position]
                func cell(_ text: String, _ style: Cell.Style) -> Cell {
                    Cell(row: position.row, column: position.column, width: before?.width ?? 1, group: before?.group ?? 0, text, style)
                }
                switch decision.mark {
                case .value(let text): writes.append(cell(text, .answer))
                case .kept: writes.append(cell(before?.text ?? "", .kept))
                case .removed: writes.append(cell(before?.text ?? "", .removed))
                case .path: path.append(position)
                }
            }
        }
        let uses = Set(reads.flatMap { positions(of: $0, in: puzzle) }).subtracting(fixes).sorted()
        return StepMarks(technique: technique, uses: uses, fixes: fixes, writes: writes, path: path, sentence: sentence)
    }
}
