import ArithmeticDrills
import Foundation
import PuzzleKit
import Testing

@Suite struct PersistenceTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drills-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A player with sessions over several days, streaks and achievements.
    static func busyPlayer() -> Player {
        var player = Player(name: "Mia", createdAt: at(), timeZone: "Europe/Berlin")
        player.preferences.sessionLength = 5
        for day in 0..<4 {
            player.beginSession(id: "day-\(day)", at: at(day: day, hours: 6))
            for i in 0..<6 {
                player.record(result(i == 3 ? 6 : 7, attempts: i == 2 ? 2 : 1, time: 4, hints: i == 4 ? [.visual] : [],
                                     at: at(day: day, hours: 6 + Double(i) / 60)))
            }
            player.finishSession(at: at(day: day, hours: 7))
        }
        return player
    }

    @Test func sessionsStreaksAndAchievementsSurviveSaveAndLoad() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = DrillStore(url: dir.appendingPathComponent("nested/player.json"))
        #expect(try store.load() == nil)
        let player = Self.busyPlayer()
        #expect(player.currentStreak == 4 && player.unlocked.contains(.streak3) && player.unlocked.contains(.earlyBird))
        #expect(player.unlocked.contains(.exercises10))
        try store.save(player)
        let loaded = try #require(try store.load())
        #expect(loaded == player)
        #expect(loaded.sessions.count == 4 && loaded.progress.count == 4)
        #expect(loaded.achievement(.streak3).unlockedAt == player.achievement(.streak3).unlockedAt)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("nested").path) == ["player.json"])
        let text = try String(contentsOf: store.url, encoding: .utf8)
        #expect(text.contains("\"version\" : 3"))
        // Saving the same player twice gives the same bytes.
        let first = try Data(contentsOf: store.url)
        try store.save(loaded)
        #expect(try Data(contentsOf: store.url) == first)
    }

    /// A version 1 file: a player's record with Swift's default Codable
    /// encoding (dates as seconds since 2001), sessions inside daily progress.
    static let v1 = """
    {
      "id": "6F9619FF-8B86-D011-B42D-00CF4FC964FF",
      "name": "Ben",
      "avatar": {"character": "rocket", "color": "blue", "accessories": []},
      "createdAt": 785000000,
      "lastActiveAt": 785100000,
      "progress": [
        {"date": 785030400, "exercisesCompleted": 2, "correctAnswers": 1, "totalTime": 9, "sessionsCount": 1,
         "sessions": [{"id": "S1", "startTime": 785050000, "endTime": 785050100, "isCompleted": false, "sessionGoal": 10,
           "exercises": [
             {"id": "R1", "exerciseId": "E1", "exercise": {"id": "E1", "type": "plus", "firstNumber": 3, "secondNumber": 4, "difficulty": 2, "visualHint": null, "createdAt": 785050000},
              "userAnswer": 7, "isCorrect": true, "attempts": 1, "timeSpent": 4, "hintsUsed": [], "timestamp": 785050004},
             {"id": "R2", "exerciseId": "E2", "exercise": {"id": "E2", "type": "minus", "firstNumber": 5, "secondNumber": 2, "difficulty": 2, "createdAt": 785050010},
              "userAnswer": 4, "isCorrect": false, "attempts": 3, "timeSpent": 5, "hintsUsed": ["finger"], "timestamp": 785050015}
           ]}]},
        {"date": 785116800, "exercisesCompleted": 0, "correctAnswers": 0, "totalTime": 0, "sessionsCount": 0, "sessions": []}
      ],
      "achievements": [{"id": "A1", "type": "first_10", "unlockedAt": null, "progress": 2, "target": 10},
                       {"id": "A2", "type": "early_bird", "unlockedAt": 785050004, "progress": 1, "target": 1}],
      "preferences": {"difficulty": 3, "adaptiveDifficulty": false, "sessionLength": 12, "dailyGoal": 30, "soundEnabled": true},
      "currentStreak": 2, "longestStreak": 5, "totalExercises": 2, "totalStars": 3
    }
    """

    @Test func aVersion1FileLoadsAndMigrates() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("player.json")
        try Data(Self.v1.utf8).write(to: url)
        let store = DrillStore(url: url)
        let player = try #require(try store.load(timeZone: "UTC"))
        #expect(player.name == "Ben" && player.timeZone == "UTC")
        #expect(player.createdAt == Date(timeIntervalSinceReferenceDate: 785_000_000))
        #expect(player.preferences.difficulty == .medium && !player.preferences.adaptiveDifficulty)
        #expect(player.preferences.sessionLength == 12 && player.preferences.dailyGoal == 30)
        #expect(player.sessions.count == 1 && player.sessions[0].id == "S1")
        #expect(player.sessions[0].exercises.map(\.stars) == [3, 0])
        #expect(player.sessions[0].exercises[1].hintsUsed == [.fingerCount])
        #expect(player.sessions[0].duration == 100)
        #expect(player.progress.map(\.day) == [Day(Date(timeIntervalSinceReferenceDate: 785_030_400), in: TimeZone(identifier: "UTC")!),
                                               Day(Date(timeIntervalSinceReferenceDate: 785_116_800), in: TimeZone(identifier: "UTC")!)])
        #expect(player.progress[0].accuracy == 0.5)
        #expect(player.currentStreak == 2 && player.longestStreak == 5 && player.totalExercises == 2 && player.totalStars == 3)
        #expect(player.achievements.map(\.type) == AchievementType.allCases)
        #expect(player.achievement(.exercises10).progress == 2 && !player.achievement(.exercises10).isUnlocked)
        #expect(player.achievement(.earlyBird).unlockedAt == Date(timeIntervalSinceReferenceDate: 785_050_004))
        #expect(player.ability.answers == 2)
        #expect(player.correctRun == 0)
        // Saved again, it is version 3 and loads unchanged.
        try store.save(player)
        #expect(try String(contentsOf: url, encoding: .utf8).contains("\"version\" : 3"))
        #expect(try store.load() == player)
        // An explicit "version": 1 reads the same way.
        let tagged = Self.v1.replacingOccurrences(of: "\"name\": \"Ben\",", with: "\"name\": \"Ben\", \"version\": 1,")
        #expect(try DrillStore.decode(Data(tagged.utf8), file: "p.json") == DrillStore.decode(Data(Self.v1.utf8), file: "p.json"))
    }

    @Test(arguments: [
        ("not json", "p.json:1: expected valid JSON"),
        (#"{"version": 4, "player": {}}"#, "p.json:1: version 4 is not known to this engine (it reads versions 1, 2 and 3)"),
        (#"{"version": 2}"#, "p.json:1: missing key 'player'"),
        (#"{"name": "x"}"#, "p.json:1: missing key 'createdAt'"),
    ])
    func badFilesGiveOneLineErrors(_ text: String, _ expected: String) {
        do {
            _ = try DrillStore.decode(Data(text.utf8), file: "p.json")
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }
}
