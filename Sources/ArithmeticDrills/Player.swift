import Foundation

/// The player's settings that the engine uses.
public struct Preferences: Codable, Sendable, Equatable {
    public var difficulty: Difficulty = .easy
    public var adaptiveDifficulty: Bool = true
    public var sessionLength: Int = 10
    public var dailyGoal: Int = 20

    public init() {}
}

/// One child's record: sessions, daily progress,
/// streaks, totals, achievements and the adaptive ability estimate.
///
/// Every update takes its time from the result or the caller; the record
/// never reads a clock. Days and hours are counted in ``timeZone``.
///
///     var player = Player(name: "Mia", createdAt: now, timeZone: "Europe/Berlin")
///     player.beginSession(id: "s1", at: now)
///     let unlocked = player.record(result)
///     player.finishSession(at: later)
public struct Player: Codable, Sendable, Equatable {
    public var name: String
    public var createdAt: Date
    public var lastActiveAt: Date
    /// The time zone identifier days and hours are counted in (`UTC`, `Europe/Berlin`).
    public var timeZone: String
    public var preferences: Preferences
    /// Every session, oldest first.
    public var sessions: [Session]
    /// One entry per practice day, oldest first.
    public var progress: [DailyProgress]
    /// One entry per ``AchievementType``, in its order.
    public var achievements: [Achievement]
    public var currentStreak: Int
    public var longestStreak: Int
    public var totalExercises: Int
    public var totalStars: Int
    /// Correct answers in a row up to the latest answer.
    public var correctRun: Int
    /// The ability estimate with its uncertainty (see ``RatingConstants``).
    public var ability: EloRating
    /// The exercises this child has met, each rated by the answers to it
    /// (version 3 files; empty in a version 2 file until its results are
    /// replayed, see ``replayRatings(constants:)``).
    public var items: ItemBank

    public init(name: String, createdAt: Date, timeZone: String = "UTC") {
        self.name = name
        self.createdAt = createdAt
        self.lastActiveAt = createdAt
        self.timeZone = timeZone
        self.preferences = Preferences()
        self.sessions = []
        self.progress = []
        self.achievements = AchievementType.allCases.map { Achievement(type: $0) }
        self.currentStreak = 0
        self.longestStreak = 0
        self.totalExercises = 0
        self.totalStars = 0
        self.correctRun = 0
        self.ability = EloRating()
        self.items = ItemBank()
    }

    enum CodingKeys: String, CodingKey {
        case name, createdAt, lastActiveAt, timeZone, preferences, sessions, progress, achievements
        case currentStreak, longestStreak, totalExercises, totalStars, correctRun, ability, items
    }

    /// Reads a player; `items` is optional (version 2 files have none).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        lastActiveAt = try c.decode(Date.self, forKey: .lastActiveAt)
        timeZone = try c.decode(String.self, forKey: .timeZone)
        preferences = try c.decode(Preferences.self, forKey: .preferences)
        sessions = try c.decode([Session].self, forKey: .sessions)
        progress = try c.decode([DailyProgress].self, forKey: .progress)
        achievements = try c.decode([Achievement].self, forKey: .achievements)
        currentStreak = try c.decode(Int.self, forKey: .currentStreak)
        longestStreak = try c.decode(Int.self, forKey: .longestStreak)
        totalExercises = try c.decode(Int.self, forKey: .totalExercises)
        totalStars = try c.decode(Int.self, forKey: .totalStars)
        correctRun = try c.decode(Int.self, forKey: .correctRun)
        ability = try c.decode(EloRating.self, forKey: .ability)
        items = try c.decodeIfPresent(ItemBank.self, forKey: .items) ?? ItemBank()
    }

    /// Recomputes the ability and the item bank from scratch by replaying
    /// every recorded result in time order (ties in session order) through
    /// the uncertainty model — what a file of an older version gets on
    /// loading, since its ratings were computed against fixed exercise ratings.
    public mutating func replayRatings(constants: RatingConstants = .standard) {
        ability = EloRating(uncertainty: constants.startUncertainty)
        items = ItemBank()
        let results = sessions.flatMap(\.exercises).enumerated()
            .sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }.map(\.element)
        for result in results {
            items.rate(result.exercise, outcome: result.outcome, seconds: result.timeSpent,
                       child: &ability, at: result.timestamp, constants: constants)
        }
    }

    /// The player's time zone (UTC when the identifier is unknown).
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? .gmt }

    /// The achievement of `type`.
    public func achievement(_ type: AchievementType) -> Achievement {
        achievements.first { $0.type == type } ?? Achievement(type: type)
    }

    /// The achievements unlocked so far, in table order.
    public var unlocked: [AchievementType] { achievements.filter(\.isUnlocked).map(\.type) }

    /// The streaks as seen at `now` (a streak lapses once a whole day passes
    /// without practice, even before the next answer).
    public func streaks(at now: Date) -> Streaks {
        let seen = Streaks(days: progress.map(\.day), today: Day(now, in: zone))
        return Streaks(current: seen.current, longest: max(seen.longest, longestStreak))
    }

    /// The daily progress of `day`, if the player practised then.
    public func progress(on day: Day) -> DailyProgress? {
        progress.first { $0.day == day }
    }

    /// Opens a session at `date` with the preferred length as its goal
    /// (an open session is finished first, at `date`).
    public mutating func beginSession(id: String, at date: Date) {
        if let last = sessions.indices.last, sessions[last].endTime == nil { _ = finishSession(at: date) }
        sessions.append(Session(id: id, startTime: date, sessionGoal: preferences.sessionLength))
        update(Day(date, in: zone)) { $0.sessionsCount += 1 }
        lastActiveAt = max(lastActiveAt, date)
    }

    /// Records an answer in the open session (opening one at the answer's
    /// start when none is open): totals, the day's progress, streaks, the
    /// ability estimate and achievements.
    ///
    /// The exercise and the ability are both rated (``ItemBank/rate(_:outcome:seconds:deadline:child:at:constants:)``),
    /// with the exercise's own deadline unless `deadline` is given.
    ///
    /// - Returns: the achievements this answer unlocked, in table order.
    @discardableResult
    public mutating func record(_ result: ExerciseResult, deadline: TimeInterval? = nil,
                                constants: RatingConstants = .standard) -> [AchievementType] {
        if sessions.last.map({ $0.endTime != nil }) ?? true {
            beginSession(id: "session-\(sessions.count + 1)", at: result.timestamp.addingTimeInterval(-result.timeSpent))
        }
        let last = sessions.count - 1
        sessions[last].exercises.append(result)
        totalExercises += 1
        totalStars += result.stars
        correctRun = result.isCorrect ? correctRun + 1 : 0
        let day = Day(result.timestamp, in: zone)
        update(day) {
            $0.exercisesCompleted += 1
            $0.correctAnswers += result.isCorrect ? 1 : 0
            $0.totalTime += result.timeSpent
        }
        let streaks = Streaks(days: progress.map(\.day), today: day)
        currentStreak = streaks.current
        longestStreak = max(longestStreak, streaks.longest)
        lastActiveAt = max(lastActiveAt, result.timestamp)
        items.rate(result.exercise, outcome: result.outcome, seconds: result.timeSpent, deadline: deadline,
                   child: &ability, at: result.timestamp, constants: constants)

        let hour = Day.hour(of: result.timestamp, in: zone)
        var values: [(AchievementType, Int)] = [
            (.exercises10, totalExercises), (.exercises50, totalExercises),
            (.exercises100, totalExercises), (.exercises500, totalExercises),
            (.streak3, currentStreak), (.streak7, currentStreak), (.streak30, currentStreak),
            (.perfect10, correctRun),
            (.speedDemon, Self.fastCorrectRun(sessions[last].exercises)),
        ]
        if hour < AchievementType.earlyBirdBeforeHour { values.append((.earlyBird, 1)) }
        if hour >= AchievementType.nightOwlFromHour { values.append((.nightOwl, 1)) }
        return advance(values, at: result.timestamp)
    }

    /// Finishes the open session at `date`.
    ///
    /// - Returns: the achievements this unlocked (`star_collector`).
    @discardableResult
    public mutating func finishSession(at date: Date) -> [AchievementType] {
        guard let last = sessions.indices.last, sessions[last].endTime == nil else { return [] }
        sessions[last].finish(at: date)
        lastActiveAt = max(lastActiveAt, date)
        let session = sessions[last]
        let allStars = session.isCompleted && !session.exercises.isEmpty && session.exercises.allSatisfy { $0.stars == 3 }
        return allStars ? advance([(.allStars, 1)], at: date) : []
    }

    /// The correct answers at the end of `results` that are in a row and
    /// whose times add up to at most two minutes (capped at 10).
    static func fastCorrectRun(_ results: [ExerciseResult]) -> Int {
        var count = 0
        var seconds: TimeInterval = 0
        for result in results.reversed() {
            guard result.isCorrect, seconds + result.timeSpent <= AchievementType.speedDemonSeconds else { break }
            seconds += result.timeSpent
            count += 1
            if count == AchievementType.speedDemon.target { break }
        }
        return count
    }

    private mutating func advance(_ values: [(AchievementType, Int)], at date: Date) -> [AchievementType] {
        var unlocked: [AchievementType] = []
        for (type, value) in values {
            if !achievements.contains(where: { $0.type == type }) { achievements.append(Achievement(type: type)) }
            for index in achievements.indices where achievements[index].type == type {
                if achievements[index].advance(to: value, at: date) { unlocked.append(type) }
            }
        }
        return AchievementType.allCases.filter(unlocked.contains)
    }

    private mutating func update(_ day: Day, _ change: (inout DailyProgress) -> Void) {
        if let index = progress.firstIndex(where: { $0.day == day }) {
            change(&progress[index])
        } else {
            var entry = DailyProgress(day: day)
            change(&entry)
            progress.append(entry)
            progress.sort { $0.day < $1.day }
        }
    }
}
