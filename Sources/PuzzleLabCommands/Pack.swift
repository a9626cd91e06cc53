import ArgumentParser
import Foundation
import PuzzleDrawing
import PuzzleKit

struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a level pack (puzzles.json) for one profile.",
        discussion: """
            Writes COUNT levels (default 100) of the family's profile (the
            first by default, as in every command) to FILE (- for standard
            output). Level i comes from seed SEED + i - 1, so a shorter pack
            is the start of a longer one, or from the i-th seed of a --seeds
            file (as a review page exports them). Every family's pack has one
            shape (docs/FORMATS.md section 12): each level its id, seed,
            difficulty, grade and puzzle with its solution. Cross sums packs
            number their levels from 1 (ids hard-1, hard-2, …). The file is
            written atomically, and an existing FILE is kept unless --force.
            A pack holds at most 10,000 levels (it is built in memory).

            Example:
              puzzlelab pack --kind cross-sums --profile hard --count 100 --out hard.json
              puzzlelab pack --profile class_2 --count 50 --out class_2.json
              puzzlelab pack --profile class_4 --count 50 --compact --out class_4.json
              puzzlelab pack --profile class_3 --seeds accepted.txt --out accepted.json
            """
    )

    @OptionGroup var options: GenerationOptions<Pack>

    @OptionGroup var budget: TimeBudget

    @Option(name: .shortAndLong, help: "The pack file to write (- for standard output).")
    var out: String

    @Flag(help: "Replace FILE if it exists (without it an existing file is an error and is kept).")
    var force = false

    @Flag(help: ArgumentHelp("Write each level's puzzle in the compact JSON form where the family has one (math-crossword; docs/FORMATS.md section 2); every reader takes both forms. A level whose ids are not derived from a namespace is written in the current form."))
    var compact = false

    /// The levels of a pack when `--count` is not given.
    static let defaultCount = 100
    /// The most levels one pack holds: a pack is built in memory and written
    /// whole (atomically), and must stay far below the 256 MiB a file may
    /// hold to be read back.
    static let mostLevels = 10_000

    func validate() throws {
        let seeds = try options.seedRange(standardCount: Self.defaultCount)
        try Self.refuseTooMany(seeds.count, given: "--count \(seeds.count)")
    }

    /// Refuses more than ``mostLevels`` seeds (`given` says where they come from).
    private static func refuseTooMany(_ count: Int, given: String) throws {
        guard count <= mostLevels else {
            throw ValidationError("\(given): a pack holds at most \(mostLevels) levels (it is built in memory and written whole); write several packs with --seed.")
        }
    }

    func run() throws {
        try run(options.family())
    }

    private func run<F: CommandFamily>(_ family: F) throws {
        try options.refuseUnsupported(family)
        if compact { try refuseCompact(family) }
        let profile = try options.singleProfile(family)
        if out != "-" { try refuseExisting(out, replacing: force) }
        var levels: [(seed: Int, puzzle: F.Puzzle)] = []
        let seeds = try options.seeds(standardCount: Self.defaultCount, family: family, profile: profile)
        try Self.refuseTooMany(seeds.count, given: "--seeds \(options.seedsFile ?? ""): \(seeds.count) seeds")
        for (offset, seed) in seeds.enumerated() {
            do throws(GenerationFailure) {
                levels.append((seed, try family.generate(profile, options.request(seed: seed, timeLimit: budget.time)).puzzle))
            } catch {
                throw CLIError("level \(offset + 1) (seed \(seed)): \(error)")
            }
        }
        let pack: String
        do {
            pack = try family.pack(levels, profile: profile, timeLimit: budget.time, compact: compact)
        } catch {
            throw CLIError("\(error)")
        }
        try writeOutput(pack, to: out, replacing: force)
        printError("puzzlelab: wrote \(levels.count) \(family.id(of: profile)) levels to \(out)")
    }
}

extension Pack: GeneratingCommand {
    typealias Profiles = OneProfile
    static var countHelp: String { "How many levels, of seeds SEED … SEED+N-1 (default: \(defaultCount))." }
}
