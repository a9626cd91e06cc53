import PuzzleKit

/// The drills' sentences in every language: feature names and rules, grade
/// names, the strategy of each exercise (explanations and hints) and the
/// `grade` details lines. Each language's table is one file,
/// `Messages/<code>.swift`.
public enum DrillsMessages {
    public static let catalogue = Catalogue(name: "drills", tables: ["en": english, "de": german])
}
