import ArgumentParser
import Foundation
import PuzzleKit

struct Grade: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rate how hard puzzles are for a person, and explain the steps.",
        discussion: """
            Solves each puzzle as a person would, always with the easiest
            technique that makes progress (see the family's technique table in
            docs/families/), and reports the label, score, steps per technique,
            rounds, guesses and the family's dependency metrics. Grades puzzle
            files, or generated puzzles (--profile or --count; the profile
            defaults to the family's first, as in generate).

            Each grade (with its uniqueness check) has 10 seconds of CPU time
            unless --timeout says otherwise; a grade stopped by it is marked
            incomplete (text: "stopped by timeLimit (10 s CPU)", json/csv:
            complete false) and its label and score are lower bounds.

            Grading checks uniqueness, it does not count: the solutionsUpTo2
            field (json, csv) is the number of solutions counted up to 2 —
            0 none, 1 unique, 2 two or more — and the text line ends in
            "unique", "NO SOLUTION" or "SEVERAL SOLUTIONS". For the exact
            number of solutions (with complete and stopReason) run
            puzzlelab solve.

            Grading more than one puzzle ends with one line on standard error:
            the puzzles graded by label, in the family's label order, and
            the failures by reason. A progress bar shows on standard error
            while generated puzzles are graded and it is a terminal.

            --language de writes the text output (and the json explanation)
            in German; the json and csv fields keep their codes. The language
            is never read from LANG or LC_ALL.

            Examples:
              puzzlelab grade puzzle.mcw --explain
              puzzlelab grade --profile class_3 --count 100 --unique --format csv
              puzzlelab grade --kind cross-sums --profile extra-hard --count 20
              puzzlelab grade --kind drills --count 50
            """
    )

    @Argument(help: "Puzzle files (any family's text format, .json, .jsonl); - reads standard input. Or --profile / --count: grade generated puzzles of seeds SEED … SEED+COUNT-1.")
    var files: [String] = []

    @OptionGroup var options: GenerationOptions<Grade>

    @OptionGroup var budget: TimeBudget

    @Flag(help: "Print every step as a sentence (text), or add an explanation array (json).")
    var explain = false

    @Option(name: .shortAndLong, help: "Output: text, json (one object per line) or csv (RFC 4180, with a header).")
    var format: ReportFormat = .text

    @OptionGroup var language: LanguageOption

    @OptionGroup var weights: WeightsOption

    func validate() throws {
        let generating = !options.profile.isEmpty || options.count != nil || options.seedsFile != nil
        guard files.isEmpty == generating else {
            throw ValidationError(files.isEmpty ? "Give puzzle files (- for standard input), or --profile / --count / --seeds to grade generated puzzles."
                                                : "Give puzzle files or --profile / --count / --seeds, not both.")
        }
        if generating { _ = try options.seedRange(standardCount: 1) }
        guard !(explain && format == .csv) else { throw ValidationError("--explain works with --format text or json.") }
    }

    func run() throws {
        var printer = RowPrinter(format: format, mixed: files.count > 1)
        var totals = RunTotals()
        var labelOrder: [String] = []
        if files.isEmpty {
            let family = options.family()
            labelOrder = family.gradeLabels
            try gradeGenerated(family, totals: &totals, printer: &printer)
        } else {
            var counted = 0  // the failures gradeFile counted in totals
            let failed = forEachInput(files, kind: options.kind) { family, file, data in
                labelOrder = labelOrder.isEmpty ? family.gradeLabels : labelOrder
                do {
                    let failed = gradeFile(family, weights: try weights.load(family), file: file, data: data, totals: &totals, printer: &printer)
                    counted += failed
                    return failed
                } catch {
                    reportError(error)
                    return 1
                }
            }
            totals.fail("unreadable", count: failed - counted)  // files not read, and weights that do not load
        }
        printer.finish()
        totals.report("graded", labelOrder: labelOrder)
        if totals.failed > 0 { throw ExitCode.failure }
    }

    /// Grades every puzzle of the file; returns how many failed.
    private func gradeFile<F: GradingFamily>(_ family: F, weights: GradeWeights?, file: String, data: Data,
                                             totals: inout RunTotals, printer: inout RowPrinter) -> Int {
        let before = totals.failed
        forEachPuzzle(family, data, file: file) { result in
            switch result {
            case .success(let puzzle) where !isValid(family, puzzle, file: file):
                totals.fail("invalid")
            case .success(let puzzle):
                grade(family, puzzle, weights: weights, name: file, extra: [("file", .string(file))], totals: &totals, printer: &printer)
            case .failure(let error):
                reportError(error)
                totals.fail("unreadable")
            }
        }
        return totals.failed - before
    }

    private func gradeGenerated<F: GradingFamily>(_ family: F, totals: inout RunTotals, printer: inout RowPrinter) throws {
        try options.refuseUnsupported(family)
        let profile = try options.singleProfile(family)
        let id = family.id(of: profile)
        let weights = try weights.load(family)
        let seeds = try options.seeds(standardCount: 1, family: family, profile: profile)
        let bar = ProgressBar(label: "grade", total: seeds.count, duration: nil)
        defer { bar.finish() }
        for (done, seed) in seeds.enumerated() {
            bar.update(done: done)
            do throws(GenerationFailure) {
                let puzzle = try family.generate(profile, options.request(seed: seed, timeLimit: budget.time)).puzzle
                let name = SharedWords.catalogue.text("puzzle.seed", language.language, ["profile": id, "seed": String(seed)])
                grade(family, puzzle, weights: weights, name: name,
                      extra: [("profile", .string(id)), ("seed", .int(seed))], totals: &totals, printer: &printer)
            } catch {
                bar.finish()
                reportError("profile \(id), seed \(seed): \(error)", status: .failed)
                totals.fail(error.reason)
            }
        }
    }

    /// Grades one puzzle (its score the predicted seconds of `weights`,
    /// when given), prints the result and counts it in `totals`.
    private func grade<F: GradingFamily>(_ family: F, _ puzzle: F.Puzzle, weights: GradeWeights?, name: String,
                                         extra: [(key: String, value: ReportValue)], totals: inout RunTotals, printer: inout RowPrinter) {
        let id = family.id(of: puzzle)
        let clock = ContinuousClock()
        let start = clock.now
        let report: GradeResult
        do {
            report = try family.grade(puzzle, solutionsUpTo2: nil, words: GradeWords(explain: explain, language: language.language),
                                      timeLimit: budget.time).weighted(weights)
        } catch {
            reportError(error, context: name)
            totals.fail("grade-error")
            return
        }
        totals.add(label: report.label)
        let micros = (clock.now - start).microseconds
        switch format {
        case .text:
            printReport("\(name): \(id): " + summary(report))
            for line in report.details { printReport("  \(line)") }
            if explain {
                for (i, sentence) in report.explanation.enumerated() { printReport("  \(i + 1). \(sentence)") }
            }
        case .json, .csv:
            // The core keys of every family (docs/FORMATS.md section 7), then the family's own, then steps per technique.
            var row = ReportRow(extra + [("id", .string(id))] + report.fields + [("timeMicroseconds", .int(micros))])
            if explain { row.append("explanation", .strings(report.explanation)) }
            printer.print(row)
        }
    }

    /// The text line of a grade after the puzzle's name and id, in the language.
    private func summary(_ report: GradeResult) -> String {
        let words = SharedWords.catalogue, language = language.language
        var line = words.text("grade.summary", language, [
            "label": report.labelName, "score": language.number(report.score),
            "technique": report.hardestTechnique?.name ?? words.text("grade.none", language),
            "steps": words.text("grade.steps", count: report.steps, language),
            "rounds": words.text("grade.rounds", count: report.rounds, language),
            "guesses": words.text("grade.guesses", count: report.guesses, language),
            "backtracks": words.text("grade.backtracks", count: report.backtracks, language),
        ])
        if let solutions = report.solutionsUpTo2 {
            line += "; " + words.text(solutions == 1 ? "grade.unique" : solutions == 0 ? "grade.noSolution" : "grade.severalSolutions", language)
        }
        if !report.complete {
            line += "; " + words.text("grade.stopped", language, ["reason": stopped(report.stopReason)])
        }
        return line
    }

    /// A stop reason as the text line names it, with the budget's size.
    private func stopped(_ reason: StopReason) -> String {
        reason == .timeLimit ? "timeLimit (\(Deadline.describe(budget.time)))" : reason.rawValue
    }
}

extension Grade: GeneratingCommand {
    typealias Profiles = OneProfile
    static var countHelp: String { "How many generated puzzles to grade, of seeds SEED … SEED+N-1 (default: 1)." }
}
