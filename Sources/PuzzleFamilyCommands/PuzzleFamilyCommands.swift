import ArgumentParser

/// The toolkit families' own subcommands, which `puzzlelab` lists after the
/// commands every family shares: `drills` (arithmetic drills) and `morse`
/// (Morse code). They live here, not in the family libraries, so that no
/// family depends on ArgumentParser, and not in PuzzleLabCommands, so that
/// the shared commands import no family.
public let puzzleFamilyCommands: [any ParsableCommand.Type] = [DrillsCommand.self, MorseCommand.self]
