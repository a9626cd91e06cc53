import Foundation
import PuzzleKit

/// Level packs: the `puzzles.json` an app ships (docs/FORMATS.md section 4).
public enum LevelPack {
    /// Generates levels `1...levels` of `difficulty`, with solutions.
    ///
    /// Level *i* is generated from seed `seed + i - 1` and gets the id
    /// `"<difficulty>-<i>"`, so a pack of 100 levels starts with the same
    /// levels as a pack of 10 from the same seed.
    ///
    ///     let pack = try LevelPack.generate(difficulty: .hard, levels: 100, seed: 1)
    ///     try LevelPack.write(pack, to: URL(fileURLWithPath: "puzzles.json"))
    ///
    /// - Parameters:
    ///   - difficulty: the difficulty of every level.
    ///   - levels: how many levels, numbered from 1.
    ///   - seed: the seed of level 1.
    ///   - generator: the generator (its settings) that makes each level.
    ///   - progress: called after each level with the number done.
    /// - Throws: the first ``GenerationError``.
    public static func generate(difficulty: Profile, levels: Int, seed: Int,
                                generator: Generator = Generator(),
                                progress: (Int) -> Void = { _ in }) throws(GenerationError) -> [Puzzle] {
        var puzzles: [Puzzle] = []
        puzzles.reserveCapacity(max(0, levels))
        for level in stride(from: 1, through: levels, by: 1) {
            var puzzle = try generator.generate(difficulty: difficulty, seed: seed &+ (level - 1)).puzzle
            puzzle.id = LevelID.make(difficulty: difficulty.rawValue, level: level)
            puzzles.append(puzzle)
            progress(level)
        }
        return puzzles
    }

    /// Writes a pack atomically (see ``JSONFormat/writePack(_:)``).
    public static func write(_ puzzles: [Puzzle], to url: URL) throws {
        try Data(JSONFormat.writePack(puzzles).utf8).write(to: url, options: .atomic)
    }
}

/// Looks up pack levels by difficulty and level.
///
///     let service = try PuzzleService(contentsOf: URL(fileURLWithPath: "puzzles.json"))
///     let puzzle = service.getPuzzle(difficulty: "hard", level: 50)
public struct PuzzleService: Sendable {
    private let byID: [String: Puzzle]
    private let counts: [String: Int]
    /// The difficulties of the pack, in first-appearance order.
    public let difficulties: [String]

    /// A service over puzzles already read (ids `"<difficulty>-<level>"`;
    /// puzzles with other ids cannot be looked up, and a repeated id keeps
    /// the first).
    public init(puzzles: [Puzzle]) {
        var byID: [String: Puzzle] = [:]
        var counts: [String: Int] = [:]
        var difficulties: [String] = []
        for puzzle in puzzles where byID[puzzle.id] == nil {
            byID[puzzle.id] = puzzle
            guard let level = LevelID.level(of: puzzle.id, difficulty: puzzle.difficulty) else { continue }
            if counts[puzzle.difficulty] == nil { difficulties.append(puzzle.difficulty) }
            counts[puzzle.difficulty] = max(counts[puzzle.difficulty] ?? 0, level)
        }
        self.byID = byID
        self.counts = counts
        self.difficulties = difficulties
    }

    /// Reads and validates a pack file (see ``JSONFormat/readPack(_:file:)``).
    public init(contentsOf url: URL) throws(FormatError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FormatError("cannot read the level pack: \(error.localizedDescription)", at: SourceLocation(file: url.path, line: 1))
        }
        self.init(puzzles: try JSONFormat.readPack(data, file: url.path))
    }

    /// The puzzle of `level` (from 1) in `difficulty`, if the pack has it.
    public func getPuzzle(difficulty: String, level: Int) -> Puzzle? {
        guard level >= 1 else { return nil }
        return byID[LevelID.make(difficulty: difficulty, level: level)].flatMap { $0.difficulty == difficulty ? $0 : nil }
    }

    /// The number of levels of `difficulty` (the highest level number).
    public func levelCount(difficulty: String) -> Int { counts[difficulty] ?? 0 }
}
