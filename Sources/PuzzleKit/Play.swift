import Foundation

/// One move of a player, the same shape in every family: what the browser
/// page and `puzzlelab play` send, and what a play log records.
///
/// Rows and columns are 0-based, as in the JSON formats. Which actions a
/// family takes, and what they mean, is the family's game logic
/// (``PlayableFamily/play(_:in:language:)``); ``PlayView/actions`` lists
/// the ones on offer.
///
///     {"action": "place", "row": 2, "column": 4, "value": "5"}
///     {"action": "hint"}
public struct PlayMove: Codable, Sendable, Equatable {
    /// What the player does (`place`, `keep`, `select`, `answer`, `press`,
    /// `hint`, …).
    public var action: String
    public var row: Int?
    public var column: Int?
    /// A number, an answer or a code, as the player entered it.
    public var value: String?
    /// A duration the player held or paused a key (Morse), in milliseconds.
    public var ms: Int?

    public init(_ action: String, row: Int? = nil, column: Int? = nil, value: String? = nil, ms: Int? = nil) {
        self.action = action
        self.row = row
        self.column = column
        self.value = value
        self.ms = ms
    }

    /// The move's cell, when it names both a row and a column.
    public var position: GridPosition? {
        guard let row, let column else { return nil }
        return GridPosition(row: row, column: column)
    }

    /// The action every family takes: the grader's next step, shown (and
    /// applied where the app's plan says so).
    public static let hintAction = "hint"
    /// The action every family takes: the player stops; the game ends
    /// given up.
    public static let giveUpAction = "give-up"
}

/// What the game logic said about a move.
public enum PlayResult: String, Codable, Sendable, CaseIterable {
    /// The move is right (a correct number, a path found, a right answer).
    case right
    /// The move is wrong: the family's plan says what it costs (a life, a
    /// try, a star).
    case wrong
    /// A move that is neither right nor wrong: a selection, a tile taken
    /// back, a key press, a hint.
    case neutral
    /// The move was refused (not on offer now, outside the grid, the game is
    /// over); nothing changed.
    case refused
}

/// The judgement of one move, with the sentence the player reads.
public struct PlayJudgement: Sendable, Equatable {
    public var result: PlayResult
    /// What the player reads, in the game's language: a hint's sentence,
    /// why a move was refused, the right answer after the last try.
    public var message: String?
    /// The move was a hint.
    public var hint: Bool

    public init(_ result: PlayResult, _ message: String? = nil, hint: Bool = false) {
        self.result = result
        self.message = message
        self.hint = hint
    }
}

/// How a game stands: the numbers a page's header shows and a play log's
/// finish record keeps.
public struct PlayStatus: Codable, Sendable, Equatable {
    /// No more moves are taken: completed, lost (no lives left) or given up.
    public var finished: Bool
    /// The game was played to its end: the level (or every level) complete,
    /// every exercise answered.
    public var completed: Bool
    /// Lives left, for families whose plan has lives.
    public var lives: Int?
    public var maxLives: Int?
    /// Stars earned, for families whose plan has stars.
    public var stars: Int?
    /// Right answers in a row, for families whose plan counts a streak.
    public var streak: Int?
    /// Wrong moves so far.
    public var mistakes: Int
    /// Hints used so far.
    public var hints: Int
    /// The level (1-based) and how many there are, for games of several
    /// levels (number search plays five); the exercise for drills.
    public var level: Int?
    public var levels: Int?

    public init(finished: Bool, completed: Bool, lives: Int? = nil, maxLives: Int? = nil, stars: Int? = nil, streak: Int? = nil,
                mistakes: Int, hints: Int, level: Int? = nil, levels: Int? = nil) {
        self.finished = finished
        self.completed = completed
        self.lives = lives
        self.maxLives = maxLives
        self.stars = stars
        self.streak = streak
        self.mistakes = mistakes
        self.hints = hints
        self.level = level
        self.levels = levels
    }
}

/// One cell of a board as a player sees it.
public struct PlayCell: Codable, Sendable, Equatable {
    /// What the cell shows (a number, an operator, empty).
    public var text: String
    /// What the cell is, for the page's style: `block`, `given`, `blank`,
    /// `placed`, `symbol` (an operator or `=`), `target` (a sum outside the
    /// grid), `number` (undecided), `kept`, `removed`, `selected`, `found`.
    public var kind: String
    /// A move on this cell is on offer.
    public var tappable: Bool

    public init(_ text: String, kind: String, tappable: Bool = false) {
        self.text = text
        self.kind = kind
        self.tappable = tappable
    }
}

/// A tile of a pool (math crossword numbers).
public struct PlayTile: Codable, Sendable, Equatable {
    public var value: String
    /// The tile can still be placed.
    public var available: Bool

    public init(_ value: String, available: Bool) {
        self.value = value
        self.available = available
    }
}

/// A line of a list beside the board: a question, an equation, an exercise.
public struct PlayItem: Codable, Sendable, Equatable {
    public var text: String
    /// `open`, `current`, `done` or `wrong`.
    public var state: String

    public init(_ text: String, state: String) {
        self.text = text
        self.state = state
    }
}

/// What a player sees of a game: one shape for every family, drawn by the
/// one page of `puzzlelab serve` and printed by `puzzlelab play`.
public struct PlayView: Codable, Sendable, Equatable {
    /// The family's name (`math-crossword`).
    public var kind: String
    /// A heading: the puzzle, level or exercise being played.
    public var title: String
    /// What to do, in one sentence in the game's language.
    public var instructions: String
    /// The board, row by row; empty for families without one.
    public var grid: [[PlayCell]]
    /// The row a move names for the grid's first row (0 unless the grid
    /// starts with cells no move names: cross sums show their column sums
    /// as row -1), and the same for columns. A move on the cell at
    /// `grid[r][c]` names row `firstRow + r` and column `firstColumn + c`.
    public var firstRow: Int
    public var firstColumn: Int
    /// The pool of tiles to place; empty for families without one.
    public var tiles: [PlayTile]
    /// The task being asked now (an exercise, a word or code, a question).
    public var prompt: String?
    /// What the player has entered so far for the prompt (Morse taps, a
    /// number search selection).
    public var entry: String?
    /// Questions, equations or exercises beside the board.
    public var items: [PlayItem]
    /// The actions on offer now (``PlayMove/action``), for the page's
    /// buttons and keys.
    public var actions: [String]
    public var status: PlayStatus

    public init(kind: String, title: String, instructions: String, grid: [[PlayCell]] = [], firstRow: Int = 0, firstColumn: Int = 0,
                tiles: [PlayTile] = [],
                prompt: String? = nil, entry: String? = nil, items: [PlayItem] = [], actions: [String], status: PlayStatus) {
        self.kind = kind
        self.title = title
        self.instructions = instructions
        self.grid = grid
        self.firstRow = firstRow
        self.firstColumn = firstColumn
        self.tiles = tiles
        self.prompt = prompt
        self.entry = entry
        self.items = items
        self.actions = actions
        self.status = status
    }
}

/// The answer to a move: the judgement and the game as it stands after it.
public struct PlayReply: Codable, Sendable, Equatable {
    public var result: PlayResult
    public var message: String?
    public var hint: Bool
    public var view: PlayView

    public init(_ judgement: PlayJudgement, view: PlayView) {
        result = judgement.result
        message = judgement.message
        hint = judgement.hint
        self.view = view
    }
}

/// A game of any family behind one type: what the server and `play` keep
/// per player. It plays on the family's own game logic
/// (``PlayableFamily``); no rule is written twice.
///
///     var game = try PlayGame(family, puzzles: [puzzle], language: .english)
///     let reply = game.play(PlayMove("place", row: 0, column: 2, value: "5"))
///     print(reply.result, reply.view.status.completed)
public struct PlayGame: Sendable {
    private var box: any PlayBox
    /// The language of every sentence the game writes.
    public let language: Language
    /// Given up by the player (``PlayMove/giveUpAction``).
    public private(set) var givenUp = false

    /// A game of `puzzles` of `family` (one puzzle, or the levels of a game
    /// of several, ``PlayableFamily/gamePuzzles(_:seed:)``).
    ///
    /// - Throws: a one-line error when the puzzles cannot be played.
    public init<F: PlayableFamily>(_ family: F, puzzles: [F.Puzzle], language: Language = .english) throws {
        box = PlayBoxOf(family: family, session: try family.startGame(puzzles))
        self.language = language
    }

    /// What the player sees now.
    public var view: PlayView {
        var view = box.view(language)
        if givenUp { view.status.finished = true }
        view.actions = view.status.finished ? [] : view.actions + [PlayMove.giveUpAction]
        return view
    }

    /// Plays one move; a finished game refuses every move.
    public mutating func play(_ move: PlayMove) -> PlayReply {
        let judgement: PlayJudgement
        if view.status.finished {
            judgement = PlayJudgement(.refused, SharedWords.catalogue.text("play.finished", language))
        } else if move.action == PlayMove.giveUpAction {
            givenUp = true
            judgement = PlayJudgement(.neutral)
        } else {
            judgement = box.play(move, language)
        }
        return PlayReply(judgement, view: view)
    }
}

private protocol PlayBox: Sendable {
    func view(_ language: Language) -> PlayView
    mutating func play(_ move: PlayMove, _ language: Language) -> PlayJudgement
}

private struct PlayBoxOf<F: PlayableFamily>: PlayBox {
    let family: F
    var session: F.Session

    func view(_ language: Language) -> PlayView { family.view(of: session, language: language) }

    mutating func play(_ move: PlayMove, _ language: Language) -> PlayJudgement {
        family.play(move, in: &session, language: language)
    }
}
