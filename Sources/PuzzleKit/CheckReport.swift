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
