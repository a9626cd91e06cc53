import ArgumentParser
import Foundation
import PuzzleKit

struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a level pack (puzzles.json) for one profile.",
        discussion: """
            Level i comes from seed SEED + i - 1, so a shorter pack is the start
            of a longer one; levels carry their solutions. Cross sums packs
            number their levels from 1 (ids hard-1, hard-2, …). The file is
            written atomically.

            Example:
              puzzlelab pack --difficulty hard --levels 100 --seed 1 --out puzzles.json
              puzzlelab pack --kind math-crossword --profile class_2 --levels 50 --out class_2.json
            """
    )

    @Option(help: "The puzzle family: \(familyNames).")
    var kind = Kind(argument: "cross-sums") ?? .standard

    @Option(name: [.customShort("p"), .customLong("profile"), .customShort("d"), .customLong("difficulty")],
            help: ArgumentHelp("The profile (difficulty): \(profileHelp)."))
    var profile: String

    @Option(name: .shortAndLong, help: "How many levels.")
    var levels = 100

    @Option(name: .shortAndLong, help: "The seed of level 1.")
    var seed = 1

    @Flag(help: "Only puzzles with exactly one solution.")
    var unique = false

    @Option(help: ArgumentHelp(minBlanksHelp, valueName: "N"))
    var minBlanks: Int?

    @Option(name: .shortAndLong, help: "The pack file to write.")
    var out: String

    func validate() throws {
        guard levels >= 1 else { throw ValidationError("--levels must be at least 1.") }
        guard seed <= Int.max - (levels - 1) else { throw ValidationError("--seed plus --levels exceeds the seed range.") }
        try validateMinBlanks(minBlanks, unique: unique)
    }

    func run() throws {
        try run(kind.family)
    }

    private func run<F: PuzzleFamily>(_ family: F) throws {
        let profile = try family.profile(named: self.profile)
        try refuseUnsupported(family, GenerationRequest(seed: seed, unique: unique, minBlanks: minBlanks))
        var puzzles: [F.Puzzle] = []
        for level in 1...levels {
            do throws(GenerationFailure) {
                puzzles.append(try family.generate(profile, GenerationRequest(seed: seed + level - 1, unique: unique,
                                                                                  minBlanks: minBlanks)).puzzle)
            } catch {
                throw CLIError("level \(level) (seed \(seed + level - 1)): \(error)")
            }
        }
        try Data(family.pack(puzzles, profile: profile).utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
        printError("puzzlelab: wrote \(puzzles.count) \(family.id(of: profile)) levels to \(out)")
    }
}
