import Foundation
import PuzzleKit
import Testing
@testable import ArithmeticDrills

/// Drills played through `PlayGame`: answers with three tries, stars,
/// streaks, hints from the grader, the rating, refusals.
@Suite struct PlayTests {
    static let family = ArithmeticDrillsFamily()

    static func sheet(_ profile: String = "hard", seed: Int) throws -> Puzzle {
        try family.gamePuzzles(try family.profile(named: profile), seed: seed)[0]
    }

    /// Over 30 seeds of every profile, the right answers finish the sheet
    /// with three stars each, a streak of all of them and no mistake.
    @Test(arguments: ArithmeticDrillsFamily().profiles.map(\.id))
    func solutionMovesCompleteTheSheet(_ profile: String) throws {
        for seed in 1...30 {
            let sheet = try Self.sheet(profile, seed: seed)
            var game = try PlayGame(Self.family, puzzles: [sheet])
            let moves = Self.family.solutionMoves([sheet])
            #expect(moves.count == sheet.exercises.count)
            for move in moves {
                let reply = game.play(move)
                #expect(reply.result == .right, "\(profile) seed \(seed): \(move)")
            }
            let status = game.view.status
            let count = sheet.exercises.count
            #expect(status.finished && status.completed && status.mistakes == 0 && status.hints == 0)
            #expect(status.stars == 3 * count && status.streak == count && status.level == count && status.levels == count)
            #expect(game.view.items.count == count && game.view.items.allSatisfy { $0.state == "done" })
            #expect(game.view.actions.isEmpty && game.view.prompt == nil)
        }
    }

    /// Only a sheet whose exercises keep the rules can be played.
    @Test func aGameNeedsAValidSheet() throws {
        #expect(throws: (any Error).self) { try PlayGame(Self.family, puzzles: []) }
        #expect(throws: (any Error).self) { try PlayGame(Self.family, puzzles: [Puzzle(id: "e", difficulty: .easy, exercises: [])]) }
        let negative = Puzzle(id: "n", difficulty: .easy, exercises: [Exercise(.subtraction, 2, 5, difficulty: .easy)])
        #expect(throws: (any Error).self) { try PlayGame(Self.family, puzzles: [negative]) }
        #expect(try PlayGame(Self.family, puzzles: [try Self.sheet(seed: 1)]).view.status.levels == 10)
    }

    /// A wrong answer is `wrong`: twice "try again", the third time the
    /// right answer is shown, the exercise scores no star and the streak
    /// starts again. Right at the second try earns two stars.
    @Test func wrongAnswersCostTriesAndStars() throws {
        let sheet = try Self.sheet(seed: 7)
        let first = sheet.exercises[0], second = sheet.exercises[1]
        var game = try PlayGame(Self.family, puzzles: [sheet])
        #expect(game.view.prompt == first.text(.english) + " =")
        var reply = game.play(PlayMove("answer", value: String(first.correctAnswer + 1)))
        #expect(reply.result == .wrong && reply.message == "Not quite. Try again: 2 tries left.")
        #expect(reply.view.status.level == 1 && reply.view.status.mistakes == 1)
        reply = game.play(PlayMove("answer", value: String(first.correctAnswer + 2)))
        #expect(reply.result == .wrong && reply.message == "Not quite. Try again: 1 try left.")
        reply = game.play(PlayMove("answer", value: "0"))
        #expect(reply.result == .wrong && reply.message == "Not this time: \(first.text(.english)) = \(first.correctAnswer).")
        #expect(reply.view.status.level == 2 && reply.view.status.mistakes == 3 && reply.view.status.stars == 0)
        #expect(reply.view.status.streak == 0 && reply.view.items.map(\.state) == ["wrong"])
        _ = game.play(PlayMove("answer", value: String(second.correctAnswer + 1)))
        reply = game.play(PlayMove("answer", value: " \(second.correctAnswer) "))
        #expect(reply.result == .right && reply.message == "Right! 2 stars.")
        #expect(reply.view.status.stars == 2 && reply.view.status.streak == 1 && reply.view.status.mistakes == 4)
        #expect(reply.view.items.map(\.state) == ["wrong", "done"])
    }

    /// A hint is the grader's step for the exercise shown (the sentence of
    /// the trace's step that decides its answer); it costs the third star.
    @Test func aHintIsTheGradersStepAndCostsAStar() throws {
        for seed in 1...10 {
            let sheet = try Self.sheet(seed: seed)
            let trace = try Self.family.trace(sheet, solutionsUpTo2: nil, timeLimit: nil)
            var game = try PlayGame(Self.family, puzzles: [sheet])
            for (index, exercise) in sheet.exercises.enumerated() {
                let step = try #require(trace.steps.first { $0.reads == [.item(index)] })
                #expect(step.decides == [TraceDecision(.item(index), .value(String(exercise.correctAnswer)))])
                let hint = game.play(PlayMove("hint", value: index % 2 == 0 ? nil : "finger"))
                #expect(hint.result == .neutral && hint.hint)
                #expect(hint.message == Self.family.sentence(step, in: sheet, language: .english))
                #expect(hint.view.status.hints == index + 1)
                #expect(game.play(PlayMove("answer", value: String(exercise.correctAnswer))).message == "Right! 2 stars.")
            }
            #expect(game.view.status.stars == 2 * sheet.exercises.count && game.view.status.completed)
        }
    }

    /// `ms` is the time the exercise took: it goes into the result, and a
    /// quick right answer moves the rating up more than a slow one; a wrong
    /// one moves it down. The title shows the rating.
    @Test func theRatingFollowsRightnessAndTime() throws {
        let sheet = try Self.sheet(seed: 3)
        let answer = String(sheet.exercises[0].correctAnswer)
        func rating(after move: PlayMove) -> EloRating {
            var session = Self.family.startSession(sheet)
            _ = Self.family.play(move, in: &session, language: .english)
            return ArithmeticDrillsFamily.rating(session)
        }
        let quick = rating(after: PlayMove("answer", value: answer, ms: 1_500))
        let slow = rating(after: PlayMove("answer", value: answer, ms: 9_000))
        var session = Self.family.startSession(sheet)
        for _ in 0..<3 { _ = Self.family.play(PlayMove("answer", value: "99", ms: 2_000), in: &session, language: .english) }
        let wrong = ArithmeticDrillsFamily.rating(session)
        #expect(quick.rating > 0 && quick.rating > slow.rating && slow.rating > wrong.rating && wrong.rating < 0)
        #expect(quick.answers == 1 && wrong.answers == 1)
        #expect(session.results[0].timeSpent == 2)
        let view = Self.family.view(of: session, language: .english)
        #expect(view.title == "Exercise 2 of 10 · your rating \(Language.english.decimal(wrong.rating, places: 1))")
        // The game's clock runs on: the next exercise starts when the first ended.
        _ = Self.family.play(PlayMove("answer", value: "99", ms: 500), in: &session, language: .english)
        #expect(session.shownAt == Date(timeIntervalSinceReferenceDate: 2))
    }

    /// Refused moves change nothing and say why in one sentence.
    @Test func refusalsChangeNothing() throws {
        let sheet = try Self.sheet(seed: 11)
        var game = try PlayGame(Self.family, puzzles: [sheet])
        _ = game.play(PlayMove("answer", value: "99"))
        let refused = [
            PlayMove("answer"), PlayMove("answer", value: "seven"), PlayMove("answer", value: ""), PlayMove("answer", value: "3.5"),
            PlayMove("answer", value: "99999999999999999999999"), PlayMove("answer", value: "4", ms: -1),
            PlayMove("hint", value: "smell"), PlayMove("select", row: 0, column: 0), PlayMove("next"),
        ]
        for move in refused {
            let before = game.view
            let reply = game.play(move)
            #expect(reply.result == .refused, "\(move)")
            #expect(reply.view == before, "\(move)")
            let message = try #require(reply.message)
            #expect(!message.isEmpty && !message.contains("\n"))
        }
        #expect(game.play(PlayMove("answer", value: "seven")).message == "'seven' is not a number. Type the answer as a number.")
        for move in Self.family.solutionMoves([sheet]) { _ = game.play(move) }
        let done = game.view
        #expect(done.status.completed)
        #expect(game.play(PlayMove("answer", value: "1")).result == .refused && game.view == done)
    }

    /// A German sheet: every view's sentences and every reply's message
    /// (hints, tries, refusals) without an English word.
    @Test func germanGamesHaveNoEnglishWord() throws {
        var texts: [String] = []
        for profile in Self.family.profiles.map(\.id) {
            for seed in 1...5 {
                let sheet = try Self.sheet(profile, seed: seed)
                var game = try PlayGame(Self.family, puzzles: [sheet], language: .german)
                func record(_ reply: PlayReply) {
                    texts += [reply.message ?? "", reply.view.title, reply.view.instructions] + reply.view.items.map(\.text)
                }
                record(game.play(PlayMove("answer", value: "x")))
                // The refusal of an unknown move names the moves by their codes, as the API does.
                #expect(game.play(PlayMove("jump")).message?.hasPrefix("'jump' ist hier kein Zug") == true)
                for (i, exercise) in sheet.exercises.enumerated() {
                    record(game.play(PlayMove("hint")))
                    for wrong in 0..<(i % 3) { record(game.play(PlayMove("answer", value: String(exercise.correctAnswer + 1 + wrong)))) }
                    record(game.play(PlayMove("answer", value: String(exercise.correctAnswer))))
                }
            }
        }
        #expect(texts.contains("Richtig! 2 Sterne.") && texts.contains("Alle Aufgaben geschafft. Super!"))
        let english = englishWords(in: texts.joined(separator: "\n"), language: .german, catalogues: [DrillsMessages.catalogue])
        #expect(english.isEmpty, "\(english)")
        #expect(DrillsMessages.catalogue.problems() == [])
    }
}
