import PuzzleKit
import Testing
import MathCrossword

/// The math crossword played through ``PlayGame``: the moves of the app's
/// plan on ``GameSession``.
@Suite struct PlayTests {
    let family = MathCrosswordFamily()

    /// `7 + ? = 12` across, `? x 2 = ?` down through the blank; no solution
    /// in the file, so moves are judged by the equations.
    func example() throws -> PlayGame {
        try PlayGame(family, puzzles: [try TextFormat.read(TextFormatTests.example, file: "g.mcw")])
    }

    /// Played by its solution's moves, every generated level ends complete,
    /// every move right, with no mistake and no hint.
    @Test(arguments: Profile.classProfiles)
    func theSolutionMovesCompleteTheLevel(_ profile: Profile) throws {
        for seed in 1...30 {
            let puzzles = try family.gamePuzzles(profile, seed: seed)
            var game = try PlayGame(family, puzzles: puzzles)
            let moves = family.solutionMoves(puzzles)
            #expect(moves.count == puzzles[0].blankPositions.count && !moves.isEmpty, "\(profile.id) seed \(seed)")
            for move in moves {
                #expect(!game.view.status.finished)
                let reply = game.play(move)
                #expect(reply.result == .right, "\(profile.id) seed \(seed): \(move) \(reply.message ?? "")")
            }
            let view = game.view
            #expect(view.status == PlayStatus(finished: true, completed: true, mistakes: 0, hints: 0), "\(profile.id) seed \(seed)")
            #expect(view.tiles.allSatisfy { !$0.available } && view.items.allSatisfy { $0.state == "done" })
            #expect(view.actions.isEmpty && view.grid.joined().allSatisfy { !$0.tappable })
        }
    }

    /// A tile that is not the solution's stays on the board, wrong, counts a
    /// mistake and costs nothing else; a hint then takes it out.
    @Test(arguments: Profile.classProfiles)
    func aWrongTileStaysAndCounts(_ profile: Profile) throws {
        var tried = 0
        for seed in 1...30 {
            let level = try family.gamePuzzles(profile, seed: seed)[0]
            let solution = try #require(level.solution)
            guard let (entry, wrong) = solution.lazy.compactMap({ entry in
                level.numberPool.first { $0 != entry.value }.map { (entry, $0) }
            }).first else { continue }
            tried += 1
            var game = try PlayGame(family, puzzles: [level])
            let reply = game.play(PlayMove("place", row: entry.row, column: entry.column, value: wrong.description))
            #expect(reply.result == .wrong)
            #expect(reply.message == "The \(wrong) does not belong at \(Explain.cell(entry.position)). Take it out and try another tile.")
            let cell = reply.view.grid[entry.row][entry.column]
            #expect(cell == PlayCell(wrong.description, kind: "placed", tappable: true))
            #expect(reply.view.status == PlayStatus(finished: false, completed: false, mistakes: 1, hints: 0))
            let hint = game.play(PlayMove(PlayMove.hintAction))
            #expect(hint.result == .neutral && hint.hint)
            #expect(hint.message == "Take the number out of \(Explain.cell(entry.position)) again.")
            #expect(hint.view.grid[entry.row][entry.column] == PlayCell("", kind: "blank", tappable: true))
            #expect(hint.view.status == PlayStatus(finished: false, completed: false, mistakes: 1, hints: 1))
        }
        #expect(tried >= 25)
    }

    /// Without a solution in the level, the equations judge: a number that
    /// makes one incorrect is wrong.
    @Test func withoutASolutionTheEquationsJudge() throws {
        var game = try example()
        let wrong = game.play(PlayMove("place", row: 0, column: 2, value: "10"))
        #expect(wrong.result == .wrong && wrong.view.items.map(\.state) == ["wrong", "open"])
        #expect(wrong.view.items.map(\.text) == ["Row 1: 7 + 10 = 12", "Column 3: 10 × 2 = ?"])
        let cleared = game.play(PlayMove("clear", row: 0, column: 2))
        #expect(cleared.result == .neutral && cleared.view.tiles == [PlayTile("5", available: true), PlayTile("10", available: true)])
        #expect(game.play(PlayMove("place", row: 0, column: 2, value: "5")).result == .right)
        let last = game.play(PlayMove("place", row: 4, column: 2, value: "10"))
        #expect(last.result == .right && last.message == "Well done: every equation holds!")
        #expect(last.view.status == PlayStatus(finished: true, completed: true, mistakes: 1, hints: 0))
    }

    /// The view: givens, operators as glyphs, `=`, blocks, blanks (the only
    /// tappable cells), the pool, the equations, the actions.
    @Test func theViewShowsTheBoard() throws {
        let view = try example().view
        #expect(view.kind == "math-crossword" && view.title == "Math crossword g")
        #expect(view.grid.count == 5 && view.grid.allSatisfy { $0.count == 5 })
        #expect(view.grid[0] == [PlayCell("7", kind: "given"), PlayCell("+", kind: "symbol"), PlayCell("", kind: "blank", tappable: true),
                                 PlayCell("=", kind: "symbol"), PlayCell("12", kind: "given")])
        #expect(view.grid[1][2] == PlayCell("×", kind: "symbol") && view.grid[1][0] == PlayCell("", kind: "block"))
        #expect(view.grid.joined().filter(\.tappable).count == 2)
        #expect(view.tiles == [PlayTile("5", available: true), PlayTile("10", available: true)])
        #expect(view.items == [PlayItem("Row 1: 7 + ? = 12", state: "open"), PlayItem("Column 3: ? × 2 = ?", state: "open")])
        #expect(view.actions == ["place", "clear", "hint", "give-up"])
        #expect(view.instructions.hasPrefix("Tap a tile, then a blank cell"))
    }

    /// A hint on a fresh game places the number of the grader's first step
    /// and says that step's sentence.
    @Test(arguments: Profile.classProfiles)
    func aHintAppliesTheGradersFirstStep(_ profile: Profile) throws {
        var compared = 0
        for seed in 1...30 {
            let level = try family.gamePuzzles(profile, seed: seed)[0]
            let trace = try family.trace(level, solutionsUpTo2: nil, timeLimit: nil)
            let step = try #require(trace.steps.first)
            guard !step.isGuess else { continue }
            var cell: (GridPosition, String)?
            for decision in step.decides {
                if case .cell(let p) = decision.place, case .value(let v) = decision.mark { cell = (p, v) }
            }
            let (position, value) = try #require(cell)
            compared += 1
            for language in Language.all {
                var game = try PlayGame(family, puzzles: [level], language: language)
                let before = game.view
                let reply = game.play(PlayMove(PlayMove.hintAction))
                #expect(reply.result == .neutral && reply.hint)
                let sentence = MathCrosswordMessages.catalogue.text("hint.step", language, [
                    "cell": Explain.cell(position, language: language), "sentence": family.sentence(step, in: level, language: language),
                ])
                #expect(reply.message == sentence, "\(profile.id) seed \(seed)")
                var expected = before.grid
                expected[position.row][position.column] = PlayCell(value, kind: "placed", tappable: true)
                #expect(reply.view.grid == expected, "\(profile.id) seed \(seed)")
                #expect(reply.view.status.hints == 1 && reply.view.status.mistakes == 0)
            }
        }
        #expect(compared >= 25)
    }

    /// Every refusal changes nothing and says why.
    @Test func refusalsChangeNothingAndSayWhy() throws {
        var game = try example()
        _ = game.play(PlayMove("place", row: 0, column: 2, value: "5"))
        let refusals: [(PlayMove, String)] = [
            (PlayMove("place", row: 9, column: 0, value: "10"), "There is no cell at row 10, column 1."),
            (PlayMove("place", row: -1, column: 2, value: "10"), "There is no cell at row 0, column 3."),
            (PlayMove("place", row: 0, column: 0, value: "10"), "There is no empty cell at row 1, column 1: tiles go in the empty cells."),
            (PlayMove("place", row: 0, column: 1, value: "10"), "There is no empty cell at row 1, column 2: tiles go in the empty cells."),
            (PlayMove("place", row: 1, column: 0, value: "10"), "There is no empty cell at row 2, column 1: tiles go in the empty cells."),
            (PlayMove("place", row: 4, column: 2, value: "5"), "There is no tile 5 left in the pool."),
            (PlayMove("place", row: 4, column: 2, value: "7"), "There is no tile 7 left in the pool."),
            (PlayMove("place", row: 4, column: 2, value: "ten"), "There is no tile ten left in the pool."),
            (PlayMove("place", row: 0, column: 2, value: "5"), "The 5 is already at row 1, column 3."),
            (PlayMove("place", row: 4, column: 2), "'place' needs more: see the moves in docs/PLAY.md"),
            (PlayMove("place", column: 2, value: "10"), "'place' needs more: see the moves in docs/PLAY.md"),
            (PlayMove("clear", row: 4, column: 2), "There is no number to take out at row 5, column 3."),
            (PlayMove("clear", row: 0, column: 0), "There is no empty cell at row 1, column 1: tiles go in the empty cells."),
            (PlayMove("clear", row: 4), "'clear' needs more: see the moves in docs/PLAY.md"),
            (PlayMove("keep", row: 4, column: 2), "'keep' is not a move here; the moves are: place, clear, hint"),
        ]
        for (move, why) in refusals {
            let before = game.view
            let reply = game.play(move)
            #expect(reply.result == .refused && reply.message == why, "\(move)")
            #expect(reply.view == before && game.view == before, "\(move)")
        }
        #expect(game.play(PlayMove("place", row: 4, column: 2, value: "10")).view.status.completed)
        let after = game.view
        for move in [PlayMove("clear", row: 4, column: 2), PlayMove(PlayMove.hintAction), PlayMove(PlayMove.giveUpAction)] {
            let reply = game.play(move)
            #expect(reply.result == .refused && reply.message == "the game is over: start a new one" && reply.view == after)
        }
    }

    /// Giving up ends the game not completed; nothing is taken after it.
    @Test func givingUpEndsTheGame() throws {
        var game = try example()
        let reply = game.play(PlayMove(PlayMove.giveUpAction))
        #expect(reply.view.status.finished && !reply.view.status.completed && reply.view.actions.isEmpty)
        #expect(game.play(PlayMove("place", row: 0, column: 2, value: "5")).result == .refused)
    }

    /// The German view and every hint of a game the hints play hold no
    /// English word; the catalogue has no problems.
    @Test func germanViewsAndHintsHoldNoEnglishWord() throws {
        #expect(MathCrosswordMessages.catalogue.problems() == [])
        for profile in Profile.classProfiles {
            for seed in 1...5 {
                let level = try family.gamePuzzles(profile, seed: seed)[0]
                var game = try PlayGame(family, puzzles: [level], language: .german)
                var texts: [String] = []
                if let entry = level.solution?.first, let wrong = level.numberPool.first(where: { $0 != entry.value }) {
                    let reply = game.play(PlayMove("place", row: entry.row, column: entry.column, value: wrong.description))
                    texts += [reply.message ?? ""]
                }
                // (Refusals that name an action repeat its code, `place`: not scanned.)
                for move in [PlayMove("place", row: -1, column: 0, value: "1"), PlayMove("clear", row: 0, column: 0),
                             PlayMove("place", row: 0, column: 0, value: "0.5")] {
                    texts.append(game.play(move).message ?? "")
                }
                var hints = 0
                while !game.view.status.finished && hints < 200 {
                    let reply = game.play(PlayMove(PlayMove.hintAction))
                    texts += [reply.message ?? ""] + Self.texts(reply.view)
                    hints += 1
                }
                #expect(game.view.status.completed, "\(profile.id) seed \(seed)")
                let english = englishWords(in: texts.joined(separator: "\n"), language: .german, catalogues: [MathCrosswordMessages.catalogue])
                #expect(english.isEmpty, "\(profile.id) seed \(seed): \(english)")
            }
        }
    }

    static func texts(_ view: PlayView) -> [String] {
        [view.title, view.instructions] + view.items.map(\.text)
    }
}
