import Foundation

/// Which game a play log record belongs to (FORMATS.md, "Play logs").
public struct PlayGameInfo: Codable, Sendable, Equatable {
    /// The player id as given (pseudonymous: the tool never asks for a name).
    public var player: String
    /// The game's id, unique within the log.
    public var game: String
    /// The family (`math-crossword`).
    public var kind: String
    /// The puzzle's id (the first level's, for a game of several levels).
    public var puzzle: String
    /// The profile and seed the puzzle was generated from; `nil` for a
    /// puzzle read from a file.
    public var profile: String?
    public var seed: Int?
    /// The language of the game's sentences (`en`, `de`).
    public var language: String

    public init(player: String, game: String, kind: String, puzzle: String, profile: String?, seed: Int?, language: String) {
        self.player = player
        self.game = game
        self.kind = kind
        self.puzzle = puzzle
        self.profile = profile
        self.seed = seed
        self.language = language
    }
}

/// One record of a play log: one JSON object per line, `record` saying
/// which of the two kinds it is.
public enum PlayLogRecord: Sendable, Equatable {
    /// One move.
    case move(PlayMoveRecord)
    /// One finished game.
    case finish(PlayFinishRecord)

    /// The version of the records this build writes.
    public static let version = 1
}

/// A move of a play log: the game's fields, then the move's, in one flat
/// object.
public struct PlayMoveRecord: Codable, Sendable, Equatable {
    public var game: PlayGameInfo
    /// The move's number in the game (1-based).
    public var step: Int
    /// Milliseconds from the game's start to the move.
    public var elapsedMs: Int
    /// The level (1-based) the move was made on, for games of several levels.
    public var level: Int?
    public var move: PlayMove
    public var result: PlayResult
    /// The move was a hint.
    public var hint: Bool

    public init(game: PlayGameInfo, step: Int, elapsedMs: Int, level: Int?, move: PlayMove, result: PlayResult, hint: Bool) {
        self.game = game
        self.step = step
        self.elapsedMs = elapsedMs
        self.level = level
        self.move = move
        self.result = result
        self.hint = hint
    }

    private enum CodingKeys: String, CodingKey { case record, version, step, elapsedMs, level, move, result, hint }

    public init(from decoder: any Decoder) throws {
        game = try PlayGameInfo(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        step = try container.decode(Int.self, forKey: .step)
        elapsedMs = try container.decode(Int.self, forKey: .elapsedMs)
        level = try container.decodeIfPresent(Int.self, forKey: .level)
        move = try container.decode(PlayMove.self, forKey: .move)
        result = try container.decode(PlayResult.self, forKey: .result)
        hint = try container.decode(Bool.self, forKey: .hint)
    }

    public func encode(to encoder: any Encoder) throws {
        try game.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("move", forKey: .record)
        try container.encode(PlayLogRecord.version, forKey: .version)
        try container.encode(step, forKey: .step)
        try container.encode(elapsedMs, forKey: .elapsedMs)
        try container.encodeIfPresent(level, forKey: .level)
        try container.encode(move, forKey: .move)
        try container.encode(result, forKey: .result)
        try container.encode(hint, forKey: .hint)
    }
}

/// How a game ended.
public enum PlayOutcome: String, Codable, Sendable, CaseIterable {
    /// Played to its end.
    case completed
    /// No lives left.
    case lost
    /// The player gave up.
    case givenUp = "given-up"
}

/// A finished game of a play log: its time, mistakes and hints, and the
/// grade of its puzzles (what `calibrate` fits solve times to): the game's
/// fields, then the finish's, in one flat object.
public struct PlayFinishRecord: Codable, Sendable, Equatable {
    public var game: PlayGameInfo
    public var outcome: PlayOutcome
    /// Milliseconds from the game's start to its last move.
    public var solveMs: Int
    public var moves: Int
    public var mistakes: Int
    public var hints: Int
    /// The grade's label and score (the hand-set weights) of the game's
    /// puzzle (for several levels: the hardest label, the summed score).
    public var label: String
    public var score: Int
    /// The grade's numeric fields (FORMATS.md section 5, the grade schema:
    /// `steps`, `rounds`, `steps_<technique>`, …), summed over the levels.
    public var features: [String: Double]

    public init(game: PlayGameInfo, outcome: PlayOutcome, solveMs: Int, moves: Int, mistakes: Int, hints: Int,
                label: String, score: Int, features: [String: Double]) {
        self.game = game
        self.outcome = outcome
        self.solveMs = solveMs
        self.moves = moves
        self.mistakes = mistakes
        self.hints = hints
        self.label = label
        self.score = score
        self.features = features
    }

    private enum CodingKeys: String, CodingKey {
        case record, version, outcome, solveMs, moves, mistakes, hints, label, score, features
    }

    public init(from decoder: any Decoder) throws {
        game = try PlayGameInfo(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcome = try container.decode(PlayOutcome.self, forKey: .outcome)
        solveMs = try container.decode(Int.self, forKey: .solveMs)
        moves = try container.decode(Int.self, forKey: .moves)
        mistakes = try container.decode(Int.self, forKey: .mistakes)
        hints = try container.decode(Int.self, forKey: .hints)
        label = try container.decode(String.self, forKey: .label)
        score = try container.decode(Int.self, forKey: .score)
        features = try container.decode([String: Double].self, forKey: .features)
    }

    public func encode(to encoder: any Encoder) throws {
        try game.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("finish", forKey: .record)
        try container.encode(PlayLogRecord.version, forKey: .version)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(solveMs, forKey: .solveMs)
        try container.encode(moves, forKey: .moves)
        try container.encode(mistakes, forKey: .mistakes)
        try container.encode(hints, forKey: .hints)
        try container.encode(label, forKey: .label)
        try container.encode(score, forKey: .score)
        try container.encode(features, forKey: .features)
    }
}

extension PlayLogRecord {
    /// The record as one line of JSON with sorted keys, without the newline.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data?
        switch self {
        case .move(let record): data = try? encoder.encode(record)
        case .finish(let record): data = try? encoder.encode(record)
        }
        return data.flatMap { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Reads one line of a play log.
    ///
    /// - Throws: a one-line ``FormatError`` naming `file` and `line`.
    public static func read(_ text: Substring, file: String, line: Int) throws(FormatError) -> PlayLogRecord {
        struct Kind: Decodable { var record: String; var version: Int }
        let data = Data(text.utf8)
        let kind = try decodeJSON(Kind.self, from: data, file: file, line: line)
        guard kind.version == version else {
            throw FormatError("play log version \(kind.version) is not read by this build (it reads version \(version))",
                              at: SourceLocation(file: file, line: line))
        }
        switch kind.record {
        case "move": return .move(try decodeJSON(PlayMoveRecord.self, from: data, file: file, line: line))
        case "finish": return .finish(try decodeJSON(PlayFinishRecord.self, from: data, file: file, line: line))
        default:
            throw FormatError("record: expected \"move\" or \"finish\", found \"\(kind.record)\"", at: SourceLocation(file: file, line: line))
        }
    }
}
