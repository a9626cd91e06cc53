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
    ///   - step: highlight this step of the explanation (1-based): the cells
    ///     it reads and the cells it decides.
    ///   - paper: the sheet size, or ``Paper/fit`` for just the board.
    ///   - title: a line above the board, or `nil` for none.
    /// - Throws: ``DrawingError`` for a step the explanation does not have, or what ``board(_:solved:)`` and
    ///   ``steps(_:)`` throw.
    public func draw(_ puzzle: Puzzle, solution: Bool = false, step: Int? = nil, paper: Paper = .a4,
                     title: String? = nil) throws -> String {
        let board = try board(puzzle, solved: solution)
        var layers: [StepMarks] = []
        if let step {
            let steps = try steps(puzzle)
            guard steps.indices.contains(step - 1) else {
                throw DrawingError(steps.isEmpty ? "the explanation has no steps, so there is no step \(step)"
                                                 : "there is no step \(step): expected 1…\(steps.count)")
            }
            layers = [steps[step - 1]]
        }
        return SVG.document(board, paper: paper, title: title, highlights: layers, hidden: false)
    }
}
