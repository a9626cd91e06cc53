import Foundation
import MorseCode
import PuzzleKit
import Testing

@Suite struct GraderTests {
    @Test func featuresAndLabels() {
        for direction in Direction.allCases {
            #expect(Grader.grade("TEA", direction: direction).difficulty == .beginner)
            #expect(Grader.grade("TEA", direction: direction).steps.contains { $0.feature == .confusablePair && $0.subject == "E/T" })
            #expect(Grader.grade("SOS", direction: direction).hardest == .longSymbol)
            #expect(Grader.grade("R2D2", direction: direction).difficulty == .advanced)
            #expect(Grader.grade("WHY?", direction: direction).hardest == .punctuation)
        }
        #expect(Grader.grade("SOS", direction: .recognition).score == 1 + 3 + 1)
        #expect(Grader.grade("SOS", direction: .production).score == 1 + 4 + 1)
        #expect(Grader.grade("TELEGRAPH", direction: .production).steps.contains { $0.feature == .ambiguousWord })
        #expect(Technique.allCases.map(\.gradeLabel) == ["Beginner", "Beginner", "Intermediate", "Intermediate", "Advanced", "Advanced", "Advanced"])
        #expect(Technique.allCases == Technique.allCases.sorted())
    }

    @Test func everyDifficultyHasMaterial() {
        for mode in ExerciseMode.allCases {
            for difficulty in Difficulty.allCases {
                #expect(Generator.pool(mode, difficulty: difficulty).count >= (mode.isSentence ? 5 : 10), "\(mode) \(difficulty)")
            }
        }
    }
}

/// Issue 35: reading a code (recognition) and sending it (production) are
/// graded differently, uniqueness counts the answers the learner faces, and
/// ambiguity is measured on what the learner sees.
@Suite struct DirectionGradeTests {
    let family = MorseCodeFamily()

    private func exercise(_ word: String, _ mode: ExerciseMode) throws -> Puzzle {
        let code = try MorseText.encode(word)
        return Puzzle(id: "x", mode: mode, difficulty: .beginner, prompt: mode.promptIsCode ? code : word,
                      answer: mode.promptIsCode ? word : code)
    }

    /// The same word read and sent: different scores, rows and sentences.
    @Test(arguments: ["TEN", "SOS", "QUIZ", "R2D2", "WHY?"])
    func sendingAWordGradesOtherwiseThanReadingIt(_ word: String) throws {
        let read = try family.grade(try exercise(word, .codeToWord), solutionsUpTo2: nil, explain: true, timeLimit: nil)
        let sent = try family.grade(try exercise(word, .wordToCode), solutionsUpTo2: nil, explain: true, timeLimit: nil)
        #expect(read.score != sent.score)
        #expect(read.explanation != sent.explanation)
        #expect(read.fields.first { $0.key == "direction" }?.value == .string("recognition"))
        #expect(sent.fields.first { $0.key == "direction" }?.value == .string("production"))
    }

    /// A spaced code decodes one way and a text has one code: the grade says
    /// unique for every mode (it said SEVERAL SOLUTIONS, counting the code
    /// run together), though `solve` still counts the run-together code.
    @Test(arguments: ExerciseMode.allCases)
    func aSpacedCodeAndATextGradeUnique(_ mode: ExerciseMode) throws {
        let text = mode.isSentence ? "SEND HELP NOW" : "TELEGRAPH"
        let puzzle = try exercise(text, mode)
        #expect(try family.grade(puzzle, solutionsUpTo2: 2, explain: false, timeLimit: nil).solutionsUpTo2 == 1)
        #expect(try family.count(puzzle, limits: CountLimits(solutions: 2)).solutionCount == 2)
    }

    /// Reading shows the letter gaps, so no word is ambiguous; sending the
    /// same word, the gaps are the sender's to keep.
    @Test func ambiguousWordIsZeroForASpacedCode() throws {
        for mode in ExerciseMode.allCases where mode.promptIsCode {
            let text = mode.isSentence ? "THE TELEGRAPH CHANGED EVERYTHING" : "TELEGRAPH"
            let grade = try family.grade(try exercise(text, mode), solutionsUpTo2: nil, explain: false, timeLimit: nil)
            #expect(grade.stepsPerTechnique.first { $0.technique.code == "ambiguous-word" }?.steps == 0)
            #expect(grade.fields.first { $0.key == "maxWordAmbiguity" }?.value == .string("1"))
        }
        let sent = try family.grade(try exercise("TELEGRAPH", .wordToCode), solutionsUpTo2: nil, explain: false, timeLimit: nil)
        #expect(sent.stepsPerTechnique.first { $0.technique.code == "ambiguous-word" }?.steps == 1)
        #expect(sent.fields.first { $0.key == "maxWordAmbiguity" }?.value == .string("1870780"))
    }

    /// Every sentence names its symbol and that symbol's code.
    @Test func sentencesNameTheSymbolAndItsCode() throws {
        for mode in [ExerciseMode.codeToWord, .wordToCode] {
            let grade = try family.grade(try exercise("QUIZ", mode), solutionsUpTo2: nil, explain: true, timeLimit: nil)
            for (symbol, code) in [("Q", "--.-"), ("U", "..-"), ("I", ".."), ("Z", "--..")] {
                #expect(grade.explanation.contains { $0.contains(symbol) && $0.contains(code) }, "\(mode) \(symbol)")
            }
        }
    }
}

@Suite struct GeneratorTests {
    @Test func generatedExercisesGradeAsAskedAndRepeat() throws {
        let family = MorseCodeFamily()
        for profile in family.profiles {
            for seed in 1...60 {
                let exercise = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
                #expect(Grader.grade(exercise).difficulty == profile.difficulty)
                #expect(exercise.mode == profile.mode)
                #expect(try MorseText.decode(exercise.code) == exercise.text)
                #expect(exercise.check(exercise.answer).isCorrect)
                let again = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
                #expect(family.write(again, as: .text, comments: []) == family.write(exercise, as: .text, comments: []))
            }
        }
    }

    /// `--difficulty` asks for the profile's own grade or is refused: the
    /// profile fixes the grade, so no other label can be honoured.
    @Test func aLabelOtherThanTheProfilesIsRefused() throws {
        let family = MorseCodeFamily()
        for profile in family.profiles {
            for label in family.gradeLabels {
                let request = GenerationRequest(seed: 1, unique: true, label: label)
                if label == profile.difficulty.label {
                    #expect(Grader.grade(try family.generate(profile, request).puzzle).difficulty.label == label)
                } else {
                    #expect(throws: GenerationFailure.self) { try family.generate(profile, request) }
                }
            }
        }
    }

    /// The format asks a sentence exercise for two words or more and a word
    /// exercise for exactly one: every built-in entry must fit its list.
    @Test func builtInListsFitTheirModes() throws {
        for sentence in WordLists.allSentences { #expect(try MorseText.words(of: sentence).count >= 2, "\(sentence)") }
        for word in WordLists.allWords { #expect(try MorseText.words(of: word).count == 1, "\(word)") }
    }

    @Test func generatedExercisesReadBack() throws {
        let family = MorseCodeFamily()
        for profile in family.profiles {
            for seed in 1...200 {
                let exercise = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
                for form in [PuzzleFormat.text, .json] {
                    let written = family.write(exercise, as: form, comments: [])
                    let read = family.read(Data(written.utf8), file: "e.\(form == .text ? "morse" : "json")")
                    #expect(read.count == 1 && (try? read[0].get()) == exercise, "\(exercise.id) \(form): \(read)")
                }
            }
        }
    }

    @Test func weakSymbolsAreFavoured() {
        for seed in 1...100 {
            let exercise = Generator.generate(Profile(mode: .codeToWord, difficulty: .intermediate), seed: seed, weakSymbols: ["Q"])
            #expect(exercise.text.contains("Q"))
        }
        var generator = Generator(seed: 1, weakSymbols: ["X"])
        let symbols = (0..<200).map { _ in generator.getNextSymbol() }
        #expect(symbols.filter { $0 == "X" }.count > 80)
    }
}

@Suite struct FormatTests {
    let family = MorseCodeFamily()

    @Test func textRoundTrip() throws {
        for profile in family.profiles {
            for seed in 1...20 {
                let exercise = Generator.generate(profile, seed: seed)
                let text = family.write(exercise, as: .text, comments: ["note"])
                #expect(try TextFormat.read(text, file: "x.morse") == exercise)
                let json = family.write(exercise, as: .jsonl, comments: [])
                #expect(try family.read(Data(json.utf8), file: "x.jsonl").map { try $0.get() } == [exercise])
            }
        }
    }

    @Test func readerAcceptsBlanksCommentsAndCase() throws {
        let text = "\u{FEFF}# hi\r\n\nmode:code-to-word\r\ndifficulty: beginner\nprompt:  -   .  -.\nanswer: ten\n"
        let exercise = try TextFormat.read(text, file: "dir/ten.morse")
        #expect(exercise == Puzzle(id: "ten", mode: .codeToWord, difficulty: .beginner, prompt: "- . -.", answer: "TEN"))
    }

    static let bad: [(String, String, Int)] = [
        ("mode: code-to-word\ndifficulty: beginner\nprompt: - . -.\n", "missing 'answer:'", 3),
        ("mode: code-to-word\nmode: code-to-word\n", "repeated key 'mode'", 2),
        ("difficulty: beginner\nmode: code-to-word\n", "must come before", 2),
        ("mode: code-to-word\nlevel: 1\n", "unknown key 'level'", 2),
        ("mode code-to-word\n", "expected 'key: value'", 1),
        ("mode: morse\ndifficulty: beginner\nprompt: .\nanswer: E\n", "unknown mode 'morse'", 1),
        ("mode: code-to-word\ndifficulty: easy\nprompt: .\nanswer: E\n", "unknown difficulty 'easy'", 2),
        ("mode: code-to-word\ndifficulty: beginner\nprompt: .-.-.-.-\nanswer: E\n", "expected code", 3),
        ("mode: code-to-word\ndifficulty: beginner\nprompt: . / .\nanswer: E E\n", "exactly one word", 4),
        ("mode: code-to-sentence\ndifficulty: beginner\nprompt: .\nanswer: E\n", "at least two words", 4),
        ("mode: word-to-code\ndifficulty: beginner\nprompt: TEA\nanswer: - . -.\n", "does not match", 4),
        ("mode: word-to-code\ndifficulty: beginner\nprompt: T%\nanswer: -\n", "expected text", 3),
        ("mode: word-to-code\ndifficulty:\nprompt: T\nanswer: -\n", "needs a value", 2),
        ("mode: word-to-code # no\n", "'#' starts a comment", 1),
        ("id: \r\r\r\r\nmode: code-to-word\ndifficulty: beginner\nprompt: .. -.\nanswer: IN\n", "a control character (U+000D)", 1),
        ("id: a\u{1}b\nmode: code-to-word\ndifficulty: beginner\nprompt: .. -.\nanswer: IN\n", "a control character (U+0001)", 1),
        ("", "missing 'mode:'", 1),
    ]

    @Test func readerRejectsWithOneLine() {
        for (text, message, line) in Self.bad {
            do {
                _ = try TextFormat.read(text, file: "bad.morse")
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.description.contains(message), "\(error)")
                #expect(error.location.line == line, "\(error)")
                #expect(!error.description.contains("\n"))
            }
        }
        let json = #"{"id":"x","mode":"codeToWord","difficulty":"beginner","prompt":"-","answer":"E"}"#
        #expect(throws: FormatError.self) { try JSONFormat.read(Data(json.utf8), file: "x.json") }
    }

    /// The JSON form reads through the text reader, so a field the text form
    /// cannot hold (a control character other than the tab) is refused by
    /// name; a tab or a Unicode space is kept, and the text written reads back.
    @Test func jsonFieldsWithControlCharactersAreRefusedByName() throws {
        func json(id: String, prompt: String = "- . -. -") -> Data {
            Data(JSONFormat.write(Puzzle(id: id, mode: .codeToWord, difficulty: .beginner, prompt: prompt, answer: "TENT"), pretty: false).utf8)
        }
        for (id, prompt, key) in [("a\nb", "- . -. -", "id"), ("\r", "- . -. -", "id"), ("a\u{85}", "- . -. -", "id"),
                                  ("x", "- .\r -. -", "prompt")] {
            #expect(throws: FormatError("\(key): expected text without control characters, found '\(key == "id" ? id : prompt)'",
                                        at: SourceLocation(file: "x.json", line: 1))) {
                try JSONFormat.read(json(id: id, prompt: prompt), file: "x.json")
            }
        }
        for id in ["a\tb", "a\u{A0}", "\u{2003}x"] {
            let exercise = try JSONFormat.read(json(id: id), file: "x.json")
            #expect(exercise.id == id)
            let again = try TextFormat.read(TextFormat.write(exercise), file: "again.morse")
            #expect(again.prompt == exercise.prompt && again.answer == exercise.answer)
        }
    }
}

/// A level pack spells `mode` as the command line does; the JSON reader
/// takes both spellings, and refuses any other naming both.
@Suite struct ModeSpellingTests {
    @Test func theReaderTakesBothSpellingsAndThePackWritesTheCommandLines() throws {
        let exercise = Puzzle(id: "x", mode: .wordToCode, difficulty: .beginner, prompt: "SEE", answer: "... . .")
        let json = JSONFormat.write(exercise, pretty: false)
        let packed = MorseCodeFamily().writePackJSON(exercise)
        #expect(json.contains(#""mode":"wordToCode""#) && packed.contains(#""mode":"word-to-code""#))
        #expect(packed == json.replacingOccurrences(of: "wordToCode", with: "word-to-code"))
        for text in [json, packed] {
            #expect(try JSONFormat.read(Data(text.utf8), file: "x.json").mode == .wordToCode)
        }
        let bad = json.replacingOccurrences(of: "wordToCode", with: "word_to_code")
        do {
            _ = try JSONFormat.read(Data(bad.utf8), file: "x.json")
            Issue.record("accepted word_to_code")
        } catch {
            #expect(error.description.contains("mode: expected one of codeToWord") && error.description.contains("word-to-code")
                    && error.description.contains("found 'word_to_code'"), "\(error)")
        }
    }
}

@Suite struct CountTests {
    @Test func countIsTheUnspacedDecodingCount() throws {
        let family = MorseCodeFamily()
        let exercise = Puzzle(id: "x", mode: .wordToCode, difficulty: .beginner, prompt: "SEE", answer: "... . .")
        let result = try family.count(exercise, limits: CountLimits(keepSolutions: 3))
        #expect(PuzzleNumber(result.solutionCount) == (try Solver.count(".....")))
        #expect(result.complete && result.stopReason == .exhausted)
        let capped = try family.count(exercise, limits: CountLimits(solutions: 2))
        #expect(capped.solutionCount == 2 && !capped.complete && capped.stopReason == .solutionLimit)
        let long = Puzzle(id: "y", mode: .sentenceToCode, difficulty: .advanced, prompt: String(repeating: "HOSPITAL ", count: 12),
                            answer: try MorseText.encode(String(repeating: "HOSPITAL ", count: 12)))
        let cappedLong = try family.count(long, limits: CountLimits(solutions: 2))
        #expect(cappedLong.solutionCount == 2 && !cappedLong.complete)
        let grade = try family.grade(exercise, solutionsUpTo2: nil, explain: true)
        #expect(grade.label == "Beginner")
    }

    /// 76 signals decode in more than Int.max ways: a count that does not fit
    /// is Int.max, a lower bound, so it is not complete and its stop reason
    /// says why (never `exhausted`, which means the count is exact).
    @Test func aCountBeyondIntMaxStopsByOverflowNotExhausted() throws {
        let family = MorseCodeFamily()
        let text = "LIGHTHOUSE KEEPERS WATCH THE OCEAN"
        let long = Puzzle(id: "z", mode: .sentenceToCode, difficulty: .advanced, prompt: text, answer: try MorseText.encode(text))
        #expect(try MorseText.unspaced(text).count == 76)
        let huge = try family.count(long, limits: CountLimits(solutions: Int.max))
        #expect(huge.solutionCount == Int.max)
        #expect(!huge.complete)
        #expect(huge.stopReason == .overflow)
        // A cap below the count stops at the cap, as before.
        let capped = try family.count(long, limits: CountLimits(solutions: 1_000))
        #expect(capped.solutionCount == 1_000 && !capped.complete && capped.stopReason == .solutionLimit)
        // Without a cap the count is the same lower bound, stopped by
        // overflow, never an error (as `solve` reports it).
        let uncapped = try family.count(long, limits: CountLimits())
        #expect(uncapped.solutionCount == Int.max && !uncapped.complete && uncapped.stopReason == .overflow)
        let exact = uncapped.fields.first { $0.key == "exactCount" }?.value
        #if GMP
        // With GMP the exact count is known; it is in `exactCount`, and the
        // Int field is still marked as a lower bound.
        #expect(exact == .string(try Solver.count(MorseText.unspaced(text)).description))
        #else
        #expect(exact == .null)
        #endif
    }
}

/// Replaying the grade's steps — easiest first — reads every symbol of the
/// exercise, and the symbols read spell its text.
@Suite struct GradeReplayTests {
    @Test func replayingTheGradeReadsEverySymbol() throws {
        let family = MorseCodeFamily()
        for profile in family.profiles {
            for seed in 1...1000 {
                let exercise = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
                let grade = Grader.grade(exercise)
                let order = EasiestFirst.order(grade.steps.map(\.feature))
                #expect(order.sorted() == Array(grade.steps.indices))
                let symbols = grade.steps.filter { ![.confusablePair, .ambiguousWord].contains($0.feature) }.map(\.subject)
                let letters = exercise.text.filter { $0 != " " }.map(String.init)
                #expect(symbols == letters, "\(profile.id) seed \(seed)")
                #expect(try MorseText.decode(exercise.code) == exercise.text)
            }
        }
    }
}
