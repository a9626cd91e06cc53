import ArgumentParser
import Foundation
import PuzzleDrawing
import PuzzleKit

struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one self-contained HTML page for reviewing puzzles.",
        discussion: """
            For each puzzle the page shows its drawing, seed, profile, grade
            label, score, technique counts and the grader's explanation;
            hovering over or clicking a step marks its cells on the drawing,
            and the solution stays folded until asked for. Printed, it puts
            one or two puzzles on a page. The page needs no network and no
            other file (inline SVG, CSS and a small script), and the same
            arguments give the same bytes. Reviews generated puzzles of seeds
            SEED … SEED+COUNT-1 (--profile or --count, at most 1,000 on one
            page), or puzzle files. --language de writes all of the page's
            text in German.
            Refuses to overwrite an existing --out file without --force.

            Examples:
              puzzlelab review --profile class_2 --count 6 --out class_2.html
              puzzlelab review --kind cross-sums --profile hard --seed 10 --count 4 --out hard.html
              puzzlelab review puzzle.mcw --out puzzle.html
            """
    )

    @Argument(help: "Puzzle files (any family's text format, .json, .jsonl); - reads standard input. Or --profile / --count: review generated puzzles.")
    var files: [String] = []

    @OptionGroup var options: GenerationOptions

    @OptionGroup var budget: TimeBudget

    @OptionGroup var output: DrawingOutput

    @OptionGroup var language: LanguageOption

    func validate() throws {
        let generating = !options.profile.isEmpty || options.count != nil
        guard files.isEmpty == generating else {
            throw ValidationError(files.isEmpty ? "Give puzzle files (- for standard input), or --profile / --count to review generated puzzles."
                                                : "Give puzzle files or --profile / --count, not both.")
        }
        if generating {
            let seeds = try options.seeds(standardCount: 1)
            guard seeds.count <= Self.mostPuzzles else {
                throw ValidationError("--count \(seeds.count): a review page holds at most \(Self.mostPuzzles) generated puzzles (it is built in memory and written whole); review several pages with --seed.")
            }
        }
    }

    /// The most generated puzzles one review page holds: the page is built
    /// in memory and written whole (atomically), and a browser shows a few
    /// hundred drawings at most.
    static let mostPuzzles = 1_000

    func run() throws {
        try output.refuseOverwrite()
        let page = files.isEmpty ? try generatedPage() : try filesPage()
        try output.write(page.html)
        if output.out != "-" { printError("puzzlelab: wrote \(counted(page.entries.count, "puzzle")) to \(output.out)") }
    }

    /// The page of the generated puzzles of seeds SEED … SEED+COUNT-1.
    private func generatedPage() throws -> ReviewPage {
        try generatedPage(options.family())
    }

    private func generatedPage<F: DrawableFamily>(_ family: F) throws -> ReviewPage {
        try options.refuseUnsupported(family)
        let profile = try options.singleProfile(family)
        let id = family.id(of: profile)
        let seeds = try options.seeds(standardCount: 1)
        var entries: [ReviewPage.Entry] = []
        for seed in seeds {
            let facts = [(fact("family"), family.info.name), (fact("seed"), String(seed)), (fact("profile"), id)]
            do {
                let puzzle = try family.generate(profile, options.request(seed: seed, timeLimit: budget.time)).puzzle
                entries.append(try family.reviewEntry(puzzle, facts: facts, language: language.language, timeLimit: budget.time))
            } catch {
                throw CLIError("profile \(id), seed \(seed): \(error)")
            }
        }
        let words = DrawingMessages.catalogue, language = language.language
        let named = seeds.count == 1 ? words.text("review.seed", language, ["seed": String(seeds.lowerBound)])
                                     : words.text("review.seeds", language, ["first": String(seeds.lowerBound), "last": String(seeds.upperBound)])
        let puzzles = "\(family.info.name) \(id), \(named)" + (options.unique ? ", " + words.text("review.unique", language) : "")
        return ReviewPage(title: words.text("review.title", language, ["puzzles": puzzles]), entries: entries, language: language)
    }

    /// The page of every puzzle of the files; fails after reporting every
    /// file or puzzle that cannot be read or drawn.
    private func filesPage() throws -> ReviewPage {
        var entries: [ReviewPage.Entry] = []
        let failed = forEachInput(files, kind: options.kind) { family, file, data in
            reviewFile(family, file: file, data: data, into: &entries)
        }
        if failed > 0 { throw ExitCode.failure }
        return ReviewPage(title: DrawingMessages.catalogue.text("review.title", language.language, ["puzzles": files.joined(separator: ", ")]),
                          entries: entries, language: language.language)
    }

    /// The name of a fact of an entry (`family`, `seed`, …) in the language.
    private func fact(_ name: String) -> String { DrawingMessages.catalogue.text("fact." + name, language.language) }

    /// Adds the file's puzzles to `entries`; returns how many failed (each
    /// reported on stderr).
    private func reviewFile<F: DrawableFamily>(_ family: F, file: String, data: Data, into entries: inout [ReviewPage.Entry]) -> Int {
        var failed = 0
        for result in readPuzzles(family, data, file: file) {
            do {
                let puzzle = try result.get()
                // What check calls invalid is refused as by solve and grade (isValid reports it).
                guard isValid(family, puzzle, file: file) else {
                    failed += 1
                    continue
                }
                entries.append(try family.reviewEntry(puzzle, facts: [(fact("family"), family.info.name), (fact("file"), file)],
                                                      language: language.language, timeLimit: budget.time))
            } catch {
                printError(error is FormatError ? "\(error)" : "\(file): \(error)")
                failed += 1
            }
        }
        return failed
    }
}
