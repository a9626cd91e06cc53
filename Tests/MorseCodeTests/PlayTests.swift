import PuzzleKit
import Testing
@testable import MorseCode

/// Morse code played through `PlayGame`: typed answers, key presses and
/// pauses timed by the tap classifier, hints from the grader, refusals.
@Suite struct PlayTests {
    static let family = MorseCodeFamily()

    static func exercise(_ profile: String, seed: Int) throws -> Puzzle {
        try family.gamePuzzles(try family.profile(named: profile), seed: seed)[0]
    }

    /// Over 30 seeds of every profile, typing the expected answer solves
    /// the exercise at once.
    @Test(arguments: MorseCodeFamily().profiles.map(\.id))
    func solutionMovesSolveTheExercise(_ profile: String) throws {
        for seed in 1...30 {
            let exercise = try Self.exercise(profile, seed: seed)
            var game = try PlayGame(Self.family, puzzles: [exercise])
            #expect(game.view.prompt == exercise.prompt && !game.view.status.finished)
            let moves = Self.family.solutionMoves([exercise])
            #expect(moves.count == 1)
            for move in moves { #expect(game.play(move).result == .right, "\(profile) seed \(seed)") }
            let status = game.view.status
            #expect(status.finished && status.completed && status.mistakes == 0 && status.hints == 0)
            #expect(game.view.actions.isEmpty)
        }
    }

    /// The moves of a perfect sender: each press and the pause after it,
    /// in whole milliseconds.
    static func keyMoves(_ text: String, wordsPerMinute: Double) throws -> [PlayMove] {
        let taps = try Tap.perfect(text, wordsPerMinute: wordsPerMinute)
        return taps.enumerated().flatMap { i, tap in
            [PlayMove("press", ms: Int((tap.press * 1000).rounded()))]
                + (i < taps.count - 1 ? [PlayMove("pause", ms: Int((tap.gapAfter * 1000).rounded()))] : [])
        }
    }

    /// Sending with the key: presses and pauses of the right lengths, at
    /// the speed the classifier expects and at one it follows, spell the
    /// text (shown as the entry) and `submit` solves the exercise.
    @Test(arguments: ["word-to-code", "sentence-to-code"], [15.0, 10])
    func keyPressesOfTheRightLengthsSolveASendingExercise(_ mode: String, _ wordsPerMinute: Double) throws {
        for difficulty in ["beginner", "intermediate", "advanced"] {
            for seed in 1...30 {
                let exercise = try Self.exercise("\(mode)-\(difficulty)", seed: seed)
                var game = try PlayGame(Self.family, puzzles: [exercise])
                for move in try Self.keyMoves(exercise.text, wordsPerMinute: wordsPerMinute) {
                    #expect(game.play(move).result == .neutral)
                }
                #expect(game.view.entry == (try MorseText.normalize(exercise.text)), "\(exercise.id)")
                #expect(game.view.actions.contains("submit") && game.view.actions.contains("clear"))
                let reply = game.play(PlayMove("submit", ms: 4_000))
                #expect(reply.result == .right, "\(exercise.id) at \(wordsPerMinute) wpm")
                #expect(reply.view.status.completed && reply.view.status.mistakes == 0)
            }
        }
    }

    /// A wrong answer is `wrong` and counts a mistake; the player tries
    /// again (no lives). `clear` takes the taps back.
    @Test func wrongAnswersCountMistakes() throws {
        let exercise = Puzzle(id: "t", mode: .wordToCode, difficulty: .beginner, prompt: "SEA", answer: "... . .-")
        var game = try PlayGame(Self.family, puzzles: [exercise])
        var reply = game.play(PlayMove("type", value: "... - .-"))
        #expect(reply.result == .wrong && reply.message == "Not yet: 1 symbol is wrong. Try again.")
        #expect(reply.view.status.mistakes == 1 && !reply.view.status.finished && reply.view.status.lives == nil)
        reply = game.play(PlayMove("type", value: "... . .- ."))
        #expect(reply.result == .wrong && reply.message == "Not yet: the answer has too many symbols. Try again.")
        for move in try Self.keyMoves("SO", wordsPerMinute: 15) { _ = game.play(move) }
        #expect(game.view.entry == "SO")
        reply = game.play(PlayMove("clear"))
        #expect(reply.result == .neutral && reply.view.entry == nil && !reply.view.actions.contains("submit"))
        for move in try Self.keyMoves("TEN", wordsPerMinute: 15) { _ = game.play(move) }
        reply = game.play(PlayMove("submit"))
        #expect(reply.result == .wrong && reply.message == "Not yet: 2 symbols are wrong. Try again.")
        #expect(reply.view.status.mistakes == 3 && reply.view.entry == nil)
        reply = game.play(PlayMove("type", value: "... . .-"))
        #expect(reply.result == .right && reply.view.status.mistakes == 3 && reply.view.status.completed)
    }

    /// A hint shows the code of the first symbol (then of the first symbol
    /// the last answer got wrong): the symbol a step of the grader's trace
    /// decides.
    @Test(arguments: ["code-to-word-beginner", "word-to-code-intermediate", "sentence-to-code-advanced"])
    func aHintIsTheCodeOfASymbolTheTraceDecides(_ profile: String) throws {
        for seed in 1...30 {
            let exercise = try Self.exercise(profile, seed: seed)
            let symbols = Array(try MorseText.words(of: exercise.text).joined())
            let trace = try Self.family.trace(exercise, solutionsUpTo2: nil, timeLimit: nil)
            func decided(_ index: Int) -> String? {
                trace.steps.lazy.flatMap(\.decides).first { $0.place == .item(index) }.flatMap {
                    if case .value(let value) = $0.mark { return value } else { return nil }
                }
            }
            func expectHint(_ reply: PlayReply, _ index: Int) throws {
                let code = try #require(MorseTable.code(for: symbols[index]))
                #expect(reply.result == .neutral && reply.hint)
                #expect(reply.message == "\(symbols[index]) is \(code)")
                #expect(decided(index) == (exercise.mode.promptIsCode ? String(symbols[index]) : MorseTable.drawn(code)))
            }
            var game = try PlayGame(Self.family, puzzles: [exercise])
            try expectHint(game.play(PlayMove("hint")), 0)
            // An answer with the last symbol wrong.
            guard symbols.count >= 2 else { continue }
            let last = symbols.count - 1
            var given = exercise.text.uppercased()
            if let i = given.lastIndex(where: { !$0.isWhitespace }) { given.replaceSubrange(i...i, with: symbols[last] == "E" ? "T" : "E") }
            let typed = exercise.mode.promptIsCode ? given : try MorseText.encode(given)
            #expect(game.play(PlayMove("type", value: typed)).result == .wrong)
            let reply = game.play(PlayMove("hint"))
            try expectHint(reply, last)
            #expect(reply.view.status.hints == 2 && reply.view.status.mistakes == 1)
        }
    }

    /// Refused moves change nothing and say why in one sentence.
    @Test func refusalsChangeNothing() throws {
        let sending = try Self.exercise("word-to-code-beginner", seed: 2)
        var game = try PlayGame(Self.family, puzzles: [sending])
        _ = game.play(PlayMove("press", ms: 80))
        let refused = [
            PlayMove("press"), PlayMove("press", ms: 0), PlayMove("press", ms: -80), PlayMove("pause", ms: -1), PlayMove("pause"),
            PlayMove("type"), PlayMove("type", value: "  "), PlayMove("type", value: "..", ms: -5), PlayMove("submit", ms: -1),
            PlayMove("select", row: 0, column: 0), PlayMove("answer", value: "3"),
        ]
        for move in refused {
            let before = game.view
            let reply = game.play(move)
            #expect(reply.result == .refused, "\(move)")
            #expect(reply.view == before, "\(move)")
            let message = try #require(reply.message)
            #expect(!message.isEmpty && !message.contains("\n"))
        }
        // Reading has no key, and nothing to submit before a tap.
        var reading = try PlayGame(Self.family, puzzles: [try Self.exercise("code-to-word-beginner", seed: 2)])
        let before = reading.view
        #expect(before.actions == ["type", "hint", "give-up"])
        for move in [PlayMove("press", ms: 80), PlayMove("pause", ms: 80), PlayMove("submit"), PlayMove("clear")] {
            #expect(reading.play(move).result == .refused && reading.view == before, "\(move)")
        }
        // Solved: every move is refused.
        for move in Self.family.solutionMoves([sending]) { _ = game.play(move) }
        let done = game.view
        #expect(done.status.completed)
        #expect(game.play(PlayMove("hint")).result == .refused && game.view == done)
    }

    /// German games of every profile: views, hints, mistakes and refusals
    /// without an English word.
    @Test func germanGamesHaveNoEnglishWord() throws {
        var texts: [String] = []
        for profile in Self.family.profiles.map(\.id) {
            for seed in 1...5 {
                let exercise = try Self.exercise(profile, seed: seed)
                var game = try PlayGame(Self.family, puzzles: [exercise], language: .german)
                func record(_ reply: PlayReply) { texts += [reply.message ?? "", reply.view.title, reply.view.instructions] }
                record(game.play(PlayMove("hint")))
                record(game.play(PlayMove("type", value: exercise.mode.promptIsCode ? "QQQQ" : "--.- --.-")))
                record(game.play(PlayMove("type", value: exercise.answer + (exercise.mode.promptIsCode ? " E" : " / ."))))
                record(game.play(PlayMove("hint")))
                // The refusal of an unknown move names the moves by their codes, as the API does.
                #expect(game.play(PlayMove("jump")).message?.hasPrefix("'jump' ist hier kein Zug") == true)
                for move in Self.family.solutionMoves([exercise]) { record(game.play(move)) }
            }
        }
        #expect(texts.contains("Gelöst. Super gemacht!") && texts.contains("Noch nicht: Die Antwort hat zu viele Zeichen. Versuch es noch mal."))
        let english = englishWords(in: texts.joined(separator: "\n"), language: .german, catalogues: [MorseMessages.catalogue])
        #expect(english.isEmpty, "\(english)")
        #expect(MorseMessages.catalogue.problems() == [])
    }
}
