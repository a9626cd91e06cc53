import PuzzleKit
import Testing
@testable import NumberSearch

/// Number search played through `PlayGame`: five levels of three
/// questions, drags cell by cell, hints from the grader, refusals.
@Suite struct PlayTests {
    static let family = NumberSearchFamily()

    static func game(_ profile: String, seed: Int, language: Language = .english) throws -> (PlayGame, [Puzzle]) {
        let levels = try family.gamePuzzles(try family.profile(named: profile), seed: seed)
        return (try PlayGame(family, puzzles: levels, language: language), levels)
    }

    /// Every straight profile gives the same game: the five levels of the
    /// seed; `-any` gives the five any-mode levels.
    @Test func aGameIsTheFiveLevelsOfItsSeedInTheProfilesMode() throws {
        let straight = try Self.family.gamePuzzles(try Self.family.profile(named: "level-1"), seed: 4)
        #expect(straight.map(\.profile) == ["level-1", "level-2", "level-3", "level-4", "level-5"])
        #expect(try Self.family.gamePuzzles(try Self.family.profile(named: "level-4"), seed: 4) == straight)
        let any = try Self.family.gamePuzzles(try Self.family.profile(named: "level-2-any"), seed: 4)
        #expect(any.map(\.profile) == ["level-1-any", "level-2-any", "level-3-any", "level-4-any", "level-5-any"])
        #expect(any.allSatisfy { $0.pathMode == .any })
        #expect(throws: (any Error).self) { try PlayGame(Self.family, puzzles: []) }
        var ragged = straight[0]
        ragged.grid[2].removeLast()
        #expect(throws: (any Error).self) { try PlayGame(Self.family, puzzles: [straight[1], ragged]) }
    }

    /// Over 30 seeds in each mode, the solution's moves play the game to
    /// its end: every move right or neutral, no mistake, no hint.
    @Test(arguments: ["level-1", "level-1-any"])
    func solutionMovesCompleteTheGame(_ profile: String) throws {
        for seed in 1...30 {
            var (game, levels) = try Self.game(profile, seed: seed)
            #expect(game.view.status.level == 1 && game.view.status.levels == 5 && !game.view.status.finished)
            var rights = 0
            for move in Self.family.solutionMoves(levels) {
                let reply = game.play(move)
                #expect(reply.result == .right || reply.result == .neutral, "seed \(seed): \(move) \(reply.message ?? "")")
                if reply.result == .right { rights += 1 }
            }
            let status = game.view.status
            #expect(status.finished && status.completed && status.mistakes == 0 && status.hints == 0, "seed \(seed)")
            #expect(status.level == 5 && rights == 15 && game.view.actions.isEmpty)
            #expect(game.view.items.allSatisfy { $0.state == "done" })
        }
    }

    /// The view follows a drag: selected cells, the digits read so far,
    /// the question shown; answered paths are `found`.
    @Test func theViewShowsTheSelectionAndTheFoundPaths() throws {
        var (game, levels) = try Self.game("level-1", seed: 2)
        let question = levels[0].questions[0]
        let path = try #require(question.solutionPositions)
        #expect(game.view.prompt == question.text && game.view.entry == nil)
        #expect(game.view.items.map(\.state) == ["current", "open", "open"])
        #expect(game.view.actions == ["select", "hint", "give-up"])
        _ = game.play(PlayMove("select", row: path[0].row, column: path[0].column))
        #expect(game.view.grid[path[0].row][path[0].column].kind == "selected")
        #expect(game.view.entry == String(levels[0].grid[path[0].row][path[0].column]))
        #expect(game.view.actions == ["select", "clear", "submit", "hint", "give-up"])
        for p in path.dropFirst() { _ = game.play(PlayMove("select", row: p.row, column: p.column)) }
        #expect(game.view.entry == String(question.target))
        #expect(game.play(PlayMove("submit")).result == .right)
        #expect(path.allSatisfy { game.view.grid[$0.row][$0.column].kind == "found" })
        #expect(game.view.items.map(\.state) == ["done", "current", "open"])
        #expect(game.view.items[0].text == "\(question.operands[0]) + \(question.operands[1]) = \(question.target)")
        #expect(game.view.prompt == levels[0].questions[1].text)
    }

    /// A wrong path is `wrong`, counts a mistake (the plan has no lives)
    /// and clears the selection; the question stays.
    @Test func aWrongPathCountsAMistake() throws {
        var (game, levels) = try Self.game("level-1", seed: 5)
        let path = try #require(levels[0].questions[0].solutionPositions)
        _ = game.play(PlayMove("select", row: path[0].row, column: path[0].column))
        let reply = game.play(PlayMove("submit"))
        #expect(reply.result == .wrong)
        #expect(reply.message == "\(levels[0].grid[path[0].row][path[0].column]) is not \(levels[0].questions[0].target). Look again.")
        #expect(reply.view.status.mistakes == 1 && reply.view.status.lives == nil && !reply.view.status.finished)
        #expect(reply.view.entry == nil && reply.view.items[0].state == "current")
    }

    /// A hint names the cell where the current question's answer starts:
    /// the first cell of the path its step in the grader's trace decides.
    @Test func aHintNamesTheStartOfTheGradersStep() throws {
        for seed in 1...10 {
            var (game, levels) = try Self.game("level-1", seed: seed)
            var moves = Self.family.solutionMoves(levels)[...]
            var hints = 0
            while !game.view.status.finished {
                let level = levels[game.view.status.level.map { $0 - 1 } ?? 0]
                if let index = game.view.items.firstIndex(where: { $0.state == "current" }), game.view.entry == nil {
                    let trace = try Self.family.trace(level, solutionsUpTo2: nil, timeLimit: nil)
                    let step = try #require(trace.steps.first { $0.facts.index == index })
                    let start = try #require(step.facts.grade.path.first)
                    #expect(step.decides.contains(TraceDecision(.cell(start), .path)))
                    let reply = game.play(PlayMove("hint"))
                    hints += 1
                    #expect(reply.result == .neutral && reply.hint)
                    #expect(reply.message == Grader.hint(path: [start], in: level))
                    #expect(reply.view.status.hints == hints && reply.view.status.mistakes == 0)
                }
                guard let move = moves.popFirst() else { break }
                _ = game.play(move)
            }
            #expect(game.view.status.completed && hints == 15)
        }
    }

    /// Refused moves change nothing and say why in one sentence.
    @Test func refusalsChangeNothing() throws {
        var (game, levels) = try Self.game("level-1", seed: 3)
        let path = try #require(levels[0].questions[0].solutionPositions)
        _ = game.play(PlayMove("select", row: path[0].row, column: path[0].column))
        let far = GridPosition(row: (path[0].row + 3) % 6, column: (path[0].column + 3) % 6)
        let refused = [
            PlayMove("select"), PlayMove("select", row: 2), PlayMove("select", row: 6, column: 0), PlayMove("select", row: -1, column: 2),
            PlayMove("select", row: far.row, column: far.column), PlayMove("place", row: 0, column: 0, value: "5"),
            PlayMove("next"), PlayMove(""),
        ]
        for move in refused {
            let before = game.view
            let reply = game.play(move)
            #expect(reply.result == .refused, "\(move)")
            #expect(reply.view == before, "\(move)")
            let message = try #require(reply.message)
            #expect(!message.isEmpty && !message.contains("\n"))
        }
        #expect(game.play(PlayMove("select", row: 9, column: 9)).message == "There is no row 10, column 10 in the grid.")
        // Submit and clear are not on offer without a selection.
        _ = game.play(PlayMove("clear"))
        let before = game.view
        for action in ["submit", "clear"] { #expect(game.play(PlayMove(action)).result == .refused && game.view == before) }
        // After the end, every move is refused.
        for move in Self.family.solutionMoves(levels) { _ = game.play(move) }
        let done = game.view
        #expect(done.status.completed)
        #expect(game.play(PlayMove("hint")).result == .refused && game.view == done)
    }

    /// A German game: every view's sentences and every reply's message
    /// (hints, mistakes, refusals) without an English word.
    @Test func germanGamesHaveNoEnglishWord() throws {
        var texts: [String] = []
        for (profile, seed) in [("level-1", 1), ("level-1", 2), ("level-1-any", 3)] {
            var (game, levels) = try Self.game(profile, seed: seed, language: .german)
            func record(_ reply: PlayReply) {
                texts += [reply.message ?? "", reply.view.title, reply.view.instructions] + reply.view.items.map(\.text)
            }
            record(game.play(PlayMove("hint")))
            record(game.play(PlayMove("select", row: 8, column: 0)))
            // The refusal of an unknown move names the moves by their codes, as the API does.
            #expect(game.play(PlayMove("jump")).message?.hasPrefix("'jump' ist hier kein Zug") == true)
            let path = try #require(levels[0].questions[0].solutionPositions)
            _ = game.play(PlayMove("select", row: path[0].row, column: path[0].column))
            record(game.play(PlayMove("select", row: (path[0].row + 3) % 6, column: path[0].column)))
            record(game.play(PlayMove("submit")))
            for move in Self.family.solutionMoves(levels) {
                if move.action == "submit" { record(game.play(PlayMove("hint"))) }
                record(game.play(move))
            }
        }
        #expect(texts.contains("Level 5 von 5") && texts.contains("Richtig! Du hast jede Antwort gefunden."))
        let english = englishWords(in: texts.joined(separator: "\n"), language: .german, catalogues: [NumberSearchMessages.catalogue])
        #expect(english.isEmpty, "\(english)")
        #expect(NumberSearchMessages.catalogue.problems() == [])
    }
}
