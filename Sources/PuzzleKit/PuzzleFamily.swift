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
    /// - Throws: ``UsageError`` saying what was expected, a
    ///   ``FileAccessError`` for a profile file that cannot be opened, or a
    ///   ``FormatError`` for one that does not read.
    func profile(named argument: String) throws -> Profile
    /// The profile's stable id, as it appears in CSV rows.
    func id(of profile: Profile) -> String
    /// The puzzle's id.
    func id(of puzzle: Puzzle) -> String

    /// True when a file that is not named by extension holds this family's
    /// puzzles. `head` is what ``PuzzleSource/detectionHead(_:)`` reads:
    /// a JSON file's first object's keys, else the first 4 KiB as text.
    func recognizes(_ head: String) -> Bool
    /// Reads every puzzle of a file (its text format, a JSON object or
    /// array, or JSON Lines, told apart as
    /// ``PuzzleSource/form(path:text:textExtension:)`` does) and hands each
    /// result to `body` in the file's order as soon as it is read, keeping
    /// none. A puzzle that does not read is one failure; the others still
    /// read. The default hands on the results of ``read(_:file:)``; the
    /// families of PuzzleLab read one puzzle at a time.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the file's name, for the form and for error locations.
    ///   - body: called with each puzzle's result.
    func visit(_ data: Data, file: String, _ body: (Result<Puzzle, FormatError>) -> Void)
    /// Every puzzle of a file, as ``visit(_:file:_:)`` hands them on, collected
    /// in the file's order.
    func read(_ data: Data, file: String) -> [Result<Puzzle, FormatError>]
    /// The puzzle in the family's text format, ending in a newline;
    /// `comments` become comment lines.
    func writeText(_ puzzle: Puzzle, comments: [String]) -> String
    /// The puzzle as JSON with sorted keys: pretty-printed, or compact on one
    /// line (for JSON Lines); no trailing newline.
    func writeJSON(_ puzzle: Puzzle, pretty: Bool) -> String
    /// The puzzle in the compact form of the family's JSON (pretty-printed,
    /// or on one line), or `nil` when the family has none
    /// (``FamilyInfo/hasCompactJSON``) or the puzzle cannot be written in it;
    /// ``writeJSON(_:pretty:)`` writes it then. By default `nil`.
    func writeCompactJSON(_ puzzle: Puzzle, pretty: Bool) -> String?
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
    /// ``check(_:)``, with the detail lines left out (empty) unless
    /// `details`: for callers that do not show them. By default the whole
    /// ``check(_:)``.
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle to check.
    ///   - details: whether to make the detail lines.
    func check(_ puzzle: Puzzle, details: Bool) -> CheckReport
    /// The problems that make a puzzle unfit for every command: `solve` and
    /// `grade` refuse a puzzle that `check` would call invalid, so no
    /// command accepts what another rejects. By default the problems of
    /// ``check(_:)``.
    func problems(_ puzzle: Puzzle) -> [String]

    /// The family's own per-puzzle metric columns (size, shape, features)
    /// in export order, each declared once with the closure that computes
    /// its value.
    var metrics: MetricTable<Puzzle> { get }

    /// The puzzle as level `number` of a level pack of `profile`
    /// (``PuzzlePack``): its ids inside (a math crossword's cells and
    /// equations) derived from `idNamespace`, so they differ from those of
    /// every level of every other pack, and its own id as the family's pack
    /// numbers levels. By default the puzzle unchanged.
    ///
    /// - Parameters:
    ///   - puzzle: the generated puzzle.
    ///   - number: the level's number in the pack, from 1.
    ///   - profile: the pack's profile.
    ///   - idNamespace: the namespace of the level's inner ids
    ///     (``PuzzlePack/innerNamespace(namespace:seed:)``).
    func packLevel(_ puzzle: Puzzle, number: Int, profile: Profile, idNamespace: UInt64) -> Puzzle
    /// The puzzle as a level pack's `puzzle`: its compact JSON, with any
    /// value the command line spells otherwise spelled as the command line
    /// does (a Morse `mode`). By default ``writeJSON(_:pretty:)`` on one line.
    func writePackJSON(_ puzzle: Puzzle) -> String
}

extension PuzzleFamily {
    public func visit(_ data: Data, file: String, _ body: (Result<Puzzle, FormatError>) -> Void) {
        read(data, file: file).forEach(body)
    }

    /// The puzzle in one of the family's formats, ending in a newline.
    ///
    /// - Parameters:
    ///   - puzzle: the puzzle.
    ///   - format: the format.
    ///   - comments: the comment lines of the text format.
    ///   - compact: JSON in its compact form where the puzzle has one
    ///     (``writeCompactJSON(_:pretty:)``).
    public func write(_ puzzle: Puzzle, as format: PuzzleFormat, comments: [String], compact: Bool = false) -> String {
        /// The JSON of the puzzle, compact when asked and possible.
        func json(pretty: Bool) -> String {
            (compact ? writeCompactJSON(puzzle, pretty: pretty) : nil) ?? writeJSON(puzzle, pretty: pretty)
        }
        switch format {
        case .text: return writeText(puzzle, comments: comments)
        case .json: return json(pretty: true) + "\n"
        case .jsonl: return json(pretty: false) + "\n"
        }
    }

    public func writeCompactJSON(_ puzzle: Puzzle, pretty: Bool) -> String? { nil }

    public func problems(_ puzzle: Puzzle) -> [String] { check(puzzle).problems }

    public func check(_ puzzle: Puzzle, details: Bool) -> CheckReport {
        var report = check(puzzle)
        if !details { report.details = [] }
        return report
    }

    /// The ids of the named profiles, easiest first.
    public var profileNames: [String] { profiles.map(id(of:)) }

    public func packLevel(_ puzzle: Puzzle, number: Int, profile: Profile, idNamespace: UInt64) -> Puzzle { puzzle }

    public func writePackJSON(_ puzzle: Puzzle) -> String { writeJSON(puzzle, pretty: false) }
}
