import PuzzleFamilies
import PuzzleFamilyCommands
import PuzzleLabCommands

/// The `puzzlelab` executable: the command line over the toolkit's one
/// family list, with the families' own subcommands.
@main
enum PuzzleLabMain {
    static func main() async {
        await PuzzleLab.main(families: puzzleFamilies, commands: puzzleFamilyCommands)
    }
}
