import PuzzleKit

/// Every sentence cross sums writes for a person, in every language: the
/// technique names and rules, the label names, the grader's step sentences
/// and the game's hints. Each language's table is one file,
/// `Messages/<code>.swift`.
public enum CrossSumsMessages {
    public static let catalogue = Catalogue(name: "cross-sums", tables: ["en": english, "de": german])
}
