import ArgumentParser
import ArithmeticDrills
import Foundation
import PuzzleKit
import PuzzleLabCommands
import PuzzleResearch

/// `puzzlelab drills …`: what the arithmetic drills family has beyond the
/// shared commands.
struct DrillsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drills",
        abstract: "Arithmetic drills: the adaptive rating model (simulate it, replay answer logs).",
        subcommands: [Simulate.self, Replay.self]
    )

    /// `puzzlelab drills simulate`: replays one cohort of simulated learners,
    /// who improve with practice and forget over breaks, through the current
    /// model and the uncertainty model, and reports how closely each follows
    /// the true abilities and exercise difficulties.
    struct Simulate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay simulated learners through the current and the uncertainty model and compare how well each tracks them.",
            discussion: """
                Learners start at a normal ability (mean 0, sd 1), gain up to 0.5-2.5 logits with practice
                (63 % of it in 60 answers) and lose 2 % of what they learned per day away; sessions of 10
                answers are 1-3 days apart, with a 7-28 day holiday one time in ten. Answers are drawn from
                the high-speed-high-stakes model with each exercise's deadline. Rows give the RMSE of the
                ability estimate against the true ability after N answers, and of the exercise ratings
                against the true difficulties after N answers in the whole bank.
                Example: puzzlelab drills simulate --learners 1000 --answers 200 --seed 1
                """
        )

        enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
            case text, csv, json
        }

        @Option(parsing: .unconditional, help: "Simulated learners.") var learners = 500
        @Option(parsing: .unconditional, help: "Answers per learner.") var answers = 200
        @Option(parsing: .unconditional, help: "Random seed.") var seed = 1
        @Option(parsing: .unconditional, help: "Success rate the exercise choice aims at (0.5–0.95).") var targetSuccess = 0.75
        @Option(parsing: .unconditional, help: "Spread (sd) of the true exercise difficulties around the feature ratings (0–3).") var itemNoise = 0.5
        @Flag(help: "Learners who neither learn nor forget, with no holidays.") var staticLearners = false
        @Option(help: "Output format: text, csv (one row per table, model and checkpoint) or json (the same rows as JSON lines).")
        var format: OutputFormat = .text

        func validate() throws {
            guard learners >= 1 && learners <= 100_000 else { throw ValidationError("--learners must be between 1 and 100000") }
            guard answers >= 1 && answers <= 10_000 else { throw ValidationError("--answers must be between 1 and 10000") }
            guard targetSuccess >= 0.5 && targetSuccess <= 0.95 else { throw ValidationError("--target-success must be between 0.5 and 0.95") }
            guard itemNoise >= 0 && itemNoise <= 3 else { throw ValidationError("--item-noise must be between 0 and 3") }
        }

        func run() throws {
            var settings = TrackingSettings()
            settings.learners = learners
            settings.answers = answers
            settings.seed = seed
            settings.itemNoise = itemNoise
            settings.legacy.targetSuccess = targetSuccess
            settings.constants.targetSuccess = targetSuccess
            if staticLearners {
                settings.learning = .none
                settings.holidayChance = 0
            }
            settings.checkpoints = ([0, 1, 5, 10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 1000, answers]).filter { $0 <= answers }
            let report = simulateTracking(settings)
            let context: [(String, ReportValue)] = [("seed", .int(seed)), ("learners", .int(learners)), ("range", .string(settings.difficulty.name)),
                                                    ("toolkitVersion", .string(PuzzleLabVersion.string))]
            switch format {
            case .csv, .json:
                var printer = RowPrinter(format: format == .csv ? .csv : .json)
                for row in report.csvRows { printer.print(ReportRow(row.fields + context.map { (key: $0.0, value: $0.1) })) }
            case .text:
                print("learners \(learners), answers \(answers), seed \(seed), target success \(fixed(targetSuccess, 2)), range \(settings.difficulty.name), "
                      + (staticLearners ? "static learners" : "learning learners with breaks"))
                print("ability rmse after N answers (current = 1/n gain, new = uncertainty gains)")
                print("answers    day  ability  current      new  success")
                for row in report.ability {
                    print(pad(String(row.answers), 7) + pad(fixed(row.meanDay, 1), 7) + pad(fixed(row.meanAbility, 2), 9)
                          + pad(fixed(row.rmse[0], 3), 9) + pad(fixed(row.rmse[1], 3), 9)
                          + pad(row.answers == 0 ? "-" : fixed(row.successRate[1], 3), 9))
                }
                print("back from a holiday (\(report.holidaySessions) sessions): rmse before the first answer current \(fixed(report.holidayBefore[0], 3)) new \(fixed(report.holidayBefore[1], 3)); after the session current \(fixed(report.holidayAfter[0], 3)) new \(fixed(report.holidayAfter[1], 3))")
                print("exercise rating rmse after N answers in the bank")
                print("   answers  current      new")
                for row in report.items {
                    print(pad(String(row.answers), 10) + pad(fixed(row.rmse[0], 3), 9) + pad(fixed(row.rmse[1], 3), 9))
                }
                print("skipped answers: \(fixed(report.skipRate[1] * 100, 1)) %")
            }
        }

        private func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        private func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    }

    /// `puzzlelab drills replay LOG`: rates children and exercises from a log
    /// of answers (docs/FORMATS.md section 7, "Answer logs").
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rate children and exercises from a log of answers (CSV or JSON lines).",
            discussion: """
                The log has the columns child,item,correct,seconds,timestamp (CSV with that header, or
                one JSON object per line with those keys); an item is the exercise text, '7 + 5'. Answers
                are replayed in time order through the uncertainty model, all children sharing one item
                bank. Writes one row per child, then one per item. Every bad line is reported
                (file:line: what was expected) and nothing is written.
                Example: puzzlelab drills replay answers.csv --format csv
                """
        )

        enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
            case csv, json
        }

        @Argument(help: "The answer log ('-' for standard input).") var log: String
        @Option(help: "Output format: csv or json (JSON lines).") var format: OutputFormat = .csv
        @Option(help: "Write to this file (atomically) instead of standard output.") var out: String = "-"
        @Flag(help: "Replace the --out file if it exists (without it an existing file is an error and is kept).") var force = false

        func run() throws {
            let data = try readInput(path: log)
            let read = AnswerLog.read(data, file: log)
            if let last = read.errors.last {
                for error in read.errors.dropLast() { reportError(error) }
                throw CLIError(last.description + (read.errors.count > 1 ? " (\(read.errors.count) bad lines; nothing written)" : " (nothing written)"),
                               status: .dataError)
            }
            let result = AnswerLog.replay(read.answers)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            var rows: [ReportRow] = []
            for (name, rating) in result.children {
                rows.append(Self.row("child", name, rating, deadline: nil, formatter: formatter))
            }
            for item in result.items.items {
                rows.append(Self.row("item", item.item, item.rating, deadline: item.deadline, formatter: formatter))
            }
            var lines: [String] = []
            if format == .csv, let first = rows.first { lines.append(first.csvHeader) }
            for row in rows { lines.append(format == .csv ? row.csv : row.json) }
            let end = format == .csv ? CSV.lineEnd : "\n"
            try writeOutput(lines.map { $0 + end }.joined(), to: out, replacing: force)
        }

        static func row(_ kind: String, _ name: String, _ rating: EloRating, deadline: TimeInterval?,
                        formatter: ISO8601DateFormatter) -> ReportRow {
            let stamp = rating.lastAnswer.map(formatter.string(from:))
            return ReportRow([("kind", .string(kind)), ("name", .string(name)), ("rating", .double(rating.rating)),
                              ("uncertainty", .double(rating.uncertainty)), ("answers", .int(rating.answers)),
                              ("lastAnswer", stamp.map(ReportValue.string) ?? .null),
                              ("deadline", deadline.map(ReportValue.double) ?? .null)])
        }
    }
}
