import PuzzleKit

/// A family whose puzzles can be drawn: each family says how its puzzle
/// sits on a ``Board`` and which cells each explanation step marks;
/// ``SVG`` and ``ReviewPage`` do the drawing for all of them.
///
/// A family conforms in one file of its own folder (`Drawing.swift`).
///
///     let family = CrossSumsFamily()
///     let puzzle = try family.generate(family.profiles[0], GenerationRequest(seed: 7)).puzzle
///     let svg = try family.draw(puzzle, solution: true, paper: .a4)
public protocol DrawableFamily: GradingFamily {
    /// The puzzle as a player sees it; with `solved`, the solution filled in
    /// (the one the puzzle carries, else the grader's).
    ///
    /// - Throws: a one-line error when `solved` is asked of a puzzle without
    ///   a solution.
    func board(_ puzzle: Puzzle, solved: Bool) throws -> Board

    /// The cells of ``board(_:solved:)`` each step of the grader's
    /// explanation reads and decides, in the explanation's order (one per
    /// sentence of `grade(_:solutionsUpTo2:explain:)`).
    ///
    /// - Throws: what grading throws.
    func steps(_ puzzle: Puzzle) throws -> [StepMarks]

    /// Everything drawn of a puzzle from one grade within `timeLimit`: the
    /// grade with its explanation, the marks of its steps and the solved
    /// board. The default grades, then asks ``steps(_:)`` and
    /// ``board(_:solved:)``; a family whose grader searches grades once.
    ///
    /// - Throws: what grading throws.
    func graded(_ puzzle: Puzzle, timeLimit: Duration?) throws -> GradedDrawing
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

    public init(grade: GradeResult, steps: [StepMarks], solved: Board?) {
        self.grade = grade
        self.steps = steps
        self.solved = solved
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
    public func graded(_ puzzle: Puzzle, timeLimit: Duration?) throws -> GradedDrawing {
        GradedDrawing(grade: try grade(puzzle, solutionsUpTo2: nil, explain: true, timeLimit: timeLimit),
                      steps: try steps(puzzle), solved: try? board(puzzle, solved: true))
    }

    /// The puzzle as an SVG document for `paper`.
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle to draw.
    ///   - solution: fill the solution in.
    ///   - step: highlight this step of the explanation (1-based): the cells
    ///     it reads and the cells it decides.
    ///   - paper: the sheet size, or ``Paper/fit`` for just the board.
    ///   - title: a line above the board, or `nil` for none.
    ///   - timeLimit: the budget of the one grade a step needs.
    /// - Throws: ``DrawingError`` for a step the explanation does not have, or what ``board(_:solved:)`` and
    ///   ``graded(_:timeLimit:)`` throw.
    public func draw(_ puzzle: Puzzle, solution: Bool = false, step: Int? = nil, paper: Paper = .a4,
                     title: String? = nil, timeLimit: Duration? = DefaultBudget.time) throws -> String {
        guard let step else {
            return SVG.document(try board(puzzle, solved: solution), paper: paper, title: title, highlights: [], hidden: false)
        }
        let graded = try graded(puzzle, timeLimit: timeLimit)
        let board = solution ? try graded.solvedBoard(of: id(of: puzzle)) : try board(puzzle, solved: false)
        let steps = graded.steps
        guard steps.indices.contains(step - 1) else {
            throw DrawingError(steps.isEmpty ? "the explanation has no steps, so there is no step \(step)"
                                             : "there is no step \(step): expected 1…\(steps.count)")
        }
        return SVG.document(board, paper: paper, title: title, highlights: [steps[step - 1]], hidden: false)
    }
}
