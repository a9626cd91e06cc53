import PuzzleKit

/// The math crossword's sentences in every language: the grader's
/// explanation, the technique and label names, the `grade` details lines
/// and the game's hints. Each language's table is one file,
/// `Messages/<code>.swift`.
public enum MathCrosswordMessages {
    /// The family's catalogue.
    public static let catalogue = Catalogue(name: "math-crossword", tables: ["en": english, "de": german])
}
