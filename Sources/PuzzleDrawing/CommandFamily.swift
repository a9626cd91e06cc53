import PuzzleKit

/// What every command of `puzzlelab` needs of a family: it reads, writes,
/// generates and checks its puzzles (`PuzzleFamily`), counts their
/// solutions (`CountingFamily`), grades them (`GradingFamily`), draws
/// them (``DrawableFamily``) and plays them (`PlayableFamily`).
///
/// Every toolkit family is one, and so must be a family added to the
/// command line: the family list (`puzzleFamilies`, and the list a test
/// runs the commands over) holds `any CommandFamily`, so no command asks
/// whether a family can be solved, graded or drawn.
public typealias CommandFamily = DrawableFamily & CountingFamily & PlayableFamily
