import PuzzleKit

/// Morse code's sentences in every language: feature names and rules,
/// grade names, the grade's step sentences and details line, and the
/// practice session's hint. Each language's table is one file,
/// `Messages/<code>.swift`.
public enum MorseMessages {
    public static let catalogue = Catalogue(name: "morse", tables: ["en": english, "de": german])
}
