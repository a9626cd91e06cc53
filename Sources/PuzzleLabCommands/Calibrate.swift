import ArgumentParser
import Foundation
import PuzzleKit
import PuzzleResearch

struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fit the grade's weights to the solve times of play logs.",
        discussion: """
            Reads play logs (docs/FORMATS.md, "Play logs") and, per family,
            fits seconds ≈ intercept + Σ weight × feature over the grade's
            technique step counts and its rounds, longestForcedRun,
            backtracks and guesses: weights at least 0, ridge-regularised,
            the penalty chosen by cross-validation. Only completed games
            without a hint are fitted; lost and given-up games and games
            with a hint are counted and left out. Features that never vary
            get no weight. Prints each family's weights beside the hand-set
            ones, and the cross-validated correlation and mean absolute
            error of the fitted model and of the hand-set score (scaled in
            the same folds). A family needs at least 20 solves and twice as
            many solves as features; with fewer it says how many and exits
            with status 1.

            --out FILE writes the weights file (docs/FORMATS.md, "Weights
            files") that grade, bench and export take with --weights.
            --simulate N writes N games of simulated players (a known model,
            docs/CALIBRATION.md) as a play log to standard output instead:
            a test of the fitting, not evidence about children.

            Examples:
              puzzlelab calibrate play.jsonl
              puzzlelab calibrate logs/*.jsonl --kind cross-sums --out cross-sums-weights.json
              puzzlelab calibrate --simulate 300 --kind math-crossword > sim.jsonl
            """
    )

    @Argument(help: "Play logs (JSON Lines); - reads standard input.")
    var logs: [String] = []

    @Option(help: "The family to fit (default: every family in the logs; --out and --simulate need one).")
    var kind: Kind?

    @Option(help: ArgumentHelp("Write the weights file here (one family).", valueName: "file"))
    var out: String?

    @Flag(help: "Replace the --out file if it exists.")
    var force = false

    @Option(help: "Cross-validation folds (2 to 20).")
    var folds = 5

    @Option(name: .shortAndLong, help: "Output: text (a table per family) or json (one object per family per line).")
    var format: SummaryFormat = .text

    @Option(help: ArgumentHelp("Write a play log of N simulated games of --kind (or the first family) to standard output, and fit nothing.",
                               valueName: "N"))
    var simulate: Int?

    @Option(name: .shortAndLong, parsing: .unconditional, help: "With --simulate: the first puzzle seed and the players' seed.")
    var seed = 1

    func validate() throws {
        guard (2...20).contains(folds) else { throw ValidationError("--folds must be from 2 to 20.") }
        if let simulate {
            guard (1...100_000).contains(simulate) else { throw ValidationError("--simulate must be from 1 to 100000 games.") }
            guard logs.isEmpty && out == nil else { throw ValidationError("--simulate writes a play log to standard output; give no logs and no --out.") }
        } else if logs.isEmpty {
            throw ValidationError("Give play logs (- for standard input), or --simulate N.")
        }
    }

    func run() throws {
        if let simulate {
            let family = (kind ?? .standard).family
            for record in simulated(family, games: simulate) { print(PlayLogRecord.finish(record).line) }
            return
        }
        let (finishes, hinted) = try read()
        var kinds: [String] = []
        for record in finishes where !kinds.contains(record.game.kind) { kinds.append(record.game.kind) }
        if let kind { kinds = [kind.family.info.name] }
        guard !kinds.isEmpty else { throw CLIError("the logs hold no finished game", status: .dataError) }
        guard out == nil || kinds.count == 1 else {
            throw CLIError("the logs hold games of \(kinds.joined(separator: ", ")): name the one to write with --kind")
        }
        var tooFew = false
        for name in kinds {
            guard let family = families.first(where: { $0.info.name == name }) else {
                throw CLIError("the logs hold games of \(name), which is none of \(familyNames)", status: .dataError)
            }
            let calibration = fit(family, finishes, hinted: hinted)
            switch format {
            case .text: printTable(calibration, handSet: family.handSetWeights)
            case .json: print(json(calibration))
            }
            if calibration.weights == nil { tooFew = true }
            if let out {
                guard let weights = calibration.weights else {
                    throw CLIError("\(out) not written: \(name) has \(calibration.solves) solves, it needs \(calibration.needed)", status: .failed)
                }
                try writeOutput(weights.text, to: out, replacing: force)
            }
        }
        if tooFew { throw ExitCode.failure }
    }

    /// The finish records of every log in order, and the games whose move
    /// records show a hint.
    private func read() throws -> ([PlayFinishRecord], Set<GameKey>) {
        var finishes: [PlayFinishRecord] = [], hinted: Set<GameKey> = []
        for file in logs {
            let text = String(decoding: try readInput(path: file), as: UTF8.self)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.allSatisfy(\.isWhitespace) {
                switch try PlayLogRecord.read(line, file: file, line: index + 1) {
                case .finish(let record): finishes.append(record)
                case .move(let record): if record.hint { hinted.insert(GameKey(record.game)) }
                }
            }
        }
        return (finishes, hinted)
    }

    private func fit<F: GradingFamily>(_ family: F, _ finishes: [PlayFinishRecord], hinted: Set<GameKey>) -> Calibration {
        Calibration(kind: family.info.name, records: finishes, hinted: hinted, candidates: family.weightFeatures, folds: folds)
    }

    private func simulated<F: GradingFamily>(_ family: F, games: Int) -> [PlayFinishRecord] {
        SimulatedPlayers.standard(family).play(family, profiles: family.profiles, puzzles: min(games, 2000), solves: games, seed: seed)
    }

    private func printTable(_ c: Calibration, handSet: [String: Int]) {
        print("\(c.kind): \(c.solves) solves fitted of \(c.games) games (left out: \(c.lost) lost, \(c.givenUp) given up, \(c.withHints) with hints)")
        if !c.dropped.isEmpty { print("  never varied, no weight: \(c.dropped.joined(separator: ", "))") }
        guard let weights = c.weights, let fit = weights.fit else {
            print("  too few solves: \(c.features.count) features need at least \(c.needed) (\(Calibration.minimumSolves), or 2 per feature); no weights")
            return
        }
        print("  \(fit.folds)-fold cross-validation, ridge lambda \(decimal(fit.lambda, 3)):")
        print("    fitted weights  correlation \(decimal(fit.cvCorrelation, 3)), mean absolute error \(decimal(fit.cvMeanAbsoluteError, 1)) s")
        print("    hand-set score  correlation \(decimal(fit.handSetCvCorrelation, 3)), mean absolute error \(decimal(fit.handSetCvMeanAbsoluteError, 1)) s")
        let rows = [("feature", "seconds", "hand-set"), ("intercept", decimal(weights.intercept, 2), "")]
            + c.features.map { ($0, decimal(weights.weights[$0] ?? 0, 2), handSet[$0].map(String.init) ?? "") }
        let width = rows.map(\.0.count).max() ?? 0
        for row in rows {
            let line = "  " + row.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: max(0, 9 - row.1.count)) + row.1 + "  "
                + String(repeating: " ", count: max(0, 8 - row.2.count)) + row.2
            print(line.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression))
        }
    }

    private func json(_ c: Calibration) -> String {
        struct Summary: Encodable {
            var kind: String, games, lost, givenUp, withHints, solves, needed: Int
            var features, dropped: [String]
            var weights: GradeWeights?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let summary = Summary(kind: c.kind, games: c.games, lost: c.lost, givenUp: c.givenUp, withHints: c.withHints, solves: c.solves,
                              needed: c.needed, features: c.features, dropped: c.dropped, weights: c.weights)
        return (try? encoder.encode(summary)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private func decimal(_ value: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", value)
    }
}
