import CrossSums
import PuzzleKit
import Testing

/// Cross sums' catalogue: complete in every language, German with no
/// English word left, and the sentences a person reads, word for word.
@Suite struct MessagesTests {
    static let family = CrossSumsFamily()

    @Test func theCatalogueHasNoProblems() {
        #expect(CrossSumsMessages.catalogue.problems() == [])
    }

    /// Every technique and label has its name (and a technique its rule) in
    /// the catalogue, so the glossary lists them all.
    @Test func everyTechniqueAndLabelIsInTheCatalogue() {
        let catalogue = CrossSumsMessages.catalogue
        for technique in Technique.allCases {
            #expect(catalogue.contains("technique.\(technique.code)") && catalogue.contains("technique.\(technique.code).rule"))
        }
        for label in Self.family.gradeLabels + ["no-solution", "stuck", "budget-exceeded"] {
            #expect(catalogue.contains("label.\(label)"), "label \(label)")
        }
        #expect(Technique.rowAndColumn.name(in: .german) == "Zeile und Spalte")
        #expect(Self.family.labelName("extra-hard", in: .german) == "sehr schwer")
        #expect(Self.family.labelName("extra-hard", in: .english) == "extra-hard")
    }

    /// Seeds 1–200 of every difficulty; extra-hard's (about 60 ms a grade in
    /// a debug build) in four parts that run side by side.
    static let scanSeeds: [(Profile, ClosedRange<Int>)] = [(.easy, 1...200), (.medium, 1...200), (.hard, 1...200),
                                                          (.extraHard, 1...50), (.extraHard, 51...100),
                                                          (.extraHard, 101...150), (.extraHard, 151...200)]

    /// 200 generated puzzles per difficulty graded in German: no sentence,
    /// technique name, label name or hint holds an English word. Each
    /// generated puzzle is unique, so the grade does not count again.
    @Test(arguments: scanSeeds)
    func germanHasNoEnglishWord(_ profile: Profile, _ seeds: ClosedRange<Int>) throws {
        let german = Language.german
        let catalogues = [CrossSumsMessages.catalogue]
        var texts = Technique.allCases.flatMap { [$0.name(in: german), $0.rule(in: german)] }
        var sentences = 0
        for seed in seeds {
            let puzzle = try Generator().generate(difficulty: profile, seed: seed).puzzle
            let trace = try Self.family.trace(puzzle, solutionsUpTo2: 1, timeLimit: nil)
            let grade = Self.family.grade(trace, of: puzzle, explain: true, language: german)
            #expect(grade.label == profile.rawValue)
            texts += grade.explanation + grade.details + [grade.labelName]
            texts += [grade.hardestTechnique?.name ?? ""] + grade.stepsPerTechnique.map(\.technique.name)
            if seed <= 2 {
                // The game's hints, in the player's language.
                var game = try GameSession(puzzle: puzzle)
                while let hint = game.useHint(language: german) { texts.append(hint.explanation) }
            }
            sentences += grade.explanation.count
        }
        #expect(sentences >= seeds.count)
        // One scan of all texts at once (the scan builds its vocabulary
        // per call), then the texts that hold what it found.
        let english = Set(englishWords(in: texts.joined(separator: "\n"), language: german, catalogues: catalogues))
        let offending = texts.filter { !Set(letterWords(of: $0)).isDisjoint(with: english) }
        #expect(english.isEmpty, "\(english.sorted()) in: \(offending.prefix(3))")
    }

    /// The sentences of a fixture's trace in English and in German.
    static func sentences(_ text: String) throws -> (english: [String], german: [String]) {
        let puzzle = try TextFormat.read(text, file: "p.xsum")
        let trace = try family.trace(puzzle, solutionsUpTo2: nil, timeLimit: nil)
        return (trace.steps.map { family.sentence($0, in: puzzle, language: .english) },
                trace.steps.map { family.sentence($0, in: puzzle, language: .german) })
    }

    /// One sentence of each kind in German, checked by hand, next to its English.
    @Test func germanSentencesOfEachKind() throws {
        let tooBig = try Self.sentences(GraderTests.fixtures[0].1)
        #expect(tooBig.english[0] == "Row 1 must add up to 0, so remove the 1 in column 1, the 5 in column 2 and the 2 in column 3.")
        #expect(tooBig.german[0] == "Zeile 1 muss zusammen 0 ergeben, also streiche die 1 in Spalte 1, die 5 in Spalte 2 und die 2 in Spalte 3 weg.")

        let allNeeded = try Self.sentences(GraderTests.fixtures[1].1)
        #expect(allNeeded.english[1] == "Row 1 needs 15 and its undecided numbers, the 9 in column 1 and the 6 in column 2, add up to exactly 15, so keep them.")
        #expect(allNeeded.german[1] == "Zeile 1 braucht 15, und ihre offenen Zahlen, die 9 in Spalte 1 und die 6 in Spalte 2, ergeben genau 15, also behalte sie.")
        #expect(allNeeded.english[2] == "Column 2 already adds up to 6 with the numbers kept, so remove the rest: the 3 in row 2.")
        #expect(allNeeded.german[2] == "Spalte 2 ergibt mit den behaltenen Zahlen schon 6, also streiche den Rest weg: die 3 in Zeile 2.")
        #expect(allNeeded.english[3] == "Row 2 needs 5 and only the 5 in column 1 is left undecided, so keep it.")
        #expect(allNeeded.german[3] == "Zeile 2 braucht 5, und nur noch die 5 in Spalte 1 ist offen, also behalte sie.")

        let mustKeep = try Self.sentences(GraderTests.fixtures[2].1)
        #expect(mustKeep.english[0] == "Row 2 needs 6: the 7 in column 2 is too big, so remove it.")
        #expect(mustKeep.german[0] == "Zeile 2 braucht 6: die 7 in Spalte 2 ist zu groß, also streiche sie weg.")
        #expect(mustKeep.english[6] == "Row 2 still needs 4 and its undecided numbers add up to 5, 1 more than that, so every number bigger than 1 stays: keep the 4 in column 1.")
        #expect(mustKeep.german[6] == "Zeile 2 braucht noch 4, und ihre offenen Zahlen ergeben 5, also 1 zu viel. Jede Zahl größer als 1 bleibt darum stehen: behalte die 4 in Spalte 1.")

        let combinations = try Self.sentences(GraderTests.fixtures[3].1)
        #expect(combinations.english[1] == "Row 1 needs 11 from 4, 7 and 9. The only way is 4 + 7, so keep the 4 in column 1 and the 7 in column 2 and remove the 9 in column 3.")
        #expect(combinations.german[1] == "Zeile 1 braucht 11 aus 4, 7 und 9. Das geht nur mit 4 + 7, also behalte die 4 in Spalte 1 und die 7 in Spalte 2 und streiche die 9 in Spalte 3 weg.")
        let ways = try Self.sentences(CombinationSentenceTests.repeatedNumbers)
        #expect(ways.english[2] == "Row 4 needs 14 from 6, 4, 8, 4, 9 and 4. The only ways are 6 + 8 and 6 + 4 + 4. "
                + "Every way uses the 6 in column 1, so keep it. No way uses the 9 in column 5, so remove it.")
        #expect(ways.german[2] == "Zeile 4 braucht 14 aus 6, 4, 8, 4, 9 und 4. Möglich sind nur 6 + 8 und 6 + 4 + 4. "
                + "Jede Möglichkeit braucht die 6 in Spalte 1, also behalte sie. Keine Möglichkeit braucht die 9 in Spalte 5, also streiche sie weg.")

        let rowAndColumn = try Self.sentences(GraderTests.fixtures[4].1)
        #expect(rowAndColumn.english[10] == "Suppose the 4 at row 3, column 1 were removed. Then row 3 would keep the 3 in column 2 and the 1 in column 5; "
                + "column 1 would keep the 4 in row 1; column 2 would remove the 4 in row 2 and the 3 in row 4; 2 more steps later, "
                + "column 2 would still need 1 but no undecided number is left, so it could no longer reach 4. So keep the 4.")
        #expect(rowAndColumn.german[10] == "Nimm an, die 4 in Zeile 3, Spalte 1 wird gestrichen. Dann gilt: Zeile 3 müsste die 3 in Spalte 2 und die 1 in Spalte 5 behalten; "
                + "Spalte 1 müsste die 4 in Zeile 1 behalten; Spalte 2 müsste die 4 in Zeile 2 und die 3 in Zeile 4 streichen; 2 Schritte später: "
                + "Spalte 2 bräuchte noch 1, aber keine Zahl ist mehr offen, also käme sie nicht mehr auf 4. Also behalte die 4.")

        let guessing = try Self.sentences(". 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n")
        #expect(guessing.english[0] == "No rule decides a number here, so try: keep the 1 at row 1, column 1.")
        #expect(guessing.german[0] == "Hier hilft keine Regel weiter, also probiere: behalte die 1 in Zeile 1, Spalte 1.")
    }

    /// docs/families/cross-sums.md's two German sentences: extra-hard seed
    /// 7, steps 3 and 12.
    @Test func theFamilyPagesGermanSentences() throws {
        let puzzle = try Generator().generate(difficulty: .extraHard, seed: 7).puzzle
        let trace = try Self.family.trace(puzzle, solutionsUpTo2: 1, timeLimit: nil)
        let sentences = [2, 11].map { Self.family.sentence(trace.steps[$0], in: puzzle, language: .german) }
        #expect(sentences == [
            "Zeile 2 braucht 6 aus 4, 1, 5 und 3. Das geht nur mit 1 + 5, also behalte die 1 in Spalte 2 und die 5 in Spalte 7 "
                + "und streiche die 4 in Spalte 1 und die 3 in Spalte 9 weg.",
            "Nimm an, die 6 in Zeile 6, Spalte 5 bleibt stehen. Dann gilt: Zeile 6 müsste die 8 in Spalte 4 und die 7 in Spalte 6 streichen; "
                + "Spalte 5 müsste die 8 in Zeile 8 streichen; Zeile 6 müsste die 4 in Spalte 7 streichen; 13 Schritte später: "
                + "Zeile 5 bräuchte noch 8, aber ihre offenen Zahlen ergeben nur 7, also käme sie nicht mehr auf 21. Also streiche die 6 weg.",
        ])
    }

    /// The failures of a supposition the fixtures do not reach, built as
    /// facts: each in German, checked by hand.
    @Test func germanFailuresOfASupposition() throws {
        let puzzle = try GraderTests.puzzle(.rowAndColumn)
        let supposed = CellMove(position: GridPosition(row: 0, column: 0), decision: .keep)
        let chain = [LineConsequence(line: .row(0), moves: [CellMove(position: GridPosition(row: 0, column: 1), decision: .remove)])]
        func sentence(_ failure: Refutation.Failure, _ state: LineState?, _ language: Language) -> String {
            let refutation = Refutation(supposed: supposed, chain: chain, failedLine: .column(1), failure: failure, failedState: state)
            let step = CrossSumsFamily.Trace.Step(technique: .rowAndColumn, reads: [.row(0)],
                                                  decides: [TraceDecision(.cell(supposed.position), .removed)], round: 1,
                                                  movesOnOffer: 1, facts: .supposition(refutation))
            return Self.family.sentence(step, in: puzzle, language: language)
        }
        func state(need: Int, undecidedTotal: Int) -> LineState {
            LineState(line: .column(1), need: need, undecidedTotal: undecidedTotal,
                      undecided: [GridPosition(row: 2, column: 1), GridPosition(row: 3, column: 1)])
        }
        let start = "Nimm an, die 4 in Zeile 1, Spalte 1 bleibt stehen. Dann gilt: Zeile 1 müsste die 1 in Spalte 2 streichen; "
        #expect(sentence(.exceedsTarget, state(need: -2, undecidedTotal: 6), .german) == start + "Spalte 2 hätte behaltene Zahlen mit zusammen 6, mehr als 4. Also streiche die 4 weg.")
        #expect(sentence(.exceedsTarget, nil, .german) == start + "Spalte 2 ergäbe mehr als 4. Also streiche die 4 weg.")
        #expect(sentence(.cannotReachTarget, state(need: 3, undecidedTotal: 2), .german) == start
                + "Spalte 2 bräuchte noch 3, aber ihre offenen Zahlen ergeben nur 2, also käme sie nicht mehr auf 4. Also streiche die 4 weg.")
        #expect(sentence(.cannotReachTarget, nil, .german) == start + "Spalte 2 käme nicht mehr auf 4. Also streiche die 4 weg.")
        #expect(sentence(.noCombination, state(need: 4, undecidedTotal: 6), .german) == start + "Spalte 2 bräuchte noch 4, und keine Auswahl aus 3 und 3 ergibt das. Also streiche die 4 weg.")
        #expect(sentence(.noCombination, nil, .german) == start + "Spalte 2 könnte mit keiner Auswahl 4 ergeben. Also streiche die 4 weg.")
        #expect(sentence(.noCombination, nil, .english) == "Suppose the 4 at row 1, column 1 were kept. Then row 1 would remove the 1 in column 2; "
                + "no combination in column 2 could make 4. So remove the 4.")
    }

    /// The game's hints in the language asked: the next deduction's
    /// sentence, or what the solution says when no rule decides a number.
    @Test func theGameHintsInTheLanguageAsked() throws {
        var english = try GameTests.game(), german = english
        #expect(english.useHint()?.explanation == "Row 2 needs 5: the 9 in column 2 is too big, so remove it.")
        #expect(german.useHint(language: .german)?.explanation == "Zeile 2 braucht 5: die 9 in Spalte 2 ist zu groß, also streiche sie weg.")
        var guessing = try TextFormat.read(". 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 1\n", file: "perm.xsum")
        guessing.solution = [[true, false, false], [false, true, false], [false, false, true]]
        var stuckEnglish = try GameSession(puzzle: guessing), stuckGerman = stuckEnglish
        #expect(stuckEnglish.useHint()?.explanation == "No simple rule decides a number now; the solution removes the 1 at row 1, column 2.")
        #expect(stuckGerman.useHint(language: .german)?.explanation == "Gerade hilft keine einfache Regel. Die Lösung streicht die 1 in Zeile 1, Spalte 2 weg.")
    }
}
