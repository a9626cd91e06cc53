import MorseCode
import PuzzleKit
import Testing

@Suite struct GameSessionTests {
    static func exercise(_ mode: ExerciseMode, text: String) throws -> Puzzle {
        let code = try MorseText.encode(text)
        return Puzzle(id: "t", mode: mode, difficulty: .beginner,
                        prompt: mode.promptIsCode ? code : text, answer: mode.promptIsCode ? text : code)
    }

    /// Feeds taps to a session as key presses and the pauses after them.
    static func tap(_ taps: [Tap], into session: inout GameSession) {
        for tap in taps {
            session.press(tap.press)
            session.pause(tap.gapAfter)
        }
    }

    @Test func typedAnswersAreCheckedAndRecordedUntilSolved() throws {
        var session = MorseCodeFamily().startSession(try Self.exercise(.codeToWord, text: "SEA"))
        #expect(!session.isSolved && session.attempts == 0)
        #expect(!session.submit("SET", seconds: 3).isCorrect)
        #expect(session.progress.getStatistics().totalAttempts == 3)
        #expect(session.progress.getStatistics().correctAttempts == 2)
        #expect(session.submit("sea", seconds: 3).isCorrect)
        #expect(session.isSolved && session.attempts == 2)
        #expect(session.progress.getStatistics().currentStreak == 3)
        // Once solved, answers are still checked but no longer recorded.
        #expect(!session.submit("SET", seconds: 1).isCorrect)
        #expect(session.attempts == 2 && session.progress.getStatistics().totalAttempts == 6)
        #expect(session.hint() == nil)
    }

    @Test func codeAnswersTypedOrTapped() throws {
        let exercise = try Self.exercise(.sentenceToCode, text: "SOS HELP")
        var typed = GameSession(exercise: exercise)
        #expect(typed.submit("... --- ... / .... . .-.. .--.", seconds: 10).isCorrect)

        for wpm in [5.0, 12, 20, 30] {
            var session = GameSession(exercise: exercise, wordsPerMinute: wpm)
            Self.tap(try Tap.perfect("SOS HELP", wordsPerMinute: wpm), into: &session)
            #expect(session.tapped == "SOS HELP")
            #expect(session.submitTaps(seconds: 10).isCorrect, "\(wpm) wpm")
            #expect(session.tapped.isEmpty)
        }
    }

    @Test func tappedMistakesAndHints() throws {
        var session = GameSession(exercise: try Self.exercise(.wordToCode, text: "ET"), wordsPerMinute: 20)
        #expect(session.hint() == "E is .")
        // Seven dots are no symbol's code.
        for _ in 0..<7 {
            session.press(0.06)
            session.pause(0.06)
        }
        session.pause(0.2)
        session.press(0.18)
        #expect(session.tapped == "\u{FFFD}T")
        let check = session.submitTaps(seconds: 2)
        #expect(!check.isCorrect && check.symbols.map(\.correct) == [false, true])
        #expect(session.hint() == "E is .")
        #expect(session.hintsUsed == 2)
        #expect(session.progress.getWeakSymbols().isEmpty)   // one attempt is below the minimum
        session.clearTaps()
        session.press(0.06)
        session.pause(0.2)
        session.press(0.18)
        #expect(session.submitTaps(seconds: 2).isCorrect)
    }

    /// Every generated exercise of a text-to-code mode is solved by its own
    /// perfect taps at any speed, and its code-to-text twin by its text.
    @Test func generatedExercisesAreSolvable() throws {
        for profile in Profile.all {
            for seed in 1...5 {
                let exercise = Generator.generate(profile, seed: seed)
                var session = MorseCodeFamily().startSession(exercise)
                if exercise.mode.promptIsCode {
                    #expect(session.submit(exercise.answer.lowercased(), seconds: 5).isCorrect)
                } else {
                    Self.tap(try Tap.perfect(exercise.text, wordsPerMinute: 15), into: &session)
                    #expect(session.submitTaps(seconds: 5).isCorrect, "\(exercise.id)")
                }
                #expect(session.progress.getStatistics().accuracy == 1)
            }
        }
    }
}
