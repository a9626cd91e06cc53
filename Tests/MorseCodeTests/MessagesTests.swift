import PuzzleKit
import Testing
@testable import MorseCode

/// Morse code's sentences in English and German, from ``MorseMessages``.
@Suite struct MessagesTests {
    let family = MorseCodeFamily()

    @Test func theCatalogueIsComplete() {
        #expect(MorseMessages.catalogue.problems() == [])
        for technique in Technique.allCases {
            for suffix in ["", ".rule"] { #expect(MorseMessages.catalogue.contains("technique.\(technique.code)\(suffix)")) }
        }
        for difficulty in Difficulty.allCases { #expect(MorseMessages.catalogue.contains("label.\(difficulty.rawValue)")) }
    }

    /// Over 200 exercises of each of the 12 profiles, nothing a German
    /// reader gets — the explanation, the details line, the label's and
    /// techniques' names, the hints of the grade and of a practice session
    /// — holds an English word (the exercise's own text, in capitals, is
    /// not read).
    @Test(arguments: MorseCodeFamily().profiles.map(\.id))
    func germanHasNoEnglishWord(_ profileID: String) throws {
        let profile = try family.profile(named: profileID)
        var texts = Technique.allCases.flatMap { [$0.name(in: .german), $0.rule(in: .german)] }
        texts += family.gradeLabels.map { family.labelName($0, in: .german) }
        for seed in 1...200 {
            let exercise = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
            let trace = try family.trace(exercise, solutionsUpTo2: 1, timeLimit: nil)
            let grade = family.grade(trace, of: exercise, explain: true, language: .german)
            #expect(!grade.explanation.isEmpty && grade.details.count == 1)
            texts += grade.explanation + grade.details + [grade.labelName, grade.hardestTechnique?.name ?? ""]
            texts += grade.stepsPerTechnique.map(\.technique.name)
            texts += [family.hint(trace, in: exercise, made: [], language: .german) ?? ""]
            var session = family.startSession(exercise)
            texts += [session.hint(.german) ?? ""]
        }
        let found = englishWords(in: texts.joined(separator: "\n"), language: .german, catalogues: [MorseMessages.catalogue])
        #expect(found == [], "\(profileID)")
        // The scan sees English: the technique names and rules in English are caught.
        let english = Technique.allCases.map { $0.name(in: .english) + " " + $0.rule(in: .english) }.joined(separator: "\n")
        #expect(!englishWords(in: english, language: .german, catalogues: [MorseMessages.catalogue]).isEmpty)
    }

    /// The sentence of the step about `subject` when `text` is read or sent.
    func sentence(_ subject: String, of text: String, _ direction: Direction, _ language: Language) -> String? {
        Grader.grade(text, direction: direction).steps.first { $0.subject == subject }.map { Grader.sentence($0, in: language) }
    }

    /// One sentence of each kind, in English (as before) and in German.
    @Test func everyStepKindReadsInBothLanguages() {
        let cases: [(String, String, Direction, String, String)] = [
            ("B", "BOX", .recognition, "-... reads B: 3 dots and 1 dash, 9 units — 4 signals to count; one signal fewer reads D (+2)",
             "-... heißt B: 3 Punkte und 1 Strich, 9 Einheiten — 4 Signale zum Zählen; ein Signal weniger heißt D (+2)"),
            ("E", "E", .recognition, ". reads E: 1 dot, 1 unit — a short code (+1)", ". heißt E: 1 Punkt, 1 Einheit — ein kurzer Code (+1)"),
            ("N", "NET", .production, "send N as -.: 1 dot and 1 dash, 5 units — a short code; one signal short sends T (+1)",
             "Sende N als -.: 1 Punkt und 1 Strich, 5 Einheiten — ein kurzer Code; ein Signal zu wenig sendet T (+1)"),
            ("O", "OX", .production, "send O as ---: 3 dashes, 11 units — 3 signals to recall; one signal short sends M (+4)",
             "Sende O als ---: 3 Striche, 11 Einheiten — 3 Signale zum Merken; ein Signal zu wenig sendet M (+4)"),
            ("5", "5", .production,
             "send 5 as .....: 5 dots, 9 units — a digit, always five signals: 1–5 leading dots give 1–5, 1–5 leading dashes give 6–9 and 0; one signal short sends H (+5)",
             "Sende 5 als .....: 5 Punkte, 9 Einheiten — eine Ziffer, immer fünf Signale: 1–5 Punkte am Anfang ergeben 1–5, 1–5 Striche am Anfang ergeben 6–9 und 0; ein Signal zu wenig sendet H (+5)"),
            ("?", "WHY?", .production, "send ? as ..--..: 4 dots and 2 dashes, 15 units — a punctuation mark, rarely practised, 6 signals to recall (+6)",
             "Sende ? als ..--..: 4 Punkte und 2 Striche, 15 Einheiten — ein Satzzeichen, selten geübt, 6 Signale zum Merken (+6)"),
            ("K/O", "KO", .recognition, "K (-.-) and O (---) are one signal apart and both occur here (2 symbols): read every signal before deciding (+2)",
             "K (-.-) und O (---) unterscheiden sich um ein Signal und kommen beide vor (2 Zeichen): Lies jedes Signal, bevor du entscheidest (+2)"),
            ("E/N", "NEE", .production, "E (.) and N (-.) are one signal apart and both occur here (3 symbols): do not send one for the other (+1)",
             "E (.) und N (-.) unterscheiden sich um ein Signal und kommen beide vor (3 Zeichen): Sende nicht das eine für das andere (+1)"),
            ("JOURNEY", "JOURNEY", .production,
             "JOURNEY: keep every letter gap when sending — run together, its 20 signals decode 211212 ways (+3)",
             "JOURNEY: Halte beim Senden jede Buchstabenlücke ein — ohne Lücken kann man die 20 Signale auf 211212 Arten lesen (+3)"),
        ]
        for (subject, text, direction, english, german) in cases {
            #expect(sentence(subject, of: text, direction, .english) == english)
            #expect(sentence(subject, of: text, direction, .german) == german)
        }
    }

    /// The details line, the label name and the practice hint.
    @Test func detailsLabelAndHintReadInBothLanguages() throws {
        let code = try MorseText.encode("BOX")
        let reading = Puzzle(id: "r", mode: .codeToWord, difficulty: .intermediate, prompt: code, answer: "BOX")
        let trace = try family.trace(reading, solutionsUpTo2: 1, timeLimit: nil)
        #expect(family.details(trace, of: reading, language: .english) == ["reading (recognition), 37 units, 11 signals, hardest: Long symbol"])
        #expect(family.details(trace, of: reading, language: .german) == ["lesen (erkennen), 37 Einheiten, 11 Signale, am schwersten: Langes Zeichen"])
        let sending = Puzzle(id: "s", mode: .wordToCode, difficulty: .beginner, prompt: "E", answer: ".")
        let sent = try family.trace(sending, solutionsUpTo2: 1, timeLimit: nil)
        #expect(family.details(sent, of: sending, language: .german) == ["senden (aus dem Kopf), 1 Einheit, 1 Signal, am schwersten: Kurzes Zeichen"])
        #expect(family.labelName("Intermediate", in: .english) == "Intermediate" && family.labelName("Intermediate", in: .german) == "Mittelstufe")
        #expect(family.grade(trace, of: reading, explain: false, language: .german).labelName == "Mittelstufe")
        var session = family.startSession(sending)
        #expect(session.hint(.german) == "E ist .")
        #expect(session.hint() == "E is .")
    }
}
