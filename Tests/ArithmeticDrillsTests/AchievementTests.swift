import ArithmeticDrills
import Foundation
import Testing

@Suite struct AchievementTests {
    @Test func namesAndTargetsAreTheSeeds() {
        let expected: [(String, Int)] = [
            ("first_10", 10), ("half_century", 50), ("century", 100), ("master_500", 500),
            ("streak_3", 3), ("week_warrior", 7), ("month_master", 30),
            ("perfect_10", 10), ("star_collector", 1), ("speed_demon", 10), ("early_bird", 1), ("night_owl", 1),
        ]
        #expect(AchievementType.allCases.map(\.rawValue) == expected.map(\.0))
        #expect(AchievementType.allCases.map(\.target) == expected.map(\.1))
        #expect(Player(name: "x", createdAt: at()).achievements.map(\.type) == AchievementType.allCases)
    }

    @Test func progressPercentageIsCapped() {
        var a = Achievement(type: .exercises50, progress: 20)
        #expect(a.progressPercentage == 0.4 && !a.isUnlocked)
        a = Achievement(type: .exercises10, progress: 25)
        #expect(a.progress == 10 && a.progressPercentage == 1)
    }

    /// Each count achievement unlocks on exactly its threshold answer, wrong answers included.
    @Test func countAchievementsUnlockAtTheirThresholds() {
        var player = Player(name: "x", createdAt: at())
        var unlockedAt: [AchievementType: Int] = [:]
        for n in 1...500 {
            // Midday, one session of 10 per day-ish; every third answer wrong.
            let r = result(n % 3 == 0 ? 6 : 7, time: 30, at: at(hours: 10 + Double(n) / 100))
            for type in player.record(r) { unlockedAt[type] = n }
        }
        #expect(unlockedAt[.exercises10] == 10)
        #expect(unlockedAt[.exercises50] == 50)
        #expect(unlockedAt[.exercises100] == 100)
        #expect(unlockedAt[.exercises500] == 500)
        #expect(player.achievement(.exercises50).unlockedAt == at(hours: 10.5))
        #expect(unlockedAt[.perfect10] == nil)  // never 10 right in a row
        #expect(player.achievement(.perfect10).progress == 2)
    }

    @Test func streakAchievementsUnlockAtThreeSevenAndThirtyDays() {
        var player = Player(name: "x", createdAt: at())
        var unlockedOn: [AchievementType: Int] = [:]
        for day in 0..<30 {
            for type in player.record(result(time: 30, at: at(day: day))) { unlockedOn[type] = day + 1 }
        }
        #expect(unlockedOn[.streak3] == 3)
        #expect(unlockedOn[.streak7] == 7)
        #expect(unlockedOn[.streak30] == 30)
        // A gap restarts the count.
        var gap = Player(name: "y", createdAt: at())
        for day in [0, 1, 3, 4] { gap.record(result(at: at(day: day))) }
        #expect(!gap.achievement(.streak3).isUnlocked && gap.achievement(.streak3).progress == 2)
    }

    @Test func perfectTenNeedsTenRightInARow() {
        var player = Player(name: "x", createdAt: at())
        for i in 0..<9 { #expect(player.record(result(time: 30, at: at(hours: 10 + Double(i) / 60))).isEmpty || i == 9) }
        player.record(result(6, time: 30, at: at(hours: 11)))
        for i in 0..<9 { player.record(result(time: 30, at: at(hours: 11 + Double(i + 1) / 60))) }
        #expect(!player.achievement(.perfect10).isUnlocked)
        #expect(player.record(result(time: 30, at: at(hours: 12))).contains(.perfect10))
    }

    @Test func speedDemonIsTenRightWithinTwoMinutes() {
        // Ten right answers of 12 s each: exactly 120 s — unlocked on the tenth.
        var fast = Player(name: "x", createdAt: at())
        fast.beginSession(id: "s", at: at())
        for i in 0..<9 { #expect(!fast.record(result(time: 12, at: at(hours: 12 + Double(i) / 300))).contains(.speedDemon)) }
        #expect(fast.record(result(time: 12, at: at(hours: 12.1))).contains(.speedDemon))
        // 12.01 s each: 120.1 s — not unlocked.
        var slow = Player(name: "y", createdAt: at())
        slow.beginSession(id: "s", at: at())
        for i in 0..<10 { slow.record(result(time: 12.01, at: at(hours: 12 + Double(i) / 300))) }
        #expect(!slow.achievement(.speedDemon).isUnlocked && slow.achievement(.speedDemon).progress == 9)
        // A wrong answer breaks the run.
        var broken = Player(name: "z", createdAt: at())
        broken.beginSession(id: "s", at: at())
        for i in 0..<10 { broken.record(result(i == 4 ? 6 : 7, time: 5, at: at(hours: 12 + Double(i) / 300))) }
        #expect(!broken.achievement(.speedDemon).isUnlocked)
        // Runs do not carry across sessions.
        var split = Player(name: "w", createdAt: at())
        split.beginSession(id: "a", at: at())
        for i in 0..<5 { split.record(result(time: 5, at: at(hours: 12 + Double(i) / 300))) }
        split.beginSession(id: "b", at: at(hours: 13))
        for i in 0..<5 { split.record(result(time: 5, at: at(hours: 13 + Double(i) / 300))) }
        #expect(!split.achievement(.speedDemon).isUnlocked)
    }

    @Test func earlyBirdAndNightOwlUseLocalHours() {
        func unlocked(_ hoursUTC: Double, _ zone: String = "UTC") -> [AchievementType] {
            var player = Player(name: "x", createdAt: at(), timeZone: zone)
            return player.record(result(time: 30, at: at(hours: hoursUTC))).filter { $0 == .earlyBird || $0 == .nightOwl }
        }
        #expect(unlocked(7.99) == [.earlyBird])
        #expect(unlocked(8) == [])
        #expect(unlocked(19.99) == [])
        #expect(unlocked(20) == [.nightOwl])
        #expect(unlocked(23.9) == [.nightOwl])
        #expect(unlocked(0) == [.earlyBird])
        // 07:30 UTC is 08:30 in Berlin (winter); 19:30 UTC is 20:30 there.
        #expect(unlocked(7.5, "Europe/Berlin") == [])
        #expect(unlocked(19.5, "Europe/Berlin") == [.nightOwl])
        #expect(unlocked(12.5, "America/New_York") == [.earlyBird])  // 07:30 local
    }

    @Test func starCollectorNeedsACompletedSessionOfThreeStarAnswers() {
        func play(goal: Int, answers: [ExerciseResult]) -> Player {
            var player = Player(name: "x", createdAt: at())
            player.preferences.sessionLength = goal
            player.beginSession(id: "s", at: at())
            for r in answers { player.record(r) }
            player.finishSession(at: at(hours: 13))
            return player
        }
        let threes = (0..<3).map { result(time: 30, at: at(hours: 12 + Double($0) / 60)) }
        #expect(play(goal: 3, answers: threes).achievement(.allStars).isUnlocked)
        #expect(!play(goal: 4, answers: threes).achievement(.allStars).isUnlocked)  // goal not reached
        let withTwo = threes.dropLast() + [result(attempts: 2, time: 30, at: at(hours: 12.5))]
        #expect(!play(goal: 3, answers: Array(withTwo)).achievement(.allStars).isUnlocked)
    }

    @Test func anAchievementUnlocksOnce() {
        var player = Player(name: "x", createdAt: at())
        var unlocks = 0
        for i in 0..<30 { unlocks += player.record(result(time: 30, at: at(hours: 10 + Double(i) / 60))).filter { $0 == .exercises10 }.count }
        #expect(unlocks == 1)
        #expect(player.achievement(.exercises10).unlockedAt == at(hours: 10 + 9.0 / 60))
    }
}
