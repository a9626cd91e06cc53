import Foundation
import PuzzleKit

/// Saves and loads a ``Player`` as a versioned JSON file.
///
/// Version 3 (this engine) is `{"version": 3, "player": {…}}` with the
/// ``Player`` keys, sorted: the ability carries its uncertainty and the time
/// of its latest answer, and `items` holds the child's item bank (every
/// exercise met, with rating, uncertainty, answers, latest answer and
/// deadline). Version 2 is the same without `items` and with an ability of
/// only `rating` and `answers` (computed against fixed exercise ratings);
/// loading one keeps everything it holds and recomputes the ratings by
/// replaying its results (``Player/replayRatings(constants:)``). Version 1 is
/// the plain ``UserV1`` record encoded by Swift's default `Codable`,
/// without a `version` key (or with `"version": 1`): daily progress holds the
/// sessions, and nothing says which time zone its days were counted in.
/// Loading a version 1 file migrates it (see ``migrate(_:timeZone:)``);
/// saving always writes version 3.
/// Dates in both are Swift's default: seconds since 2001-01-01 00:00 UTC.
///
/// Saving is atomic: the bytes go to a temporary file beside the target,
/// which is then renamed over it, so a crash leaves the old file or the new
/// one, never half of one.
public struct DrillStore: Sendable {
    public let url: URL
    /// The version ``save(_:)`` writes.
    public static let currentVersion = 3

    public init(url: URL) {
        self.url = url
    }

    /// Saves the player atomically, creating the directory if needed.
    ///
    /// A file that cannot be written is left as it was.
    ///
    /// - Throws: ``StoreError`` when the file cannot be written.
    public func save(_ player: Player) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.encode(player).write(to: url, options: .atomic)
        } catch {
            throw StoreError(description: "\(url.path): cannot save the player: \(error.localizedDescription)")
        }
    }

    /// Loads the player, or `nil` when there is no file yet.
    ///
    /// A file that cannot be read is never changed: the error says what is
    /// wrong and the file stays for the user to repair or restore.
    ///
    /// - Parameter timeZone: the time zone a version 1 file's days were
    ///   counted in (version 2 and 3 files name their own).
    /// - Throws: `FormatError` when the file is not a player of a
    ///   known version.
    public func load(timeZone: String = "UTC") throws(FormatError) -> Player? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FormatError("cannot read the file: \(error.localizedDescription)", at: SourceLocation(file: url.path, line: 1))
        }
        return try Self.decode(data, file: url.path, timeZone: timeZone)
    }

    /// The version 3 bytes of a player.
    public static func encode(_ player: Player) throws -> Data {
        try canonicalJSONEncoder(pretty: true).encode(FileV2(version: currentVersion, player: player))
    }

    /// A player from the bytes of a version 1, 2 or 3 file.
    public static func decode(_ data: Data, file: String, timeZone: String = "UTC") throws(FormatError) -> Player {
        let version = try decodeJSON(VersionProbe.self, from: data, file: file, line: 1).version ?? 1
        switch version {
        case 1: return migrate(try decodeJSON(UserV1.self, from: data, file: file, line: 1), timeZone: timeZone)
        case 2:
            var player = try decodeJSON(FileV2.self, from: data, file: file, line: 1).player
            player.replayRatings()
            return player
        case 3: return try decodeJSON(FileV2.self, from: data, file: file, line: 1).player
        default:
            throw FormatError("version \(version) is not known to this engine (it reads versions 1, 2 and 3)", at: SourceLocation(file: file, line: 1))
        }
    }

    /// Migrates a version 1 user: sessions are taken out of the daily
    /// progress and ordered by start; daily progress is re-keyed by the day
    /// its date falls on in `timeZone`; achievements keep their state (and
    /// missing ones are added locked); the ability and the item bank are
    /// replayed from the recorded results (``Player/replayRatings(constants:)``).
    public static func migrate(_ user: UserV1, timeZone: String) -> Player {
        var player = Player(name: user.name, createdAt: user.createdAt, timeZone: timeZone)
        player.lastActiveAt = user.lastActiveAt
        if let p = user.preferences {
            player.preferences.difficulty = p.difficulty ?? player.preferences.difficulty
            player.preferences.adaptiveDifficulty = p.adaptiveDifficulty ?? player.preferences.adaptiveDifficulty
            player.preferences.sessionLength = p.sessionLength ?? player.preferences.sessionLength
            player.preferences.dailyGoal = p.dailyGoal ?? player.preferences.dailyGoal
        }
        let zone = player.zone
        var days: [Day: DailyProgress] = [:]
        var sessions: [Session] = []
        for entry in user.progress {
            let day = Day(entry.date, in: zone)
            var merged = days[day] ?? DailyProgress(day: day)
            merged.exercisesCompleted += entry.exercisesCompleted
            merged.correctAnswers += entry.correctAnswers
            merged.totalTime += entry.totalTime
            merged.sessionsCount += entry.sessionsCount
            days[day] = merged
            for s in entry.sessions ?? [] {
                var session = Session(id: s.id, startTime: s.startTime, sessionGoal: s.sessionGoal)
                session.endTime = s.endTime
                session.isCompleted = s.isCompleted
                session.exercises = s.exercises.map { r in
                    var result = ExerciseResult(exercise: Exercise(r.exercise.type, r.exercise.firstNumber, r.exercise.secondNumber, difficulty: r.exercise.difficulty),
                                                userAnswer: r.userAnswer, attempts: r.attempts, timeSpent: r.timeSpent,
                                                hintsUsed: r.hintsUsed, timestamp: r.timestamp)
                    result.isCorrect = r.isCorrect
                    return result
                }
                sessions.append(session)
            }
        }
        player.progress = days.values.sorted { $0.day < $1.day }
        player.sessions = sessions.sorted { ($0.startTime, $0.id) < ($1.startTime, $1.id) }
        player.achievements = AchievementType.allCases.map { type in
            guard let old = user.achievements.first(where: { $0.type == type }) else { return Achievement(type: type) }
            return Achievement(type: type, unlockedAt: old.unlockedAt, progress: old.progress)
        }
        player.currentStreak = user.currentStreak
        player.longestStreak = user.longestStreak
        player.totalExercises = user.totalExercises
        player.totalStars = user.totalStars
        let results = player.sessions.flatMap(\.exercises).sorted { $0.timestamp < $1.timestamp }
        var run = 0
        for result in results { run = result.isCorrect ? run + 1 : 0 }
        player.correctRun = run
        player.replayRatings()
        return player
    }

    struct VersionProbe: Decodable { var version: Int? }

    /// A version 2 or 3 file (the player's keys tell them apart).
    struct FileV2: Codable {
        var version: Int
        var player: Player
    }
}

/// Why a player could not be saved, as one line.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}

/// A player's record as a version 1 file holds it (Swift's default
/// `Codable` keys; avatar, sticker and display settings in it are ignored).
public struct UserV1: Codable, Sendable {
    public struct ExerciseV1: Codable, Sendable {
        public var id: String?
        public var type: OperationType
        public var firstNumber: Int
        public var secondNumber: Int
        public var difficulty: Difficulty
        public var visualHint: String?
        public var createdAt: Date?
    }

    public struct ExerciseResultV1: Codable, Sendable {
        public var id: String?
        public var exerciseId: String?
        public var exercise: ExerciseV1
        public var userAnswer: Int
        public var isCorrect: Bool
        public var attempts: Int
        public var timeSpent: Double
        public var hintsUsed: [HintType]
        public var timestamp: Date
    }

    public struct SessionV1: Codable, Sendable {
        public var id: String
        public var startTime: Date
        public var endTime: Date?
        public var exercises: [ExerciseResultV1]
        public var isCompleted: Bool
        public var sessionGoal: Int
    }

    public struct DailyProgressV1: Codable, Sendable {
        public var date: Date
        public var exercisesCompleted: Int
        public var correctAnswers: Int
        public var totalTime: Double
        public var sessionsCount: Int
        public var sessions: [SessionV1]?
    }

    public struct AchievementV1: Codable, Sendable {
        public var id: String?
        public var type: AchievementType
        public var unlockedAt: Date?
        public var progress: Int
        public var target: Int
    }

    public struct PreferencesV1: Codable, Sendable {
        public var difficulty: Difficulty?
        public var adaptiveDifficulty: Bool?
        public var sessionLength: Int?
        public var dailyGoal: Int?
    }

    public var id: String?
    public var name: String
    public var createdAt: Date
    public var lastActiveAt: Date
    public var progress: [DailyProgressV1]
    public var achievements: [AchievementV1]
    public var preferences: PreferencesV1?
    public var currentStreak: Int
    public var longestStreak: Int
    public var totalExercises: Int
    public var totalStars: Int
}
