import ArgumentParser
import Foundation
import PuzzleDrawing
import PuzzleKit

struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one self-contained HTML page for reviewing puzzles.",
        discussion: """
            A page for working through a batch: a summary (count, unique
            share, labels, score range, failures by reason), per puzzle its
            drawing, solutions (up to 2), guesses, rounds, label and score,
            sort and filter controls, Accept / Reject buttons and "Export
            accepted" (or rejected), which downloads the seeds as a file that
            pack, generate, grade and review take back with --seeds FILE (for
            puzzle files: the ids). The explanation and the solution stay
            folded until asked for; hovering over or clicking a step marks
            its cells on the drawing. The page needs no network and no other
            file (inline SVG, CSS and a small script), and the same arguments
            give the same bytes. Reviews generated puzzles of seeds SEED …
            SEED+COUNT-1 or of --seeds FILE (at most 1,000 on one page; a seed
            that fails is listed in the summary), or puzzle files.
            --language de writes all of the page's text in German.
            Refuses to overwrite an existing --out file without --force.

            Examples:
              puzzlelab review --profile class_2 --count 6 --out class_2.html
              puzzlelab review --kind cross-sums --profile hard --seed 10 --count 4 --out hard.html
              puzzlelab review --profile class_3 --seeds accepted.txt --out accepted.html
              puzzlelab review puzzle.mcw --out puzzle.html
            """
    )

    @Argument(help: "Puzzle files (any family's text format, .json, .jsonl); - reads standard input. Or --profile / --count: review generated puzzles.")
    var files: [String] = []

    @OptionGroup var options: GenerationOptions<Review>

    @OptionGroup var budget: TimeBudget

    @OptionGroup var output: DrawingOutput

    @OptionGroup var language: LanguageOption

    func validate() throws {
        let generating = !options.profile.isEmpty || options.count != nil || options.seedsFile != nil
        guard files.isEmpty == generating else {
            throw ValidationError(files.isEmpty ? "Give puzzle files (- for standard input), or --profile / --count / --seeds to review generated puzzles."
                                                : "Give puzzle files or --profile / --count / --seeds, not both.")
        }
        if generating { try Self.refuseTooMany(options.seedRange(standardCount: 1).count, given: "--count") }
    }

    /// The most generated puzzles one review page holds: the page is built
    /// in memory and written whole (atomically), and a browser shows a few
    /// hundred drawings at most.
    static let mostPuzzles = 1_000

    /// Refuses more than ``mostPuzzles`` seeds (`given` says where they come from).
    private static func refuseTooMany(_ count: Int, given: String) throws {
        guard count <= mostPuzzles else {
            throw ValidationError("\(given) \(count): a review page holds at most \(mostPuzzles) generated puzzles (it is built in memory and written whole); review several pages with --seed.")
        }
    }

    func run() throws {
        try output.refuseOverwrite()
        let page = files.isEmpty ? try generatedPage() : try filesPage()
        try output.write(page.html)
        if output.out != "-" {
            let failures = page.failures.isEmpty ? "" : " and \(counted(page.failures.count, "failure")) (listed in its summary)"
            printError("puzzlelab: wrote \(counted(page.entries.count, "puzzle"))\(failures) to \(output.out)")
        }
    }

    /// The page of the generated puzzles of seeds SEED … SEED+COUNT-1 (or
    /// the --seeds file's); a seed that fails to generate or to be graded
    /// and drawn is listed in the page's summary (and on standard error).
    private func generatedPage() throws -> ReviewPage {
        try generatedPage(options.family())
    }

    private func generatedPage<F: DrawableFamily>(_ family: F) throws -> ReviewPage {
        try options.refuseUnsupported(family)
        let profile = try options.singleProfile(family)
        let id = family.id(of: profile)
        let seeds = try options.seeds(standardCount: 1, family: family, profile: profile)
        try Self.refuseTooMany(seeds.count, given: "--seeds \(options.seedsFile ?? "")")
        let language = language.language
        var entries: [ReviewPage.Entry] = [], failures: [ReviewPage.Failure] = []
        for seed in seeds {
            let facts = [(fact("family"), family.info.name), (fact("seed"), String(seed)), (fact("profile"), id)]
            do {
                let puzzle = try family.generate(profile, options.request(seed: seed, timeLimit: budget.time)).puzzle
                entries.append(try family.reviewEntry(puzzle, key: String(seed), facts: facts, language: language, timeLimit: budget.time))
            } catch {
                let message = "profile \(id), seed \(seed): \(error)"
                printError("puzzlelab: " + message)
                failures.append(ReviewPage.Failure(key: String(seed), reason: (error as? GenerationFailure)?.reason ?? "grade-or-drawing",
                                                   message: message))
            }
        }
        let words = DrawingMessages.catalogue
        let named: String
        if let file = options.seedsFile {
            named = words.text("review.seedsFile", count: seeds.count, language, ["file": file])
        } else {
            named = seeds.count == 1 ? words.text("review.seed", language, ["seed": String(seeds[0])])
                                     : words.text("review.seeds", language, ["first": String(seeds[0]), "last": String(seeds[seeds.count - 1])])
        }
        let puzzles = "\(family.info.name) \(id), \(named)" + (options.unique ? ", " + words.text("review.unique", language) : "")
        let export = ReviewPage.Export(what: "seeds", header: ["puzzlelab seeds (pack --seeds FILE, generate --seeds FILE)",
                                                               "kind: \(family.info.name)", "profile: \(id)"]
                                                              + ["unique: \(options.unique)"])
        return ReviewPage(title: words.text("review.title", language, ["puzzles": puzzles]), entries: entries,
                          labels: family.reviewLabels(language: language), failures: failures, export: export, language: language)
    }

    /// The page of every puzzle of the files; fails after reporting every
    /// file or puzzle that cannot be read or drawn.
    private func filesPage() throws -> ReviewPage {
        var entries: [ReviewPage.Entry] = [], labels: [(code: String, name: String)] = []
        let failed = forEachInput(files, kind: options.kind) { family, file, data in
            // The labels of every family on the page, each family's in order.
            labels += family.reviewLabels(language: language.language).filter { label in !labels.contains { $0.code == label.code } }
            return reviewFile(family, file: file, data: data, into: &entries)
        }
        if failed > 0 { throw ExitCode.failure }
        return ReviewPage(title: DrawingMessages.catalogue.text("review.title", language.language, ["puzzles": files.joined(separator: ", ")]),
                          entries: entries, labels: labels, failures: [],
                          export: ReviewPage.Export(what: "ids", header: ["puzzlelab ids of " + files.joined(separator: ", ")]),
                          language: language.language)
    }

    /// The name of a fact of an entry (`family`, `seed`, …) in the language.
    private func fact(_ name: String) -> String { DrawingMessages.catalogue.text("fact." + name, language.language) }

    /// Adds the file's puzzles to `entries`; returns how many failed (each
    /// reported on stderr).
    private func reviewFile<F: DrawableFamily>(_ family: F, file: String, data: Data, into entries: inout [ReviewPage.Entry]) -> Int {
        var failed = 0
        forEachPuzzle(family, data, file: file) { result in
            do {
                let puzzle = try result.get()
                // What check calls invalid is refused as by solve and grade (isValid reports it).
                guard isValid(family, puzzle, file: file) else {
                    failed += 1
                    return
                }
                entries.append(try family.reviewEntry(puzzle, facts: [(fact("family"), family.info.name), (fact("file"), file)],
                                                      language: language.language, timeLimit: budget.time))
            } catch {
                reportError(error, context: file)
                failed += 1
            }
        }
        return failed
    }
}

extension Review: GeneratingCommand {
    typealias Profiles = OneProfile
    static var countHelp: String { "How many generated puzzles on the page, of seeds SEED … SEED+N-1 (default: 1; at most \(mostPuzzles))." }
}
