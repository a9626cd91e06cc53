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
        // A profile of values 0-9, seed 6293 (--unique --min-blanks 11; docs/families/math-crossword.md): no single
        // trial filled forward decides a cell; 1, 2 and 3 at row 3, column 4 fail only after trials inside the trial.
        (.guess, "pool: 1 2 3 4 4 4 5 5 6 7 7 8\n. 9 - ? = ? . . .\n. . . - . . . . .\n. 4 + ? = ? . 1 .\n. . . = . + . + .\n. ? . 3 + ? = ? .\n. - . . . = . = .\n. ? + ? = 9 . ? .\n. = . . . . . . .\n. 1 + ? = ? . . .\n"),
    ]

    func level(_ text: String) throws -> Puzzle { try TextFormat.read(text, file: "g.mcw") }

    func example(_ technique: Technique) throws -> Puzzle {
        try level(Self.examples.first { $0.0 == technique }?.1 ?? "")
    }

    @Test(arguments: examples.indices)
    func eachTechniqueHasAPuzzleWhereItIsTheHardest(_ index: Int) throws {
        let (technique, text) = Self.examples[index]
        let trace = try Grader().trace(level(text))
        #expect(trace.hardestTechnique == technique)
        #expect(trace.difficulty == technique.label)
        #expect(trace.solutionsUpTo2 == 1 && trace.outcome == .solved)
        #expect((trace.guesses > 0) == (technique == .guess))
        try expectReplayReachesTheSolution(level(text), trace)
    }

    /// The cell and number each step of a trace places.
    static func placements(_ trace: Grader.Trace) -> [(position: GridPosition, value: String)] {
        trace.steps.flatMap { step in
            step.decides.compactMap { decision -> (GridPosition, String)? in
                guard case .cell(let position) = decision.place, case .value(let text) = decision.mark else { return nil }
                return (position, text)
            }
        }
    }

    /// Replaying the trace writes only values of the one solution and ends solved.
    func expectReplayReachesTheSolution(_ level: Puzzle, _ trace: Grader.Trace) throws {
        let solution = try Solver(level: level).solve(.init(solutions: 2, keepSolutions: 1)).solutions.first ?? []
        let answer = Dictionary(uniqueKeysWithValues: solution.map { ($0.position, "\($0.value)") })
        var game = GameSession(level: level)
        #expect(trace.steps.allSatisfy { $0.decides.count == 1 })
        for (position, value) in Self.placements(trace) {
            #expect(answer[position] == value, "\(position): \(value)")
            try game.placeNumber(PuzzleNumber(decimalDigits: Substring(value)) ?? -1, at: position)
        }
        #expect(game.isLevelCompleted)
    }

    @Test(arguments: Profile.classProfiles)
    func tracesOfGeneratedPuzzlesReplayToTheSolution(_ profile: Profile) throws {
        var scores = 0
        for seed in 1...100 {
            let level = try Generator().generateUnique(difficulty: profile, seed: seed).level
            let trace = try Grader().trace(level)
            try expectReplayReachesTheSolution(level, trace)
            #expect(trace.steps.count == level.blankPositions.count)
            #expect(trace.metrics.rounds >= 1 && trace.metrics.rounds <= trace.steps.count)
            scores += trace.score
        }
        #expect(scores > 0)
    }

    @Test func meanScoreRisesFromClass1ToClass4() throws {
        let means = try Profile.classProfiles.map { profile in
            try (1...60).map { try Grader().trace(Generator().generateUnique(difficulty: profile, seed: $0).level).score }
                .reduce(0, +)
        }
        #expect(means == means.sorted() && Set(means).count == 4, "\(means)")
    }

    @Test func severalSolutionsAreGradedButFlagged() throws {
        let trace = try Grader().trace(level("pool: 5 7\n? + ? = 12\n"))
        #expect(trace.solutionsUpTo2 == 2)
        #expect(trace.outcome == .solved && trace.stopReason == .exhausted)
        #expect(trace.difficulty == .guessRequired)
    }

    @Test func gradingIsDeterministic() throws {
        let level = try Generator().generateUnique(difficulty: .class4, seed: 9).level
        let family = MathCrosswordFamily()
        let a = try Grader().trace(level), b = try Grader().trace(level)
        #expect(Self.stepTexts(a) == Self.stepTexts(b))
        #expect(rowText(family.grade(a, of: level, explain: true)) == rowText(family.grade(b, of: level, explain: true)))
    }

    /// Each step of a trace in full, as text.
    static func stepTexts(_ trace: Grader.Trace) -> [String] { trace.steps.map { "\($0)" } }

    func rowText(_ grade: GradeResult) -> String {
        (grade.fields.map { "\($0.key)=\($0.value)" } + grade.explanation).joined(separator: ";")
    }

    @Test func roundsGroupStepsThatWereAvailableTogether() throws {
        // Two separate one-blank equations: one round; a chain: two rounds.
        let apart = try Grader().trace(level("pool: 5 3\n7 + ? = 12 . 1 + 2 = ?\n")).metrics
        #expect(apart.rounds == 1 && apart.meanStepsPerRound == 2)
        let forced = try Grader().trace(level("pool: 5 10\n7 + ? = 12\n. . x . .\n. . 2 . .\n. . = . .\n. . ? . .\n"))
        #expect(forced.metrics.rounds == 2 && forced.steps.map(\.movesOnOffer) == [1, 1])
        #expect(forced.metrics.forcedShare == 1 && forced.metrics.longestForcedRun == 2)
        // The score: the steps' weights and arithmetic loads (7 + 5 = 12: 8; 5 x 2 = 10: 1), then one point per round.
        #expect(forced.arithmeticLoads == [8, 1])
        #expect(forced.score == 2 * Technique.oneBlank.weight + 8 + 1 + 2 && forced.extraPoints == 2)
    }

    @Test func crossingMetricsCountSharedCells() throws {
        let puzzle = try example(.poolCounting)
        let crossings = CrossingMetrics(puzzle)
        // Row 1 crosses columns 3 and 5 at (1,3) and (1,5); row 3 crosses them at (3,3) and (3,5).
        #expect(crossings.cells == 4 && crossings.blankCells == 3)
        #expect(crossings.minPerEquation == 2 && crossings.meanPerEquation == 2)
        let family = MathCrosswordFamily()
        let fields = family.familyFields(try Grader().trace(puzzle), of: puzzle).map { "\($0.key)=\($0.value)" }
        #expect(fields.prefix(6) == ["blanks=int(7)", "distinctPoolValues=int(7)", "crossingCells=int(4)", "blankCrossingCells=int(3)",
                           "minCrossingsPerEquation=int(2)", "meanCrossingsPerEquation=double(2.0)"], "\(fields)")
    }

    @Test func explanationsReadAsSentences() throws {
        let puzzle = try level("pool: 5 10\n7 + ? = 12\n. . x . .\n. . 2 . .\n. . = . .\n. . ? . .\n")
        #expect(try sentences(puzzle) == [
            "Row 1: 7 + ? = 12, so ? = 5.",
            "Column 3: 5 × 2 = ?, so ? = 10.",
        ])
        let crossing = try example(.crossing)
        let crossingSentences = try sentences(crossing)
        #expect(crossingSentences.first == "Row 3, column 1 is in Column 1: ? − ? = 1 (it could be 1 or 2) and in Row 3: ? − ? = 1 (it could be 2 or 3). Only 2 fits both.", "\(crossingSentences)")
        // A guess says which values were tried there first and taken back; it never says "it works out".
        let guess = try example(.guess)
        let trace = try Grader().trace(guess)
        #expect(trace.backtracks > 0 && trace.maxGuessDepth == 1)
        #expect(try sentences(guess).first == "No sure step is left: 1, 2 and 3 at row 3, column 4 led to dead ends and were taken back, so try 4 there (guess 1); the steps after it rest on this guess.")
        #expect(try sentences(level("pool: 5 7\n? + ? = 12\n")).first == "No sure step is left: try 5 at row 1, column 1 (guess 1); the steps after it rest on this guess.")
        #expect(try sentences(guess).allSatisfy { !$0.contains("works out") })
    }

    /// The explanation of a grade of `puzzle`.
    func sentences(_ puzzle: Puzzle) throws -> [String] {
        try MathCrosswordFamily().grade(puzzle, solutionsUpTo2: nil, explain: true).explanation
    }

    @Test func newTechniquesExplainThemselves() throws {
        func sentences(_ technique: Technique) throws -> [String] { try self.sentences(example(technique)) }
        // Narrowing names its chain: the equations, the cells and the values they leave.
        #expect(try sentences(.narrowing).first == "Narrowing: Column 1 first narrows 2 cells; then Row 3: 1 + ? = ? leaves row 3, column 3 only 7, 13 or 19 and row 3, column 5 only 8, 14 or 20; then Column 5: ? − ? = 6 leaves row 3, column 5 only 14 or 20 and row 5, column 5 only 8 or 14; then Row 5: ? + 6 = ? leaves row 5, column 1 only 8; then Column 1: ? + 1 = ? leaves row 1, column 1 only 7, so row 1, column 1 is 7; it also fixes (row 3, column 3), (row 3, column 5), (row 5, column 1), (row 5, column 5), (row 7, column 1) and (row 7, column 3), written in next.")
        #expect(try sentences(.narrowing)[1] == "As step 1 found, row 3, column 3 is 19 (Row 3: 1 + ? = ?).")
        // Crossing pair names the value and the count of the tile that runs out.
        #expect(try sentences(.crossingPair)[3].hasPrefix("Crossing pair: Column 3: 20 − ? = ? and Row 5: ? + ? = 20, filled in together, leave row 5, column 3 only 12 (8 there would need two 12s and only one is left)"))
        #expect(try sentences(.crossingPair)[3].contains("row 5, column 1 only 8 (12 there would need two 12s and only one is left), so row 5, column 1 is 8"))
        // Pool counting names the cells and the tiles they use up.
        #expect(try sentences(.poolCounting).first == "Counting tiles: row 3, column 3 and row 5, column 3 can only be 1 or 5, so between them they take the only 1 and the only 5; that leaves row 1, column 1 only 10 (Row 1: ? ÷ 5 = ?).")
        // Contradiction names the trial value and what fails.
        #expect(try sentences(.contradiction).first == "If row 1, column 3 were 15, two tiles 1 would be left with only one empty cell to take them. So it is 5 (Column 3: ? − 4 = ?).")
    }

    /// class_1 seed 2506 with `--unique --min-blanks 10` (issue 35): one
    /// trial refuted by filling in the cells it forces, using up their
    /// tiles, is a contradiction step, not a guess.
    static let singleTrial = "pool: 2 3 3 4 5 5 6 6 9 10\n. . 4 + ? = ?\n. . + . . . +\n? . ? - 3 = ?\n- . = . + . =\n? . ? + ? = 12\n= . . . = . .\n1 + ? = ? . .\n"

    @Test func aTrialRefutedByFillingInWhatItForcesIsAContradiction() throws {
        let puzzle = try level(Self.singleTrial)
        let trace = try Grader().trace(puzzle)
        #expect(trace.hardestTechnique == .contradiction && trace.guesses == 0 && trace.backtracks == 0)
        #expect(trace.difficulty == .expert && trace.outcome == .solved)
        try expectReplayReachesTheSolution(puzzle, trace)
        let refutation = trace.steps.first { $0.technique == .contradiction }?.facts.refutations.first
        #expect(refutation?.value == 5 && refutation?.forced.count == 7 && refutation?.tilesLeft == [3, 6])
        #expect(try sentences(puzzle).first == "If row 1, column 5 were 5, filling in what that forces would make row 1, column 7 = 9, row 3, column 3 = 6, row 3, column 7 = 3, row 5, column 3 = 10, row 5, column 5 = 2, row 7, column 3 = 4 and row 7, column 5 = 5 (7 cells), and Column 1: ? − ? = 1 could not be finished with row 3, column 1 only 3 or 6 and row 5, column 1 only 3 or 6 (the tiles 3 and 6 left). So it is 6 (Row 1: 4 + ? = ?).")
    }

    /// One narrowing fixpoint is one narrowing step: the other cells it
    /// fixes are written in next as cheap steps of the same round, not
    /// narrowed again at full weight.
    @Test func oneNarrowingStepPerFixpoint() throws {
        let trace = try Grader().trace(example(.narrowing))
        #expect(trace.steps.map(\.technique) == Array(repeating: .narrowing, count: 7))
        // A step's points are its technique's weight (1 for a cell the
        // narrowing already fixed) plus the arithmetic load of its fact.
        let loads = trace.steps.map { $0.facts.arithmetic?.score ?? 0 }
        let weights = [Technique.narrowing.weight] + Array(repeating: Technique.oneBlank.weight, count: 6)
        #expect(trace.steps.map(\.points) == zip(weights, loads).map { $0 + $1 })
        #expect(trace.steps.map(\.facts.followsStep) == [nil] + Array(repeating: 1, count: 6))
        #expect(trace.metrics.rounds == 1)
        #expect(trace.score == weights.reduce(0, +) + loads.reduce(0, +) + 1)
    }

    /// Every logical step of a generated unique puzzle's grade places its
    /// solution's value, and logic alone finishes every one of them.
    @Test(arguments: Profile.classProfiles)
    func logicalStepsAreSoundAndNeedNoGuess(_ profile: Profile) throws {
        var used = Set<Technique>()
        for seed in 1...1000 {
            let level = try Generator().generateUnique(difficulty: profile, seed: seed).level
            let trace = try Grader().trace(level, solutionsUpTo2: 1)
            let solution = try Solver(level: level).solve(.init(solutions: 1, keepSolutions: 1)).solutions.first ?? []
            let answer = Dictionary(uniqueKeysWithValues: solution.map { ($0.position, "\($0.value)") })
            for (position, value) in Self.placements(trace) { #expect(answer[position] == value, "seed \(seed): \(position)") }
            #expect(trace.outcome == .solved && trace.guesses == 0 && trace.difficulty != .guessRequired, "seed \(seed)")
            used.formUnion(trace.steps.map(\.technique))
        }
        if profile == .class1 { #expect(used.isSuperset(of: [.narrowing, .crossingPair])) }
    }

    @Test func difficultyTargetingHitsTheLabelExactly() throws {
        for label in [DifficultyLabel.easy, .medium, .hard] {
            let generated = try Generator().generate(difficulty: .class2, seed: 5, label: label)
            #expect(try Grader().trace(generated.level).combinedLabel == label)
            #expect(generated.attempts >= 1)
        }
        let expert = try Generator().generate(difficulty: .class1, seed: 1, label: .expert)
        #expect(try Grader().trace(expert.level).combinedLabel == .expert)
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
