import ArgumentParser
import Foundation
import PuzzleKit

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate puzzles of any family for a profile.",
        discussion: """
            Seeds are SEED, SEED+1, … SEED+COUNT-1, or those of a --seeds file
            (one per line, as a review page exports them); the same seed always
            gives the same puzzle, byte for byte. With more than one seed the
            run ends with one line on standard error: the puzzles written (by
            label with --difficulty; generate does not grade, grade --count
            does) and the seeds that failed, by reason. A progress bar shows
            on standard error while it is a terminal.

            Examples:
              puzzlelab generate --profile class_1 --seed 42
              puzzlelab generate --profile class_2 --unique --show-solution
              puzzlelab generate --profile class_3 --difficulty hard
              puzzlelab generate --profile class_4 --count 1000 --format jsonl
              puzzlelab generate --profile class_4 --count 1000 --format jsonl --compact
              puzzlelab generate --profile my-profile.json --format json
              puzzlelab generate --kind cross-sums --profile hard --show-solution
              puzzlelab generate --profile class_3 --seeds accepted.txt
            """
    )

    @OptionGroup var options: GenerationOptions<Generate>

    @OptionGroup var budget: TimeBudget

    @Option(name: .shortAndLong, help: "Output format: text (the family's text format; its extension, e.g. mcw or xsum, works too), json (one pretty object) or jsonl (one object per line).")
    var format = "text"

    @Flag(help: ArgumentHelp("With --format json or jsonl: write the compact JSON form where the family has one (math-crossword: the grid as rows of text tokens, ids derived from a namespace; docs/FORMATS.md section 2); every reader takes both forms. A level whose ids are not derived from a namespace is written in the current form."))
    var compact = false

    @Option(help: ArgumentHelp("Only unique puzzles graded exactly this label (implies --unique): \(difficultyHelp).", valueName: "label"))
    var difficulty: String?

    @Flag(help: "Print the solved puzzle after each puzzle (text format only).")
    var showSolution = false

    @Option(help: ArgumentHelp("Refused: generate writes no score and --difficulty picks by label, which weights do not change; grade or export the puzzles with --weights.",
                               valueName: "file"))
    var weights: String?

    func validate() throws {
        if weights != nil {
            throw ValidationError("generate writes no score, and --difficulty picks by label, which weights do not change: "
                                  + "grade the puzzles with puzzlelab grade --weights (or export --weights) to see their predicted seconds.")
        }
        _ = try options.seedRange(standardCount: 1)
        guard format != "json" || ((options.count ?? 1) == 1 && options.seedsFile == nil) else {
            throw ValidationError("--format json writes one puzzle; use --format jsonl for several.")
        }
        guard !compact || format == "json" || format == "jsonl" else {
            throw ValidationError("--compact is a form of JSON: use it with --format json or jsonl.")
        }
    }

    func run() throws {
        try run(options.family())
    }

    private func run<F: GradingFamily>(_ family: F) throws {
        let output: PuzzleFormat
        switch format {
        case "json": output = .json
        case "jsonl": output = .jsonl
        case "text", family.info.textExtension: output = .text
        default:
            throw CLIError("unknown --format '\(format)' for \(family.info.name): expected text, \(family.info.textExtension), json or jsonl")
        }
        let profile = try options.singleProfile(family)
        try options.refuseUnsupported(family, label: difficulty)
        if compact { try refuseCompact(family) }
        var totals = RunTotals()
        let seeds = try options.seeds(standardCount: 1, family: family, profile: profile)
        let bar = ProgressBar(label: "generate", total: seeds.count, duration: nil)
        for (done, seed) in seeds.enumerated() {
            bar.update(done: done)
            let generated: Generated<F.Puzzle>
            do throws(GenerationFailure) {
                generated = try family.generate(profile, options.request(seed: seed, label: difficulty, timeLimit: budget.time))
            } catch {
                bar.finish()
                reportError("profile \(family.id(of: profile)), seed \(seed): \(error)", status: .failed)
                totals.fail(error.reason)
                continue
            }
            totals.add(label: difficulty)
            let puzzle = generated.puzzle
            let id = family.id(of: puzzle)
            if output == .text && seed != seeds.first { print("") }
            let comment = "\(id): profile \(family.id(of: profile)), seed \(seed), attempts \(generated.attempts)"
                + generated.notes.map { ", \($0)" }.joined()
            print(family.write(puzzle, as: output, comments: [comment], compact: compact), terminator: "")
            if showSolution && output == .text, let solution = family.writeSolution(puzzle, comments: ["solution of \(id)"]) {
                print("")
                print(solution, terminator: "")
            }
        }
        bar.finish()
        totals.report("generated", labelOrder: family.gradeLabels)
        if totals.puzzles < seeds.count { throw ExitCode.failure }
    }
}

extension Generate: GeneratingCommand {
    typealias Profiles = OneProfile
    static var countHelp: String { "How many puzzles, of seeds SEED … SEED+N-1 (default: 1)." }
}
