import PuzzleKit

/// Every sentence number search writes for a person, in every language:
/// the feature names and rules, the label names, the explanation of each
/// question, the `grade` details lines and the game's hints. Each
/// language's table is one file, `Messages/<code>.swift`.
public enum NumberSearchMessages {
    public static let catalogue = Catalogue(name: "number-search", tables: ["en": english, "de": german])
}
