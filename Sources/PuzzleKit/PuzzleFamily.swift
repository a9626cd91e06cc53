import Foundation

/// A puzzle family: what every command of the toolkit needs to know about
/// one kind of puzzle (Simon Tatham's `thegame` table, in Swift).
///
/// A family is a small value that names its types and does the work through
/// them; the command line keeps one list of families and writes every command
/// once over it. What a family can do beyond reading, writing and generating
/// is said by conforming to the refinements ``CountingFamily`` (count
/// solutions), ``GradingFamily`` (rate difficulty and explain) and
/// ``PlayableFamily`` (game logic for an app).
///
///     let family = CrossSumsFamily()
///     let generated = try family.generate(family.profiles[0], GenerationRequest(seed: 7))
///     print(family.write(generated.puzzle, as: .text, comments: []))
public protocol PuzzleFamily: Sendable {
    /// One puzzle (or level, or exercise) as a player gets it.
    associatedtype Puzzle: Sendable
    /// What a generator is asked for: a difficulty or profile.
    associatedtype Profile: Sendable

    /// The family's name, summary and text format extension.
    var info: FamilyInfo { get }

    /// The named profiles, easiest first; `bench --profile all` runs them.
    var profiles: [Profile] { get }
    /// The profile a command-line argument names.
    ///
    /// - Throws: ``UsageError`` saying what was expected, or a
    ///   ``FormatError`` for a profile file that does not read.
    func profile(named argument: String) throws -> Profile
    /// The profile's stable id, as it appears in CSV rows.
    func id(of profile: Profile) -> String
    /// The puzzle's id.
    func id(of puzzle: Puzzle) -> String

    /// True when a file that is not named by extension holds this family's
    /// puzzles. `head` is the file's first few kilobytes as text.
    func recognizes(_ head: String) -> Bool
    /// Every puzzle of a file: its text format, a JSON object or array, or
    /// JSON Lines, told apart as ``PuzzleSource/form(path:text:textExtension:)``
    /// does. A puzzle that does not read is one failure; the others still read.
    func read(_ data: Data, file: String) -> [Result<Puzzle, FormatError>]
    /// The puzzle in the family's text format, ending in a newline;
    /// `comments` become comment lines.
    func writeText(_ puzzle: Puzzle, comments: [String]) -> String
    /// The puzzle as JSON with sorted keys: pretty-printed, or compact on one
    /// line (for JSON Lines); no trailing newline.
    func writeJSON(_ puzzle: Puzzle, pretty: Bool) -> String
    /// The solved puzzle in the text format, or `nil` when the puzzle does not
    /// carry its solution.
    func writeSolution(_ puzzle: Puzzle, comments: [String]) -> String?

    /// Generates the puzzle of one seed; the same seed gives the same puzzle.
    func generate(_ profile: Profile, _ request: GenerationRequest) throws(GenerationFailure) -> Generated<Puzzle>
    /// Why the family cannot honour `request`, or `nil` when it can. Checked
    /// once before generating, so options a family has no use for are refused
    /// up front with a clear message.
    func unsupported(_ request: GenerationRequest) -> String?

    /// Validates a puzzle beyond what reading checks: a one-line summary
    /// ("valid, 5x5 …"), detail lines, and problems that make it invalid.
    func check(_ puzzle: Puzzle) -> CheckReport
    /// The problems that make a puzzle unfit for every command: `solve` and
    /// `grade` refuse a puzzle that `check` would call invalid, so no
    /// command accepts what another rejects. By default the problems of
    /// ``check(_:)``.
    func problems(_ puzzle: Puzzle) -> [String]

    /// The family's own per-puzzle metric columns (size, shape, features),
    /// in export order.
    var metricColumns: [MetricColumn] { get }
    /// The puzzle's values for ``metricColumns``, in the same order.
    func metrics(of puzzle: Puzzle) -> [ReportValue]

    /// A level pack an app ships: the puzzles of one profile as one file
    /// (a JSON array unless the family's format says otherwise).
    func pack(_ puzzles: [Puzzle], profile: Profile) -> String
}

/// A family whose solver counts solutions exactly.
public protocol CountingFamily<Puzzle>: PuzzleFamily {
    /// Counts the puzzle's solutions within `limits`.
    ///
    /// - Throws: a one-line error when the puzzle cannot be modelled (a value
    ///   too large for this build, too many blanks).
    func count(_ puzzle: Puzzle, limits: CountLimits) throws -> CountResult
}

extension CountingFamily {
    /// The puzzle's solutions counted up to 2 (0 none, 1 unique, 2 two or
    /// more) within `timeLimit` and the default node budget, or `nil` when a
    /// budget stopped the count before it knew (or the puzzle cannot be
    /// modelled).
    public func solutionsUpTo2(_ puzzle: Puzzle, timeLimit: Duration?) -> Int? {
        guard let counted = try? count(puzzle, limits: CountLimits(solutions: 2, time: timeLimit)) else { return nil }
        return counted.complete || counted.stopReason == "solutionLimit" ? min(counted.solutionCount, 2) : nil
    }
}

/// A family with a grader: difficulty for a person, with explanations.
public protocol GradingFamily<Puzzle>: PuzzleFamily {
    /// The family's technique (or feature) table, easiest first.
    associatedtype Technique: TechniqueTier
    /// The grade labels, easiest first (bench counts them in this order).
    var gradeLabels: [String] { get }
    /// Grades a puzzle.
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle to grade.
    ///   - solutionsUpTo2: the puzzle's solutions counted up to 2 (a
    ///     uniqueness check: 0, 1, or 2 for two or more) when the caller
    ///     already has them, so the grader need not count again.
    ///   - explain: write ``GradeResult/explanation``, one sentence per step;
    ///     without it the explanation is empty (bench and export never read
    ///     it, and writing the sentences can cost as much as grading).
    ///   - timeLimit: the wall-clock budget of the grade (and of the
    ///     uniqueness check in it); a grade stopped by it has
    ///     ``GradeResult/complete`` false. `nil`: none.
    func grade(_ puzzle: Puzzle, solutionsUpTo2: Int?, explain: Bool, timeLimit: Duration?) throws -> GradeResult
}

extension GradingFamily {
    /// Grades a puzzle within ``DefaultBudget/time``.
    public func grade(_ puzzle: Puzzle, solutionsUpTo2: Int?, explain: Bool) throws -> GradeResult {
        try grade(puzzle, solutionsUpTo2: solutionsUpTo2, explain: explain, timeLimit: DefaultBudget.time)
    }
}

/// A family with game logic an app can embed.
public protocol PlayableFamily: PuzzleFamily {
    /// The state of one game in progress.
    associatedtype Session: Sendable
    /// A new game of `puzzle`.
    ///
    /// - Throws: a one-line error when the puzzle cannot be played.
    func startSession(_ puzzle: Puzzle) throws -> Session
}

/// What a family is called and how its text files are named.
public struct FamilyInfo: Sendable, Equatable {
    /// The family's name on the command line, e.g. `math-crossword`.
    public var name: String
    /// The extension of the family's text format, without the dot (`mcw`).
    public var textExtension: String
    /// What the family is, in a few words, for help texts.
    public var summary: String

    public init(name: String, textExtension: String, summary: String) {
        self.name = name
        self.textExtension = textExtension
        self.summary = summary
    }
}

/// The file forms every family writes.
public enum PuzzleFormat: String, CaseIterable, Sendable {
    /// The family's text format (`.mcw`, `.xsum`, …).
    case text
    /// One pretty-printed JSON object.
    case json
    /// One JSON object per line.
    case jsonl
}

/// What a generator is asked for besides the profile.
public struct GenerationRequest: Sendable, Equatable {
    /// The seed; the same seed gives the same puzzle, byte for byte.
    public var seed: Int
    /// Only puzzles with exactly one solution.
    public var unique: Bool
    /// Only puzzles that grade exactly this label (implies `unique`).
    public var label: String?
    /// Only puzzles with at least this many empty cells, as real games ask
    /// for; meaningful with `unique` only (the command line refuses it
    /// otherwise). Families that cannot honour it say so in
    /// ``PuzzleFamily/unsupported(_:)``.
    public var minBlanks: Int?
    /// The wall-clock budget of the search for a unique (or labelled)
    /// puzzle; a generator that runs out of it fails with the reason
    /// `time-limit`. `nil`: none.
    public var timeLimit: Duration?

    public init(seed: Int, unique: Bool = false, label: String? = nil, minBlanks: Int? = nil,
                timeLimit: Duration? = DefaultBudget.time) {
        self.seed = seed
        self.unique = unique || label != nil
        self.label = label
        self.minBlanks = minBlanks
        self.timeLimit = timeLimit
    }
}

/// A generated puzzle and what it took.
public struct Generated<Puzzle: Sendable>: Sendable {
    public var puzzle: Puzzle
    /// Candidates, layouts or placement attempts the generator used.
    public var attempts: Int
    /// Cells turned into givens to make the solution unique; `nil` where the
    /// family has no such step.
    public var revealed: Int?
    /// What the generator guarantees, for the comment line of the text form
    /// (e.g. `unique`, `3 cells revealed`).
    public var notes: [String]

    public init(puzzle: Puzzle, attempts: Int, revealed: Int? = nil, notes: [String] = []) {
        self.puzzle = puzzle
        self.attempts = attempts
        self.revealed = revealed
        self.notes = notes
    }
}

/// Why a generator gave up: a short stable reason (counted by bench and
/// written to CSV) and a sentence for people.
public struct GenerationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A short stable reason such as `too-few-equations`.
    public var reason: String
    public var description: String

    public init(reason: String, _ description: String) {
        self.reason = reason
        self.description = description
    }
}

/// A command-line argument that names nothing the family knows, as one line.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// What `check` says of one puzzle.
public struct CheckReport: Sendable, Equatable {
    /// One line after `file: id: `, e.g. `valid, 5x5, 12 equations`.
    public var summary: String
    /// Lines shown unless `--quiet` (an equation's state, …).
    public var details: [String]
    /// Notes shown always (what generators never produce, …).
    public var notes: [String]
    /// Problems that make the puzzle invalid; empty when it is valid.
    public var problems: [String]

    public init(summary: String, details: [String] = [], notes: [String] = [], problems: [String] = []) {
        self.summary = summary
        self.details = details
        self.notes = notes
        self.problems = problems
    }
}

/// One metric column a family adds to research rows.
public struct MetricColumn: Sendable, Equatable {
    public var name: String
    public var unit: String
    public var meaning: String

    public init(_ name: String, unit: String, _ meaning: String) {
        self.name = name
        self.unit = unit
        self.meaning = meaning
    }

    /// The grid's rows and columns, the first two columns of grid families.
    public static let gridSize = [
        MetricColumn("rows", unit: "cells", "grid rows"),
        MetricColumn("columns", unit: "cells", "grid columns"),
    ]
}

/// The budgets every search starts with unless told otherwise: no count or
/// grade runs longer than ``time`` of wall-clock time per puzzle, whatever
/// the input, and a count visits at most ``nodes`` search nodes.
public enum DefaultBudget {
    /// Search nodes per count.
    public static let nodes = 10_000_000
    /// Wall-clock time per count and per grade.
    public static let time: Duration = .seconds(10)
}

/// The limits of a solution count; a count stopped by one is a lower bound.
public struct CountLimits: Sendable, Equatable {
    /// Stop after this many solutions (2 checks uniqueness); `nil`: count all.
    public var solutions: Int?
    /// Search-node budget.
    public var nodes: Int
    /// Wall-clock budget; `nil`: none.
    public var time: Duration?
    /// How many solutions to keep and show.
    public var keepSolutions: Int

    public init(solutions: Int? = nil, nodes: Int = DefaultBudget.nodes, time: Duration? = DefaultBudget.time,
                keepSolutions: Int = 0) {
        self.solutions = solutions
        self.nodes = nodes
        self.time = time
        self.keepSolutions = keepSolutions
    }
}

/// A solution count and the work it took, the same for every family.
public struct CountResult: Sendable {
    public var solutionCount: Int
    /// True when the search was exhausted, so the count is exact.
    public var complete: Bool
    /// Why counting stopped, the same words in every family: `exhausted`
    /// (the count is exact; `complete` is true), `solutionLimit`,
    /// `nodeLimit`, `timeLimit`, or `overflow` (the count exceeds `Int.max`
    /// and is reported as `Int.max`, a lower bound). Every reason but
    /// `exhausted` comes with `complete` false.
    public var stopReason: String
    public var nodes: Int
    public var failures: Int
    public var propagations: Int
    public var maxDepth: Int
    public var elapsed: Duration
    /// Family fields for the JSON/CSV row after `stopReason` (e.g. `blanks`).
    public var fields: [(key: String, value: ReportValue)]
    /// The first solution as the solved puzzle in the text format (only
    /// when ``CountLimits/keepSolutions`` asked for solutions).
    public var solutionText: String?
    /// The first solution as JSON, for the `solution` key (likewise).
    public var solutionJSON: String?

    public init(solutionCount: Int, complete: Bool, stopReason: String, nodes: Int, failures: Int = 0,
                propagations: Int = 0, maxDepth: Int = 0, elapsed: Duration, fields: [(key: String, value: ReportValue)] = [],
                solutionText: String? = nil, solutionJSON: String? = nil) {
        self.solutionCount = solutionCount
        self.complete = complete
        self.stopReason = stopReason
        self.nodes = nodes
        self.failures = failures
        self.propagations = propagations
        self.maxDepth = maxDepth
        self.elapsed = elapsed
        self.fields = fields
        self.solutionText = solutionText
        self.solutionJSON = solutionJSON
    }
}

/// A grader's verdict in the terms every family shares, with the family's
/// full report as row fields.
public struct GradeResult: Sendable {
    /// The grade label (one of the family's ``GradingFamily/gradeLabels``).
    public var label: String
    public var score: Int
    /// The hardest technique needed: its code and its name.
    public var hardestTechnique: (code: String, name: String)?
    public var steps: Int
    public var rounds: Int
    public var guesses: Int
    public var backtracks: Int
    /// The uniqueness check: solutions counted up to 2 — 0 none, 1 unique,
    /// 2 two or more (not the count: `solve` counts exactly). Every family
    /// also writes it to ``fields`` as `solutionsUpTo2`; `nil` (null) only
    /// when the puzzle could not be counted.
    public var solutionsUpTo2: Int?
    public var forcedShare: Double
    public var longestForcedRun: Int
    /// Mean over steps of moves on offer ÷ open cells left, where defined.
    public var visibility: Double?
    /// Lines the text output shows under the summary line.
    public var details: [String]
    /// The steps as sentences, for `--explain` and hints.
    public var explanation: [String]
    /// The family's full report as row fields, for JSON and CSV.
    public var fields: [(key: String, value: ReportValue)]
    /// False when the time budget stopped the grader before the end: the
    /// label and score are then lower bounds (what the steps so far needed).
    public var complete: Bool

    public init(label: String, score: Int, hardestTechnique: (code: String, name: String)?, steps: Int, rounds: Int,
                guesses: Int, backtracks: Int, solutionsUpTo2: Int?, forcedShare: Double, longestForcedRun: Int,
                visibility: Double?, details: [String], explanation: [String], fields: [(key: String, value: ReportValue)],
                complete: Bool = true) {
        self.label = label
        self.score = score
        self.hardestTechnique = hardestTechnique
        self.steps = steps
        self.rounds = rounds
        self.guesses = guesses
        self.backtracks = backtracks
        self.solutionsUpTo2 = solutionsUpTo2
        self.forcedShare = forcedShare
        self.longestForcedRun = longestForcedRun
        self.visibility = visibility
        self.details = details
        self.explanation = explanation
        self.fields = fields
        self.complete = complete
    }

    /// The same grade when its uniqueness check ran out of budget: the
    /// solution count is unknown (`nil`, and null in ``fields``) and the
    /// grade is incomplete.
    public func withUnknownSolutionCount() -> GradeResult {
        var result = self
        result.solutionsUpTo2 = nil
        result.complete = false
        result.fields = fields.map { field in
            ["solutionsUpTo2", "multipleSolutions", "unique"].contains(field.key) ? (field.key, .null) : field
        }
        return result
    }
}

/// One row of a family's technique table (Tatham's DIFFLIST): the enum case
/// names the deduction, and everything else — grade, hints, explanations,
/// difficulty targeting — comes from these properties.
public protocol TechniqueTier: CaseIterable, Comparable, Sendable {
    /// A short stable code for CSV columns and command lines (`one-blank`).
    var code: String { get }
    /// The name people read ("One blank").
    var name: String { get }
    /// The rule in one line.
    var rule: String { get }
    /// The weight of one step in the score.
    var weight: Int { get }
    /// The grade label of a puzzle whose hardest technique this is.
    var gradeLabel: String { get }
}

/// How a file's puzzles are written.
public enum PuzzleSource {
    /// The form of a file: by extension (the family's text extension,
    /// `json`, `jsonl`), else by content — JSON when the first meaningful
    /// character is `{` or `[` (JSON Lines when every line is an object),
    /// the text format otherwise.
    public static func form(path: String, text: String, textExtension: String) -> PuzzleFormat {
        switch (path as NSString).pathExtension.lowercased() {
        case textExtension: return .text
        case "json": return .json
        case "jsonl": return .jsonl
        default: break
        }
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" } }
            .filter { !$0.isEmpty }
        guard let first = lines.first?.first, first == "{" || first == "[" else { return .text }
        return first == "{" && lines.allSatisfy({ $0.first == "{" }) ? .jsonl : .json
    }

    /// Every puzzle of a file, by the one rule every family's
    /// ``PuzzleFamily/read(_:file:)`` follows: UTF-8 text; the form as
    /// ``form(path:text:textExtension:)`` tells it; the text format is one
    /// puzzle, JSON Lines one per non-blank line, and JSON one object or an
    /// array of them (one result per element). A puzzle that does not read is
    /// one failure; the others still read.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the file's name, for the form and for error locations.
    ///   - textExtension: the family's text format extension.
    ///   - text: reads the family's text format.
    ///   - json: reads one JSON object that starts on the given line.
    public static func read<Puzzle>(_ data: Data, file: String, textExtension: String,
                                    text: (String) throws(FormatError) -> Puzzle,
                                    json: (Data, _ line: Int) throws(FormatError) -> Puzzle) -> [Result<Puzzle, FormatError>] {
        guard let string = String(data: data, encoding: .utf8) else {
            return [.failure(FormatError("expected UTF-8 text", at: SourceLocation(file: file, line: 1)))]
        }
        switch form(path: file, text: string, textExtension: textExtension) {
        case .text:
            return [Result { () throws(FormatError) -> Puzzle in try text(string) }]
        case .jsonl:
            return readJSONLines(string, read: json)
        case .json where string.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }) == "[":
            return readJSONArray(data, file: file, read: json)
        case .json:
            return [Result { () throws(FormatError) -> Puzzle in try json(data, 1) }]
        }
    }
}

extension PuzzleFamily {
    /// The puzzle in one of the family's formats, ending in a newline.
    public func write(_ puzzle: Puzzle, as format: PuzzleFormat, comments: [String]) -> String {
        switch format {
        case .text: return writeText(puzzle, comments: comments)
        case .json: return writeJSON(puzzle, pretty: true) + "\n"
        case .jsonl: return writeJSON(puzzle, pretty: false) + "\n"
        }
    }

    public func problems(_ puzzle: Puzzle) -> [String] { check(puzzle).problems }

    /// The ids of the named profiles, easiest first.
    public var profileNames: [String] { profiles.map(id(of:)) }

    /// A level pack: the puzzles as one JSON array, one compact puzzle per
    /// line, in order.
    public func pack(_ puzzles: [Puzzle], profile: Profile) -> String {
        puzzles.isEmpty ? "[]\n" : "[\n" + puzzles.map { writeJSON($0, pretty: false) }.joined(separator: ",\n") + "\n]\n"
    }
}
