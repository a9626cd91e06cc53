import ArgumentParser
import ArithmeticDrills
import Foundation

/// `puzzlelab drills …`: what the arithmetic drills family has beyond the
/// shared commands.
struct DrillsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drills",
        abstract: "Arithmetic drills: the adaptive (Elo) model.",
        subcommands: [Simulate.self]
    )

    /// `puzzlelab drills simulate`: replays synthetic learners through the
    /// adaptive model and prints how fast their ability estimates converge.
    struct Simulate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay synthetic learners and report how fast the ability estimate converges.",
            discussion: """
                Each learner has a fixed true ability (normal, mean 0, sd 1); answers are drawn
                from the high-speed-high-stakes model and fed to the Elo update. Rows give the
                error of the estimate against the true ability after N answers.
                Example: puzzlelab drills simulate --learners 1000 --answers 100 --seed 1
                """
        )

        enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
            case text, csv
        }

        @Option(help: "Synthetic learners.") var learners = 500
        @Option(help: "Answers per learner.") var answers = 100
        @Option(help: "Random seed.") var seed = 1
        @Option(help: "Success rate the exercise choice aims at (0.5–0.95).") var targetSuccess = 0.75
        @Option(help: "Output format: text or csv.") var format: OutputFormat = .text

        func validate() throws {
            guard learners >= 1 && learners <= 1_000_000 else { throw ValidationError("--learners must be between 1 and 1000000") }
            guard answers >= 1 && answers <= 10_000 else { throw ValidationError("--answers must be between 1 and 10000") }
            guard targetSuccess >= 0.5 && targetSuccess <= 0.95 else { throw ValidationError("--target-success must be between 0.5 and 0.95") }
        }

        func run() throws {
            var settings = SimulationSettings()
            settings.learners = learners
            settings.answers = answers
            settings.seed = seed
            settings.model.targetSuccess = targetSuccess
            settings.checkpoints = ([0, 1, 2, 5, 10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 1000, answers]).filter { $0 <= answers }
            let report = simulateLearners(settings)
            switch format {
            case .csv:
                guard let first = report.csvRows.first else { throw CLIError("no rows to report") }
                print(first.csvHeader, terminator: "\r\n")
                for row in report.csvRows { print(row.csv, terminator: "\r\n") }
            case .text:
                print("learners \(learners), answers \(answers), seed \(seed), target success \(fixed(targetSuccess, 2)), range \(settings.difficulty.name)")
                print("answers    rmse     mae    bias  success")
                for row in report.rows {
                    print(pad(String(row.answers), 7) + pad(fixed(row.rmse, 3), 8) + pad(fixed(row.meanAbsoluteError, 3), 8)
                          + pad(fixed(row.bias, 3), 8) + pad(row.answers == 0 ? "-" : fixed(row.successRate, 3), 9))
                }
                print("overall success \(fixed(report.overallSuccess, 3)); exercise rating rmse \(fixed(report.itemRMSEBefore, 3)) -> \(fixed(report.itemRMSEAfter, 3))")
            }
        }

        private func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        private func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
    }
}
