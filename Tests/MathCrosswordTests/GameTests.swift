import PuzzleKit
import Testing
import MathCrossword

@Suite struct GameTests {
    /// `7 + ? = 12` across, `? x 2 = ?` down through the blank.
    func game() throws -> GameSession {
        GameSession(level: try TextFormat.read(TextFormatTests.example, file: "g.mcw"))
    }

    let across = GridPosition(row: 0, column: 2)
    let down = GridPosition(row: 4, column: 2)

    @Test func placingAndClearingUpdatesStatesAndTiles() throws {
        var game = try game()
        #expect(game.equationStates == [.incomplete, .incomplete])
        try game.placeNumber(5, at: across)
        #expect(game.equationStates == [.correct, .incomplete])
        #expect(game.numberPoolState.map(\.remainingUses) == [0, 1])
        try game.placeNumber(10, at: down)
        #expect(game.equationStates == [.correct, .correct])
        #expect(game.isLevelCompleted)
        try game.clearNumber(at: down)
        #expect(!game.isLevelCompleted)
        #expect(game.equationStates == [.correct, .incomplete])
        #expect(game.numberPoolState.map(\.isAvailable) == [false, true])
    }

    @Test func aWrongNumberMarksTheEquationIncorrect() throws {
        var game = try game()
        try game.placeNumber(10, at: across)
        #expect(game.state(of: game.level.equations[0]) == .incorrect)
        // Replacing a number returns the old tile to the pool.
        try game.placeNumber(5, at: across)
        #expect(game.numberPoolState.map(\.remainingUses) == [0, 1])
        #expect(game.state(of: game.level.equations[0]) == .correct)
    }

    @Test func illegalMovesAreRejectedAndChangeNothing() throws {
        var game = try game()
        try game.placeNumber(5, at: across)
        let before = game.cells
        let tiles = game.numberPoolState
        #expect(throws: MoveError.fixedCell(GridPosition(row: 0, column: 0))) { try game.placeNumber(5, at: GridPosition(row: 0, column: 0)) }
        #expect(throws: MoveError.notAnOperand(GridPosition(row: 0, column: 1))) { try game.placeNumber(10, at: GridPosition(row: 0, column: 1)) }
        #expect(throws: MoveError.notAnOperand(GridPosition(row: 1, column: 0))) { try game.placeNumber(10, at: GridPosition(row: 1, column: 0)) }
        #expect(throws: MoveError.outsideGrid(GridPosition(row: 9, column: 0))) { try game.placeNumber(10, at: GridPosition(row: 9, column: 0)) }
        #expect(throws: MoveError.valueNotInPool(5)) { try game.placeNumber(5, at: down) }
        #expect(throws: MoveError.valueNotInPool(7)) { try game.placeNumber(7, at: down) }
        #expect(throws: MoveError.nothingToClear(down)) { try game.clearNumber(at: down) }
        #expect(game.cells == before)
        #expect(game.numberPoolState == tiles)
    }

    @Test func duplicateTilesAreUsedOneAtATime() throws {
        let level = try TextFormat.read("pool: 4 4\n? + ? = 8\n", file: "d.mcw")
        var game = GameSession(level: level)
        try game.placeNumber(4, at: GridPosition(row: 0, column: 0))
        try game.placeNumber(4, at: GridPosition(row: 0, column: 2))
        #expect(game.isLevelCompleted)
        #expect(game.numberPoolState.allSatisfy { !$0.isAvailable })
        try game.clearNumber(at: GridPosition(row: 0, column: 0))
        #expect(game.numberPoolState.filter(\.isAvailable).count == 1)
    }

    @Test func aGeneratedLevelIsCompletedByItsSolution() throws {
        for profile in Profile.classProfiles {
            let level = try Generator().generateLevel(difficulty: profile, seed: 3)
            var game = GameSession(level: level)
            for entry in level.solution ?? [] {
                #expect(!game.isLevelCompleted)
                try game.placeNumber(entry.value, at: entry.position)
            }
            #expect(game.isLevelCompleted)
            #expect(game.numberPoolState.allSatisfy { !$0.isAvailable })
        }
    }
}
