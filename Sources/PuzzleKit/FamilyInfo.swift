/// What a family is called and how its text files are named.
public struct FamilyInfo: Sendable, Equatable {
    /// The family's name on the command line, e.g. `math-crossword`.
    public var name: String
    /// The extension of the family's text format, without the dot (`mcw`).
    public var textExtension: String
    /// What the family is, in a few words, for help texts.
    public var summary: String
    /// Whether unique generation can be asked for a minimum of empty cells
    /// (``GenerationRequest/minBlanks``, `--min-blanks`): only a family whose
    /// generator empties given cells has a blank count to ask for; the
    /// command line refuses the option for the others.
    public var takesMinBlanks: Bool
    /// Whether the family's JSON has a compact form
    /// (``PuzzleFamily/writeCompactJSON(_:pretty:)``, `--compact`); the
    /// command line refuses the option for the others.
    public var hasCompactJSON: Bool

    public init(name: String, textExtension: String, summary: String, takesMinBlanks: Bool = false, hasCompactJSON: Bool = false) {
        self.name = name
        self.textExtension = textExtension
        self.summary = summary
        self.takesMinBlanks = takesMinBlanks
        self.hasCompactJSON = hasCompactJSON
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
