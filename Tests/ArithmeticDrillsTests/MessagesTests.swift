import PuzzleKit
import Testing
@testable import ArithmeticDrills

/// The drills' sentences in English and German, from ``DrillsMessages``.
@Suite struct MessagesTests {
    let family = ArithmeticDrillsFamily()

    @Test func theCatalogueIsComplete() {
        #expect(DrillsMessages.catalogue.problems() == [])
        // Every feature and grade has its name (and rule) in the catalogue.
        for technique in Technique.allCases {
            for suffix in ["", ".rule"] { #expect(DrillsMessages.catalogue.contains("technique.\(technique.code)\(suffix)")) }
            #expect(DrillsMessages.catalogue.contains("details.feature.\(technique.code)"))
        }
        for label in Technique.gradeLabels { #expect(DrillsMessages.catalogue.contains("label.\(label)")) }
    }

    /// Over 200 sheets per profile, nothing a German reader gets — the
    /// explanation, the details lines, the label's and techniques' names,
    /// the hints — holds an English word.
    @Test(arguments: ArithmeticDrillsFamily().profiles.map(\.id))
    func germanHasNoEnglishWord(_ profileID: String) throws {
        let profile = try family.profile(named: profileID)
        var texts = Technique.allCases.flatMap { [$0.name(in: .german), $0.rule(in: .german)] }
        texts += family.gradeLabels.map { family.labelName($0, in: .german) }
        for seed in 1...200 {
            let sheet = try family.generate(profile, GenerationRequest(seed: seed)).puzzle
            let trace = try family.trace(sheet, solutionsUpTo2: 1, timeLimit: nil)
            let grade = family.grade(trace, of: sheet, explain: true, language: .german)
            #expect(grade.explanation.count == sheet.exercises.count && grade.details.count == sheet.exercises.count)
            texts += grade.explanation + grade.details + [grade.labelName] + [grade.hardestTechnique?.name ?? ""]
            texts += grade.stepsPerTechnique.map(\.technique.name)
            texts += [family.hint(trace, in: sheet, made: [], language: .german) ?? ""]
        }
        let found = englishWords(in: texts.joined(separator: "\n"), language: .german, catalogues: [DrillsMessages.catalogue])
        #expect(found == [], "\(profileID)")
        // The scan sees English: the technique names and rules in English are caught.
        let english = Technique.allCases.map { $0.name(in: .english) + " " + $0.rule(in: .english) }.joined(separator: "\n")
        #expect(!englishWords(in: english, language: .german, catalogues: [DrillsMessages.catalogue]).isEmpty)
    }

    /// One exercise for each sentence the strategies write, in English (the
    /// sentence as before, with the minus sign −) and in German.
    @Test func everyStrategyReadsInBothLanguages() {
        let cases: [(OperationType, Int, Int, String, String)] = [
            (.addition, 3, 0, "3 + 0: adding nothing leaves 3", "3 + 0: Plus null ändert nichts, es bleibt 3"),
            (.subtraction, 5, 0, "5 − 0: taking nothing away leaves 5", "5 − 0: Minus null ändert nichts, es bleibt 5"),
            (.subtraction, 5, 5, "5 − 5: taking everything away leaves 0", "5 − 5: Nimmst du alles weg, bleibt 0"),
            (.addition, 8, 2, "8 + 2: count on from 8: 9, 10", "8 + 2: Zähle von 8 weiter: 9, 10"),
            (.subtraction, 7, 1, "7 − 1: count back from 7: 6", "7 − 1: Zähle von 7 zurück: 6"),
            (.subtraction, 7, 6, "7 − 6: count up from 6: 7, so 1", "7 − 6: Zähle von 6 hoch: 7, also 1"),
            (.addition, 4, 4, "4 + 4: a double, 4 and 4 make 8", "4 + 4: Das Doppelte: 4 und 4 sind 8"),
            (.subtraction, 8, 4, "8 − 4: the double 4 + 4 = 8, so 4", "8 − 4: Das Doppelte: 4 + 4 = 8, also 4"),
            (.addition, 7, 3, "7 + 3: 7 and 3 make ten", "7 + 3: 7 und 3 sind Zehnerfreunde"),
            (.subtraction, 10, 7, "10 − 7: 7 and 3 make ten, so 3", "10 − 7: 7 und 3 sind Zehnerfreunde, also 3"),
            (.addition, 4, 5, "4 + 5: next to the double 4 + 4 = 8, so 4 + 5 = 9", "4 + 5: Nachbar vom Doppelten 4 + 4 = 8, also 4 + 5 = 9"),
            (.subtraction, 9, 4, "9 − 4: next to the double 4 + 4 = 8, so 4 + 5 = 9 and 5",
             "9 − 4: Nachbar vom Doppelten 4 + 4 = 8, also 4 + 5 = 9 und 5"),
            (.addition, 3, 6, "3 + 6: next to ten: 3 + 6 = 9", "3 + 6: Nachbar der Zehn: 3 + 6 = 9"),
            (.subtraction, 9, 3, "9 − 3: next to ten: 3 + 6 = 9, so 6", "9 − 3: Nachbar der Zehn: 3 + 6 = 9, also 6"),
            (.addition, 7, 5, "7 + 5: 7 + 3 = 10, then + 2 = 12", "7 + 5: Erst 7 + 3 = 10, dann + 2 = 12"),
            (.subtraction, 12, 5, "12 − 5: 12 − 2 = 10, then − 3 = 7", "12 − 5: Erst 12 − 2 = 10, dann − 3 = 7"),
            (.addition, 3, 5, "3 + 5: work it out, 8", "3 + 5: Rechne aus: 8"),
        ]
        for (type, a, b, english, german) in cases {
            let features = Exercise(type, a, b, difficulty: .hard).features
            #expect(features.strategy(in: .english) == english)
            #expect(features.strategy == english)
            #expect(features.strategy(in: .german) == german)
        }
    }

    /// The details line: the exercise with its glyph, its score, grade and
    /// features — codes in English, names in German.
    @Test func detailsLinesReadInBothLanguages() throws {
        let sheet = try TextFormat.read("7 + 5\n9 - 4\n", file: "d.drill")
        let trace = try family.trace(sheet, solutionsUpTo2: 1, timeLimit: nil)
        #expect(family.details(trace, of: sheet, language: .english)
            == ["7 + 5: score 8, master (big-operand, big-result, no-anchor, cross-ten)",
                "9 − 4: score 4, practice (subtraction, big-operand, near-anchor)"])
        #expect(family.details(trace, of: sheet, language: .german)
            == ["7 + 5: Punkte 8, Meister (Große Zahl, Großes Ergebnis, Ohne Hilfe, Zehnerübergang)",
                "9 − 4: Punkte 4, Üben (Minusaufgabe, Große Zahl, Nachbaraufgabe)"])
        let grade = family.grade(trace, of: sheet, explain: false, language: .german)
        #expect(grade.label == "master" && grade.labelName == "Meister")
        #expect(grade.hardestTechnique?.code == "cross-ten" && grade.hardestTechnique?.name == "Zehnerübergang")
        #expect(family.labelName("warm-up", in: .english) == "warm-up" && family.labelName("warm-up", in: .german) == "Aufwärmen")
        // The text format keeps ASCII.
        #expect(TextFormat.write(sheet).contains("9 - 4"))
    }
}
