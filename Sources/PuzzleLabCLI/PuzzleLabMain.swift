import PuzzleFamilies
import PuzzleLabCommands

/// The `puzzlelab` executable: the command line over the toolkit's one
/// family list.
@main
enum PuzzleLabMain {
    static func main() async {
        await PuzzleLab.main(families: puzzleFamilies)
    }
}
