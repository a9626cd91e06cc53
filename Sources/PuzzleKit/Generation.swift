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
    /// otherwise), and only by a family whose ``FamilyInfo/takesMinBlanks``
    /// is true (the command line refuses it for the others; their
    /// generators ignore it).
    public var minBlanks: Int?
    /// The CPU-time budget (``Deadline``) of the search for a unique (or labelled)
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
