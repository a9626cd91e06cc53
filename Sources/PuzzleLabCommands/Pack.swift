import ArgumentParser
import Foundation
import PuzzleKit

struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a level pack (puzzles.json) for one profile.",
        discussion: """
            Writes COUNT levels (default 100) of the family's profile (the
            first by default, as in every command) to FILE (- for standard
            output). Level i comes from seed SEED + i - 1, so a shorter pack
            is the start of a longer one; levels carry their solutions. Cross sums packs
            number their levels from 1 (ids hard-1, hard-2, …). The file is
            written atomically, and an existing FILE is kept unless --force.

            Example:
              puzzlelab pack --kind cross-sums --profile hard --count 100 --out hard.json
              puzzlelab pack --profile class_2 --count 50 --out class_2.json
            """
    )

    @OptionGroup var options: GenerationOptions

    @OptionGroup var budget: TimeBudget

    @Option(name: .shortAndLong, help: "The pack file to write (- for standard output).")
    var out: String

    @Flag(help: "Replace FILE if it exists (without it an existing file is an error and is kept).")
    var force = false

    func run() throws {
        try run(options.family())
    }

    private func run<F: PuzzleFamily>(_ family: F) throws {
        try options.refuseUnsupported(family)
        let profile = try options.singleProfile(family)
        if out != "-" { try refuseExisting(out, replacing: force) }
        var puzzles: [F.Puzzle] = []
        for level in 1...(options.count ?? 100) {
            let seed = options.seed + (level - 1)
            do throws(GenerationFailure) {
                puzzles.append(try family.generate(profile, options.request(seed: seed, timeLimit: budget.time)).puzzle)
            } catch {
                throw CLIError("level \(level) (seed \(seed)): \(error)")
            }
        }
        try writeOutput(family.pack(puzzles, profile: profile), to: out, replacing: force)
        printError("puzzlelab: wrote \(puzzles.count) \(family.id(of: profile)) levels to \(out)")
    }
}
