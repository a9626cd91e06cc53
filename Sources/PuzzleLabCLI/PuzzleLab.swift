import ArgumentParser
import Foundation
import PuzzleResearch

@main
struct PuzzleLab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "puzzlelab",
        abstract: "Generate, check, solve and benchmark kids' number puzzles.",
        discussion: """
            Examples:
              puzzlelab generate --profile class_1 --seed 42
              puzzlelab generate --profile class_3 --count 100 --format jsonl > c.jsonl
              puzzlelab generate --profile class_2 --unique > puzzle.mcw
              puzzlelab solve puzzle.mcw --show-solution
              puzzlelab grade puzzle.mcw --explain
              puzzlelab check puzzle.mcw c.jsonl
              puzzlelab bench
              puzzlelab export --profile class_2 --count 1000 --out class_2.csv
            """,
        version: PuzzleLabVersion.string,
        subcommands: [
            Generate.self, Solve.self, Grade.self, Check.self, Pack.self, Bench.self, Export.self, Render.self, Review.self,
            DrillsCommand.self, MorseCommand.self,
        ]
    )

    /// Runs the command line; standard output is checked when the process
    /// ends (``checkStandardOutputAtExit()``).
    static func main() async {
        checkStandardOutputAtExit()
        await main(nil)
    }
}
