import ArgumentParser
import Foundation
import MathCrossword
import PuzzleKit

struct Grade: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rate how hard puzzles are for a person, and explain the steps.",
        discussion: """
            Solves each puzzle as a person would, always with the easiest
            technique that makes progress (see the README's technique table),
            and reports the label, score, steps per technique, rounds, guesses,
            dependency and crossing metrics. Grades puzzle files, or puzzles
            generated with --profile.

            Examples:
              puzzlelab grade puzzle.mcw --explain
              puzzlelab grade --profile class_3 --seed 1 --count 100 --unique --format csv > grades.csv
              puzzlelab grade --kind cross-sums --profile extra-hard --count 20
            """
    )

    @Argument(help: "Puzzle files (.mcw, .json, .jsonl); - reads standard input.")
    var files: [String] = []

    @Option(help: "math-crossword or cross-sums (default: by file extension or content; math-crossword with --profile).")
    var kind: PuzzleKind?

    @Option(name: .shortAndLong, help: "Grade generated puzzles of this profile instead of files: class_1 … class_4 or a profile JSON file (math crossword); easy, medium, hard or extra-hard (cross sums).")
    var profile: String?

    @Option(name: .shortAndLong, help: "With --profile: the seed of the first puzzle.")
    var seed = 1

    @Option(name: .shortAndLong, help: "With --profile: how many puzzles.")
    var count = 1

    @Flag(help: "With --profile: generate puzzles with exactly one solution.")
    var unique = false

    @Flag(help: "Print every step as a sentence (text), or add an explanation array (json).")
    var explain = false

    @Option(name: .shortAndLong, help: "Output: text, json (one object per line) or csv (RFC 4180, with a header).")
    var format: ReportFormat = .text

    func validate() throws {
        guard files.isEmpty != (profile == nil) else {
            throw ValidationError("Give puzzle files or --profile, not both or neither.")
        }
        guard count >= 1 else { throw ValidationError("--count must be at least 1.") }
        guard seed <= Int.max - (count - 1) else { throw ValidationError("--seed plus --count exceeds the seed range.") }
        guard !(explain && format == .csv) else { throw ValidationError("--explain works with --format text or json.") }
    }

    func run() throws {
        var printer = RowPrinter(format: format)
        var failed = 0
        func grade(_ level: Level, name: String, extra: [(key: String, value: ReportValue)]) {
            let clock = ContinuousClock()
            let start = clock.now
            let report: GradeReport
            do {
                report = try Grader().grade(level)
            } catch {
                printError("\(name): \(error)")
                failed += 1
                return
            }
            let micros = (clock.now - start).microseconds
            let sentences = explain ? Explain.sentences(for: report.steps, in: level) : []
            switch format {
            case .text:
                let techniques = report.stepsPerTechnique.filter { $0.1 > 0 }.map { "\($0.0.code) \($0.1)" }
                print("\(name): \(level.id): \(report.label.rawValue), score \(report.score); hardest \(report.hardestTechnique?.name ?? "none");"
                      + " \(report.steps.count) steps in \(report.rounds) rounds; \(report.guesses) guesses, \(report.backtracks) backtracks;"
                      + (report.multipleSolutions ? " SEVERAL SOLUTIONS" : " unique"))
                print("  steps: \(techniques.joined(separator: ", ")); forced \(percent(report.forcedShare)), longest forced run \(report.longestForcedRun);"
                      + " crossings: \(report.crossingCells) cells (\(report.blankCrossingCells) empty), \(report.minCrossingsPerEquation)–"
                      + "\(String(format: "%.2f", report.meanCrossingsPerEquation)) per equation")
                for (i, sentence) in sentences.enumerated() { print("  \(i + 1). \(sentence)") }
            case .json, .csv:
                var row = ReportRow(extra + [("id", .string(level.id))] + report.fields + [("timeMicroseconds", .int(micros))])
                if explain { row.append("explanation", .strings(sentences)) }
                printer.print(row)
            }
        }
        if let profile, kind == .crossSums {
            failed += try CrossSumsCLI.gradeGenerated(profile: profile, seed: seed, count: count, explain: explain,
                                                      format: format, printer: &printer)
        } else if let profile {
            let difficulty = try resolveProfile(profile)
            for seed in seed..<(seed + count) {
                do {
                    let generated = unique
                        ? try LevelGenerator().generateUnique(difficulty: difficulty, seed: seed)
                        : try LevelGenerator().generate(difficulty: difficulty, seed: seed)
                    grade(generated.level, name: "\(difficulty.id) seed \(seed)",
                          extra: [("profile", .string(difficulty.id)), ("seed", .int(seed))])
                } catch {
                    printError("puzzlelab: profile \(difficulty.id), seed \(seed): \(error)")
                    failed += 1
                }
            }
        } else {
            // `grade` counts its own failures in `failed`; the closure returns the rest.
            let unreadable = forEachInput(files) { file, data in
                if (kind ?? PuzzleKind.of(path: file, data: data)) == .crossSums {
                    return CrossSumsCLI.gradeFile(file, data: data, explain: explain, format: format, printer: &printer)
                }
                var invalid = 0
                for result in readLevels(path: file, data: data) {
                    switch result {
                    case .success(let level): grade(level, name: file, extra: [("file", .string(file))])
                    case .failure(let error):
                        printError(error.description)
                        invalid += 1
                    }
                }
                return invalid
            }
            failed += unreadable
        }
        if failed > 0 { throw ExitCode.failure }
    }

    private func percent(_ x: Double) -> String { String(format: "%.0f%%", x * 100) }
}
