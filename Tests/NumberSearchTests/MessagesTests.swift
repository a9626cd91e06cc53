import PuzzleKit
import Testing
@testable import NumberSearch

/// Number search's catalogue: complete in every language, German with no
/// English word left, and the sentences a person reads, word for word.
@Suite struct MessagesTests {
    static let family = NumberSearchFamily()

    @Test func theCatalogueHasNoProblems() {
        #expect(NumberSearchMessages.catalogue.problems() == [])
    }

    /// Every feature and label has its name (and a feature its rule and its
    /// details word) in the catalogue, so the glossary lists them all.
    @Test func everyTechniqueAndLabelIsInTheCatalogue() {
        let catalogue = NumberSearchMessages.catalogue
        for technique in Technique.allCases {
            #expect(catalogue.contains("technique.\(technique.code)") && catalogue.contains("technique.\(technique.code).rule")
                    && catalogue.contains("details.feature.\(technique.code)"))
            // English details lines name the features by their codes.
            #expect(catalogue.text("details.feature.\(technique.code)", .english) == technique.code)
        }
        for label in Self.family.gradeLabels { #expect(catalogue.contains("label.\(label)"), "label \(label)") }
        for direction in Direction.allCases { #expect(catalogue.contains("direction.\(direction.rawValue)")) }
        #expect(Technique.crowded.rule(in: .german) == "Im Zahlenfeld gibt es 5 oder mehr falsche Fährten für die Antwort.")
        #expect(Technique.crowded.rule(in: .english) == "The grid holds 5 or more near misses for the answer.")
        #expect(Self.family.labelName("expert", in: .german) == "sehr schwer")
    }

    /// 200 generated levels per profile (and 200 of level 5 whose paths may
    /// turn) graded in German: no explanation, details line, feature or
    /// label name or hint holds an English word.
    @Test(arguments: [PathMode.straight, .any], 1...5)
    func germanHasNoEnglishWord(_ mode: PathMode, _ level: Int) throws {
        guard mode == .straight || level == 5 else { return }
        let german = Language.german
        let catalogues = [NumberSearchMessages.catalogue]
        var texts = Technique.allCases.flatMap { [$0.name(in: german), $0.rule(in: german)] }
        for seed in 1...200 {
            let puzzle = try Generator.generate(Profile.level(of: level, mode: mode), seed: seed).level
            let grade = try Self.family.grade(puzzle, solutionsUpTo2: nil, explain: true, language: german, timeLimit: nil)
            texts += grade.explanation + grade.details + [grade.labelName]
            texts += [grade.hardestTechnique?.name ?? ""] + grade.stepsPerTechnique.map(\.technique.name)
            var session = GameSession(levels: [puzzle])
            while let hint = session.hint(language: german), let path = session.currentQuestion?.solutionPositions {
                texts.append(hint)
                #expect(session.answer(path) != .ignored)
            }
        }
        // One scan of all texts at once (the scan builds its vocabulary
        // per call), then the texts that hold what it found.
        let english = Set(englishWords(in: texts.joined(separator: "\n"), language: german, catalogues: catalogues))
        let offending = texts.filter { !Set(letterWords(of: $0)).isDisjoint(with: english) }
        #expect(english.isEmpty, "\(english.sorted()) in: \(offending.prefix(3))")
    }

    /// A level's first question explained in English and in German.
    static func explained(_ level: Puzzle) throws -> (english: String, german: String) {
        let graded = try Grader.grade(level).questions[0]
        return (Grader.explanation(graded, in: level), Grader.explanation(graded, in: level, language: .german))
    }

    /// One sentence of each kind in German, checked by hand, next to its English.
    @Test func germanSentences() throws {
        // Down, with a carry: 39 + 29 = 68.
        let down = try Self.explained(GraderTests.level([[0, 0, 0], [0, 0, 6], [0, 0, 8]], [[39, 29]]))
        #expect(down.english == "39 + 29 = 68: the 6 in row 2, column 3 starts it; read down: 6, 8. The units 9 + 9 make 18, so carry one ten.")
        #expect(down.german == "39 + 29 = 68: die 6 in Zeile 2, Spalte 3 ist der Anfang; lies nach unten: 6, 8. "
                + "Die Einer 9 + 9 ergeben 18, also gibt es einen Zehner als Übertrag.")
        // Right, with two near misses.
        let misses = GraderTests.level([[6, 8, 0, 6, 0, 8]], [[60, 8]])
        #expect(try Self.explained(misses).german == "60 + 8 = 68: die 6 in Zeile 1, Spalte 1 ist der Anfang; lies nach rechts: 6, 8. "
                + "2 falsche Fährten musst du übergehen: die 6 in Zeile 1, Spalte 4 und die 8 in Zeile 1, Spalte 6 "
                + "sehen aus wie der Anfang (6) oder das Ende (8) von 68, führen aber nicht weiter.")
        // Up-right, one near miss, two paths.
        let two = try Self.explained(GraderTests.level([[8, 0, 8], [0, 6, 0], [0, 0, 6]], [[60, 8]]))
        #expect(two.german == "60 + 8 = 68: die 6 in Zeile 2, Spalte 2 ist der Anfang; lies schräg nach rechts oben: 6, 8. "
                + "1 falsche Fährte musst du übergehen: die 6 in Zeile 3, Spalte 3 sieht aus wie der Anfang (6) oder das Ende (8) von 68, "
                + "führt aber nicht weiter. Es gibt 2 Wege.")
        // More near misses than are named.
        let crowded = try Self.explained(GraderTests.level([[6, 8, 0, 0, 6, 0, 6], [0, 0, 0, 6, 0, 6, 0], [6, 0, 0, 0, 0, 0, 6]], [[60, 8]]))
        #expect(crowded.english.hasSuffix("the 6 in row 2, column 6 (and 2 more) look like the start (6) or the end (8) of 68 but lead nowhere."))
        #expect(crowded.german == "60 + 8 = 68: die 6 in Zeile 1, Spalte 1 ist der Anfang; lies nach rechts: 6, 8. "
                + "6 falsche Fährten musst du übergehen: die 6 in Zeile 1, Spalte 5, die 6 in Zeile 1, Spalte 7, die 6 in Zeile 2, Spalte 4 "
                + "und die 6 in Zeile 2, Spalte 6 (und 2 weitere) sehen aus wie der Anfang (6) oder das Ende (8) von 68, führen aber nicht weiter.")
        // One cell; a bent path.
        let one = try Self.explained(GraderTests.level([[0, 7]], [[5, 2]]))
        #expect(one.english == "5 + 2 = 7: the 7 in row 1, column 2 starts it; it is that one cell.")
        #expect(one.german == "5 + 2 = 7: die 7 in Zeile 1, Spalte 2 ist der Anfang; die Antwort steht nur in diesem Kästchen.")
        let bent = try Self.explained(GraderTests.level([[1, 2], [0, 3]], [[100, 23]], mode: .any))
        #expect(bent.english == "100 + 23 = 123: the 1 in row 1, column 1 starts it; follow the path, turning: 1, 2, 3.")
        #expect(bent.german == "100 + 23 = 123: die 1 in Zeile 1, Spalte 1 ist der Anfang; folge dem Weg um die Ecke: 1, 2, 3.")
        // The details lines.
        let trace = try Self.family.trace(misses, solutionsUpTo2: nil, timeLimit: nil)
        #expect(Self.family.details(trace, of: misses, language: .english) == ["question 1: 60 + 8 = 68: near-miss, forward, 2 near misses, score 3"])
        #expect(Self.family.details(trace, of: misses, language: .german) == ["Aufgabe 1: 60 + 8 = 68: falsche Fährte, vorwärts, 2 falsche Fährten, Punkte 3"])
    }

    @Test func theGameHintsInTheLanguageAsked() throws {
        let level = GraderTests.level([[0, 0, 0], [0, 0, 6], [0, 0, 8]], [[39, 29]])
        var english = GameSession(levels: [level]), german = english
        #expect(english.hint() == "The 6 in row 2, column 3 starts it.")
        #expect(german.hint(language: .german) == "Die 6 in Zeile 2, Spalte 3 ist der Anfang.")
        #expect(german.hintsUsed == 1)
    }
}
