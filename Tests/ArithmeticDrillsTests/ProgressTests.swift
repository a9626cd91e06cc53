import ArithmeticDrills
import Foundation
import PuzzleKit
import Testing

/// 2026-11-23 00:00:00 UTC plus `hours`.
func at(day: Int = 0, hours: Double = 12) -> Date {
    Date(timeIntervalSince1970: 1_795_392_000 + Double(day) * 86_400 + hours * 3600)
}

let sample = Exercise(.addition, 3, 4, difficulty: .easy)

func result(_ answer: Int = 7, attempts: Int = 1, time: Double = 5, hints: [HintType] = [], at date: Date = at(), exercise: Exercise = sample) -> ExerciseResult {
    ExerciseResult(exercise: exercise, userAnswer: answer, attempts: attempts, timeSpent: time, hintsUsed: hints, timestamp: date)
}

@Suite struct ProgressTests {
    @Test func starsFollowTheSeed() {
        #expect(result(attempts: 1).stars == 3)
        #expect(result(attempts: 1, hints: [.visual]).stars == 2)
        #expect(result(attempts: 2).stars == 2)
        #expect(result(attempts: 2, hints: [.numberLine]).stars == 2)
        #expect(result(attempts: 3).stars == 1)
        #expect(result(attempts: 9, hints: [.audio, .fingerCount]).stars == 1)
        #expect(result(6, attempts: 1).stars == 0)
        #expect(result(6, attempts: 3).stars == 0)
        #expect(result(6).isCorrect == false && result(7).isCorrect)
        #expect(HintType.allCases.map(\.rawValue) == ["visual", "audio", "finger", "line"])
    }

    @Test func sessionGoalStarsAccuracyAndDuration() {
        var session = Session(id: "s", startTime: at(hours: 10))
        #expect(session.sessionGoal == 10)
        #expect(session.duration == nil && session.accuracy == 0 && session.starsEarned == 0)
        session.exercises = [result(attempts: 1), result(attempts: 2), result(6), result(attempts: 4)]
        #expect(session.starsEarned == 3 + 2 + 0 + 1)
        #expect(session.accuracy == 0.75)
        session.finish(at: at(hours: 10.5))
        #expect(session.duration == 1800)
        #expect(!session.isCompleted)  // 4 of 10
        var full = Session(id: "f", startTime: at(), sessionGoal: 4)
        full.exercises = session.exercises
        full.finish(at: at())
        #expect(full.isCompleted)
    }

    @Test func dailyAccuracyAndMeanTime() {
        #expect(DailyProgress(day: Day(year: 2026, month: 1, day: 1)).accuracy == 0)
        #expect(DailyProgress(day: Day(year: 2026, month: 1, day: 1)).averageTimePerExercise == 0)
        let p = DailyProgress(day: Day(year: 2026, month: 1, day: 1), exercisesCompleted: 8, correctAnswers: 6, totalTime: 40, sessionsCount: 1)
        #expect(p.accuracy == 0.75 && p.averageTimePerExercise == 5)
    }

    @Test func playerTotalsAndDailyProgress() {
        var player = Player(name: "Mia", createdAt: at())
        player.beginSession(id: "a", at: at(hours: 9))
        player.record(result(at: at(hours: 9.01)))
        player.record(result(6, time: 7, at: at(hours: 9.02)))
        player.finishSession(at: at(hours: 9.1))
        player.record(result(attempts: 2, time: 3, at: at(day: 1, hours: 9)))  // opens a session itself
        #expect(player.totalExercises == 3 && player.totalStars == 5)
        #expect(player.sessions.count == 2)
        #expect(player.sessions[1].startTime == at(day: 1, hours: 9).addingTimeInterval(-3))
        let first = player.progress(on: Day(at(), in: player.zone))
        #expect(first?.exercisesCompleted == 2 && first?.correctAnswers == 1 && first?.totalTime == 12 && first?.sessionsCount == 1)
        #expect(first?.accuracy == 0.5 && first?.averageTimePerExercise == 6)
        #expect(player.progress.count == 2)
    }

    @Test func streaksCountCalendarDaysInTheGivenTimeZone() {
        // 23:30 UTC on day 0 and 00:30 UTC on day 1: two days in UTC, one in
        // New York (18:30 and 19:30 on the same local day).
        for (zone, expected) in [("UTC", 2), ("America/New_York", 1)] {
            var player = Player(name: "x", createdAt: at(), timeZone: zone)
            player.record(result(at: at(day: 0, hours: 23.5)))
            player.record(result(at: at(day: 1, hours: 0.5)))
            #expect(player.currentStreak == expected, "\(zone)")
            #expect(player.progress.count == expected)
        }
        // Berlin: 23:30 UTC is already the next day.
        #expect(Day(at(day: 0, hours: 23.5), in: TimeZone(identifier: "Europe/Berlin")!) == Day(year: 2026, month: 11, day: 24))
    }

    @Test func currentAndLongestStreak() {
        func d(_ n: Int) -> Day { Day(at(day: n), in: TimeZone(identifier: "UTC")!) }
        let days = [0, 1, 2, 5, 6, 9, 10, 11, 12].map(d)
        #expect(Streaks(days: days, today: d(12)) == Streaks(current: 4, longest: 4))
        #expect(Streaks(days: days, today: d(13)) == Streaks(current: 4, longest: 4))  // yesterday still counts
        #expect(Streaks(days: days, today: d(14)) == Streaks(current: 0, longest: 4))  // a whole day missed
        #expect(Streaks(days: days, today: d(6)) == Streaks(current: 2, longest: 4))
        #expect(Streaks(days: days + days, today: d(2)) == Streaks(current: 3, longest: 4))
        #expect(Streaks(days: [], today: d(0)) == Streaks(current: 0, longest: 0))
        // Across a month and a year end.
        let newYear = [Day(year: 2025, month: 12, day: 30), Day(year: 2025, month: 12, day: 31), Day(year: 2026, month: 1, day: 1)]
        #expect(Streaks(days: newYear, today: Day(year: 2026, month: 1, day: 1)).current == 3)
        let leap = [Day(year: 2028, month: 2, day: 28), Day(year: 2028, month: 2, day: 29), Day(year: 2028, month: 3, day: 1)]
        #expect(Streaks(days: leap, today: Day(year: 2028, month: 3, day: 1)).current == 3)
        #expect(Streaks(days: [Day(year: 2027, month: 2, day: 28), Day(year: 2027, month: 3, day: 1)], today: Day(year: 2027, month: 3, day: 1)).current == 2)
    }

    /// Property: the streaks equal a day-by-day brute force over random day sets.
    @Test func streaksMatchABruteForce() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let days = (0..<rng.index(below: 15)).map { _ in rng.index(below: 30) }
            let today = rng.index(below: 32)
            var longest = 0, run = 0
            for n in 0..<32 {
                run = days.contains(n) ? run + 1 : 0
                longest = max(longest, run)
            }
            func runEnding(_ n: Int) -> Int {
                var k = 0
                while n - k >= 0 && days.contains(n - k) { k += 1 }
                return k
            }
            let current = days.contains(today) ? runEnding(today) : (today > 0 && days.contains(today - 1) ? runEnding(today - 1) : 0)
            func d(_ n: Int) -> Day { Day(at(day: n), in: TimeZone(identifier: "UTC")!) }
            #expect(Streaks(days: days.map(d), today: d(today)) == Streaks(current: current, longest: longest))
        }
    }

    @Test func playerStreaksLapseWithTime() {
        var player = Player(name: "x", createdAt: at())
        for n in 0..<3 { player.record(result(at: at(day: n))) }
        #expect(player.currentStreak == 3 && player.longestStreak == 3)
        #expect(player.streaks(at: at(day: 3)).current == 3)
        #expect(player.streaks(at: at(day: 4)).current == 0)
        #expect(player.streaks(at: at(day: 4)).longest == 3)
        player.record(result(at: at(day: 5)))
        #expect(player.currentStreak == 1 && player.longestStreak == 3)
    }
}

@Suite struct TimeZoneTests {
    @Test func anUnknownTimeZoneCountsInUTC() {
        var player = Player(name: "x", createdAt: at(), timeZone: "Mars/Olympus")
        player.record(result(at: at(hours: 23.5)))
        #expect(player.progress.map(\.day) == [Day(year: 2026, month: 11, day: 23)])
        #expect(player.achievement(.nightOwl).isUnlocked)
    }
}
