import Foundation
import PuzzleKit

/// The grade of a game's puzzles a finish record keeps: the hardest label,
/// the summed score and the summed numeric fields.
struct GameGrade: Sendable {
    var label: String
    var score: Int
    var features: [String: Double]
}

/// One game in progress on the server.
struct Game: Sendable {
    var play: PlayGame
    var info: PlayGameInfo
    /// The grade for the finish record; `nil` when no log is written.
    var grade: GameGrade?
    /// The moves that solve the game, when the server serves them.
    var solution: [PlayMove]?
    var started = ContinuousClock.now
    var lastMove = ContinuousClock.now
    /// Moves the game judged while it was running.
    var moves = 0
    /// The finish record is written (or, without a log, would have been).
    var finished = false
}

/// The games of one server: the one place their state changes, so that
/// moves of one game never interleave. Full (`maxGames`) after dropping
/// the finished games and those idle for longer than ``idleLimit``, it
/// takes no new game.
actor Games {
    /// Games idle this long are dropped first when the server is full.
    static let idleLimit: Duration = .seconds(2 * 60 * 60)

    private var games: [String: Game] = [:]
    private let maxGames: Int
    private let log: PlayLogFile?
    private let clock = ContinuousClock()

    init(maxGames: Int, log: PlayLogFile?) {
        self.maxGames = maxGames
        self.log = log
    }

    /// Adds `game` under a new random id, or returns `nil` when the server
    /// is full.
    func add(_ game: Game) -> String? {
        if games.count >= maxGames {
            let now = clock.now
            games = games.filter { !$0.value.finished && now - $0.value.lastMove <= Self.idleLimit }
        }
        guard games.count < maxGames else { return nil }
        var id = Self.newID()
        while games[id] != nil { id = Self.newID() }
        var game = game
        game.info.game = id
        game.started = clock.now
        game.lastMove = game.started
        games[id] = game
        return id
    }

    /// What the player of game `id` sees, or `nil` for an unknown game.
    func view(_ id: String) -> PlayView? { games[id]?.play.view }

    /// The moves that solve game `id`: `nil` for an unknown game, an
    /// empty `solution` when the server does not serve them.
    func solution(_ id: String) -> [PlayMove]?? { games[id].map { $0.solution } }

    /// Plays `move` in game `id` and writes its records to the log; `nil`
    /// for an unknown game.
    func play(_ move: PlayMove, in id: String) -> PlayReply? {
        guard var game = games[id] else { return nil }
        let reply = game.play.play(move)
        let now = clock.now
        game.lastMove = now
        if !game.finished {
            game.moves += 1
            let elapsed = Self.milliseconds(now - game.started)
            log?.append(.move(PlayMoveRecord(game: game.info, step: game.moves, elapsedMs: elapsed, level: reply.view.status.level,
                                             move: move, result: reply.result, hint: reply.hint)))
            let status = reply.view.status
            if status.finished {
                game.finished = true
                let outcome: PlayOutcome = status.completed ? .completed : game.play.givenUp ? .givenUp : .lost
                let grade = game.grade ?? GameGrade(label: "", score: 0, features: [:])
                log?.append(.finish(PlayFinishRecord(game: game.info, outcome: outcome, solveMs: elapsed, moves: game.moves,
                                                     mistakes: status.mistakes, hints: status.hints, label: grade.label,
                                                     score: grade.score, features: grade.features)))
            }
        }
        games[id] = game
        return reply
    }

    /// How many games the server keeps.
    var count: Int { games.count }

    /// 96 random bits as 24 hexadecimal digits.
    private static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<12).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte, radix: 16).leftPadded(to: 2)
        }.joined()
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
