/// A family with game logic an app can embed, and that `puzzlelab serve`
/// and `puzzlelab play` drive through ``PlayGame``: moves in, a
/// ``PlayView`` out, on the family's own rules.
public protocol PlayableFamily: PuzzleFamily {
    /// The state of one game in progress.
    associatedtype Session: Sendable
    /// A new game of `puzzle`.
    ///
    /// - Throws: a one-line error when the puzzle cannot be played.
    func startSession(_ puzzle: Puzzle) throws -> Session

    /// The puzzles one game of `profile` plays from `seed`, in order: by
    /// default the one puzzle of the seed; a family whose app plays several
    /// levels in one game gives them all (number search: its five levels).
    ///
    /// - Throws: a one-line error when a puzzle cannot be generated.
    func gamePuzzles(_ profile: Profile, seed: Int) throws -> [Puzzle]

    /// A game of `puzzles` (as ``gamePuzzles(_:seed:)`` gives them, or the
    /// puzzles of a file): by default ``startSession(_:)`` of the first.
    ///
    /// - Throws: a one-line error when there is no puzzle or it cannot be played.
    func startGame(_ puzzles: [Puzzle]) throws -> Session

    /// Plays one move on the session, as the app's plan says: a refused
    /// move changes nothing; a hint is the grader's next step from the
    /// board as it stands, in `language`.
    func play(_ move: PlayMove, in session: inout Session, language: Language) -> PlayJudgement

    /// What the player sees of the session, its sentences in `language`.
    func view(of session: Session, language: Language) -> PlayView

    /// Moves that play a game of `puzzles` to its end without a mistake or
    /// a hint, in an order a player could make them (from the puzzles'
    /// own solutions): for tests, scripted players and `play --solution`.
    func solutionMoves(_ puzzles: [Puzzle]) -> [PlayMove]
}

extension PlayableFamily {
    public func gamePuzzles(_ profile: Profile, seed: Int) throws -> [Puzzle] {
        [try generate(profile, GenerationRequest(seed: seed)).puzzle]
    }

    public func startGame(_ puzzles: [Puzzle]) throws -> Session {
        guard let first = puzzles.first else { throw UsageError("a game needs a puzzle") }
        return try startSession(first)
    }
}

extension PlayJudgement {
    /// The refusal of a move whose action is not on offer, naming the ones
    /// that are.
    public static func unknownAction(_ move: PlayMove, offered: [String], language: Language) -> PlayJudgement {
        PlayJudgement(.refused, SharedWords.catalogue.text("play.unknownAction", language,
                                                           ["action": move.action, "actions": offered.joined(separator: ", ")]))
    }

    /// The refusal of a move that lacks what its action needs (`what`: the
    /// words for it, such as "a row and a column").
    public static func incomplete(_ move: PlayMove, language: Language) -> PlayJudgement {
        PlayJudgement(.refused, SharedWords.catalogue.text("play.incomplete", language, ["action": move.action]))
    }
}
