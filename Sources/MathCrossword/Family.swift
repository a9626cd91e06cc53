import ConstraintSolver
import Foundation
import PuzzleKit

/// The math crossword as a `PuzzleFamily`: what the command line
/// and the research tools use.
public struct MathCrosswordFamily: FormattedFamily, PreparingFamily, PlayableFamily {
    public typealias Puzzle = MathCrossword.Puzzle
    public typealias Profile = MathCrossword.Profile
    public typealias TextFormat = MathCrossword.TextFormat
    public typealias JSONFormat = MathCrossword.JSONFormat

    public init() {}

    public let info = FamilyInfo(name: "math-crossword", textExtension: "mcw",
                                 summary: "math crossword: fill the blanks of crossing equations from a pool of tiles",
                                 takesMinBlanks: true, hasCompactJSON: true)
    public var profiles: [Profile] { Profile.classProfiles }

    /// `class_1` … `class_4`, or a profile JSON file with the keys of ``Profile``.
    public func profile(named argument: String) throws -> Profile {
        if let profile = Profile.named(argument) { return profile }
        guard argument.hasSuffix(".json") else {
            throw UsageError("unknown profile '\(argument)': expected class_1, class_2, class_3, class_4 or a profile .json file")
        }
        guard let data = FileManager.default.contents(atPath: argument) else {
            let reason = FileManager.default.fileExists(atPath: argument) ? "cannot read the profile file" : "no such profile file"
            throw FileAccessError("\(argument): \(reason)", access: .read)
        }
        return try Profile.decode(from: data, file: argument)
    }

    public func id(of profile: Profile) -> String { profile.id }
    public func id(of puzzle: Puzzle) -> String { puzzle.id }

    /// JSON with a `cells` key (the current form) or an `idNamespace` key
    /// (the compact form), or text with the `pool:` header only this
    /// format has.
    public func recognizes(_ head: String) -> Bool {
        head.contains("\"cells\"") || head.contains("\"idNamespace\"") || headerKeys(of: head).contains("pool")
    }

    /// The compact form of the level's JSON (``JSONFormat/writeCompact(_:pretty:)``),
    /// or `nil` when its ids are not derived from one namespace.
    public func writeCompactJSON(_ level: Puzzle, pretty: Bool) -> String? {
        JSONFormat.writeCompact(level, pretty: pretty)
    }


    public func writeSolution(_ puzzle: Puzzle, comments: [String]) -> String? {
        puzzle.solution == nil ? nil : TextFormat.write(puzzle, comments: comments, solved: true)
    }

    public func generate(_ profile: Profile, _ request: GenerationRequest) throws(GenerationFailure) -> Generated<Puzzle> {
        let generator = Generator(timeLimit: request.timeLimit)
        let generated: GeneratedPuzzle
        do throws(GenerationError) {
            if let name = request.label, let label = DifficultyLabel(rawValue: name) {
                generated = try generator.generate(difficulty: profile, seed: request.seed, label: label, minBlanks: request.minBlanks)
            } else if request.unique {
                generated = try generator.generateUnique(difficulty: profile, seed: request.seed, minBlanks: request.minBlanks)
            } else {
                generated = try generator.generate(difficulty: profile, seed: request.seed)
            }
        } catch {
            throw GenerationFailure(reason: error.reason, error.description)
        }
        var notes: [String] = []
        if request.unique { notes += ["unique", "\(generated.revealed) cells revealed"] }
        if request.minBlanks != nil {
            notes.append("\(generated.level.blankPositions.count) blanks (\(generated.emptied) given cells emptied)")
        }
        if let label = request.label { notes.append("graded \(label)") }
        return Generated(puzzle: generated.level, attempts: generated.attempts,
                         revealed: request.unique ? generated.revealed : 0, notes: notes)
    }

    /// Refuses unknown labels, and a minimum blank count without `unique`
    /// or below 1.
    /// A pack's level has its cell and equation ids derived from
    /// `idNamespace` (``Puzzle/withIDs(namespace:)``), so no two packs share them.
    public func packLevel(_ puzzle: Puzzle, number: Int, profile: Profile, idNamespace: UInt64) -> Puzzle {
        puzzle.withIDs(namespace: idNamespace)
    }

    public func unsupported(_ request: GenerationRequest) -> String? {
        if let minBlanks = request.minBlanks {
            guard request.unique else { return "a minimum of empty cells needs unique generation: only unique generation empties extra cells" }
            guard minBlanks >= 1 else { return "a minimum of empty cells must be at least 1" }
        }
        guard let label = request.label, DifficultyLabel(rawValue: label) == nil else { return nil }
        return "unknown label '\(label)': expected " + DifficultyLabel.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// Lists the equations with their state (with the level's solution placed
    /// when it carries one) and notes what the class generators never produce.
    /// None beyond reading: the only problem ``check(_:)`` finds, a value
    /// too large for this build, is the error every solver and grader
    /// throws when it builds the level's model, so this skips building the
    /// model twice.
    public func problems(_ level: Puzzle) -> [String] { [] }

    public func check(_ level: Puzzle) -> CheckReport { check(level, details: true) }

    /// ``check(_:)``; the equations' lines (the details) are made only when
    /// `details` asks for them.
    ///
    /// - Parameters:
    ///   - level: the level to check.
    ///   - details: whether to make the detail lines.
    public func check(_ level: Puzzle, details: Bool) -> CheckReport {
        // Only a level with large values or long equations can overflow;
        // only then is the model built to find where.
        if Solver.mayOverflow(level) {
            do throws(SolveError) {
                _ = try Solver(level: level)
            } catch .overflow(let position) {
                return CheckReport(summary: "invalid, \(level.rows)x\(level.columns), \(level.equations.count) equations",
                                   problems: ["\(SolveError.overflow(position))"])
            } catch {}  // too many blanks to tabulate matters to solving, not to the format
        }
        var lines: [String] = []
        if details {
            // The solution's values by row-major index, placed without copying the level.
            var placed = [PuzzleNumber?](repeating: nil, count: level.cells.count)
            for entry in level.solution ?? [] where level.contains(entry.position) {
                let slot = entry.position.row * level.columns + entry.position.column
                if slot < placed.count { placed[slot] = entry.value }
            }
            let states = EquationEvaluator().evaluate(level, placing: placed)
            lines = zip(Explain.equationTexts(in: level), states).map { "\($0)  \($1.rawValue)" }
        }
        // Each cell's type read where it lies, without copying the cell.
        let blanks = level.cells.indices.count { level.cells[$0].type == .emptyOperand }
        return CheckReport(
            summary: "valid, \(level.rows)x\(level.columns), \(level.equations.count) equations, \(blanks) blanks",
            details: lines,
            notes: LevelCheck.notes(for: level))
    }

    public var metrics: MetricTable<Puzzle> { Self.metricTable }

    private static let metricTable = MetricTable<Puzzle>(
        analysis: { level in (level: level, crossings: CrossingMetrics(level)) },
        Metric.gridSize(rows: { $0.level.rows }, columns: { $0.level.columns }) + [
            Metric("equations", unit: "count", kind: .count, "equations in the grid") { .int($0.level.equations.count) },
            Metric("blanks", unit: "cells", kind: .count, "empty cells (= tiles in the pool)") { .int($0.level.blankPositions.count) },
            Metric("distinctPoolValues", unit: "count", kind: .count, "different numbers among the pool's tiles") {
                .int(Set($0.level.numberPool).count)
            },
            Metric("crossingCells", unit: "cells", kind: .count, "cells shared by a horizontal and a vertical equation") { .int($0.crossings.cells) },
            Metric("crossingsPerEquationMin", unit: "cells", kind: .count, "fewest crossing cells of any one equation") {
                .int($0.crossings.minPerEquation)
            },
            Metric("crossingsPerEquationMean", unit: "cells", kind: .decimal, "crossing cells per equation, averaged over the equations") {
                .double($0.crossings.meanPerEquation)
            },
            Metric("blankCrossingCells", unit: "cells", kind: .count, "crossing cells that are empty") { .int($0.crossings.blankCells) },
        ])

    /// A level with its model (the table per equation), built once for
    /// both its count and its grade.
    public struct Prepared: Sendable {
        public let level: Puzzle
        public let model: Solver
    }

    public func prepare(_ level: Puzzle) throws -> Prepared {
        Prepared(level: level, model: try Solver(level: level))
    }

    public func count(prepared: Prepared, limits: CountLimits) throws -> CountResult {
        let level = prepared.level
        let solved = prepared.model.solve(SearchLimits(limits))
        let first = solved.solutions.first
        var filled = level
        filled.solution = first
        return CountResult(
            solved.statistics, solutionCount: solved.solutionCount, complete: solved.complete, stopReason: solved.stopReason,
            fields: [("blanks", .int(level.blankPositions.count))],
            solutionText: first.map { _ in TextFormat.write(filled, solved: true) },
            solutionJSON: first.map { entries in
                "[" + entries.map { "{\"row\":\($0.row),\"column\":\($0.column),\"value\":\($0.value.jsonText)}" }
                    .joined(separator: ",") + "]"
            })
    }

    public typealias Technique = MathCrossword.Technique
    public typealias StepFacts = MathCrossword.StepFacts

    public var gradeLabels: [String] { DifficultyLabel.allCases.map(\.rawValue) }

    /// The logic tier is the hardest technique's label
    /// (`GradeTrace.difficulty` says what a path that does not reach a
    /// solution gets); the label is the harder of it and the arithmetic tier
    /// (``CrosswordArithmetic``, `GradeTrace.combinedLabel`).
    public var labelRule: LabelRule { .hardest }

    public func label(_ trace: Trace) -> String { trace.combinedLabel.rawValue }

    public func trace(prepared: Prepared, solutionsUpTo2: Int?, timeLimit: Duration?) throws -> Trace {
        Grader().trace(prepared.level, model: prepared.model, solutionsUpTo2: solutionsUpTo2, timeLimit: timeLimit)
    }

    public func sentence(_ step: Trace.Step, in level: Puzzle, language: Language) -> String {
        Explain.sentence(step, in: level, language: language)
    }

    /// The level's size and how its equations cross, then the two tiers the
    /// label combines and the steps' arithmetic load (``CrosswordArithmetic``).
    public func familyFields(_ trace: Trace, of level: Puzzle) -> [(key: String, value: ReportValue)] {
        let crossings = CrossingMetrics(level)
        let loads = trace.arithmeticLoads
        return [
            ("blanks", .int(level.blankPositions.count)), ("distinctPoolValues", .int(Set(level.numberPool).count)),
            ("crossingCells", .int(crossings.cells)), ("blankCrossingCells", .int(crossings.blankCells)),
            ("minCrossingsPerEquation", .int(crossings.minPerEquation)),
            ("meanCrossingsPerEquation", .double(crossings.meanPerEquation)),
            ("logicLabel", .string(trace.difficulty.rawValue)), ("arithmeticLabel", .string(trace.arithmeticLabel.rawValue)),
            ("arithmeticLoadMedian", .int(trace.medianArithmeticLoad)), ("arithmeticLoadMax", .int(loads.max() ?? 0)),
            ("arithmeticLoadMean", .double(loads.isEmpty ? 0 : Double(loads.reduce(0, +)) / Double(loads.count))),
        ]
    }

    /// The steps per technique, the forced steps and the crossings; then the
    /// two tiers the label combines, with the hardest fact a step asks; in
    /// `language`.
    public func details(_ trace: Trace, of level: Puzzle, language: Language) -> [String] {
        let techniques = trace.stepsPerTechnique.filter { $0.steps > 0 }.map {
            "\(Explain.text("details.technique.\($0.technique.code)", language)) \($0.steps)"
        }
        let metrics = trace.metrics, crossings = CrossingMetrics(level)
        let steps = Explain.text("details.steps", count: crossings.cells, language, [
            "techniques": techniques.joined(separator: ", "), "forced": Self.decimal(metrics.forcedShare * 100, places: 0, language),
            "run": String(metrics.longestForcedRun), "empty": String(crossings.blankCells),
            "min": String(crossings.minPerEquation), "mean": Self.decimal(crossings.meanPerEquation, places: 2, language),
        ])
        let median = trace.medianArithmeticLoad
        var tiers = ["logic": labelName(trace.difficulty.rawValue, in: language),
                     "arithmetic": labelName(CrosswordArithmetic.arithmeticLabel(medianLoad: median).rawValue, in: language),
                     "median": String(median)]
        guard let hardest = trace.steps.indices.compactMap({ trace.steps[$0].facts.arithmetic }).max(by: { $0.score < $1.score }) else {
            return [steps, Explain.text("details.tiers", language, tiers)]
        }
        tiers["score"] = String(hardest.score)
        tiers["fact"] = hardest.fact.text(language)
        return [steps, Explain.text("details.tiers.hardest", language, tiers)]
    }

    /// `value` with `places` decimals in `language`, a tie rounded to even
    /// as the details lines always have been (`12.5` → `12`).
    private static func decimal(_ value: Double, places: Int, _ language: Language) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return language.decimal((value * scale).rounded(.toNearestOrEven) / scale, places: places)
    }

    public func startSession(_ level: Puzzle) -> GameSession { GameSession(level: level) }
}

extension Technique: TechniqueTier {
    public var gradeLabel: String { label.rawValue }
}
