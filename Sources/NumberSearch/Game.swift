import PuzzleKit

/// What dragging onto a cell did to the selection.
public enum SelectOutcome: String, Sendable, Equatable {
    /// The cell was added to the end of the selection.
    case extended
    /// The cell was the one before the last: the last cell was taken back.
    case shortened
    /// Nothing changed: the game is over, the cell is outside the grid,
    /// already selected, not next to the last cell, or (straight mode) off
    /// the selection's line.
    case ignored
}

/// What submitting a selection did.
public enum SubmitOutcome: Sendable, Equatable {
    /// The selection answers the current question; more questions remain.
    case correct
    /// It answers the level's last question.
    case levelComplete
    /// It answers the game's last question of its last level.
    case gameComplete
    /// It does not answer the current question (a mistake is counted).
    case wrong(String)
    /// Nothing to judge: no selection, or the level is already complete.
    case ignored
}

/// A game being played (the game logic without UI):
/// levels of a grid and questions, shown one question at a time.
///
/// The player drags across adjacent cells to select a path and submits it;
/// it is right when its digits spell the current question's target (any
/// path that does, in the level's mode). Progress is the number of the
/// level's questions answered (0 … 3); when all are answered the level is
/// complete, ``advanceLevel()`` moves to the next, and answering the last
/// level completes the game. ``restart()`` starts again from level 1.
///
///     var game = GameSession(levels: try Generator.game(seed: 1))
///     for p in game.level.questions[0].solutionPositions ?? [] { game.select(p) }
///     print(game.submit(), game.progress)
///     // Prints "correct 1"
///
/// A value type and `Codable`, so an app can save and restore it.
public struct GameSession: Codable, Sendable, Equatable {
    /// The game's levels, in order.
    public private(set) var levels: [Puzzle]
    /// The level being played (0-based).
    public private(set) var levelIndex: Int
    /// For each question of the current level, the path that answered it.
    public private(set) var found: [[GridPosition]?]
    /// The cells selected so far, in order.
    public private(set) var selection: [GridPosition]
    /// Wrong submissions in the whole game.
    public private(set) var mistakes: Int
    /// Hints given in the whole game.
    public private(set) var hintsUsed: Int

    /// A game of `levels` (at least one), starting at the first.
    public init(levels: [Puzzle]) {
        self.levels = levels
        levelIndex = 0
        found = Array(repeating: nil, count: levels.first?.questions.count ?? 0)
        selection = []
        mistakes = 0
        hintsUsed = 0
    }

    /// The level being played (an empty level for a game without levels).
    public var level: Puzzle {
        levels.indices.contains(levelIndex) ? levels[levelIndex]
            : Puzzle(id: "none", profile: Puzzle.customProfile, pathMode: .straight, grid: [], questions: [])
    }

    /// The index of the question shown: the first one not yet answered.
    public var currentQuestionIndex: Int? { found.firstIndex { $0 == nil } }

    /// The question shown, or `nil` once the level is complete.
    public var currentQuestion: Question? {
        currentQuestionIndex.flatMap { level.questions.indices.contains($0) ? level.questions[$0] : nil }
    }

    /// Questions of the current level answered (0 … its question count).
    public var progress: Int { found.lazy.filter { $0 != nil }.count }

    /// True when every question of the current level is answered.
    public var isLevelComplete: Bool { !found.isEmpty && currentQuestionIndex == nil }

    /// True when the last level is complete.
    public var isGameComplete: Bool { isLevelComplete && levelIndex == levels.count - 1 }

    /// The number the selection spells so far, or `nil` when empty.
    public var selectedNumber: Int? {
        guard !selection.isEmpty else { return nil }
        return selection.compactMap { level.digit(at: $0) }.reduce(0) { $0 &* 10 &+ $1 }
    }

    /// Drags onto `position`: starts a selection, extends it with a
    /// neighbour of its last cell, or takes the last cell back when
    /// `position` is the cell before it.
    @discardableResult
    public mutating func select(_ position: GridPosition) -> SelectOutcome {
        guard !isLevelComplete, level.contains(position) else { return .ignored }
        if selection.count >= 2 && selection[selection.count - 2] == position {
            selection.removeLast()
            return .shortened
        }
        guard !selection.contains(position) else { return .ignored }
        if let last = selection.last {
            guard let step = Direction(dr: position.row - last.row, dc: position.column - last.column) else { return .ignored }
            if level.pathMode == .straight, selection.count >= 2,
               Direction(dr: last.row - selection[selection.count - 2].row, dc: last.column - selection[selection.count - 2].column) != step {
                return .ignored
            }
        }
        selection.append(position)
        return .extended
    }

    /// Drops the selection (the finger left the grid).
    public mutating func clearSelection() { selection = [] }

    /// Judges the selection against the current question and clears it.
    @discardableResult
    public mutating func submit() -> SubmitOutcome {
        guard let index = currentQuestionIndex, let question = currentQuestion, !selection.isEmpty else { return .ignored }
        let path = selection
        selection = []
        if let problem = Rules.pathProblem(path, in: level) {
            mistakes += 1
            return .wrong(problem)
        }
        guard Rules.isAnswer(path, to: question.target, in: level) else {
            mistakes += 1
            let read = path.compactMap { level.digit(at: $0) }.map(String.init).joined()
            return .wrong("\(read) is not \(question.target)")
        }
        found[index] = path
        if !isLevelComplete { return .correct }
        return isGameComplete ? .gameComplete : .levelComplete
    }

    /// Selects `path` and submits it (a whole drag at once).
    @discardableResult
    public mutating func answer(_ path: [GridPosition]) -> SubmitOutcome {
        guard currentQuestionIndex != nil, !path.isEmpty else { return .ignored }
        selection = path
        return submit()
    }

    /// Moves on to the next level once the current one is complete.
    ///
    /// - Returns: false when the level is not complete or was the last.
    @discardableResult
    public mutating func advanceLevel() -> Bool {
        guard isLevelComplete, levelIndex + 1 < levels.count else { return false }
        levelIndex += 1
        found = Array(repeating: nil, count: level.questions.count)
        selection = []
        return true
    }

    /// Starts the game again from level 1 ("Play Again").
    public mutating func restart() {
        self = GameSession(levels: levels)
    }

    /// Where the current question's answer starts, in `language` ("The 6
    /// in row 2, column 3 starts it.", "Die 6 in Zeile 2, Spalte 3 ist der
    /// Anfang."), or `nil` when the level is complete or the answer cannot
    /// be found.
    public mutating func hint(language: Language = .english) -> String? {
        guard let q = currentQuestion else { return nil }
        let path = q.solutionPositions ?? Solver.paths(forming: q.target, in: level, limit: 1).first
        guard let path else { return nil }
        hintsUsed += 1
        return Grader.hint(path: path, in: level, language: language)
    }
}
