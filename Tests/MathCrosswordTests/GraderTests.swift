import PuzzleKit
import Testing
import MathCrossword

@Suite struct GraderTests {
    /// For each technique, a unique puzzle whose hardest needed technique it is.
    static let examples: [(Technique, String)] = [
        (.oneBlank, "pool: 0\n4 x 0 x 6 = ?\n"),
        (.uniquePair, "pool: 1 8\n1 + ? / 9 = ?\n"),
        (.lastCandidate, "pool: 2 3 6\n? / ? + ? = 4\n"),
        (.crossing, "pool: 1 2 3\n? . . . .\n- . . . .\n? - ? = 1\n= . . . .\n1 . . . .\n"),
        (.onlyPlace, "pool: 2 5 7 12\n? x ? - ? = 9\n+ . . . . . .\n5 . . . . . .\n= . . . . . .\n? . . . . . .\n"),
        // class_1 seed 835 (--unique): every equation has two empty cells; narrowing them against each other fixes all seven.
        (.narrowing, "pool: 7 8 13 14 19 19 20\n? . . . .\n+ . . . .\n1 + ? = ?\n= . - . -\n? + 6 = ?\n. . = . =\n? - ? = 6\n"),
        (.poolCounting, "pool: 1 2 5 7 9 10 12\n? / 5 = ? . .\n. . / . + . .\n. . ? + ? = ?\n. . = . = . .\n. . ? . ? . .\n"),
        // class_1 seed 356: after three one-blank steps, row 5 and column 3 together would need two 12s.
        (.crossingPair, "pool: 1 1 8 8 12 19\n. . 16 - ? = 15\n. . . . + . -\n. . 20 - ? = ?\n. . - . = . =\n? + ? = 20 . 14\n. . = . . . .\n. . ? . . . .\n"),
        // class_1 seed 2156 (--unique): a ring of six equations; 15 at the top would need two 11s at its far end.
        (.contradiction, "pool: 1 1 3 5 11 13 15\n. . ? . .\n. . - . .\n? - 4 = ?\n- . = . +\n2 + ? = ?\n= . . . =\n? + ? = 14\n"),
        // class_1 seed 2506 (--unique --min-blanks 10): no single value of any cell leads to a dead end by narrowing alone.
        (.guess, "pool: 2 3 3 4 5 5 6 6 9 10\n. . 4 + ? = ?\n. . + . . . +\n? . ? - 3 = ?\n- . = . + . =\n? . ? + ? = 12\n= . . . = . .\n1 + ? = ? . .\n"),
    ]

    func level(_ text: String) throws -> Puzzle { try TextFormat.read(text, file: "g.mcw") }

    func example(_ technique: Technique) throws -> Puzzle {
        try level(Self.examples.first { $0.0 == technique }?.1 ?? "")
    }

    @Test(arguments: examples.indices)
    func eachTechniqueHasAPuzzleWhereItIsTheHardest(_ index: Int) throws {
        let (technique, text) = Self.examples[index]
        let report = try Grader().grade(level(text))
        #expect(report.hardestTechnique == technique)
        #expect(report.label == technique.label)
        #expect(report.solutionsUpTo2 == 1 && report.solved)
        #expect((report.guesses > 0) == (technique == .guess))
        try expectReplayReachesTheSolution(level(text), report)
    }

    /// Replaying the trace writes only values of the one solution and ends solved.
    func expectReplayReachesTheSolution(_ level: Puzzle, _ report: GradeReport) throws {
        let solution = try Solver(level: level).solve(.init(solutions: 2, keepSolutions: 1)).solutions.first ?? []
        let answer = Dictionary(uniqueKeysWithValues: solution.map { ($0.position, $0.value) })
        var game = GameSession(level: level)
        for step in report.steps {
            #expect(answer[step.position] == step.value, "\(step)")
            try game.placeNumber(step.value, at: step.position)
        }
        #expect(game.isLevelCompleted)
    }

    @Test(arguments: Profile.classProfiles)
    func tracesOfGeneratedPuzzlesReplayToTheSolution(_ profile: Profile) throws {
        var scores = 0
        for seed in 1...100 {
            let level = try Generator().generateUnique(difficulty: profile, seed: seed).level
            let report = try Grader().grade(level)
            try expectReplayReachesTheSolution(level, report)
            #expect(report.steps.count == level.blankPositions.count)
            #expect(report.rounds >= 1 && report.rounds <= report.steps.count)
            scores += report.score
        }
        #expect(scores > 0)
    }

    @Test func meanScoreRisesFromClass1ToClass4() throws {
        let means = try Profile.classProfiles.map { profile in
            try (1...60).map { try Grader().grade(Generator().generateUnique(difficulty: profile, seed: $0).level).score }
                .reduce(0, +)
        }
        #expect(means == means.sorted() && Set(means).count == 4, "\(means)")
    }

    @Test func severalSolutionsAreGradedButFlagged() throws {
        let report = try Grader().grade(level("pool: 5 7\n? + ? = 12\n"))
        #expect(report.multipleSolutions)
        #expect(report.solved)
        #expect(report.label == .guessRequired)
    }

    @Test func gradingIsDeterministic() throws {
        let level = try Generator().generateUnique(difficulty: .class4, seed: 9).level
        let a = try Grader().grade(level), b = try Grader().grade(level)
        #expect(a.steps == b.steps)
        #expect(ReportRowText(a) == ReportRowText(b))
    }

    func ReportRowText(_ report: GradeReport) -> String { report.fields.map { "\($0.key)=\($0.value)" }.joined(separator: ";") }

    @Test func roundsGroupStepsThatWereAvailableTogether() throws {
        // Two separate one-blank equations: one round; a chain: two rounds.
        let apart = try Grader().grade(level("pool: 5 3\n7 + ? = 12 . 1 + 2 = ?\n"))
        #expect(apart.rounds == 1 && apart.meanStepsPerRound == 2)
        let forced = try Grader().grade(level("pool: 5 10\n7 + ? = 12\n. . x . .\n. . 2 . .\n. . = . .\n. . ? . .\n"))
        #expect(forced.rounds == 2 && forced.steps.map(\.movesOnOffer) == [1, 1] && forced.forcedShare == 1 && forced.longestForcedRun == 2)
    }

    @Test func crossingMetricsCountSharedCells() throws {
        let report = try Grader().grade(example(.poolCounting))
        // Row 1 crosses columns 3 and 5 at (1,3) and (1,5); row 3 crosses them at (3,3) and (3,5).
        #expect(report.crossingCells == 4 && report.blankCrossingCells == 3)
        #expect(report.minCrossingsPerEquation == 2 && report.meanCrossingsPerEquation == 2)
    }

    @Test func explanationsReadAsSentences() throws {
        let puzzle = try level("pool: 5 10\n7 + ? = 12\n. . x . .\n. . 2 . .\n. . = . .\n. . ? . .\n")
        let report = try Grader().grade(puzzle)
        #expect(Explain.sentences(for: report.steps, in: puzzle) == [
            "Row 1: 7 + ? = 12, so ? = 5.",
            "Column 3: 5 x 2 = ?, so ? = 10.",
        ])
        let crossing = try example(.crossing)
        let sentences = Explain.sentences(for: try Grader().grade(crossing).steps, in: crossing)
        #expect(sentences.first == "Row 3, column 1 is in Column 1: ? - ? = 1 (it could be 1 or 2) and in Row 3: ? - ? = 1 (it could be 2 or 3). Only 2 fits both.", "\(sentences)")
        let guess = try example(.guess)
        #expect(Explain.sentences(for: try Grader().grade(guess).steps, in: guess).first?.hasPrefix("No sure step is left: try") == true)
    }

    @Test func newTechniquesExplainThemselves() throws {
        func sentences(_ technique: Technique) throws -> [String] {
            let puzzle = try example(technique)
            return Explain.sentences(for: try Grader().grade(puzzle).steps, in: puzzle)
        }
        #expect(try sentences(.narrowing).first == "Narrowing each equation by its other cells' candidates and the tiles left, over and over, leaves Column 1: ? + 1 = ? only 7 for row 1, column 1; the same narrowing fixes (row 3, column 3), (row 3, column 5), (row 5, column 1), (row 5, column 5), (row 7, column 1) and (row 7, column 3).")
        #expect(try sentences(.crossingPair)[3] == "Filled in together, Column 3: 20 - ? = ? and Row 5: ? + ? = 20 would need more tiles of some value than are left unless row 5, column 1 is 8.")
        #expect(try sentences(.contradiction).first == "If row 1, column 3 were 15, narrowing the equations would leave some equation or tile with no way to finish, so it is 5 (Column 3: ? - 4 = ?).")
    }

    /// Every logical step of a generated unique puzzle's grade places its
    /// solution's value, and logic alone finishes every one of them.
    @Test(arguments: Profile.classProfiles)
    func logicalStepsAreSoundAndNeedNoGuess(_ profile: Profile) throws {
        var used = Set<Technique>()
        for seed in 1...1000 {
            let level = try Generator().generateUnique(difficulty: profile, seed: seed).level
            let report = try Grader().grade(level, solutionsUpTo2: 1)
            let solution = try Solver(level: level).solve(.init(solutions: 1, keepSolutions: 1)).solutions.first ?? []
            let answer = Dictionary(uniqueKeysWithValues: solution.map { ($0.position, $0.value) })
            for step in report.steps { #expect(answer[step.position] == step.value, "seed \(seed): \(step)") }
            #expect(report.solved && report.guesses == 0 && report.label != .guessRequired, "seed \(seed)")
            used.formUnion(report.steps.map(\.technique))
        }
        if profile == .class1 { #expect(used.isSuperset(of: [.narrowing, .crossingPair])) }
    }

    @Test func difficultyTargetingHitsTheLabelExactly() throws {
        for label in [DifficultyLabel.easy, .medium, .hard] {
            let generated = try Generator().generate(difficulty: .class2, seed: 5, label: label)
            #expect(try Grader().grade(generated.level).label == label)
            #expect(generated.attempts >= 1)
        }
        let expert = try Generator().generate(difficulty: .class1, seed: 1, label: .expert)
        #expect(try Grader().grade(expert.level).label == .expert)
        #expect(throws: GenerationError.self) { try Generator().generate(difficulty: .class3, seed: 1, label: .guessRequired) }
    }

    @Test func hintsFollowTheEngineAndFixMistakes() throws {
        let puzzle = try level("pool: 5 10\n7 + ? = 12\n. . x . .\n. . 2 . .\n. . = . .\n. . ? . .\n")
        var game = GameSession(level: puzzle)
        guard case .step(let first)? = game.hint() else { Issue.record("no hint"); return }
        #expect(first.position == GridPosition(row: 0, column: 2) && first.value == 5)
        try game.applyHint()
        #expect(game.level[GridPosition(row: 0, column: 2)].currentValue == 5)
        try game.placeNumber(10, at: GridPosition(row: 4, column: 2))
        #expect(game.isLevelCompleted)
        #expect(game.hint() == nil)
        // A wrong number is pointed out and taken back.
        var wrong = GameSession(level: puzzle)
        try wrong.placeNumber(10, at: GridPosition(row: 0, column: 2))
        #expect(wrong.hint() == .mistake(GridPosition(row: 0, column: 2)))
        try wrong.applyHint()
        #expect(wrong.level[GridPosition(row: 0, column: 2)].currentValue == nil)
        // Hints alone solve a generated puzzle.
        var solo = GameSession(level: try Generator().generateUnique(difficulty: .class3, seed: 4).level)
        var hints = 0
        while !solo.isLevelCompleted && hints < 100 {
            try solo.applyHint()
            hints += 1
        }
        #expect(solo.isLevelCompleted)
    }
}
