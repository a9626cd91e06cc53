import ArgumentParser
import CrossSums
import Foundation

struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a cross sums level pack (puzzles.json) for one difficulty.",
        discussion: """
            Levels are numbered from 1 (ids hard-1, hard-2, …) and carry their
            solutions; level i comes from seed SEED + i - 1, so a shorter pack is
            the start of a longer one. The file is written atomically.

            Example:
              puzzlelab pack --difficulty hard --levels 100 --seed 1 --out puzzles.json
            """
    )

    @Option(name: .shortAndLong, help: "easy, medium, hard or extra-hard.")
    var difficulty: String

    @Option(name: .shortAndLong, help: "How many levels.")
    var levels = 100

    @Option(name: .shortAndLong, help: "The seed of level 1.")
    var seed = 1

    @Option(name: .shortAndLong, help: "The pack file to write (JSON array of puzzles).")
    var out: String

    func validate() throws {
        guard levels >= 1 else { throw ValidationError("--levels must be at least 1.") }
        guard seed <= Int.max - (levels - 1) else { throw ValidationError("--seed plus --levels exceeds the seed range.") }
    }

    func run() throws {
        let difficulty = try CrossSumsCLI.difficulty(difficulty)
        let puzzles = try LevelPack.generate(difficulty: difficulty, levels: levels, seed: seed)
        try LevelPack.write(puzzles, to: URL(fileURLWithPath: out))
        printError("puzzlelab: wrote \(puzzles.count) \(difficulty.rawValue) levels to \(out)")
    }
}
