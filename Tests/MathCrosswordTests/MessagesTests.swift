import PuzzleKit
import Testing
@testable import MathCrossword

/// The math crossword's sentences in English and German
/// (``MathCrosswordMessages``).
@Suite struct MessagesTests {
    let family = MathCrosswordFamily()

    @Test func theCatalogueIsComplete() {
        #expect(MathCrosswordMessages.catalogue.problems() == [])
        // Every technique and label has its keys (the glossary reads them).
        for technique in Technique.allCases {
            for key in ["technique.\(technique.code)", "technique.\(technique.code).rule", "details.technique.\(technique.code)"] {
                #expect(MathCrosswordMessages.catalogue.contains(key), "\(key)")
            }
        }
        for label in DifficultyLabel.allCases {
            #expect(MathCrosswordMessages.catalogue.contains("label.\(label.rawValue)"), "\(label)")
        }
    }

    /// Every sentence a German grade and the game's hints give holds no
    /// English word: explanations, details lines, label and technique
    /// names and rules, hints (a wrong number's too), over 200 seeds per
    /// class profile and the example of every technique.
    @Test(arguments: Profile.classProfiles)
    func germanSentencesHoldNoEnglishWord(_ profile: Profile) throws {
        var sentences = 0
        for seed in 1...200 {
            let level = try Generator().generateUnique(difficulty: profile, seed: seed).level
            // Unique by construction: the grade need not count again.
            let found = try germanTexts(level, solutionsUpTo2: 1, playing: seed % 20 == 0)
            sentences += found.count
            let english = englishWords(in: found.joined(separator: "\n"), language: .german, catalogues: [MathCrosswordMessages.catalogue])
            #expect(english.isEmpty, "\(profile.id) seed \(seed): \(english) in \(found)")
        }
        #expect(sentences > 200 * 5)
    }

    @Test func germanSentencesOfEveryTechniqueHoldNoEnglishWord() throws {
        var techniques = Set<Technique>()
        for (technique, text) in GraderTests.examples {
            let level = try TextFormat.read(text, file: "g.mcw")
            let found = try germanTexts(level, solutionsUpTo2: nil, playing: true)
            techniques.insert(technique)
            let english = englishWords(in: found.joined(separator: "\n"), language: .german, catalogues: [MathCrosswordMessages.catalogue])
            #expect(english.isEmpty, "\(technique): \(english) in \(found)")
        }
        #expect(techniques == Set(Technique.allCases))
        let names = Technique.allCases.flatMap { [$0.name(in: .german), $0.rule(in: .german)] }
            + DifficultyLabel.allCases.map { family.labelName($0.rawValue, in: .german) }
        #expect(englishWords(in: names.joined(separator: "\n"), language: .german, catalogues: [MathCrosswordMessages.catalogue]) == [])
    }

    /// A level's German explanation, details lines, label and hardest
    /// technique's name, and hints: the first one and a wrong number's, or
    /// (when `playing`) every hint of a game the hints alone solve.
    func germanTexts(_ level: Puzzle, solutionsUpTo2: Int?, playing: Bool) throws -> [String] {
        let grade = try family.grade(level, solutionsUpTo2: solutionsUpTo2, explain: true, language: .german)
        var texts = grade.explanation + grade.details + [grade.labelName] + grade.stepsPerTechnique.map(\.technique.name)
        var game = GameSession(level: level)
        if let hint = game.hint() { texts.append(hint.sentence(in: game.level, language: .german)) }
        if let blank = level.blankPositions.first, let value = level.numberPool.first {
            var wrong = game
            if (try? wrong.placeNumber(value, at: blank)) != nil, let hint = wrong.hint() {
                texts.append(hint.sentence(in: wrong.level, language: .german))
            }
        }
        var hints = 0
        while playing && !game.isLevelCompleted && hints < 100 {
            guard let hint = game.hint() else { break }
            texts.append(hint.sentence(in: game.level, language: .german))
            try game.applyHint()
            hints += 1
        }
        return texts
    }

    func explanation(_ technique: Technique, _ language: Language) throws -> [String] {
        let text = GraderTests.examples.first { $0.0 == technique }?.1 ?? ""
        return try family.grade(TextFormat.read(text, file: "g.mcw"), solutionsUpTo2: nil, explain: true, language: language).explanation
    }

    /// One German sentence per step kind, read by hand.
    @Test func germanSentencesPerStepKind() throws {
        #expect(try explanation(.oneBlank, .german).first == "Zeile 1: 4 × 0 × 6 = ?, also ? = 0.")
        #expect(try explanation(.uniquePair, .german).first
            == "Zeile 1: 1 + ? ÷ 9 = ?. Nur ein Paar der übrigen Plättchen passt, also gehört in Zeile 1, Spalte 3 die 8.")
        #expect(try explanation(.lastCandidate, .german).first
            == "Zeile 1: ? ÷ ? + ? = 4. Mit den übrigen Plättchen passt in Zeile 1, Spalte 1 nur die 6.")
        #expect(try explanation(.crossing, .german).first
            == "Zeile 3, Spalte 1 gehört zu Spalte 1: ? − ? = 1 (möglich: 1 oder 2) und zu Zeile 3: ? − ? = 1 (möglich: 2 oder 3). Nur die 2 passt zu beiden.")
        #expect(try explanation(.onlyPlace, .german)[1]
            == "Das Plättchen 12 passt in kein anderes leeres Feld, also kommt es in Zeile 5, Spalte 1 (Spalte 1: ? + 5 = ?).")
        let narrowing = try explanation(.narrowing, .german)
        #expect(narrowing.first == "Eingrenzen: Spalte 1 grenzt zuerst 2 Felder ein; dann Zeile 3: 1 + ? = ? lässt für Zeile 3, Spalte 3 nur 7, 13 oder 19 und für Zeile 3, Spalte 5 nur 8, 14 oder 20 übrig; dann Spalte 5: ? − ? = 6 lässt für Zeile 3, Spalte 5 nur 14 oder 20 und für Zeile 5, Spalte 5 nur 8 oder 14 übrig; dann Zeile 5: ? + 6 = ? lässt für Zeile 5, Spalte 1 nur 8 übrig; dann Spalte 1: ? + 1 = ? lässt für Zeile 1, Spalte 1 nur 7 übrig. Also gehört in Zeile 1, Spalte 1 die 7. Damit stehen auch die Zahlen in (Zeile 3, Spalte 3), (Zeile 3, Spalte 5), (Zeile 5, Spalte 1), (Zeile 5, Spalte 5), (Zeile 7, Spalte 1) und (Zeile 7, Spalte 3) fest; sie kommen als Nächstes dran.")
        #expect(narrowing[1] == "Wie Schritt 1 gezeigt hat, gehört in Zeile 3, Spalte 3 die 19 (Zeile 3: 1 + ? = ?).")
        #expect(try explanation(.crossingPair, .german)[3].hasPrefix(
            "Kreuzendes Paar: Spalte 3: 20 − ? = ? und Zeile 5: ? + ? = 20 zusammen lassen für Zeile 5, Spalte 3 nur 12 (mit 8 dort bräuchte man zwei Plättchen 12, aber nur eins ist übrig)"))
        #expect(try explanation(.poolCounting, .german).first
            == "Plättchen zählen: In Zeile 3, Spalte 3 und Zeile 5, Spalte 3 passen nur 1 oder 5, also brauchen diese Felder zusammen das einzige Plättchen 1 und das einzige Plättchen 5. Damit bleibt für Zeile 1, Spalte 1 nur die 10 (Zeile 1: ? ÷ 5 = ?).")
        #expect(try explanation(.contradiction, .german).first
            == "Wäre in Zeile 1, Spalte 3 die 15: für zwei Plättchen 1 gäbe es nur ein leeres Feld. Also gehört dort die 5 hin (Spalte 3: ? − 4 = ?).")
        let guess = try explanation(.guess, .german)
        #expect(guess.first == "Kein sicherer Schritt mehr: 1, 2 und 3 in Zeile 3, Spalte 4 gingen nicht auf und wurden wieder herausgenommen. Probiere dort die 4 (Versuch 1). Die Schritte danach hängen an diesem Versuch.")
        // A contradiction whose trials fill in what they force.
        #expect(guess[7] == "Wäre in Zeile 5, Spalte 2 die 4: Daraus folgen Zeile 7, Spalte 2 = 3 und Zeile 7, Spalte 4 = 6 (2 Felder), und Zeile 9: 1 + ? = ? geht nicht auf – in Zeile 9, Spalte 4 nur 5 oder 7 und in Zeile 9, Spalte 6 nur 5 oder 7, übrig sind die Plättchen 5 und 7; wäre dort die 6: für ein Plättchen 7 gäbe es kein leeres Feld mehr. Also gehört dort die 7 hin (Spalte 2: ? − ? = 1).")
        let twoSolutions = try TextFormat.read("pool: 5 7\n? + ? = 12\n", file: "g.mcw")
        #expect(try family.grade(twoSolutions, solutionsUpTo2: nil, explain: true, language: .german).explanation.first
            == "Kein sicherer Schritt mehr: Probiere die 5 in Zeile 1, Spalte 1 (Versuch 1). Die Schritte danach hängen an diesem Versuch.")
    }

    /// The lines under the summary, the label's and techniques' names in
    /// German; in English the codes as before, with the glyphs.
    @Test func detailsAndNamesInBothLanguages() throws {
        let level = try TextFormat.read(GraderTests.examples.first { $0.0 == .crossing }?.1 ?? "", file: "g.mcw")
        let german = try family.grade(level, solutionsUpTo2: nil, explain: false, language: .german)
        #expect(german.details == [
            "Schritte: Ein leeres Feld 2, Kreuzung 1; erzwungene Schritte 67 %, längste Folge erzwungener Schritte 1; Kreuzungen: 1 Feld (1 leer), 1–1,00 pro Aufgabe",
            "Stufen: Logik schwer, Rechnen leicht (Rechenlast pro Schritt im Median 2, am schwersten 2: 3 − 2 = 1)",
        ])
        #expect(german.labelName == "schwer" && german.hardestTechnique?.name == "Kreuzung")
        let english = try family.grade(level, solutionsUpTo2: nil, explain: false, language: .english)
        #expect(english.details == [
            "steps: one-blank 2, crossing 1; forced 67%, longest forced run 1; crossings: 1 cells (1 empty), 1–1.00 per equation",
            "tiers: logic hard, arithmetic easy (step load median 2, hardest 2: 3 − 2 = 1)",
        ])
        #expect(english.labelName == "hard" && english.hardestTechnique?.name == "Crossing")
        #expect(DifficultyLabel.allCases.map { family.labelName($0.rawValue, in: .german) }
            == ["leicht", "mittel", "schwer", "sehr schwer", "nur mit Raten"])
    }

    /// A hint is the step's sentence with the board as it stands, or which
    /// number to take out, in the player's language.
    @Test func hintsSpeakThePlayersLanguage() throws {
        var game = GameSession(level: try TextFormat.read(TextFormatTests.example, file: "g.mcw"))
        let first = try #require(game.hint())
        #expect(first.sentence(in: game.level, language: .english) == "Look at row 1, column 3: Row 1: 7 + ? = 12, so ? = 5.")
        #expect(first.sentence(in: game.level, language: .german) == "Schau dir Zeile 1, Spalte 3 an: Zeile 1: 7 + ? = 12, also ? = 5.")
        try game.applyHint()
        // The next hint shows the number the player placed.
        let second = try #require(game.hint())
        #expect(second.sentence(in: game.level, language: .english) == "Look at row 5, column 3: Column 3: 5 × 2 = ?, so ? = 10.")
        #expect(second.sentence(in: game.level, language: .german) == "Schau dir Zeile 5, Spalte 3 an: Spalte 3: 5 × 2 = ?, also ? = 10.")
        var wrong = GameSession(level: game.level)
        try wrong.placeNumber(10, at: GridPosition(row: 0, column: 2))
        let mistake = try #require(wrong.hint())
        #expect(mistake == .mistake(GridPosition(row: 0, column: 2)))
        #expect(mistake.sentence(in: wrong.level, language: .english) == "Take the number out of row 1, column 3 again.")
        #expect(mistake.sentence(in: wrong.level, language: .german) == "Nimm die Zahl in Zeile 1, Spalte 3 wieder heraus.")
    }
}
