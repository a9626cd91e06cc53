/// A family with game logic an app can embed.
public protocol PlayableFamily: PuzzleFamily {
    /// The state of one game in progress.
    associatedtype Session: Sendable
    /// A new game of `puzzle`.
    ///
    /// - Throws: a one-line error when the puzzle cannot be played.
    func startSession(_ puzzle: Puzzle) throws -> Session
}
