import PuzzleKit

/// The words of the drawings and the review page (titles, the page's
/// notes, the names of an entry's facts), in every language: each
/// language's table is `Messages/<code>.swift`.
public enum DrawingMessages {
    public static let catalogue = Catalogue(name: "drawing", tables: ["en": english, "de": german])
}
