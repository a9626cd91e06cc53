import CrossSums
import Foundation
import PuzzleKit
import Testing

@Suite struct LevelPackTests {
    @Test func packsNumberLevelsFromOneWithSolutions() throws {
        var done: [Int] = []
        let pack = try LevelPack.generate(difficulty: .hard, levels: 5, seed: 3) { done.append($0) }
        #expect(done == [1, 2, 3, 4, 5])
        #expect(pack.map(\.id) == ["hard-1", "hard-2", "hard-3", "hard-4", "hard-5"])
        #expect(pack.allSatisfy { $0.difficulty == "hard" && $0.solution != nil && $0.problem == nil })
        // Level i comes from seed + i - 1, so a shorter pack is a prefix.
        let short = try LevelPack.generate(difficulty: .hard, levels: 2, seed: 3)
        #expect(Array(pack.prefix(2)) == short)
        #expect(pack[2].grid == (try Generator().generate(difficulty: .hard, seed: 5)).puzzle.grid)
        #expect(try LevelPack.generate(difficulty: .hard, levels: 0, seed: 3).isEmpty)
    }

    @Test func theServiceLooksUpLevelsFromAPackFile() throws {
        let dir = try PersistenceTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("puzzles.json")
        let pack = try LevelPack.generate(difficulty: .medium, levels: 4, seed: 10)
            + LevelPack.generate(difficulty: .easy, levels: 2, seed: 10)
        try LevelPack.write(pack, to: url)
        let service = try PuzzleService(contentsOf: url)
        #expect(service.difficulties == ["medium", "easy"])
        #expect(service.levelCount(difficulty: "medium") == 4)
        #expect(service.levelCount(difficulty: "hard") == 0)
        #expect(service.getPuzzle(difficulty: "medium", level: 3) == pack[2])
        #expect(service.getPuzzle(difficulty: "easy", level: 2) == pack[5])
        #expect(service.getPuzzle(difficulty: "medium", level: 0) == nil)
        #expect(service.getPuzzle(difficulty: "medium", level: 5) == nil)
        #expect(service.getPuzzle(difficulty: "hard", level: 1) == nil)
    }

    @Test func theServiceReadsTheVersion2PackPuzzlelabWrites() throws {
        let dir = try PersistenceTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("v2.json")
        let family = CrossSumsFamily()
        let levels = try (10...12).map { (seed: $0, puzzle: try family.generate(.medium, GenerationRequest(seed: $0)).puzzle) }
        try Data(try family.pack(levels, profile: .medium, timeLimit: nil).utf8).write(to: url)
        let service = try PuzzleService(contentsOf: url)
        #expect(service.difficulties == ["medium"] && service.levelCount(difficulty: "medium") == 3)
        let expected = try LevelPack.generate(difficulty: .medium, levels: 3, seed: 10)
        #expect(service.getPuzzle(difficulty: "medium", level: 2) == expected[1])
    }

    @Test func aMissingOrBadPackFileIsAOneLineError() throws {
        let dir = try PersistenceTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("none.json")
        #expect(throws: FormatError.self) { try PuzzleService(contentsOf: missing) }
        let bad = dir.appendingPathComponent("bad.json")
        try Data("[\n{\"id\": \"easy-1\"}\n]".utf8).write(to: bad)
        do {
            _ = try PuzzleService(contentsOf: bad)
            Issue.record("accepted a bad pack")
        } catch {
            #expect(error.description.hasPrefix(bad.path + ":1: missing key"))
            #expect(!error.description.contains("\n"))
        }
    }
}
