import ConstraintSolver
import CrossSums
import Foundation
import PuzzleKit

/// The cross sums side of the commands (seed 001). Kept apart from the math
/// crossword's, whose types share names with these.
enum CrossSumsCLI {
    /// `easy`, `medium`, `hard` or `extra-hard` (also "Extra Hard").
    static func difficulty(_ name: String?) throws -> Difficulty {
        guard let name else { return .easy }
        guard let difficulty = Difficulty(name: name) else {
            throw CLIError("unknown cross sums difficulty '\(name)': expected easy, medium, hard or extra-hard")
        }
        return difficulty
    }

    static func generate(profile: String?, seed: Int, count: Int, format: LevelFormat, showSolution: Bool) throws {
        let difficulty = try difficulty(profile)
        var failures = 0
        for offset in 0..<count {
            let seed = seed + offset
            let generated: GeneratedPuzzle
            do throws(GenerationError) {
                generated = try PuzzleGenerator().generate(difficulty: difficulty, seed: seed)
            } catch {
                printError("puzzlelab: cross sums \(difficulty.rawValue), seed \(seed): \(error)")
                failures += 1
                continue
            }
            let puzzle = generated.puzzle
            switch format {
            case .mcw:
                if offset > 0 { print("") }
                print(TextFormat.write(puzzle, comments: ["\(puzzle.id): cross sums \(difficulty.rawValue), seed \(seed), unique"]), terminator: "")
                if showSolution {
                    print("")
                    print(TextFormat.writeSolution(puzzle, comments: ["solution of \(puzzle.id)"]), terminator: "")
                }
            case .json: print(JSONFormat.write(puzzle, pretty: true))
            case .jsonl: print(JSONFormat.write(puzzle, pretty: false))
            }
        }
        if failures > 0 { throw CLIError("\(failures) of \(count) puzzles could not be generated") }
    }

    static func read(file: String, data: Data) -> [Result<Puzzle, FormatError>] {
        PuzzleFile.read(data, file: file)
    }

    /// Solves every puzzle of a file; returns how many failed.
    static func solve(file: String, data: Data, limits: SearchLimits, showSolution: Bool,
                      format: ReportFormat, printer: inout RowPrinter) -> Int {
        var failed = 0
        for result in read(file: file, data: data) {
            let puzzle: Puzzle
            let model: CrossSumsModel
            do {
                puzzle = try result.get()
                model = try CrossSumsModel(puzzle: puzzle)
            } catch {
                printError("\(error)")
                failed += 1
                continue
            }
            let solved = model.solve(limits)
            switch format {
            case .json, .csv:
                var row = ReportRow([("file", .string(file))])
                row.fields += solved.reportRow(id: puzzle.id, includeSolution: showSolution).fields
                printer.print(row)
            case .text:
                print(Solve.summary(file: file, id: puzzle.id, count: solved.solutionCount, complete: solved.complete,
                                    stopReason: solved.stopReason, statistics: solved.statistics))
                if let mask = solved.solutions.first { print(TextFormat.write(puzzle, mask: mask), terminator: "") }
            }
        }
        return failed
    }

    /// Grades puzzles from a file or generated ones; returns how many failed.
    static func grade(_ puzzles: [(name: String, extra: [(key: String, value: ReportValue)], result: Result<Puzzle, FormatError>)],
                      explain: Bool, format: ReportFormat, printer: inout RowPrinter) -> Int {
        var failed = 0
        for (name, extra, result) in puzzles {
            let clock = ContinuousClock()
            let start = clock.now
            let report: GradeReport
            do {
                report = try Grader(puzzle: result.get()).grade()
            } catch {
                printError("\(error)")
                failed += 1
                continue
            }
            let micros = (clock.now - start).microseconds
            switch format {
            case .text:
                print("\(name): \(report.puzzleID): \(report.label), score \(report.score); hardest \(report.hardestTechnique?.name ?? "none");"
                      + " \(report.steps.count) steps in \(report.rounds) rounds; \(report.guesses) guesses, \(report.backtracks) backtracks;"
                      + (report.isUnique ? " unique" : " SEVERAL SOLUTIONS"))
                if explain {
                    for sentence in report.explanation { print("  \(sentence)") }
                }
            case .json, .csv:
                var row = ReportRow(extra)
                row.fields += report.reportRow.fields
                row.append("timeMicroseconds", .int(micros))
                if explain { row.append("explanation", .strings(report.explanation)) }
                printer.print(row)
            }
        }
        return failed
    }

    static func gradeFile(_ file: String, data: Data, explain: Bool, format: ReportFormat, printer: inout RowPrinter) -> Int {
        grade(read(file: file, data: data).map { (file, [("file", .string(file))], $0) }, explain: explain, format: format, printer: &printer)
    }

    static func gradeGenerated(profile: String?, seed: Int, count: Int, explain: Bool, format: ReportFormat,
                               printer: inout RowPrinter) throws -> Int {
        let difficulty = try difficulty(profile)
        var failed = 0
        var puzzles: [(name: String, extra: [(key: String, value: ReportValue)], result: Result<Puzzle, FormatError>)] = []
        for seed in seed..<(seed + count) {
            do {
                let puzzle = try PuzzleGenerator().generate(difficulty: difficulty, seed: seed).puzzle
                puzzles.append(("cross sums \(difficulty.rawValue) seed \(seed)",
                                [("profile", .string(difficulty.rawValue)), ("seed", .int(seed))], .success(puzzle)))
            } catch {
                printError("puzzlelab: cross sums \(difficulty.rawValue), seed \(seed): \(error)")
                failed += 1
            }
        }
        return failed + grade(puzzles, explain: explain, format: format, printer: &printer)
    }

    /// Validates a file; returns how many puzzles were invalid.
    static func check(file: String, data: Data, quiet: Bool) -> Int {
        var invalid = 0
        for result in read(file: file, data: data) {
            switch result {
            case .failure(let error):
                printError(error.description)
                invalid += 1
            case .success(let puzzle):
                let rows = puzzle.grid.count, columns = puzzle.grid.first?.count ?? 0
                let solution = puzzle.solution.map { puzzle.isSolved(by: $0) ? "its solution holds" : "its solution does NOT hold" }
                print("\(file): \(puzzle.id): valid cross sums, \(rows)x\(columns)" + (solution.map { ", \($0)" } ?? ""))
                if solution == "its solution does NOT hold" { invalid += 1 }
            }
        }
        return invalid
    }

    /// The bench and export run of one difficulty (puzzles are always unique).
    static func run(_ difficulty: Difficulty, solve: Bool, grade: Bool) -> PuzzleRun {
        let id = difficulty.rawValue
        return PuzzleRun(profileID: id, unique: true,
                         labels: Difficulty.allCases.map(\.rawValue) + ["guess-required"]) { seed in
            var record = PuzzleRecord(seed: seed, profileID: id, unique: true, generationNanoseconds: 0)
            let start = monotonicNanoseconds()
            let generated: GeneratedPuzzle
            do throws(GenerationError) {
                generated = try PuzzleGenerator().generate(difficulty: difficulty, seed: seed)
            } catch {
                record.generationNanoseconds = monotonicNanoseconds() &- start
                record.failureReason = error.reason
                return record
            }
            record.generationNanoseconds = monotonicNanoseconds() &- start
            let puzzle = generated.puzzle
            record.attempts = generated.candidates
            record.revealed = 0
            record.size = (puzzle.grid.count, puzzle.grid.first?.count ?? 0)
            if grade, let grader = try? Grader(puzzle: puzzle) {
                let gradeStart = monotonicNanoseconds()
                let report = grader.grade()
                record.grade = GradeSummary(
                    label: report.label, score: report.score, hardestTechnique: report.hardestTechnique?.code,
                    steps: report.steps.count, rounds: report.rounds, guesses: report.guesses,
                    forcedShare: report.forcedShare, longestForcedRun: report.longestForcedRun, visibility: nil)
                record.gradeNanoseconds = monotonicNanoseconds() &- gradeStart
            }
            if solve, let model = try? CrossSumsModel(puzzle: puzzle) {
                let solveStart = monotonicNanoseconds()
                let result = model.solve(SearchLimits(solutions: PuzzleRun.solutionLimit))
                record.solve = SolveSummary(solutionCount: result.solutionCount, complete: result.complete,
                                            statistics: result.statistics)
                record.solveNanoseconds = monotonicNanoseconds() &- solveStart
            }
            return record
        }
    }

    /// The difficulties `--profile` names for bench (`all`: every one).
    static func runs(_ names: [String], solve: Bool, grade: Bool) throws -> [PuzzleRun] {
        var runs: [PuzzleRun] = []
        for name in names.isEmpty ? ["all"] : names {
            let difficulties = name == "all" ? Difficulty.allCases : [try difficulty(name)]
            runs += difficulties.map { run($0, solve: solve, grade: grade) }
        }
        return runs
    }
}
