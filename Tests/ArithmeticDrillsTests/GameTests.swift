import ArithmeticDrills
import Foundation
import Testing

@Suite struct GameTests {
    let sheet = Puzzle(id: "g", difficulty: .easy, exercises: [Exercise(.addition, 3, 4, difficulty: .easy),
                                                              Exercise(.subtraction, 5, 2, difficulty: .easy),
                                                              Exercise(.addition, 1, 1, difficulty: .easy)])

    @Test func answersTriesHintsAndStars() {
        var game = ArithmeticDrillsFamily().startSession(sheet)
        #expect(game.current == sheet.exercises[0])
        game.show(at: at(hours: 10))
        #expect(game.answer(7, at: at(hours: 10).addingTimeInterval(4)) == .correct(stars: 3))
        game.show(at: at(hours: 11))
        #expect(game.answer(4, at: at(hours: 11)) == .tryAgain(attemptsLeft: 2))
        game.useHint(.fingerCount)
        #expect(game.answer(3, at: at(hours: 11).addingTimeInterval(9)) == .correct(stars: 2))
        game.show(at: at(hours: 12))
        #expect(game.answer(3, at: at(hours: 12)) == .tryAgain(attemptsLeft: 2))
        #expect(game.answer(4, at: at(hours: 12)) == .tryAgain(attemptsLeft: 1))
        #expect(game.answer(5, at: at(hours: 12)) == .wrong(correctAnswer: 2))
        #expect(game.isFinished && game.current == nil)
        #expect(game.answer(2, at: at()) == .finished)
        #expect(game.results.map(\.stars) == [3, 2, 0])
        #expect(game.results.map(\.attempts) == [1, 2, 3])
        #expect(game.results[0].timeSpent == 4 && game.results[1].timeSpent == 9)
        #expect(game.results[1].hintsUsed == [.fingerCount])
        #expect(game.stars == 5)
    }

    @Test func aThirdTryRightEarnsOneStarAndGamesSurviveCoding() throws {
        var game = GameSession(sheet: sheet)
        _ = game.answer(1, at: at())
        _ = game.answer(2, at: at())
        #expect(game.answer(7, at: at()) == .correct(stars: 1))
        let data = try JSONEncoder().encode(game)
        #expect(try JSONDecoder().decode(GameSession.self, from: data) == game)
        // Results feed a player.
        var player = Player(name: "x", createdAt: at())
        for r in game.results { player.record(r) }
        #expect(player.totalStars == 1)
    }
}
