import PuzzleKit
import Testing
@testable import CrossSums

/// Cross sums played through ``PlayGame``: keep and remove with lives and
/// hints, on ``GameSession``.
@Suite struct PlayTests {
    let family = CrossSumsFamily()

    /// The combinations fixture; its one solution keeps
    /// `[[4, 7, -], [5, -, -], [-, -, 9]]` (``GameTests``).
    func fixture(_ language: Language = .english) throws -> PlayGame {
        try PlayGame(family, puzzles: [try GraderTests.puzzle(.combinations)], language: language)
    }

    /// Played by its solution's moves, every generated puzzle ends complete,
    /// every move right, with all lives, no mistake and no hint.
    @Test(arguments: Profile.allCases)
    func theSolutionMovesCompleteTheLevel(_ profile: Profile) throws {
        for seed in 1...30 {
            let puzzles = try family.gamePuzzles(profile, seed: seed)
            var game = try PlayGame(family, puzzles: puzzles)
            let moves = family.solutionMoves(puzzles)
            let removed = try #require(puzzles[0].solution).joined().filter { !$0 }.count
            #expect(moves.count == removed && !moves.isEmpty, "\(profile) seed \(seed)")
            for move in moves {
                #expect(!game.view.status.finished)
                let reply = game.play(move)
                #expect(reply.result == .right, "\(profile) seed \(seed): \(move) \(reply.message ?? "")")
            }
            let view = game.view
            #expect(view.status == PlayStatus(finished: true, completed: true, lives: 3, maxLives: 3, mistakes: 0, hints: 0),
                    "\(profile) seed \(seed)")
            #expect(view.actions.isEmpty && view.grid.joined().allSatisfy { !$0.tappable })
            #expect(view.grid.joined().filter { $0.kind == "removed" }.count == removed)
            #expect(view.title == "Cross sums: \(family.labelName(profile.rawValue, in: .english)), level \(seed)")
        }
    }

    /// The view: the column sums above, the row sums on the left, a block in
    /// the corner, every number undecided and tappable.
    @Test func theViewShowsTheNumbersAndTheSums() throws {
        let puzzle = try GraderTests.puzzle(.combinations)
        let view = try fixture().view
        #expect(view.kind == "cross-sums" && view.title == "Cross sums \(puzzle.id)")
        #expect(view.grid.count == puzzle.rows + 1 && view.grid.allSatisfy { $0.count == puzzle.columns + 1 })
        #expect(view.grid[0] == [PlayCell("", kind: "block")] + puzzle.columnSums.map { PlayCell(String($0), kind: "target") })
        #expect(view.grid.dropFirst().map(\.[0]) == puzzle.rowSums.map { PlayCell(String($0), kind: "target") })
        #expect(view.grid.dropFirst().map { Array($0.dropFirst()) }
            == puzzle.grid.map { $0.map { PlayCell(String($0), kind: "number", tappable: true) } })
        #expect(view.actions == ["keep", "remove", "hint", "give-up"])
        #expect(view.status == PlayStatus(finished: false, completed: false, lives: 3, maxLives: 3, mistakes: 0, hints: 0))
    }

    /// A wrong mark costs a life and is not applied; the third loses the
    /// game, which then takes no move.
    @Test func threeWrongMovesLoseTheGame() throws {
        var game = try fixture()
        let right = game.play(PlayMove("remove", row: 0, column: 2))
        #expect(right.result == .right && right.message == nil && right.view.grid[1][3].kind == "removed")
        let first = game.play(PlayMove("remove", row: 0, column: 0))
        #expect(first.result == .wrong && first.message == "Not that one: the 4 at row 1, column 1 is not removed. You have 2 lives left.")
        #expect(first.view.grid[1][1] == PlayCell("4", kind: "number", tappable: true))
        #expect(first.view.status == PlayStatus(finished: false, completed: false, lives: 2, maxLives: 3, mistakes: 1, hints: 0))
        let second = game.play(PlayMove("keep", row: 1, column: 1))
        #expect(second.result == .wrong && second.message?.hasSuffix("is not kept. You have one life left.") == true)
        let third = game.play(PlayMove("keep", row: 2, column: 0))
        #expect(third.result == .wrong && third.message == "No lives are left: the game is over.")
        #expect(third.view.status == PlayStatus(finished: true, completed: false, lives: 0, maxLives: 3, mistakes: 3, hints: 0))
        #expect(third.view.actions.isEmpty && third.view.grid.joined().allSatisfy { !$0.tappable })
        for move in [PlayMove("remove", row: 1, column: 1), PlayMove(PlayMove.hintAction), PlayMove(PlayMove.giveUpAction)] {
            let reply = game.play(move)
            #expect(reply.result == .refused && reply.message == "the game is over: start a new one" && reply.view == third.view)
        }
    }

    /// Over generated puzzles: each wrong mark (keeping what the solution
    /// removes, removing what it keeps) costs a life and changes no cell;
    /// the third ends the game lost.
    @Test(arguments: Profile.allCases)
    func wrongMarksCostLives(_ profile: Profile) throws {
        for seed in 1...30 {
            let puzzles = try family.gamePuzzles(profile, seed: seed)
            let solution = try #require(puzzles[0].solution)
            let wrong = puzzles[0].positions.prefix(3).map {
                PlayMove(solution[$0.row][$0.column] ? "remove" : "keep", row: $0.row, column: $0.column)
            }
            var game = try PlayGame(family, puzzles: puzzles)
            let marks = game.view.grid.map { $0.map(\.kind) }
            for (index, move) in wrong.enumerated() {
                let reply = game.play(move)
                #expect(reply.result == .wrong && reply.view.grid.map { $0.map(\.kind) } == marks, "\(profile) seed \(seed) \(move)")
                #expect(reply.view.status.lives == 2 - index && reply.view.status.mistakes == index + 1)
            }
            #expect(game.view.status.finished && !game.view.status.completed)
            #expect(game.play(family.solutionMoves(puzzles)[0]).result == .refused)
        }
    }

    /// A hint on a fresh game decides the first cell of the grader's first
    /// step and says that step's sentence.
    @Test(arguments: Profile.allCases)
    func aHintAppliesTheGradersFirstStep(_ profile: Profile) throws {
        var compared = 0
        for seed in 1...30 {
            let puzzle = try family.gamePuzzles(profile, seed: seed)[0]
            let trace = try family.trace(puzzle, solutionsUpTo2: nil, timeLimit: nil)
            let step = try #require(trace.steps.first)
            guard !step.isGuess else { continue }
            guard case .cell(let position) = step.decides.first?.place, let mark = step.decides.first?.mark else {
                Issue.record("\(profile) seed \(seed): the first step decides no cell")
                continue
            }
            compared += 1
            for language in Language.all {
                var game = try PlayGame(family, puzzles: [puzzle], language: language)
                let before = game.view
                let reply = game.play(PlayMove(PlayMove.hintAction))
                #expect(reply.result == .neutral && reply.hint)
                #expect(reply.message == family.sentence(step, in: puzzle, language: language), "\(profile) seed \(seed)")
                var expected = before.grid
                let number = String(puzzle[position])
                expected[position.row + 1][position.column + 1] = PlayCell(number, kind: mark == .kept ? "kept" : "removed")
                #expect(reply.view.grid == expected, "\(profile) seed \(seed)")
                #expect(reply.view.status.hints == 1 && reply.view.status.lives == 3)
            }
        }
        #expect(compared >= 25)
    }

    /// Every refusal changes nothing and says why.
    @Test func refusalsChangeNothingAndSayWhy() throws {
        var game = try fixture()
        _ = game.play(PlayMove("keep", row: 0, column: 0))
        _ = game.play(PlayMove("remove", row: 0, column: 2))
        let refusals: [(PlayMove, String)] = [
            (PlayMove("keep", row: 3, column: 0), "There is no number at row 4, column 1."),
            (PlayMove("remove", row: 0, column: -1), "There is no number at row 1, column 0."),
            (PlayMove("keep", row: 0, column: 0), "You have already decided the 4 at row 1, column 1."),
            (PlayMove("remove", row: 0, column: 0), "You have already decided the 4 at row 1, column 1."),
            (PlayMove("keep", row: 0, column: 2), "You have already decided the 9 at row 1, column 3."),
            (PlayMove("keep", row: 1), "'keep' needs more: see the moves in docs/PLAY.md"),
            (PlayMove("remove", column: 1), "'remove' needs more: see the moves in docs/PLAY.md"),
            (PlayMove("place", row: 1, column: 1, value: "5"), "'place' is not a move here; the moves are: keep, remove, hint"),
        ]
        for (move, why) in refusals {
            let before = game.view
            let reply = game.play(move)
            #expect(reply.result == .refused && reply.message == why, "\(move)")
            #expect(reply.view == before && game.view == before, "\(move)")
        }
    }

    /// The German view and every hint of a game the hints play hold no
    /// English word; the catalogue has no problems.
    @Test func germanViewsAndHintsHoldNoEnglishWord() throws {
        #expect(CrossSumsMessages.catalogue.problems() == [])
        for profile in Profile.allCases {
            for seed in 1...5 {
                let puzzles = try family.gamePuzzles(profile, seed: seed)
                var game = try PlayGame(family, puzzles: puzzles, language: .german)
                var texts = [game.view.title, game.view.instructions]
                let solution = try #require(puzzles[0].solution)
                if let wrong = puzzles[0].positions.first(where: { solution[$0.row][$0.column] }) {
                    for _ in 1...3 { texts.append(game.play(PlayMove("remove", row: wrong.row, column: wrong.column)).message ?? "") }
                }
                // (Refusals that name an action repeat its code, `keep`: not scanned.)
                game = try PlayGame(family, puzzles: puzzles, language: .german)
                texts.append(game.play(PlayMove("keep", row: -1, column: 0)).message ?? "")
                var hints = 0
                while !game.view.status.finished && hints < 400 {
                    let reply = game.play(PlayMove(PlayMove.hintAction))
                    texts.append(reply.message ?? "")
                    if hints == 0, let row = reply.view.grid.firstIndex(where: { $0.contains { $0.kind == "kept" || $0.kind == "removed" } }),
                       let column = reply.view.grid[row].firstIndex(where: { $0.kind == "kept" || $0.kind == "removed" }) {
                        texts.append(game.play(PlayMove("remove", row: row - 1, column: column - 1)).message ?? "")
                    }
                    hints += 1
                }
                #expect(game.view.status.completed, "\(profile) seed \(seed)")
                let english = englishWords(in: texts.joined(separator: "\n"), language: .german, catalogues: [CrossSumsMessages.catalogue])
                #expect(english.isEmpty, "\(profile) seed \(seed): \(english)")
            }
        }
    }
}
