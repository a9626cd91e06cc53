import Foundation
import Testing
import PuzzleKit
@testable import NumberSearch

@Suite struct GameTests {
    static let game = (try? Generator.game(seed: 3)) ?? []

    static func answer(_ session: inout GameSession) -> SubmitOutcome {
        guard let path = session.currentQuestion?.solutionPositions else { return .ignored }
        for p in path { #expect(session.select(p) == .extended) }
        return session.submit()
    }

    @Test func dragsAnswerQuestionsOneAtATime() {
        var session = GameSession(levels: Self.game)
        #expect(session.progress == 0 && session.currentQuestionIndex == 0)
        #expect(Self.answer(&session) == .correct)
        #expect(session.progress == 1 && session.currentQuestionIndex == 1)
        #expect(Self.answer(&session) == .correct)
        #expect(Self.answer(&session) == .levelComplete)
        #expect(session.progress == 3 && session.isLevelComplete && !session.isGameComplete)
        #expect(session.select(GridPosition(row: 0, column: 0)) == .ignored)
        #expect(session.submit() == .ignored)
    }

    @Test func fiveLevelsCompleteTheGameAndRestartGoesBack() {
        var session = GameSession(levels: Self.game)
        for level in 0..<5 {
            #expect(session.levelIndex == level)
            let early = session.advanceLevel()
            #expect(!early, "not before the level is complete")
            var last = SubmitOutcome.ignored
            for _ in 0..<3 { last = Self.answer(&session) }
            #expect(last == (level == 4 ? .gameComplete : .levelComplete))
            let advanced = session.advanceLevel()
            #expect(advanced == (level < 4))
        }
        #expect(session.isGameComplete)
        session.restart()
        #expect(session.levelIndex == 0 && session.progress == 0 && !session.isGameComplete && session.levels == Self.game)
    }

    @Test func wrongSelectionsAreMistakes() throws {
        let level = try TextFormat.read("6 8 1\n2 4 7\n9 5 3\n60 + 8 = ?\n20 + 4 = ?\n", file: "g")
        var session = GameSession(levels: [level])
        #expect(session.answer([GridPosition(row: 0, column: 1), GridPosition(row: 0, column: 0)]) == .wrong("86 is not 68"))
        #expect(session.mistakes == 1 && session.progress == 0 && session.selection.isEmpty)
        #expect(session.answer([GridPosition(row: 0, column: 0), GridPosition(row: 1, column: 2)]).isWrong)
        #expect(session.mistakes == 2)
        #expect(session.answer([GridPosition(row: 0, column: 0), GridPosition(row: 0, column: 1)]) == .correct)
        #expect(session.answer([GridPosition(row: 1, column: 0), GridPosition(row: 1, column: 1)]) == .gameComplete)
        #expect(session.answer([]) == .ignored)
    }

    @Test func selectionFollowsTheRulesOfDragging() throws {
        let level = try TextFormat.read("1 2 3\n4 5 6\n7 8 9\n100 + 23 = ?\n", file: "g")
        var session = GameSession(levels: [level])
        #expect(session.select(GridPosition(row: 0, column: 0)) == .extended)
        #expect(session.select(GridPosition(row: 0, column: 2)) == .ignored, "not adjacent")
        #expect(session.select(GridPosition(row: 3, column: 0)) == .ignored, "outside")
        #expect(session.select(GridPosition(row: 0, column: 1)) == .extended)
        #expect(session.select(GridPosition(row: 1, column: 2)) == .ignored, "straight mode keeps the direction")
        #expect(session.select(GridPosition(row: 0, column: 0)) == .shortened, "dragging back")
        #expect(session.selection == [GridPosition(row: 0, column: 0)])
        #expect(session.select(GridPosition(row: 0, column: 0)) == .ignored, "already selected")
        #expect(session.select(GridPosition(row: 0, column: 1)) == .extended)
        #expect(session.select(GridPosition(row: 0, column: 2)) == .extended)
        #expect(session.selectedNumber == 123)
        session.clearSelection()
        #expect(session.selection.isEmpty && session.selectedNumber == nil)

        var any = level
        any.pathMode = .any
        var bent = GameSession(levels: [any])
        for p in [GridPosition(row: 0, column: 0), GridPosition(row: 0, column: 1), GridPosition(row: 1, column: 2)] {
            #expect(bent.select(p) == .extended)
        }
        let outcome = bent.submit()
        #expect(outcome == .wrong("126 is not 123"))
    }

    @Test func hintsPointAtTheStart() throws {
        var session = GameSession(levels: [try TextFormat.read("0 0 0\n0 0 6\n0 0 8\n60 + 8 = ?\n", file: "g")])
        let hint = session.hint()
        #expect(hint == "The 6 in row 2, column 3 starts it.")
        #expect(session.hintsUsed == 1)
    }

    @Test func stateRoundTripsThroughCodable() throws {
        var session = GameSession(levels: Self.game)
        _ = Self.answer(&session)
        session.select(GridPosition(row: 2, column: 2))
        let data = try JSONEncoder().encode(session)
        #expect(try JSONDecoder().decode(GameSession.self, from: data) == session)
    }

    @Test func aTamperedSavedStateDoesNotTrap() throws {
        let session = GameSession(levels: Self.game)
        var json = String(decoding: try JSONEncoder().encode(session), as: UTF8.self)
        json = json.replacingOccurrences(of: #""found":[null,null,null]"#, with: #""found":[null,null,null,null,null]"#)
        json = json.replacingOccurrences(of: #""levelIndex":0"#, with: #""levelIndex":9"#)
        var restored = try JSONDecoder().decode(GameSession.self, from: Data(json.utf8))
        #expect(restored.found.count == 5)
        #expect(restored.currentQuestion == nil)
        #expect(restored.answer([GridPosition(row: 0, column: 0)]) == .ignored)
        #expect(restored.select(GridPosition(row: 0, column: 0)) == .ignored)
    }

    @Test func anEmptyGameDoesNotTrap() {
        var session = GameSession(levels: [])
        #expect(session.currentQuestion == nil && !session.isLevelComplete)
        #expect(session.select(GridPosition(row: 0, column: 0)) == .ignored)
        let submitted = session.submit(), hint = session.hint(), advanced = session.advanceLevel()
        #expect(submitted == .ignored && hint == nil && !advanced)
    }
}

extension SubmitOutcome {
    var isWrong: Bool { if case .wrong = self { return true } else { return false } }
}
