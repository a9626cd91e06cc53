import Foundation

/// The achievements, with their JSON names and thresholds.
///
/// | achievement | unlocked when | target |
/// |---|---|---|
/// | `first_10` | 10 exercises answered | 10 |
/// | `half_century` | 50 exercises answered | 50 |
/// | `century` | 100 exercises answered | 100 |
/// | `master_500` | 500 exercises answered | 500 |
/// | `streak_3` | a streak of 3 days | 3 |
/// | `week_warrior` | a streak of 7 days | 7 |
/// | `month_master` | a streak of 30 days | 30 |
/// | `perfect_10` | 10 correct answers in a row | 10 |
/// | `star_collector` | a completed session with 3 stars on every answer | 1 |
/// | `speed_demon` | 10 correct answers in a row in one session within 2 minutes (their times add up to at most 120 s) | 10 |
/// | `early_bird` | an answer before 08:00 local time | 1 |
/// | `night_owl` | an answer at 20:00 local time or later | 1 |
public enum AchievementType: String, Codable, CaseIterable, Sendable {
    case exercises10 = "first_10"
    case exercises50 = "half_century"
    case exercises100 = "century"
    case exercises500 = "master_500"
    case streak3 = "streak_3"
    case streak7 = "week_warrior"
    case streak30 = "month_master"
    case perfect10 = "perfect_10"
    case allStars = "star_collector"
    case speedDemon = "speed_demon"
    case earlyBird = "early_bird"
    case nightOwl = "night_owl"

    /// The progress at which the achievement unlocks.
    public var target: Int {
        switch self {
        case .exercises10: return 10
        case .exercises50: return 50
        case .exercises100: return 100
        case .exercises500: return 500
        case .streak3: return 3
        case .streak7: return 7
        case .streak30: return 30
        case .perfect10: return 10
        case .allStars: return 1
        case .speedDemon: return 10
        case .earlyBird, .nightOwl: return 1
        }
    }

    /// The time window of ``speedDemon``, in seconds.
    public static let speedDemonSeconds: TimeInterval = 120
    /// ``earlyBird`` answers come before this local hour.
    public static let earlyBirdBeforeHour = 8
    /// ``nightOwl`` answers come at or after this local hour.
    public static let nightOwlFromHour = 20
}

/// One achievement's progress.
public struct Achievement: Codable, Sendable, Equatable {
    public var type: AchievementType
    public var unlockedAt: Date?
    /// Progress towards ``target``, never above it.
    public var progress: Int
    public var target: Int

    public init(type: AchievementType, unlockedAt: Date? = nil, progress: Int = 0) {
        self.type = type
        self.unlockedAt = unlockedAt
        self.progress = min(max(0, progress), type.target)
        self.target = type.target
    }

    public var isUnlocked: Bool { unlockedAt != nil }

    /// Progress ÷ target, at most 1.
    public var progressPercentage: Double {
        guard target > 0 else { return 1 }
        return min(Double(progress) / Double(target), 1.0)
    }

    /// Raises the progress to `value` (capped at the target) and unlocks at
    /// `date` when the target is reached. Returns true when this unlocked it.
    mutating func advance(to value: Int, at date: Date) -> Bool {
        progress = max(progress, min(value, target))
        guard !isUnlocked, progress >= target else { return false }
        unlockedAt = date
        return true
    }
}
