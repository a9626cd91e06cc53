import ArithmeticDrills
import Foundation
import PuzzleKit
import Testing

@Suite struct UncertaintyTests {
    let constants = RatingConstants.standard

    @Test func gainsGrowWithOwnAndShrinkWithTheOtherUncertainty() {
        let k = constants
        #expect(k.gains(child: 1, item: 0).child == k.childGain * (1 + k.ownWeight))
        #expect(k.gains(child: 0, item: 0) == (k.childGain, k.itemGain))
        for u in stride(from: 0.0, through: 1, by: 0.1) {
            #expect(k.gains(child: u + 0.05, item: 0.3).child > k.gains(child: u, item: 0.3).child)
            #expect(k.gains(child: 0.3, item: u + 0.05).child <= k.gains(child: 0.3, item: u).child)
            #expect(k.gains(child: 0.3, item: u + 0.05).item > k.gains(child: 0.3, item: u).item)
            #expect(k.gains(child: u, item: u).child >= 0 && k.gains(child: u, item: u).item >= 0)
        }
        // A settled exercise barely moves on a new child's answer.
        #expect(k.gains(child: 1, item: 0).item < k.gains(child: 0, item: 1).item)
    }

    @Test func deadlinesAndSkipsInTheScoreRule() {
        let hard = Exercise(.addition, 7, 5, difficulty: .hard), easy = Exercise(.addition, 3, 1, difficulty: .easy)
        #expect(constants.deadline(for: hard) == 26 && constants.deadline(for: easy) == 12)
        #expect(constants.score(.right, seconds: 6, deadline: 12) == 0.5)
        #expect(constants.score(.wrong, seconds: 6, deadline: 24) == -0.75)
        #expect(constants.score(.right, seconds: 40, deadline: 12) == 0)
        #expect(constants.score(.wrong, seconds: .nan, deadline: 12) == 0)
        #expect(constants.score(.skipped, seconds: 1, deadline: 12) == constants.skipScore)
        // A skip costs a child who was expected to do well, and helps the exercise.
        var child = EloRating(rating: 1, answers: 50, uncertainty: 0)
        var item = EloRating(rating: 0, answers: 50, uncertainty: 0)
        constants.update(child: &child, item: &item, score: constants.score(.skipped, seconds: 3, deadline: 12), at: at())
        #expect(child.rating < 1 && item.rating > 0)
    }

    /// Over many random answer sequences: U stays within its bounds, falls by
    /// one step per answer, rises with days away, and ratings stay finite.
    @Test func uncertaintyStaysInBoundsAndFollowsAnswersAndTime() {
        for seed in 1...200 {
            var rng = SplitMix64(seed: UInt64(seed))
            var child = EloRating(), item = EloRating(rating: 0.5)
            var date = at()
            for _ in 0..<60 {
                let gapDays = Double(rng.index(below: 40)) * (rng.index(below: 4) == 0 ? 1 : 0.01)
                date = date.addingTimeInterval(gapDays * 86_400)
                let before = child.uncertainty
                var aged = child
                constants.age(&aged, to: date)
                #expect(aged.uncertainty >= before)
                let outcome = RatedAnswer.allCases[rng.index(below: 3)]
                let score = constants.score(outcome, seconds: Double(rng.index(below: 30)), deadline: 20)
                constants.update(child: &child, item: &item, score: score, at: date)
                #expect(abs(child.uncertainty - max(0, aged.uncertainty - constants.uncertaintyPerAnswer)) < 1e-12)
                for u in [child.uncertainty, item.uncertainty] {
                    #expect(u >= constants.minimumUncertainty && u <= constants.maximumUncertainty, "seed \(seed)")
                }
                #expect(child.rating.isFinite && item.rating.isFinite)
                #expect(child.lastAnswer == date)
            }
        }
        // After enough answers U is at its minimum; a month away raises it again.
        var child = EloRating()
        var item = EloRating()
        for i in 0..<40 { constants.update(child: &child, item: &item, score: 0, at: at(hours: Double(i) / 60)) }
        #expect(child.uncertainty == constants.minimumUncertainty)
        var later = child
        constants.age(&later, to: (child.lastAnswer ?? at()).addingTimeInterval(30 * 86_400))
        #expect(abs(later.uncertainty - 30 * constants.uncertaintyPerDay) < 1e-9)
    }

    @Test func theItemBankIsSeededFromFeaturesAndRatedOnEveryAnswer() {
        var bank = ItemBank()
        var child = EloRating()
        let hard = Exercise(.addition, 7, 5, difficulty: .hard), easy = Exercise(.subtraction, 4, 2, difficulty: .easy)
        bank.rate(hard, outcome: .right, seconds: 5, child: &child, at: at())
        bank.rate(easy, outcome: .wrong, seconds: 2, child: &child, at: at(hours: 13))
        bank.rate(hard, outcome: .right, seconds: 4, child: &child, at: at(hours: 14))
        #expect(bank.items.map(\.item) == ["4 - 2", "7 + 5"])
        let entry = bank["7 + 5"]
        #expect(entry?.rating.answers == 2 && entry?.deadline == 26)
        #expect((entry?.rating.rating ?? 0) < hard.features.initialRating)  // answered right fast: easier than thought
        #expect((bank[easy]?.rating.rating ?? 0) > easy.features.initialRating)
        #expect(child.answers == 3)
        // The same exercise in another range is the same item.
        #expect(bank[Exercise(.addition, 7, 5, difficulty: .medium)] == entry)
        // Insertion order does not reach the saved order.
        let reversed = ItemBank(bank.items.reversed())
        #expect(reversed == bank)
    }

    @Test func playerRecordRatesTheExerciseAndTheChild() {
        var player = Player(name: "Mia", createdAt: at())
        let exercise = Exercise(.addition, 7, 5, difficulty: .hard)
        player.record(result(12, time: 3, at: at(hours: 9), exercise: exercise))
        player.record(.skipped(Exercise(.addition, 8, 6, difficulty: .hard), timeSpent: 4, timestamp: at(hours: 9.1)))
        #expect(player.items.items.map(\.item) == ["7 + 5", "8 + 6"])
        #expect(player.items["7 + 5"]?.rating.answers == 1)
        #expect(player.ability.answers == 2 && player.ability.uncertainty < 1)
        #expect(player.sessions.last?.exercises.last?.isSkipped == true)
        #expect(player.sessions.last?.exercises.last?.stars == 0)
        // Replaying gives back the same ratings.
        var replayed = player
        replayed.replayRatings()
        #expect(replayed == player)
    }

    @Test func thePickerReadsTheChildsBank() {
        var player = Player(name: "Mia", createdAt: at())
        let fact = Exercise(.addition, 7, 5, difficulty: .hard)
        for i in 0..<30 { player.record(result(12, time: 1, at: at(hours: 9 + Double(i) / 60), exercise: fact)) }
        let picker = AdaptivePicker(difficulty: .hard, bank: player.items)
        let rated = picker.ratings.first { $0.exercise == fact }?.rating
        #expect(rated == player.items[fact]?.rating.rating && rated != fact.features.initialRating)
        let other = Exercise(.addition, 2, 2, difficulty: .hard)
        #expect(picker.ratings.first { $0.exercise == other }?.rating == other.features.initialRating)
    }

    /// The constants table of docs/families/drills.md mirrors `RatingConstants.standard`.
    @Test func theDocumentedConstantsTableMatchesTheCode() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/families/drills.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "**Rating constants**"))
        var documented: [String: Double] = [:]
        for line in text[start.upperBound...].split(separator: "\n").prefix(20) where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let value = cells[1].replacingOccurrences(of: " s", with: "")
            let parts = value.split(separator: "/").compactMap { Double($0) }
            documented[name] = parts.count == 2 ? parts[0] / parts[1] : parts.first
        }
        let table = RatingConstants.standard.table
        #expect(documented.count == table.count)
        for (name, value) in table {
            let shown = try #require(documented[name], "\(name) is not in the documented table")
            #expect(abs(shown - value) < 1e-12, "\(name): documented \(shown), code \(value)")
        }
    }

    static var fixtureURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/drills-player-v2.json")
    }

    /// `Tests/Fixtures/drills-player-v2.json` is a version 2 file as the
    /// engine before the item bank wrote it (the busy player of
    /// PersistenceTests, its ability from the 1/n rule against fixed ratings).
    @Test func aVersion2FileLoadsAndMigrates() throws {
        let data = try Data(contentsOf: Self.fixtureURL)
        let player = try DrillStore.decode(data, file: "drills-player-v2.json")
        let expected = PersistenceTests.busyPlayer()
        #expect(player.sessions == expected.sessions && player.progress == expected.progress)
        #expect(player.achievements == expected.achievements && player.currentStreak == expected.currentStreak)
        #expect(player.totalExercises == 24 && player.totalStars == expected.totalStars)
        // The ratings are recomputed from the 24 results: the item bank is filled.
        #expect(player.ability == expected.ability && player.items == expected.items)
        #expect(player.ability.answers == 24 && player.ability.lastAnswer != nil)
        #expect(player.items.items.map(\.item) == ["3 + 4"])
        #expect(player.items["3 + 4"]?.rating.answers == 24)
        // Saved again it is version 3, and loads unchanged.
        let dir = try PersistenceTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = DrillStore(url: dir.appendingPathComponent("p.json"))
        try store.save(player)
        #expect(try String(contentsOf: store.url, encoding: .utf8).contains("\"version\" : 3"))
        #expect(try String(contentsOf: store.url, encoding: .utf8).contains("\"items\""))
        #expect(try store.load() == player)
    }

    @Test func aCorruptFileGivesOneLineAndStaysAsItWas() throws {
        let dir = try PersistenceTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("p.json")
        let store = DrillStore(url: url)
        try store.save(PersistenceTests.busyPlayer())
        var bytes = try Data(contentsOf: url)
        bytes = bytes.prefix(bytes.count / 2)
        try bytes.write(to: url)
        do {
            _ = try store.load()
            Issue.record("a truncated file loaded")
        } catch {
            #expect(error.description.hasPrefix(url.path + ":1: "))
            #expect(!error.description.contains("\n"))
        }
        #expect(try Data(contentsOf: url) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.json"])
    }

    @Test func version3KeepsSkipsAndOlderResultsReadWithoutTheKey() throws {
        var player = Player(name: "Ben", createdAt: at())
        player.record(.skipped(sample, timeSpent: 3, timestamp: at(hours: 10)))
        player.record(result(7, time: 3, at: at(hours: 10.1)))
        let data = try DrillStore.encode(player)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.components(separatedBy: "isSkipped").count == 2)  // written only when true
        #expect(try DrillStore.decode(data, file: "p.json") == player)
    }

    @Test func aSmallTrackingRunIsDeterministicAndBothModelsLearn() {
        var settings = TrackingSettings()
        settings.learners = 60
        settings.answers = 60
        settings.checkpoints = [0, 10, 60]
        settings.itemCheckpoints = [0]
        let report = simulateTracking(settings)
        #expect(report == simulateTracking(settings))
        #expect(report.ability.map(\.answers) == [0, 10, 60])
        for m in 0..<2 {
            #expect(report.ability[2].rmse[m] < report.ability[0].rmse[m] * 0.8)
            #expect(abs(report.ability[2].successRate[m] - 0.75) < 0.1)
        }
        // True abilities rise with practice.
        #expect(report.ability[2].meanAbility > report.ability[0].meanAbility + 0.3)
        // Long-format rows: every table for both models.
        #expect(Set(report.csvRows.compactMap { row in row.fields.first { $0.key == "model" }?.value.csvText }) == ["current", "uncertainty"])
        var other = settings
        other.seed = 2
        #expect(simulateTracking(other).ability != report.ability)
    }

    /// Static learners and a bank with noisy true difficulties: the
    /// uncertainty model's exercise ratings move toward the truth.
    @Test func itemRatingsConvergeTowardTheTruth() {
        for seed in 1...3 {
            var settings = TrackingSettings()
            settings.seed = seed
            settings.learners = 150
            settings.answers = 100
            settings.learning = .none
            settings.holidayChance = 0
            settings.itemNoise = 0.6
            settings.checkpoints = [0, 100]
            settings.itemCheckpoints = [0]
            let report = simulateTracking(settings)
            let first = report.items[0].rmse[1], last = report.items[report.items.count - 1].rmse[1]
            #expect(last < first * 0.85, "seed \(seed): \(first) -> \(last)")
            #expect(report.ability[1].rmse[1] < 0.45, "seed \(seed)")
        }
    }
}
